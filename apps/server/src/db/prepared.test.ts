import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { TEST_DB } from '../test/test-database';
import { preparedRows, startsWith } from './prepared';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('prepared statements', () => {
  it('answer each call with its own values, the same text reused', async () => {
    const ask = (n: number, word: string) =>
      preparedRows<{ n: number; doubled: number; word: string }>(
        t.deps.db,
        sql`select ${n}::int as n, ${n}::int * 2 as doubled, ${word}::text as word`,
      );
    for (const [n, word] of [
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
      [2, 'again'],
    ] as const) {
      expect(await ask(n, word)).toEqual([{ n, doubled: n * 2, word }]);
    }
  });

  it('stay prepared on a PostgreSQL connection (PGlite runs them as plain queries)', async () => {
    // Run one after another, the pool hands back the same idle connection, so the second sees the first.
    await preparedRows(t.deps.db, sql`select 41 + ${1}::int as answer`);
    const listed = await preparedRows<{ statement: string }>(
      t.deps.db,
      sql`select statement from pg_prepared_statements where name like 'q\_%'`,
    );
    const texts = listed.map((row) => row.statement);
    if (TEST_DB === 'postgres') expect(texts).toContain('select 41 + $1::int as answer');
    else expect(texts).toEqual([]);
  });

  it('match a prefix exactly, wildcards and all', async () => {
    const numbers = (prefix: string) =>
      preparedRows<{ n: string }>(
        t.deps.db,
        sql`select n from unnest(array['AB_1', 'ABX1', 'AB%2', 'A', 'ab_3']) n
          where ${startsWith(sql`n`, prefix)} order by n`,
      );
    expect((await numbers('AB_')).map((r) => r.n)).toEqual(['AB_1']);
    expect((await numbers('AB')).map((r) => r.n)).toEqual(['AB%2', 'ABX1', 'AB_1']);
    expect((await numbers('')).length).toBe(5);
  });

  it('use the prefix index even in a generic plan (PostgreSQL)', async () => {
    const query = new PgDialect().sqlToQuery(
      sql`select n.id from channel_orders n where n.account_id = ${1}
        and ${startsWith(sql`upper(n.channel_order_number)`, '111-')}`,
    );
    if (TEST_DB !== 'postgres') {
      // PGlite plans each query anew (no named statements): only the text is checked there.
      expect(query.sql).toContain('~>=~');
      return;
    }
    const client = new pg.Client({ connectionString: t.deps.config.databaseUrl });
    await client.connect();
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      await client.query(`prepare by_prefix as ${query.sql}`);
      const literals = query.params.map((v) => (typeof v === 'number' ? v : `'${String(v)}'`)).join(', ');
      const plan = await client.query(`explain execute by_prefix(${literals})`);
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toContain('channel_orders_number_prefix');
      expect(text).not.toContain('Seq Scan');
    } finally {
      await client.end();
    }
  });
});
