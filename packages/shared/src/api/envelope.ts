import { z } from 'zod';

/** The specs' reply envelope: every API reply, errors included, has this shape and `code` equals the HTTP status. */
export interface Envelope<T> {
  code: number;
  data: T[];
  error: ApiError | null;
  /** Paged lists (the orders and returns searches): whether another page follows. */
  hasMore?: boolean;
}

/**
 * What kind of error a reply is, for screens to branch on (never on the message's words). `validation` is a
 * request the schema refused (400, with `fields`); `stale` is an edit made from an out-of-date copy (409).
 */
export const ERROR_CODES = [
  'validation',
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'stale',
  // 409s of the shipment rules (orders-warehouse.md §4; shipping/shipment-flags.ts): what to do next differs.
  'shipment_not_packable',
  'shipment_not_packed',
  'shipment_has_label',
  'shipment_voided',
  'shipment_shipped',
  'invalid_package',
  'invalid_address',
  'no_shippable_items',
  /** The chosen rate is not one of the shipment's current rates (the package changed, or rates were recalculated). */
  'rates_outdated',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'upstream_failed',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code an error has when nothing more specific is said: from its HTTP status. */
export function errorCodeOf(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 409:
      return 'conflict';
    // The body, the address or the headers: the request is too large either way.
    case 413:
    case 414:
    case 431:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 502:
    case 503:
    case 504:
      return 'upstream_failed';
    default:
      return status >= 500 ? 'internal' : 'bad_request';
  }
}

export const fieldErrorSchema = z.object({
  /** Dotted path of the failing field, e.g. `accounts.0`. */
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const apiErrorSchema = z.strictObject({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  /** Present on validation errors (400): one entry per failing field. */
  fields: z.array(fieldErrorSchema).optional(),
  /** Present on 500s so a user can quote it to support. */
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A refused or failed call, as every error reply carries it. */
export const errorEnvelopeSchema = z.strictObject({
  code: z.number().int().min(400).max(599),
  data: z.array(z.never()),
  error: apiErrorSchema,
});

export interface SuccessEnvelope<T> extends Envelope<T> {
  error: null;
}

export function ok<T>(data: T | T[], code = 200): SuccessEnvelope<T> {
  return { code, data: Array.isArray(data) ? data : [data], error: null };
}

/** An error reply; its `error.code` comes from the status unless `extra.code` says more (`validation`, `stale`). */
export function fail(
  status: number,
  message: string,
  extra: Partial<Omit<ApiError, 'message'>> = {},
): Envelope<never> {
  const { code = errorCodeOf(status), ...rest } = extra;
  return { code: status, data: [], error: { code, message, ...rest } };
}
