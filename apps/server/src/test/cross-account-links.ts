import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';

interface ForeignKey {
  name: string;
  child: string;
  column: string;
  parent: string;
  childHasAccount: boolean;
  parentHasAccount: boolean;
}

/**
 * Rows that link one account's data to another's, found from the schema itself: for every single-column
 * foreign key between two tables that carry account_id, the rows whose accounts differ; for a table without
 * account_id (a join table), the rows whose two parents belong to different accounts; and order item sales
 * people who are not users of the item's account. Answers `constraint: count` for each link found.
 */
export async function crossAccountLinks(t: TestApp): Promise<string[]> {
  const keys = await t.rows<ForeignKey>(sql`
    select c.conname as name, c.conrelid::regclass::text as child, a.attname as column,
           c.confrelid::regclass::text as parent,
           exists (select 1 from pg_attribute x where x.attrelid = c.conrelid and x.attname = 'account_id' and not x.attisdropped) as "childHasAccount",
           exists (select 1 from pg_attribute x where x.attrelid = c.confrelid and x.attname = 'account_id' and not x.attisdropped) as "parentHasAccount"
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[array_length(c.conkey, 1)]
    where c.contype = 'f' and c.connamespace = 'public'::regnamespace
      and c.confrelid <> 'accounts'::regclass and a.attname <> 'account_id'
      and c.conrelid not in ('memberships'::regclass, 'sessions'::regclass)`);
  const checks: { name: string; query: string }[] = [];
  for (const key of keys) {
    if (!key.parentHasAccount) continue;
    if (key.childHasAccount) {
      checks.push({
        name: key.name,
        query: `select count(*)::int as n from ${key.child} c join ${key.parent} p on p.id = c.${key.column} where p.account_id <> c.account_id`,
      });
    }
  }
  // Join tables: every pair of parents that carry an account must agree.
  const joinTables = [...new Set(keys.filter((k) => !k.childHasAccount).map((k) => k.child))];
  for (const table of joinTables) {
    const parents = keys.filter((k) => k.child === table && k.parentHasAccount);
    for (let i = 0; i < parents.length; i++) {
      for (let j = i + 1; j < parents.length; j++) {
        const [x, y] = [parents[i]!, parents[j]!];
        checks.push({
          name: `${table}.${x.column}/${y.column}`,
          query: `select count(*)::int as n from ${table} c join ${x.parent} p on p.id = c.${x.column}
                  join ${y.parent} q on q.id = c.${y.column} where p.account_id <> q.account_id`,
        });
      }
    }
  }
  // A user named on an account's row (who made it, whose image it is) is a user of that account.
  for (const key of keys) {
    if (key.parent !== 'users' || !key.childHasAccount) continue;
    checks.push({
      name: `${key.name} (not a user of the account)`,
      query: `select count(*)::int as n from ${key.child} c where c.${key.column} is not null and not exists
              (select 1 from memberships m where m.user_id = c.${key.column} and m.account_id = c.account_id)`,
    });
  }
  checks.push({
    name: 'channel_order_item_sales_people.user_id (not a user of the account)',
    query: `select count(*)::int as n from channel_order_item_sales_people s
            join channel_order_items i on i.id = s.channel_order_item_id
            where not exists (select 1 from memberships m where m.user_id = s.user_id and m.account_id = i.account_id)`,
  });
  const found: string[] = [];
  for (const check of checks) {
    const [row] = await t.rows<{ n: number }>(sql.raw(check.query));
    if (row && row.n > 0) found.push(`${check.name}: ${row.n}`);
  }
  return found;
}

/**
 * A digest of every row an account owns, table by table: equal before and after means that nothing in the
 * account was added, changed or removed.
 */
export async function accountFingerprint(t: TestApp, accountId: number): Promise<Record<string, string>> {
  const tables = await t.rows<{ table: string }>(sql`
    select c.relname as table from pg_class c join pg_attribute a on a.attrelid = c.oid
    where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace and a.attname = 'account_id'
      and not a.attisdropped and c.relname <> 'sessions'
    order by 1`);
  const out: Record<string, string> = {};
  for (const { table } of tables) {
    const [row] = await t.rows<{ digest: string | null }>(
      sql.raw(
        `select md5(string_agg(r::text, '|' order by r::text)) as digest from ${table} r where account_id = ${accountId}`,
      ),
    );
    out[table] = row?.digest ?? 'empty';
  }
  return out;
}
