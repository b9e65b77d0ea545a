// What a rate list shows (orders-warehouse.md §Order item and shipment screens, §9; returns.md §5;
// catalogue-admin.md §4.7): services whose name contains 'Envelope' are hidden, rates are sorted ascending by
// their numeric rate, and an Amazon Buy Shipping (AmazonMws) rate of FedEx, USPS, UPS or DHL is labelled
// '{carrier} (AMZN)'.

/** A rate as a provider's JSON has it (rate in dollars, often as text) or as the server has it (cents). */
export interface RateLike {
  carrier: string;
  service: string;
  rate?: string | number | null;
  rateCents?: number | null;
}

/** The carriers that Amazon Buy Shipping rates are relabelled for, as they are written on the label. */
export const AMZN_RELABELLED_CARRIERS = ['FedEx', 'USPS', 'UPS', 'DHL'] as const;
export const AMAZON_MWS_CARRIER = 'AmazonMws';

/** The rate's price as a number of dollars; NaN when it has none. */
export function numericRate(rate: RateLike): number {
  if (rate.rateCents != null) return rate.rateCents / 100;
  if (rate.rate == null || rate.rate === '') return Number.NaN;
  return Number(rate.rate);
}

/** 'Rates whose service name contains Envelope are hidden' (case as written). */
export function isHiddenRate(rate: Pick<RateLike, 'service'>): boolean {
  return rate.service.includes('Envelope');
}

/** Cheapest first; equal prices keep their order; a rate without a price goes last. */
export function sortRates<T extends RateLike>(rates: readonly T[]): T[] {
  const price = (rate: T) => {
    const n = numericRate(rate);
    return Number.isFinite(n) ? n : Number.POSITIVE_INFINITY;
  };
  return [...rates].sort((a, b) => price(a) - price(b));
}

/**
 * The carrier as a rate row shows it: for AmazonMws, the carrier named in the service (FedEx, USPS, UPS or DHL,
 * in any case) followed by ' (AMZN)'; every other carrier, and an AmazonMws rate naming none of them, as it is.
 */
export function carrierLabel(rate: Pick<RateLike, 'carrier' | 'service'>): string {
  if (rate.carrier !== AMAZON_MWS_CARRIER) return rate.carrier;
  const service = rate.service.toUpperCase();
  const named = AMZN_RELABELLED_CARRIERS.find((carrier) =>
    new RegExp(`(^|[^A-Z])${carrier.toUpperCase()}([^A-Z]|$)`).test(service),
  );
  return named ? `${named} (AMZN)` : rate.carrier;
}

/** The rates a screen offers: Envelope services hidden, cheapest first, AmazonMws carriers relabelled. */
export function visibleRates<T extends RateLike>(rates: readonly T[]): T[] {
  return sortRates(rates.filter((rate) => !isHiddenRate(rate))).map((rate) => {
    const carrier = carrierLabel(rate);
    return carrier === rate.carrier ? rate : { ...rate, carrier };
  });
}
