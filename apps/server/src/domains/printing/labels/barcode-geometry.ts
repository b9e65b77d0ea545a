// Barcode sizes in modules, worked out here (not by asking bwip-js) so the ZPL renderer can place and centre a
// symbol without drawing it. The Code 128 count matches bwip-js and Zebra's automatic subset mode because all
// three encode our sanitized values (letters, digits, hyphen) with the fewest codewords.
import { barcodeValueToEncode, isValidGtin } from '@backroom/shared';
import type { BarcodeSymbology } from './label-layout';

/** bwip-js symbology ids. */
export const BWIP_IDS = { code128: 'code128', upca: 'upca', ean13: 'ean13' } as const satisfies Record<
  BarcodeSymbology,
  string
>;

/** bwip-js takes bar height in millimetres and draws 72 units per inch; this gives `dots` units at scale 1. */
export function dotsToBwipHeight(dots: number): number {
  return (dots * 25.4) / 72;
}

export interface ResolvedSymbol {
  symbology: BarcodeSymbology;
  /** What is encoded: the sanitized value; 12 digits for UPC-A, 13 for EAN-13 (check digit included). */
  value: string;
}

/**
 * The symbology actually printed. UPC-A and EAN-13 need a valid GTIN of their length; stored UPCs are left
 * padded with zeros to 16 digits, so leading zeros beyond that length are dropped first. A product asked for as
 * UPC-A whose code is an EAN-13 prints as EAN-13, and a UPC-A asked for as EAN-13 gets its leading 0. Anything
 * else prints as Code 128. Throws a RangeError when nothing printable is left after sanitizing.
 */
export function resolveSymbol(value: string, symbology: BarcodeSymbology): ResolvedSymbol {
  const clean = barcodeValueToEncode(value);
  if (!clean) throw new RangeError(`Barcode value "${value}" has no letters, digits or hyphens to print`);
  if (symbology !== 'code128') {
    const upc = unpadGtin(clean, 12);
    const ean = unpadGtin(clean, 13);
    if (symbology === 'upca' && upc !== null) return { symbology: 'upca', value: upc };
    if (ean !== null) return { symbology: 'ean13', value: ean };
    if (upc !== null) return { symbology: 'ean13', value: `0${upc}` };
  }
  return { symbology: 'code128', value: clean };
}

function unpadGtin(digits: string, length: number): string | null {
  if (!/^\d+$/.test(digits) || digits.length < length) return null;
  const cut = digits.length - length;
  if (!/^0*$/.test(digits.slice(0, cut))) return null;
  const gtin = digits.slice(cut);
  return isValidGtin(gtin) ? gtin : null;
}

/**
 * Codewords in the shortest Code 128 encoding using subsets B and C (start and check characters included):
 * subset C packs two digits per codeword, subset B takes one character, switching subsets costs a codeword.
 */
export function code128Codewords(value: string): number {
  const n = value.length;
  // cost[i][s]: fewest codewords for the first i characters, currently in subset s (0 = B, 1 = C).
  let inB = 1; // start B
  let inC = 1; // start C
  const costB: number[] = [inB];
  const costC: number[] = [inC];
  for (let i = 1; i <= n; i++) {
    const ch = value[i - 1]!;
    const b = isCode128B(ch) ? Math.min(costB[i - 1]!, costC[i - 1]! + 1) + 1 : Number.POSITIVE_INFINITY;
    const pair = i >= 2 && isDigit(value[i - 2]!) && isDigit(ch);
    const c = pair ? Math.min(costC[i - 2]!, costB[i - 2]! + 1) + 1 : Number.POSITIVE_INFINITY;
    inB = Math.min(b, c + 1);
    inC = Math.min(c, b + 1);
    costB.push(inB);
    costC.push(inC);
  }
  const best = Math.min(costB[n]!, costC[n]!);
  if (!Number.isFinite(best)) throw new RangeError(`Code 128 cannot encode "${value}"`);
  return best + 1; // check character
}

const isDigit = (ch: string) => ch >= '0' && ch <= '9';
// Subset B: ASCII 32-127. Our values are already sanitized; this guards callers that are not.
const isCode128B = (ch: string) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) <= 127;

/** Modules of the symbol itself (no quiet zones). */
export function symbolModules(symbol: ResolvedSymbol): number {
  if (symbol.symbology === 'code128') return code128Codewords(symbol.value) * 11 + 13; // stop is 13 modules
  return 95; // UPC-A and EAN-13
}

/** Quiet zone on each side, in modules (Code 128: 10; UPC-A: 9; EAN-13: 11 on the left, the wider one). */
export function quietZoneModules(symbology: BarcodeSymbology): number {
  if (symbology === 'code128') return 10;
  return symbology === 'upca' ? 9 : 11;
}

/** Widest whole-dot module, at most `max` and at least 1, that fits modules plus quiet zones in `width` dots. */
export function fitModuleWidth(symbol: ResolvedSymbol, width: number, max: number): number {
  const total = symbolModules(symbol) + 2 * quietZoneModules(symbol.symbology);
  for (let m = Math.max(1, Math.floor(max)); m > 1; m--) {
    if (total * m <= width) return m;
  }
  return 1;
}
