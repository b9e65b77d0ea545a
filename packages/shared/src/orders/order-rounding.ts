// The rounding steps of orders-warehouse.md §5 Money, exact in integer cents: a percent of an amount, a tax
// percent of an amount, and splitting an amount over lines in proportion.
import type { Cents } from '../money/money';

/** Hundredths of a percent: 1250 = 12.50 %, 10000 = 100 %. */
export type BasisPoints = number;

/** Throws a RangeError unless `value` is a whole number ≥ 0 (cents, basis points, quantities). */
export function assertWhole(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(
      `${name} must be a whole number of at least 0 (money in integer cents), not ${value}`,
    );
  }
}

/** a × b ÷ c rounded half away from zero, exactly (BigInt, so no float ever touches the cents). */
function mulDivRound(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  const negative = n < 0n !== d < 0n;
  const abs = n < 0n ? -n : n;
  const div = d < 0n ? -d : d;
  const q = (abs * 2n + div) / (div * 2n);
  return Number(negative ? -q : q);
}

/** `basisPoints` of `cents`, rounded half up (away from zero) to the cent: percentOfCents(1000, 3333) = 333. */
export function percentOfCents(cents: Cents, basisPoints: BasisPoints): Cents {
  return mulDivRound(cents, basisPoints, 10_000);
}

/** Tax at `taxPercent` percent (up to 4 decimals) of `cents`, rounded half up to the cent. */
export function taxOfCents(cents: Cents, taxPercent: number): Cents {
  if (!Number.isFinite(taxPercent) || taxPercent < 0)
    throw new RangeError(`Not a tax percent: ${taxPercent}`);
  return mulDivRound(cents, Math.round(taxPercent * 10_000), 1_000_000);
}

/**
 * Splits `total` cents over `weights` in proportion, by largest remainder: each share is rounded down, then
 * the cents left over go one each to the largest remainders (ties to the earlier weight). The shares add up
 * to `total` exactly, a zero weight gets nothing, and when total ≤ Σ weights no share exceeds its weight.
 */
export function distributeProportionally(total: Cents, weights: readonly Cents[]): Cents[] {
  assertWhole('total', total);
  for (const weight of weights) assertWhole('weight', weight);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return weights.map(() => 0);
  if (sum === 0) throw new RangeError(`Cannot distribute ${total} over weights that are all 0`);
  const big = BigInt(total);
  const bigSum = BigInt(sum);
  const shares = weights.map((weight) => Number((big * BigInt(weight)) / bigSum));
  const remainders = weights.map((weight, index) => ({ index, rest: (big * BigInt(weight)) % bigSum }));
  let left = total - shares.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}
