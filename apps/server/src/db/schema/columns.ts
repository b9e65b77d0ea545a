import { integer, numeric, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from './admin';

// Column builders the domain tables share (ARCHITECTURE.md §4): money as numeric(12,2), who did a thing as
// `{name}_by` naming a user, when as `{name}_at` with its time zone, and the owning account of a business row.

export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
export const who = (name: string) => integer(`${name}_by`).references(() => users.id);
export const when = (name: string) => timestamp(`${name}_at`, { withTimezone: true });
export const account = () =>
  integer('account_id')
    .notNull()
    .references(() => accounts.id);
