import { AppError } from '../http/errors';

/** The fields PostgreSQL reports with an error; pg and PGlite both carry them on their error objects. */
export interface PgErrorInfo {
  code: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

/** The database's own error behind `error` (drizzle wraps the driver's error in `cause`), if there is one. */
export function pgErrorOf(error: unknown): PgErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    // SQLSTATE: five characters, digits and capitals (Node's own codes are longer, Fastify's have underscores).
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as PgErrorInfo;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when a query failed on a unique constraint. */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorOf(error)?.code === '23505';
}

/**
 * The client error a database refusal stands for, or undefined when it is the server's fault. Services check
 * what they can first and say it better; this is the net under them, so that a value the database refuses
 * (an unknown reference, a duplicate, a number out of range) is a 4xx with a message, never a 500.
 */
export function clientErrorOfDatabase(error: unknown): AppError | undefined {
  const pg = pgErrorOf(error);
  if (!pg) return undefined;
  const key = keyOf(pg.detail);
  switch (pg.code) {
    case '23503':
      // A row still in use cannot be deleted; a reference to a row that does not exist is not found.
      if (pg.detail?.includes('is still referenced'))
        return new AppError(409, `It is still used by ${words(tableOf(pg.detail) ?? 'other records')}.`);
      return new AppError(
        404,
        key ? `${key.field} ${key.value} was not found.` : 'A record the request names was not found.',
        key ? [{ field: key.field, message: 'Not found' }] : undefined,
      );
    case '23505':
      return new AppError(
        409,
        key ? `${key.field} ${key.value} already exists.` : 'That record already exists.',
        key ? [{ field: key.field, message: 'Already exists' }] : undefined,
      );
    case '23P01':
      return new AppError(409, 'That overlaps a record that already exists.');
    case '23502': {
      const field = pg.column ? camel(pg.column) : undefined;
      return new AppError(
        400,
        field ? `${field} is required.` : 'A required value is missing.',
        field ? [{ field, message: 'Required' }] : undefined,
      );
    }
    case '23514':
      return new AppError(400, 'A value is outside what is allowed.');
    // Two requests changed the same rows at once: the loser may simply send it again.
    case '40001':
    case '40P01':
      return new AppError(409, 'Someone else changed the same records at the same moment. Please try again.');
    // An index entry or a statement too large for the database: a value is far too long.
    case '54000':
    case '54001':
      return new AppError(400, 'A value is too long.');
  }
  if (pg.code.startsWith('22')) return new AppError(400, DATA_EXCEPTIONS[pg.code] ?? 'A value is not valid.');
  return undefined;
}

const DATA_EXCEPTIONS: Record<string, string> = {
  '22001': 'A text is too long.',
  '22003': 'A number is out of range.',
  '22007': 'A date is not valid.',
  '22008': 'A date is out of range.',
  '22021': 'A text contains a character that cannot be stored.',
  '22P02': 'A value has the wrong format.',
  '22P05': 'A text contains a character that cannot be stored.',
};

/** `Key (account_id, brand_id)=(1, 42) …` → the column the client named (not the account) and its value. */
function keyOf(detail: string | undefined): { field: string; value: string } | undefined {
  const match = /Key \(([^)]*)\)=\((.*)\)/.exec(detail ?? '');
  if (!match) return undefined;
  const columns = match[1]!.split(', ');
  const values = match[2]!.split(', ');
  const index = columns.length > 1 ? columns.findIndex((c) => c !== 'account_id') : 0;
  if (index < 0 || columns.length !== values.length) return undefined;
  return { field: camel(columns[index]!), value: values[index]!.slice(0, 80) };
}

function tableOf(detail: string): string | undefined {
  return /table "([^"]+)"/.exec(detail)?.[1];
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const words = (table: string) => table.replaceAll('_', ' ');
