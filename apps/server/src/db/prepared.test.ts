import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { TEST_DB } from '../test/test-database';
import { preparedRows } from './prepared';

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
});
