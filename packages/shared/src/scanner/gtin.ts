// GTIN (UPC/EAN/ITF-14/SSCC) check-digit helpers.

/** Lengths the spec accepts as a GTIN: GTIN-8, UPC-A (12), EAN-13, GTIN-14 and SSCC (18). */
export const GTIN_LENGTHS: readonly number[] = [8, 12, 13, 14, 18];

/** Length UPCs are stored at. */
export const UPC_LENGTH = 16;

const DIGITS = /^\d+$/;

/**
 * Check digit for a GTIN body (every digit except the check digit).
 * Weights alternate 3 and 1 starting from the right, so the digit just left of the check digit gets 3;
 * that makes the result independent of left zero padding.
 * Throws a RangeError when the body is empty or not all digits.
 */
export function gtinCheckDigit(body: string): number {
  if (!DIGITS.test(body)) throw new RangeError(`GTIN body must be digits only: "${body}"`);
  let sum = 0;
  let weight = 3;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * weight;
    weight = weight === 3 ? 1 : 3;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the code is 8, 12, 13, 14 or 18 digits (nothing else, no whitespace) and its check digit matches. */
export function isValidGtin(code: string): boolean {
  if (!DIGITS.test(code) || !GTIN_LENGTHS.includes(code.length)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.slice(-1));
}

/**
 * Normalises a UPC for storage and lookup: trims surrounding whitespace and left-pads with zeros to 16 digits.
 * Values already longer than 16 characters (e.g. an 18-digit SSCC) are returned trimmed but otherwise unchanged,
 * because cutting digits would change the code. No validation is done here; use isValidGtin for that.
 */
export function normalizeUpc(code: string): string {
  return code.trim().padStart(UPC_LENGTH, '0');
}
