import { ApiError } from '../../../lib/api-client';

/** The server's message for one field of a refused save, to show under that input. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.fields?.find((f) => f.field === field || f.field.startsWith(`${field}.`))?.message;
}
