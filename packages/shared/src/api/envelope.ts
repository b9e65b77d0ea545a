/** The specs' reply envelope: every API reply, errors included, has this shape and `code` equals the HTTP status. */
export interface Envelope<T> {
  code: number;
  data: T[];
  error: ApiError | null;
}

export interface FieldError {
  /** Dotted path of the failing field, e.g. `accounts.0`. */
  field: string;
  message: string;
}

export interface ApiError {
  message: string;
  /** Present on validation errors (400): one entry per failing field. */
  fields?: FieldError[];
  /** Present on 500s so a user can quote it to support. */
  requestId?: string;
}

export interface SuccessEnvelope<T> extends Envelope<T> {
  error: null;
}

export function ok<T>(data: T | T[], code = 200): SuccessEnvelope<T> {
  return { code, data: Array.isArray(data) ? data : [data], error: null };
}

export function fail(code: number, message: string, extra?: Omit<ApiError, 'message'>): Envelope<never> {
  return { code, data: [], error: { message, ...extra } };
}
