import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * `column = any('{1,2,3}'::int[])`: one parameter for any number of ids. The query builder's inArray makes
 * one parameter per id, and building a 10,000-id query cost more than running it. `column` may be a raw
 * SQL expression (`sql`o.id``) in hand-written queries.
 */
export function inIds(column: AnyColumn | SQL, ids: readonly number[]): SQL {
  if (!ids.every(Number.isSafeInteger)) throw new RangeError('ids must be integers');
  return sql`${column} = any(${`{${ids.join(',')}}`}::int[])`;
}
