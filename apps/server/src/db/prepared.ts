import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Statement names by SQL text. A hot query's text is the same on every call (its values are parameters,
 * id lists one array parameter: `inIds`), so the set stays small; past the cap a new text runs unnamed
 * rather than growing every connection's statement cache without end.
 */
const names = new Map<string, string>();
const MAX_NAMED = 200;

/**
 * The rows of a hand-written query run as a named prepared statement on PostgreSQL: each pooled connection
 * parses it once, and after five runs PostgreSQL may keep one generic plan. On a search that answers in
 * about a millisecond, parsing and planning the same text again took as long as running it. PGlite runs it
 * as it runs any query (its one connection has no concurrency to save for).
 */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const built = dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `q_${createHash('sha1').update(built.sql).digest('hex').slice(0, 20)}`;
    names.set(built.sql, name);
  }
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/**
 * `expression` starts with `prefix`, written so that a prepared statement can still use a text_pattern_ops
 * index on `expression`. A LIKE on a parameter has no known prefix when PostgreSQL plans it generically (as
 * it may after five runs), and such a plan read every order. The range gives the index
 * its bounds when the statement runs; the LIKE keeps the match exact.
 */
export function startsWith(expression: SQL, prefix: string): SQL {
  const like = `${prefix.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return sql`(${expression} ~>=~ ${prefix} and ${expression} ~<~ ${`${prefix}\u{10FFFF}`} and ${expression} like ${like})`;
}
