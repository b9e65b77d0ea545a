import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './admin';
import { products } from './catalogue';

/**
 * catalogue-admin.md §2.2 "an optional queue tag" and §7 "GET on the active queue's own address": a named
 * list of products someone saved to work through (on the brand page, from a selection).
 */
export const productQueues = pgTable(
  'product_queues',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_queues_account_name_unique').on(t.accountId, sql`lower(${t.name})`)],
);

export const productQueueItems = pgTable(
  'product_queue_items',
  {
    queueId: integer('queue_id')
      .notNull()
      .references(() => productQueues.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.queueId, t.productId] }),
    index('product_queue_items_product_idx').on(t.productId),
  ],
);
