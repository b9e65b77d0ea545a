import { foreignKey, integer, numeric, type PgColumn, timestamp, unique } from 'drizzle-orm/pg-core';
import { accounts, users } from './admin';

// Column builders the domain tables share (docs/architecture.md §4): money as numeric(12,2), who did a thing
// as `{name}_by` naming a user, when as `{name}_at` with its time zone, and the owning account of a business row.

export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
export const who = (name: string) => integer(`${name}_by`).references(() => users.id);
export const when = (name: string) => timestamp(`${name}_at`, { withTimezone: true });
export const account = () =>
  integer('account_id')
    .notNull()
    .references(() => accounts.id);

/**
 * (account_id, id) as a key other tables' same-account references point at (migration account_references): the database
 * itself refuses a row that names another account's customer, order, product ...
 */
export const accountKey = (table: string, t: { accountId: PgColumn; id: PgColumn }) =>
  unique(`${table}_account_id_key`).on(t.accountId, t.id);

/** A reference that stays within the row's account: (account_id, column) → parent's (account_id, id). */
export const sameAccount = (
  name: string,
  columns: [accountId: PgColumn, column: PgColumn],
  parent: { accountId: PgColumn; id: PgColumn },
) => foreignKey({ name: `${name}_same_account`, columns, foreignColumns: [parent.accountId, parent.id] });
