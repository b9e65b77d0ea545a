import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { account, money } from './columns';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The storefront collections' search table (catalogue-admin.md §2.6, §7 Collections: POST /v2/searchkit/proxy):
 * one row per product, denormalised from products, brands, categories and product_attributes so that a
 * search reads one table. Kept in step by statement-level triggers on those tables (migration
 * 0027_product_search), so every writer of products (editor, bulk patch, used variants, seeding) keeps it
 * right without knowing it exists.
 *
 * `facets` holds every facet value of the product as 'attribute<US>value' (US = the unit separator, \x1f,
 * which no name or value may contain: text() refuses control characters): brand, category, the category
 * levels category.lvl0..lvl2 (paths joined by ' > ', for a hierarchical menu), the price ('price<US>12.50')
 * and each attribute value ('Color<US>Black'); hits read it. `facet_ids` holds the same values as integer
 * ids (search_facet_values): a refinement is an integer array containment the GIN index answers, and facet
 * counts are one integer group-by over the matching rows' ids (docs/performance.md, bench:collections).
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    accountId: account(),
    isActive: smallint('is_active').notNull(),
    parentProductId: integer('parent_product_id'),
    brandId: integer('brand_id'),
    brand: text('brand'),
    categoryId: integer('category_id'),
    category: text('category'),
    categoryPath: text('category_path'),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    mpn: text('mpn'),
    upc: text('upc'),
    price: money('price').notNull(),
    facets: text('facets').array().notNull(),
    /** The same facet values as search_facet_values ids, sorted: what refinements and facet counts read. */
    facetIds: integer('facet_ids').array().notNull().default(sql`'{}'`),
    words: tsvector('words').notNull(),
  },
  (t) => [
    index('product_search_facet_ids').using('gin', t.facetIds),
    index('product_search_words').using('gin', t.words),
    index('product_search_account_id').on(t.accountId, t.isActive, t.productId),
    index('product_search_account_price').on(t.accountId, t.isActive, t.price, t.productId),
    index('product_search_account_name').on(t.accountId, t.isActive, t.name, t.productId),
    index('product_search_parent').on(sql`coalesce(${t.parentProductId}, ${t.productId})`),
  ],
);

/**
 * The dictionary of facet values: each 'attribute<US>value' token of product_search.facets gets an integer id
 * once, forever (ids are never reused or changed, so a reader may cache them). product_search.facet_ids holds
 * a product's tokens as these ids, so a refinement is an integer-array containment the GIN index answers and
 * a facet count is an integer group-by. Filled by product_search_refresh (migration facet_ids) before it
 * writes the products' rows. Shared by all accounts: a token names nothing but itself.
 */
export const searchFacetValues = pgTable(
  'search_facet_values',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    token: text('token').notNull().unique(),
    /** The token's attribute (before the US): the values of the facets a query asks are found by it. */
    attribute: text('attribute').notNull(),
  },
  (t) => [index('search_facet_values_attribute').on(t.attribute, t.id)],
);

/**
 * The facet counts of every active product of an account (the unrefined search: the collections screen as it
 * opens): n products carry facet value facet_id; facet_id 0 counts the active products themselves. Kept by
 * statement-level triggers on product_search that add the inserted rows' values and take away the deleted
 * (and the updated rows' old) ones, so the unrefined counts are read, never counted. Rows may fall to 0.
 */
export const searchFacetCounts = pgTable(
  'search_facet_counts',
  {
    accountId: integer('account_id').notNull(),
    facetId: integer('facet_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.facetId] })],
);

/**
 * The change log of product_search, per account, for the in-process facet indexes of the collections search
 * (domains/collections/facet-index.ts): every statement that writes product_search moves its accounts'
 * version on by one and logs the product ids it wrote under that version (triggers of migration
 * search_changes). The version row is locked until the writer commits, so versions commit in order: a reader
 * that sees version v sees every change up to v, and a server brings its index up to date by reading the
 * products logged after the version it holds. `pruned_through`: changes up to it are no longer logged (an
 * index older than that is built again).
 */
export const productSearchVersions = pgTable('product_search_versions', {
  accountId: integer('account_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  prunedThrough: bigint('pruned_through', { mode: 'number' }).notNull().default(0),
});

/** The products each version of an account wrote (see productSearchVersions). */
export const productSearchChanges = pgTable(
  'product_search_changes',
  {
    accountId: integer('account_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    productId: integer('product_id').notNull(),
  },
  (t) => [index('product_search_changes_account_version').on(t.accountId, t.version)],
);
