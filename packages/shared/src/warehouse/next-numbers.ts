/**
 * Next zone, row, section, shelf and bin codes (orders-warehouse.md §5 Next numbers). Each function takes the
 * last code in use (null when none) and answers the next one, or the spec's error text when none is left.
 */
export type NextCode = { ok: true; code: string } | { ok: false; error: string };

export const MAX_DIVISION_NUMBER = 99;

const NUMBER_ERRORS = {
  zone: 'No Unused Zones',
  section: 'No Unused Sections',
  bin: 'No Unused Bins',
} as const;

export const ROW_CODES_EXHAUSTED = 'No Available ZoneRow Codes!';
/** The spec gives no text for shelves running out; this follows the numbered divisions' wording. */
export const SHELF_CODES_EXHAUSTED = 'No Unused Shelves';

/** "Numeric codes are padded to 2 digits." */
export function padDivisionNumber(n: number): string {
  return String(n).padStart(2, '0');
}

/** Zones, sections and bins: the last plus 1, starting at 1, never above 99. */
export function nextDivisionNumber(kind: keyof typeof NUMBER_ERRORS, last: number | null): NextCode {
  const next = (last ?? 0) + 1;
  if (next > MAX_DIVISION_NUMBER) return { ok: false, error: NUMBER_ERRORS[kind] };
  return { ok: true, code: padDivisionNumber(next) };
}

const A = 'A'.charCodeAt(0);
const letterIndex = (ch: string) => ch.charCodeAt(0) - A;
const letter = (i: number) => String.fromCharCode(A + i);
const isTwoLetters = (code: string) => /^[A-Z]{2}$/.test(code);

/** Rows: AA, BA, CA … ZA, AB, BB … ZZ — the first letter advances first, like a counter. */
export function nextRowCode(last: string | null): NextCode {
  if (last === null) return { ok: true, code: 'AA' };
  const code = last.toUpperCase();
  if (!isTwoLetters(code)) throw new RangeError(`Not a row code: ${last}`);
  const first = letterIndex(code[0]!);
  const second = letterIndex(code[1]!);
  if (first < 25) return { ok: true, code: letter(first + 1) + code[1] };
  if (second < 25) return { ok: true, code: `A${letter(second + 1)}` };
  return { ok: false, error: ROW_CODES_EXHAUSTED };
}

/** Shelves: the next two-letter code by alphabet — AA, AB … AZ, BA … ZZ. */
export function nextShelfCode(last: string | null): NextCode {
  if (last === null) return { ok: true, code: 'AA' };
  const code = last.toUpperCase();
  if (!isTwoLetters(code)) throw new RangeError(`Not a shelf code: ${last}`);
  const value = letterIndex(code[0]!) * 26 + letterIndex(code[1]!) + 1;
  if (value >= 26 * 26) return { ok: false, error: SHELF_CODES_EXHAUSTED };
  return { ok: true, code: letter(Math.floor(value / 26)) + letter(value % 26) };
}
