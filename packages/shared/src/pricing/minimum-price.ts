import { type Cents, formatMoney } from '../money/money';
import { formatBasisPoints } from '../orders/order-money';

// The minimum price of a listing (catalogue-admin.md §2.7 "Hovering the Minimum cell shows the pricing
// explanation"): what the product's pricing strategy lets a channel sell it for at the least, from the product's
// cost, the channel's fees and the strategy's margin. Written once here; the report's server computes it and
// the screen shows the explanation it returns.

/** A channel's selling fees: a share of the price (basis points, 1/100 of a percent) and a fixed amount per sale. */
export interface ChannelFees {
  /** Who charges it, as the explanation names it ('Amazon referral fee'). */
  label: string;
  percentBasisPoints: number;
  fixedCents: Cents;
}

/**
 * The fees of each kind of channel (orders-warehouse.md §9 site ids: 1 Amazon, 2 eBay, 14 Reverb, 99 the
 * seller's own web store (channel type 1) and point of sale (channel type 2)).
 */
export function channelFees(siteId: number, channelTypeId: number): ChannelFees {
  switch (siteId) {
    case 1:
      return { label: 'Amazon referral fee', percentBasisPoints: 1500, fixedCents: 0 };
    case 2:
      return { label: 'eBay final value fee', percentBasisPoints: 1325, fixedCents: 30 };
    case 14:
      return { label: 'Reverb selling and payment fees', percentBasisPoints: 819, fixedCents: 49 };
    default:
      return channelTypeId === 2
        ? { label: 'card processing', percentBasisPoints: 260, fixedCents: 10 }
        : { label: 'card processing', percentBasisPoints: 290, fixedCents: 30 };
  }
}

/** What a pricing strategy asks of the minimum: a margin on the price, and whether it never goes below MAP. */
export interface StrategyRule {
  marginBasisPoints: number;
  keepsMAP: boolean;
}

/** The pricing strategies by code (reference data: apps/server/src/db/seed/reference-data.ts). */
export const PRICING_STRATEGY_RULES: Record<string, StrategyRule> = {
  map: { marginBasisPoints: 1000, keepsMAP: true },
  costPlus: { marginBasisPoints: 2000, keepsMAP: false },
  competitive: { marginBasisPoints: 800, keepsMAP: false },
  clearance: { marginBasisPoints: 0, keepsMAP: false },
  manual: { marginBasisPoints: 1500, keepsMAP: true },
  usedGear: { marginBasisPoints: 2500, keepsMAP: false },
};

/** A product with no strategy (or one this rule does not know) is held at break-even, MAP kept. */
export const NO_STRATEGY_RULE: StrategyRule = { marginBasisPoints: 0, keepsMAP: true };
export const NO_STRATEGY_LABEL = 'No Strategy';

/** Fees and margin may take at most this share of a price: past it no price covers the cost. */
export const MAX_FEES_AND_MARGIN_BASIS_POINTS = 9500;

export interface MinimumPriceInput {
  /** The strategy's code and label, null when the product has none. */
  strategy: { code: string; label: string } | null;
  costCents: Cents;
  mapCents: Cents;
  fees: ChannelFees;
}

export interface MinimumPrice {
  minimumCents: Cents;
  /** What the Minimum cell's hover shows, one step a line. */
  explanation: string;
}

/**
 * The least a listing may sell for: (cost + fixed fee) ÷ (1 − fee share − margin), rounded up to the cent so
 * that the margin is always met; a strategy that keeps MAP never goes below a MAP that is set (above 0).
 */
export function minimumPrice({ strategy, costCents, mapCents, fees }: MinimumPriceInput): MinimumPrice {
  const rule = (strategy && PRICING_STRATEGY_RULES[strategy.code]) || NO_STRATEGY_RULE;
  const name = strategy?.label ?? NO_STRATEGY_LABEL;
  const share = fees.percentBasisPoints + rule.marginBasisPoints;
  if (share > MAX_FEES_AND_MARGIN_BASIS_POINTS)
    throw new Error(`Fees and margin of ${formatBasisPoints(share)} leave nothing to cover the cost`);
  const covered = Math.max(0, costCents) + fees.fixedCents;
  // Integer arithmetic: cents × 10,000 ÷ basis points left, rounded up.
  const floorCents = Math.ceil((covered * 10_000) / (10_000 - share));
  const lines = [
    `${name}: margin ${formatBasisPoints(rule.marginBasisPoints)}${rule.keepsMAP ? ', never below MAP' : ''}`,
    `(cost ${formatMoney(costCents)} + fixed fee ${formatMoney(fees.fixedCents)}) ÷ (100% − ${formatBasisPoints(
      fees.percentBasisPoints,
    )} ${fees.label} − ${formatBasisPoints(rule.marginBasisPoints)} margin) = ${formatMoney(floorCents)}`,
  ];
  let minimumCents = floorCents;
  if (rule.keepsMAP && mapCents > 0) {
    if (mapCents > floorCents) {
      minimumCents = mapCents;
      lines.push(`MAP ${formatMoney(mapCents)} is higher: minimum ${formatMoney(mapCents)}`);
    } else lines.push(`MAP ${formatMoney(mapCents)} is lower: minimum ${formatMoney(floorCents)}`);
  } else if (rule.keepsMAP) lines.push('No MAP set');
  return { minimumCents, explanation: lines.join('\n') };
}
