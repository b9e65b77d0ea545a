// Builds the warehouse division barcode text that parseScan reads back (see parse-scan.ts, DIVISION).
import { parseScan } from './parse-scan';

export interface DivisionBarcodeParts {
  /** Warehouse alias, 1-5 letters or digits. */
  alias: string;
  /** 0-99. */
  zone?: number | null;
  /** Two letters. */
  row?: string | null;
  /** 0-99. */
  section?: number | null;
  /** Two letters. */
  shelf?: string | null;
  /** 2-6 letters or digits; only allowed with a full location (zone to shelf) or a virtual division. */
  bin?: string | null;
}

const ALIAS = /^[A-Z0-9]{1,5}$/;
const LETTER_PAIR = /^[A-Z]{2}$/;
const BIN = /^[A-Z0-9]{2,6}$/;

/**
 * Division barcode text: `{alias}-{zone}{row}{section}{shelf}-{bin}`, e.g. `WH1-01AA02BB-B0001`.
 * The location may stop early (zone, zone+row, ...) for zone/row/section/shelf labels, in which case there is no bin.
 * With no location at all it is `{alias}-VIRTUAL` or `{alias}-VIRTUAL-{bin}`.
 * Letters are upper-cased, numbers padded to 2 digits. Throws a RangeError for parts the parser would not accept,
 * so a label that cannot be scanned back is never printed.
 */
export function buildDivisionBarcode(parts: DivisionBarcodeParts): string {
  const alias = parts.alias.trim().toUpperCase();
  if (!ALIAS.test(alias)) throw new RangeError(`Invalid division alias: "${parts.alias}"`);

  const bin = parts.bin == null ? null : parts.bin.trim().toUpperCase();
  if (bin !== null && !BIN.test(bin)) throw new RangeError(`Invalid bin: "${parts.bin}"`);

  const location = [
    twoDigits('zone', parts.zone),
    letterPair('row', parts.row),
    twoDigits('section', parts.section),
    letterPair('shelf', parts.shelf),
  ];
  if (location.every((part) => part === null)) {
    return bin === null ? `${alias}-VIRTUAL` : `${alias}-VIRTUAL-${bin}`;
  }

  // The location must be a prefix (zone, then row, ...): a gap could not be read back unambiguously.
  const depth = location.indexOf(null);
  const filled = depth === -1 ? location.length : depth;
  if (location.slice(filled).some((part) => part !== null)) {
    throw new RangeError('Division location must be filled from the zone down without gaps');
  }
  if (bin !== null && filled < location.length) {
    throw new RangeError('A bin needs a full location (zone, row, section and shelf)');
  }
  const locationText = location.slice(0, filled).join('');
  const text = bin === null ? `${alias}-${locationText}` : `${alias}-${locationText}-${bin}`;
  // A zone label of a warehouse aliased IBR reads as a return's label (IBR-{id}): never print it.
  if (parseScan(text).type !== 'division') throw new RangeError(`"${text}" would not scan as a division`);
  return text;
}

/** Printed text keeps only letters, digits and hyphen (ASCII only, as barcode fonts and Code 128 need). */
export function sanitizeBarcodeText(text: string): string {
  return text.replace(/[^A-Za-z0-9-]/g, '');
}

/**
 * The value a printed barcode encodes. A system scan code (/IBR-12/, /SVC-3/, {SKU:5} …) is encoded as
 * is, because its delimiters are what the scan parser reads; the text printed under it still keeps only
 * letters, digits and hyphen. Any other value is sanitised like printed text.
 */
export function barcodeValueToEncode(text: string): string {
  const upper = text.trim().toUpperCase();
  return SYSTEM_SCAN_CODE.test(upper) ? upper : sanitizeBarcodeText(text);
}

const SYSTEM_SCAN_CODE = /^(\/(POV-\d+-\d+|SUM-[A-Z0-9]{1,64}|SVC-\d+|IBR-\d+)\/|\{[A-Z]{1,5}:\d+\})$/;

function twoDigits(name: string, value: number | null | undefined): string | null {
  if (value == null) return null;
  if (!Number.isInteger(value) || value < 0 || value > 99) throw new RangeError(`Invalid ${name}: ${value}`);
  return String(value).padStart(2, '0');
}

function letterPair(name: string, value: string | null | undefined): string | null {
  if (value == null) return null;
  const upper = value.trim().toUpperCase();
  if (!LETTER_PAIR.test(upper)) throw new RangeError(`Invalid ${name}: "${value}"`);
  return upper;
}
