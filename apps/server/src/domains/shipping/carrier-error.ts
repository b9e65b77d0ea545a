/**
 * A carrier call that failed. `uncertain`: the request may have reached the carrier and done its work (a
 * timeout, a dropped connection, a 5xx): a purchase must be looked up before it is tried again. Otherwise the
 * carrier answered and refused (`status` is its HTTP status when it has one) and nothing happened there.
 */
export class CarrierError extends Error {
  readonly uncertain: boolean;
  readonly status: number | null;

  constructor(message: string, options: { uncertain: boolean; status?: number | null; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'CarrierError';
    this.uncertain = options.uncertain;
    this.status = options.status ?? null;
  }
}
