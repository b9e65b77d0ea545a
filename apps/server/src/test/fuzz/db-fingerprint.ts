import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Tables a refused request may still write: a request's own session (signing in is a separate call). */
const IGNORED = ['sessions', '__drizzle_migrations', 'fuzz_writes'];

/**
 * Counts every row written (inserted, updated, deleted) per table, from triggers the fuzz adds to its own copy of
 * the database. A write that is rolled back takes its count with it, so the counts change only when a request
 * really changed something. One small query per request: counting every table each time was too slow.
 */
export async function fingerprinter(db: Db): Promise<() => Promise<string>> {
  await db.execute(
    sql`create table if not exists fuzz_writes (table_name text primary key, n bigint not null)`,
  );
  await db.execute(sql`
    create or replace function fuzz_count_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz_writes values (TG_TABLE_NAME, 1)
        on conflict (table_name) do update set n = fuzz_writes.n + 1;
      return null;
    end $$;`);
  const tables = (
    (await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { name: string }[] }
  ).rows
    .map((r) => r.name)
    .filter((name) => !IGNORED.includes(name));
  for (const name of tables) {
    await db.execute(
      sql.raw(`create or replace trigger fuzz_count_write after insert or update or delete on "${name}"
               for each row execute function fuzz_count_write()`),
    );
  }
  return async () => {
    const rows = (
      (await db.execute(sql`select table_name as t, n from fuzz_writes order by table_name`)) as unknown as {
        rows: { t: string; n: string }[];
      }
    ).rows;
    return rows.map((r) => `${r.t}=${r.n}`).join(' ');
  };
}

/** The tables whose counts differ, for the failure report. */
export function changedTables(before: string, after: string): string[] {
  const old = new Map(before.split(' ').map((entry) => entry.split('=') as [string, string]));
  return after
    .split(' ')
    .filter(Boolean)
    .map((entry) => entry.split('=') as [string, string])
    .filter(([table, value]) => old.get(table) !== value)
    .map(([table]) => table);
}
