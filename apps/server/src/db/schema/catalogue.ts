import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './admin';

/**
 * Products, as far as inventory units need them. The catalogue issue adds the remaining fields of
 * catalogue-admin.md §3 Product by migration.
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    typeId: smallint('type_id').notNull().default(0),
    isActive: smallint('is_active').notNull().default(1),
    upc: text('upc'),
    normalizedUpc: text('normalized_upc'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_account_sku_unique').on(t.accountId, t.sku),
    index('products_account_upc_idx').on(t.accountId, t.normalizedUpc),
  ],
);
