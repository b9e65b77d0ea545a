// Division labels (bins, shelves ... of a warehouse) in the five division label paper codes (DivisionLabelType).
// Sizes match the papers of those codes in @backroom/shared printing/papers.ts (a test checks).

import { type DivisionLabelType, parseScan, sanitizeBarcodeText } from '@backroom/shared';
import { horizontalLine, type Label, type LabelElement, labelSizeInDots } from './label-layout';
import { fitFontSize } from './text-metrics';

export type { DivisionLabelType };

/** Label size in inches per division label type. */
export const DIVISION_LABEL_SIZES: Readonly<
  Record<DivisionLabelType, { widthIn: number; heightIn: number }>
> = {
  miniDivisionLabel: { widthIn: 2.25, heightIn: 1.25 },
  largeDivisionLabel: { widthIn: 4, heightIn: 2.5 },
  thinDivisionLabel: { widthIn: 4, heightIn: 1 },
  rackDivisionLabel: { widthIn: 4, heightIn: 6 },
  miniThinDivisionLabel: { widthIn: 2.25, heightIn: 0.75 },
};

export interface DivisionLabelData {
  /** Division barcode, e.g. MAIN-01AA02AB-B05. */
  barcode: string;
  warehouseName?: string | null;
  /**
   * What the division is, e.g. 'Bin', 'Return', 'Shelf'. Undefined: read from the barcode (bin prefix, or the
   * deepest location level); null: no kind text.
   */
  kindText?: string | null;
}

/** 'Bin', 'Receiving' ... for a bin; 'Shelf', 'Section', 'Row', 'Zone' or 'Virtual' otherwise; null if unparsable. */
export function divisionKindText(barcode: string): string | null {
  const scan = parseScan(barcode);
  if (scan.type !== 'division') return null;
  if (scan.bin !== null) return scan.binKind ?? 'Bin';
  if (scan.shelf !== null) return 'Shelf';
  if (scan.section !== null) return 'Section';
  if (scan.row !== null) return 'Row';
  return scan.zone !== null ? 'Zone' : 'Virtual';
}

const MARGIN = 12;

/** Builds the division label of the given type. Throws a RangeError when the barcode has nothing printable. */
export function buildDivisionLabel(type: DivisionLabelType, data: DivisionLabelData): Label {
  const code = sanitizeBarcodeText(data.barcode);
  if (!code) throw new RangeError(`Division barcode "${data.barcode}" has nothing printable`);
  const kind = data.kindText === undefined ? divisionKindText(code) : data.kindText;
  const info = { code, kind: kind?.trim() || null, warehouse: data.warehouseName?.trim() || null };
  const size = DIVISION_LABEL_SIZES[type];
  const { width } = labelSizeInDots({ ...size, elements: [] });
  return { ...size, elements: LAYOUTS[type](info, width) };
}

interface Info {
  code: string;
  kind: string | null;
  warehouse: string | null;
}

type Layout = (info: Info, width: number) => LabelElement[];

/** The warehouse name on the left and the kind on the right of one line. */
function headerLine(info: Info, width: number, y: number, fontSize: number): LabelElement[] {
  const inner = width - 2 * MARGIN;
  const kindWidth = info.kind ? Math.round(inner * 0.4) : 0;
  const out: LabelElement[] = [];
  if (info.warehouse) {
    out.push({ kind: 'text', x: MARGIN, y, width: inner - kindWidth, text: info.warehouse, fontSize });
  }
  if (info.kind) {
    const x = MARGIN + inner - kindWidth;
    out.push({ kind: 'text', x, y, width: kindWidth, text: info.kind, fontSize, bold: true, align: 'right' });
  }
  return out;
}

/** The code as Code 128 across the whole label width: fitting counts its quiet zones, the label edge gives them. */
function codeBarcode(
  info: Info,
  width: number,
  y: number,
  height: number,
  moduleWidth: number,
): LabelElement {
  return { kind: 'barcode', x: 0, y, width, value: info.code, symbology: 'code128', height, moduleWidth };
}

/** The code in the biggest font (up to max) that fits the label's width on one line. */
function codeText(info: Info, width: number, y: number, max: number): LabelElement {
  const inner = width - 2 * MARGIN;
  const fontSize = fitFontSize(info.code, inner, max);
  return { kind: 'text', x: MARGIN, y, width: inner, text: info.code, fontSize, bold: true, align: 'center' };
}

const LAYOUTS: Record<DivisionLabelType, Layout> = {
  // 457 x 254 dots: header, barcode, code.
  miniDivisionLabel: (info, width) => [
    ...headerLine(info, width, 10, 24),
    codeBarcode(info, width, 42, 120, 2),
    codeText(info, width, 174, 64),
  ],
  // 812 x 508 dots (the PGU stock): header, big code, tall barcode.
  largeDivisionLabel: (info, width) => [
    ...headerLine(info, width, 14, 36),
    horizontalLine(MARGIN, 60, width - 2 * MARGIN, 3),
    codeText(info, width, 76, 110),
    codeBarcode(info, width, 200, 280, 4),
  ],
  // 812 x 203 dots, a shelf-edge strip: code and kind on one line, barcode under it.
  thinDivisionLabel: (info, width) => {
    const kindWidth = info.kind ? 180 : 0;
    const codeWidth = width - 2 * MARGIN - kindWidth;
    const fontSize = fitFontSize(info.code, codeWidth, 52);
    const out: LabelElement[] = [
      { kind: 'text', x: MARGIN, y: 8, width: codeWidth, text: info.code, fontSize, bold: true },
    ];
    if (info.kind) {
      out.push({
        kind: 'text',
        x: width - MARGIN - kindWidth,
        y: 8,
        width: kindWidth,
        text: info.kind,
        fontSize: 36,
        align: 'right',
        bold: true,
      });
    }
    out.push(codeBarcode(info, width, 68, 124, 3));
    return out;
  },
  // 812 x 1218 dots, read from the aisle: header, full code, the last part of the code huge, barcode.
  rackDivisionLabel: (info, width) => {
    const inner = width - 2 * MARGIN;
    const last = info.code.split('-').at(-1) ?? info.code;
    const out: LabelElement[] = [
      ...headerLine(info, width, 24, 52),
      horizontalLine(MARGIN, 92, width - 2 * MARGIN, 3),
    ];
    out.push(codeText(info, width, 116, 120));
    out.push({
      kind: 'text',
      x: MARGIN,
      y: 260,
      width: inner,
      text: last,
      fontSize: fitFontSize(last, inner, 420),
      bold: true,
      align: 'center',
    });
    out.push(codeBarcode(info, width, 720, 440, 4));
    return out;
  },
  // 457 x 152 dots: code over barcode.
  miniThinDivisionLabel: (info, width) => [codeText(info, width, 6, 40), codeBarcode(info, width, 50, 92, 2)],
};
