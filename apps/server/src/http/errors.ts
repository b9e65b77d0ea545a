import { type ErrorCode, errorCodeOf, type FieldError } from '@backroom/shared';

/**
 * An error a client caused or may see: its message is shown to the user as it is. Its machine-readable `code`
 * comes from the status unless a more specific one is given (`stale`, `validation`).
 */
export class AppError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: FieldError[],
    code?: ErrorCode,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code ?? errorCodeOf(statusCode);
  }
}

export const badRequest = (message: string, fields?: FieldError[]) => new AppError(400, message, fields);
export const unauthorized = (message = 'Please sign in.') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
/** An edit made from an out-of-date copy (its `sourceModifiedAt` is older than the row): reload and retry. */
export const stale = (message: string) => new AppError(409, message, undefined, 'stale');
export const tooManyRequests = (message: string) => new AppError(429, message);
