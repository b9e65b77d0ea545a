/**
 * Why a job could not be written to its printer. `retryable` means the same job may print later unchanged
 * (printer offline, CUPS scheduler down): the server requeues it and the agent backs off.
 */
export class PrintError extends Error {
  override name = 'PrintError';

  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Protocol limit on a state report's error text. */
export const MAX_ERROR_LENGTH = 500;

export function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}
