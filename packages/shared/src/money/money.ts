/**
 * Money is integer cents in code and numeric(12,2) in the database (docs/architecture.md §4).
 * These helpers are the only place that converts between the two.
 */
export type Cents = number;

/** Parses a decimal string or number ("40", "40.5", 40.05) into integer cents, rounding half away from zero. */
export function toCents(value: string | number): Cents {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  if (!Number.isFinite(n)) throw new Error(`Not an amount of money: ${value}`);
  const sign = n < 0 ? -1 : 1;
  return sign * Math.round(Math.abs(n) * 100 + Number.EPSILON * 100);
}

/** Formats cents as the database's decimal text, e.g. 4005 -> "40.05". */
export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Formats cents for people, e.g. 4005 -> "$40.05", -250 -> "-$2.50". */
export function formatMoney(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const [whole, frac] = centsToDecimal(Math.abs(cents)).split('.');
  return `${sign}$${Number(whole).toLocaleString('en-US')}.${frac}`;
}
