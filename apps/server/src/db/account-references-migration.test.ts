import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const work = mkdtempSync(path.join(tmpdir(), 'backroom-migration-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * The migrations folder as it was before the migration named `name` (whatever number it was given): its
 * files, and a journal that ends just before it.
 */
function migrationsBefore(name: string) {
  const folder = path.join(work, 'before');
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.replace(/^\d+_/, '') === name);
  if (at < 0) throw new Error(`No migration ${name}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('the account_references migration (same-account keys, one customer per e-mail)', () => {
  it('merges customers sharing an e-mail, cuts links across accounts, then refuses new ones', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    try {
      await migrate(db, { migrationsFolder: migrationsBefore('account_references') });
      await db.execute(
        sql`insert into accounts (id, name) overriding system value values (1, 'A'), (2, 'B')`,
      );
      await db.execute(sql`insert into customers (id, account_id, email) overriding system value values
        (1, 1, 'sam@example.com'), (2, 1, 'SAM@example.com'), (3, 2, 'sam@example.com'), (4, 1, null), (5, 1, null)`);
      await db.execute(sql`insert into inbound_returns (id, account_id, customer_id) overriding system value values
        (1, 1, 2), (2, 2, 3), (3, 1, 3)`);
      await db.execute(sql`insert into channel_orders (id, account_id, channel_order_number, customer_id) overriding system value values
        (1, 1, 'A-1', 2), (2, 1, 'A-2', 3), (3, 1, 'A-3', 1), (4, 2, 'B-1', 3)`);
      await db.execute(sql`insert into channel_order_payments (id, account_id, channel_order_id, channel_order_payment_type_id, amount)
        overriding system value values (1, 1, 3, 5, 10)`);
      await db.execute(sql`insert into payment_refunds (account_id, channel_order_payment_id, amount, destination_payment_type_id, inbound_return_id)
        values (1, 1, 1, 5, 1), (1, 1, 1, 5, 2), (1, 1, 1, 5, 999)`);

      await migrate(db, { migrationsFolder: MIGRATIONS });

      expect(await rows(sql`select id, account_id as "accountId" from customers order by id`)).toEqual([
        { id: 1, accountId: 1 },
        { id: 3, accountId: 2 },
        { id: 4, accountId: 1 },
        { id: 5, accountId: 1 },
      ]);
      // The duplicate's order and return moved to the customer kept; the other account's customer let go.
      expect(await rows(sql`select id, customer_id as "customerId" from channel_orders order by id`)).toEqual(
        [
          { id: 1, customerId: 1 },
          { id: 2, customerId: null },
          { id: 3, customerId: 1 },
          { id: 4, customerId: 3 },
        ],
      );
      expect(
        await rows(sql`select id, customer_id as "customerId" from inbound_returns order by id`),
      ).toEqual([
        { id: 1, customerId: 1 },
        { id: 2, customerId: 3 },
        { id: 3, customerId: null },
      ]);
      expect(
        await rows(sql`select inbound_return_id as "inboundReturnId" from payment_refunds order by id`),
      ).toEqual([{ inboundReturnId: 1 }, { inboundReturnId: null }, { inboundReturnId: null }]);

      // From now on the database itself refuses what the server refuses.
      await db.execute(sql`select setval(pg_get_serial_sequence('customers', 'id'), 100)`);
      const refused = async (statement: ReturnType<typeof sql>) =>
        db.execute(statement).then(
          () => 'accepted',
          (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code,
        );
      expect(await refused(sql`update channel_orders set customer_id = 3 where id = 1`)).toBe('23503');
      expect(await refused(sql`update payment_refunds set inbound_return_id = 2 where id = 1`)).toBe('23503');
      const duplicate = await db
        .execute(sql`insert into customers (account_id, email) values (1, 'Sam@Example.com')`)
        .catch((error: { cause?: { constraint?: string; code?: string } }) => error.cause);
      expect(duplicate).toMatchObject({ code: '23505', constraint: 'customers_account_email' });
      expect(
        await refused(sql`insert into customers (account_id, email) values (2, 'other@example.com')`),
      ).toBe('accepted');
    } finally {
      await client.close();
    }
  }, 300_000); // migrates a fresh PGlite step by step: a bound for a loaded machine, not a speed test
});
