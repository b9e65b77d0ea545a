// ZPL II for Zebra-compatible thermal printers.
import type { Label } from './label-layout';
import { type ResolvedBarcode, type ResolvedBox, type ResolvedText, resolveLabel } from './resolve-label';

export type PrintMode = 'tear' | 'peel' | 'cut';

export interface ZplOptions {
  /** Printer resolution (default 203). */
  dpi?: number;
  /** ^PR print speed, 1-14 (default 14). */
  printRate?: number;
  /** ^PQ quantity (default 1). */
  copies?: number;
  /** ~SD darkness, 0-30; the printer's own setting when absent. */
  darkness?: number;
  /** ^MM after-print action; the printer's own setting when absent (the printer's Peel / Cut switches). */
  printMode?: PrintMode;
}

const PRINT_MODE_CODES: Record<PrintMode, string> = { tear: 'T', peel: 'P', cut: 'C' };
const ALIGN_CODES = { left: 'L', center: 'C', right: 'R' } as const;

function intOption(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}, not ${value}`);
  }
  return value;
}

/**
 * Field data that cannot become a command: ^ and ~ (the format and control prefixes) and _ (the ^FH escape
 * character itself) are written as ^FH hex escapes, which the printer decodes as plain text. Inside a field
 * block a backslash starts a ^FB escape, so it is doubled.
 */
export function escapeZplText(text: string, inFieldBlock: boolean): string {
  let out = '';
  for (const ch of text) {
    if (ch === '^') out += '_5E';
    else if (ch === '~') out += '_7E';
    else if (ch === '_') out += '_5F';
    else if (ch === '\\' && inFieldBlock) out += '\\\\';
    else out += ch;
  }
  return out;
}

function textFields(text: ResolvedText): string {
  const data = text.lines.map((line) => escapeZplText(line, true)).join('\\&');
  const block = `^FB${text.width},${text.lines.length},0,${ALIGN_CODES[text.align]},0`;
  const font = `^A0N,${text.fontSize},${text.fontSize}`;
  const reverse = text.inverted ? '^FR' : '';
  const field = (x: number) => `^FO${x},${text.y}${font}${block}${reverse}^FH^FD${data}^FS\n`;
  if (!text.bold) return field(text.x);
  // ^A0 has no bold weight: strike the field twice, shifted by a dot or more, as Zebra suggests.
  return field(text.x) + field(text.x + Math.max(1, Math.round(text.fontSize / 24)));
}

function barcodeField(barcode: ResolvedBarcode): string {
  const hr = barcode.humanReadable ? 'Y' : 'N';
  const h = barcode.height;
  let command: string;
  let data: string;
  if (barcode.symbology === 'upca') {
    // ^BU takes the 11 data digits and prints its own check digit (5th parameter).
    command = `^BUN,${h},${hr},N,Y`;
    data = barcode.value.slice(0, 11);
  } else if (barcode.symbology === 'ean13') {
    command = `^BEN,${h},${hr},N`;
    data = barcode.value.slice(0, 12);
  } else {
    // Automatic subset selection (mode A); the value holds only letters, digits and hyphen.
    command = `^BCN,${h},${hr},N,N,A`;
    data = barcode.value;
  }
  return `^FO${barcode.x},${barcode.y}^BY${barcode.moduleWidth},2,${h}${command}^FD${data}^FS\n`;
}

function boxField(box: ResolvedBox): string {
  return `^FO${box.x},${box.y}^GB${box.width},${box.height},${box.thickness},B,0^FS\n`;
}

/** The label as one ZPL II format (^XA ... ^XZ), preceded by ~SD when a darkness is given. */
export function renderZpl(label: Label, options: ZplOptions = {}): string {
  const printRate = intOption('printRate', options.printRate ?? 14, 1, 14);
  const copies = intOption('copies', options.copies ?? 1, 1, 99_999_999);
  const resolved = resolveLabel(label, options.dpi);
  let zpl = '';
  if (options.darkness !== undefined) {
    zpl += `~SD${String(intOption('darkness', options.darkness, 0, 30)).padStart(2, '0')}\n`;
  }
  zpl += `^XA\n^CI28\n^PW${resolved.width}\n^LL${resolved.height}\n^LH0,0\n^PR${printRate}\n`;
  if (options.printMode) zpl += `^MM${PRINT_MODE_CODES[options.printMode]}\n`;
  for (const element of resolved.elements) {
    if (element.kind === 'text') zpl += textFields(element);
    else if (element.kind === 'barcode') zpl += barcodeField(element);
    else zpl += boxField(element);
  }
  return `${zpl}^PQ${copies}\n^XZ\n`;
}

export type MediaType = 'gap' | 'mark' | 'continuous';

export interface CalibrationPaper {
  /** Inches. */
  paperWidth: number;
  /** Inches; 0 for continuous media. */
  paperLength: number;
  printDPI?: number | null;
  printRate?: number | null;
}

export interface CalibrationOptions {
  /** How the printer finds the label edge (default gap, or continuous when the paper has no length). */
  mediaType?: MediaType;
  /** Direct thermal paper (default) or thermal transfer with a ribbon. */
  thermal?: 'direct' | 'transfer';
  darkness?: number;
  printMode?: PrintMode;
  /** Save the settings in the printer so they survive a power cycle (default true). */
  save?: boolean;
}

const MEDIA_CODES: Record<MediaType, string> = { gap: 'Y', mark: 'M', continuous: 'N' };

/**
 * Sets the printer up for a paper: media tracking, thermal type, print width and label length, speed,
 * optionally darkness and print mode, saves that (^JUS), then measures the media (~JC).
 */
export function renderCalibrationZpl(paper: CalibrationPaper, options: CalibrationOptions = {}): string {
  if (!(paper.paperWidth > 0) || !(paper.paperLength >= 0)) {
    throw new RangeError('Paper width must be above 0 and length at least 0');
  }
  const dpi = paper.printDPI ?? 203;
  const printRate = intOption('printRate', paper.printRate ?? 14, 1, 14);
  const mediaType = options.mediaType ?? (paper.paperLength === 0 ? 'continuous' : 'gap');
  if (mediaType !== 'continuous' && paper.paperLength === 0) {
    throw new RangeError('Gap or mark media needs a paper length');
  }
  const lines = [
    '^XA',
    `^MN${MEDIA_CODES[mediaType]}`,
    `^MT${options.thermal === 'transfer' ? 'T' : 'D'}`,
    `^PW${Math.round(paper.paperWidth * dpi)}`,
  ];
  if (paper.paperLength > 0) lines.push(`^LL${Math.round(paper.paperLength * dpi)}`);
  lines.push('^LH0,0', `^PR${printRate}`);
  if (options.darkness !== undefined)
    lines.push(`~SD${String(intOption('darkness', options.darkness, 0, 30)).padStart(2, '0')}`);
  if (options.printMode) lines.push(`^MM${PRINT_MODE_CODES[options.printMode]}`);
  if (options.save ?? true) lines.push('^JUS');
  lines.push('^XZ', '~JC');
  return `${lines.join('\n')}\n`;
}
