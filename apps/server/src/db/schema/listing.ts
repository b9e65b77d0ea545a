import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from './admin';
import { products, siteCategories } from './catalogue';

/**
 * catalogue-admin.md §2.4 "Marketplace category action": the marketplace (site) category a product is
 * listed under, one per marketplace (site ids 1 Amazon, 2 eBay, 14 Reverb).
 */
export const productSiteCategories = pgTable(
  'product_site_categories',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull(),
    siteCategoryId: integer('site_category_id')
      .notNull()
      .references(() => siteCategories.id),
    modifiedBy: integer('modified_by').references(() => users.id),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.siteId] }),
    index('product_site_categories_site_category_idx').on(t.siteCategoryId),
  ],
);
