import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './admin';
import { accountKey, money } from './columns';

const inches = (name: string) => numeric(name, { precision: 10, scale: 2 });
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Brand: id, name, accountId, and the alias used to build SKUs. */
export const brands = pgTable(
  'brands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    alias: text('alias').notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('brands_account_name_unique').on(t.accountId, sql`lower(${t.name})`)],
);

/** Categories three levels deep; `path` is the chain joined by ' > ' for search results. */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    depth: smallint('depth').notNull().default(1),
    path: text('path').notNull(),
  },
  (t) => [
    index('categories_account_idx').on(t.accountId),
    index('categories_path_trgm').using('gin', sql`${t.path} gin_trgm_ops`),
  ],
);

/** A value list of an attribute: its options and how many may be chosen (0 = any number). */
export interface AttributeListOption {
  list: string;
  options: string[];
  maxValues: number;
}

/** catalogue-admin.md §3 Attribute. valueJSON maps list name to values; 'Default' shows without prefix. */
export const attributes = pgTable(
  'attributes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    isVariant: smallint('is_variant').notNull().default(0),
    isFacet: smallint('is_facet').notNull().default(0),
    isListRestricted: smallint('is_list_restricted').notNull().default(0),
    lists: jsonb('lists').$type<{ options: AttributeListOption[] }>().notNull().default({ options: [] }),
    createdAt: created(),
  },
  (t) => [uniqueIndex('attributes_account_name_unique').on(t.accountId, sql`lower(${t.name})`)],
);

export const categoryAttributes = pgTable(
  'category_attributes',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id),
    isRequired: smallint('is_required').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.attributeId] })],
);

export const pricingStrategies = pgTable('pricing_strategies', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
});

export const purchasingStatuses = pgTable('purchasing_statuses', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

/** Account packaging: boxes the account ships in; custom packaging has editable dimensions. */
export const packaging = pgTable('packaging', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  commonName: text('common_name').notNull(),
  packageLengthInch: inches('package_length_inch').notNull(),
  packageWidthInch: inches('package_width_inch').notNull(),
  packageHeightInch: inches('package_height_inch').notNull(),
  isCustom: smallint('is_custom').notNull().default(0),
});

export const vendors = pgTable('vendors', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  name: text('name').notNull(),
});

/** catalogue-admin.md §3 Product. Money numeric(12,2), weights in ounces, dimensions in inches. */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    /** 0 = simple product that carries inventory; others (bundles, kits …) carry none themselves. */
    typeId: smallint('type_id').notNull().default(0),
    isActive: smallint('is_active').notNull().default(1),
    upc: text('upc'),
    normalizedUpc: text('normalized_upc'),
    mpn: text('mpn'),
    parentProductId: integer('parent_product_id').references((): AnyPgColumn => products.id),
    sourceProductId: integer('source_product_id').references((): AnyPgColumn => products.id),
    brandId: integer('brand_id').references(() => brands.id),
    categoryId: integer('category_id').references(() => categories.id),
    pricingStrategyId: integer('pricing_strategy_id').references(() => pricingStrategies.id),
    purchasingStatusId: integer('purchasing_status_id').references(() => purchasingStatuses.id),
    productConditionId: smallint('product_condition_id').notNull().default(1),
    statusId: smallint('status_id').notNull().default(1),
    warehousePackagingId: integer('warehouse_packaging_id').references(() => packaging.id),
    priceCost: money('price_cost').notNull().default('0'),
    priceMAP: money('price_map').notNull().default('0'),
    verifiedPriceMAP: money('verified_price_map').notNull().default('0'),
    priceSale: money('price_sale').notNull().default('0'),
    harmonizedCode: text('harmonized_code'),
    isCloseout: smallint('is_closeout').notNull().default(0),
    productHeightInch: inches('product_height_inch').notNull().default('0'),
    productWidthInch: inches('product_width_inch').notNull().default('0'),
    productLengthInch: inches('product_length_inch').notNull().default('0'),
    productWeightOunce: inches('product_weight_ounce').notNull().default('0'),
    packageHeightInch: inches('package_height_inch').notNull().default('0'),
    packageWidthInch: inches('package_width_inch').notNull().default('0'),
    packageLengthInch: inches('package_length_inch').notNull().default('0'),
    packageWeightOunce: inches('package_weight_ounce').notNull().default('0'),
    trainedShippingCost: money('trained_shipping_cost'),
    trainedPackagingId: integer('trained_packaging_id').references(() => packaging.id),
    trainedShippingAt: timestamp('trained_shipping_at', { withTimezone: true }),
    serialNumber: text('serial_number'),
    /** returns.md "Product listing condition data": how this (used) product's condition is described. */
    productListingData: jsonb('product_listing_data').$type<Record<string, unknown>>().notNull().default({}),
    imagesReviewedAt: timestamp('images_reviewed_at', { withTimezone: true }),
    imagesNextReviewAt: timestamp('images_next_review_at', { withTimezone: true }),
    modifiedBy: integer('modified_by').references(() => users.id),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_account_sku_unique').on(t.accountId, t.sku),
    accountKey('products', t),
    // SKU prefix search, whatever the case typed.
    index('products_account_sku_prefix').on(t.accountId, sql`upper(${t.sku}) text_pattern_ops`),
    index('products_account_upc_idx').on(t.accountId, t.normalizedUpc),
    index('products_brand_idx').on(t.accountId, t.brandId, t.isActive, t.sku),
    index('products_parent_idx').on(t.parentProductId),
    // Typo-tolerant search on names (and SKU, MPN) with trigrams.
    index('products_search_trgm').using(
      'gin',
      sql`(lower(${t.name} || ' ' || ${t.sku} || ' ' || coalesce(${t.mpn}, ''))) gin_trgm_ops`,
    ),
  ],
);

export const productAttributes = pgTable(
  'product_attributes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id),
    valueJSON: jsonb('value_json').$type<Record<string, string[]>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.attributeId] }),
    index('product_attributes_attribute_idx').on(t.attributeId),
  ],
);

/** catalogue-admin.md §3 Product colors; every product reply carries its colors (read by product id). */
export const productColors = pgTable(
  'product_colors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text('color').notNull(),
    colorJSON: jsonb('color_json').$type<{ primary: { hex: string } }>().notNull(),
  },
  (t) => [index('product_colors_product_idx').on(t.productId)],
);

/** orders-warehouse.md §3 Image: the stored file (local directory or S3) registered against account and user. */
export const images = pgTable('images', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  userId: integer('user_id').references(() => users.id),
  cloudinaryUUID: text('cloudinary_uuid').notNull(),
  sourceURL: text('source_url'),
  cloudinaryJSON: jsonb('cloudinary_json').$type<{
    width: number;
    height: number;
    secure_url: string;
    thumbnail_url?: string;
  }>(),
  createdAt: created(),
});

export const productImages = pgTable(
  'product_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id),
    isPrimaryImage: smallint('is_primary_image').notNull().default(0),
    isActive: smallint('is_active').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(99),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

export const bundleItems = pgTable('bundle_items', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  itemProductId: integer('item_product_id')
    .notNull()
    .references(() => products.id),
  quantity: integer('quantity').notNull().default(1),
  isIncludedInCost: boolean('is_included_in_cost').notNull().default(true),
  isIncludedInMAP: boolean('is_included_in_map').notNull().default(true),
  isIncludedInMSRP: boolean('is_included_in_msrp').notNull().default(true),
});

export const vendorProducts = pgTable(
  'vendor_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    vendorSku: text('vendor_sku'),
    priceCost: money('price_cost').notNull().default('0'),
  },
  (t) => [index('vendor_products_product_idx').on(t.productId)],
);

/** Unused UPCs an account owns; one is assigned to a new product on request. */
export const barcodePool = pgTable(
  'barcode_pool',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    barcode: text('barcode').notNull(),
    assignedProductId: integer('assigned_product_id').references(() => products.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** Who took it ('Pool Barcode'): only they give it back while no product has it (issue 27 #28). */
    assignedBy: integer('assigned_by').references(() => users.id),
  },
  (t) => [uniqueIndex('barcode_pool_account_barcode_unique').on(t.accountId, t.barcode)],
);

/** Marketplace (site) categories, and how well each fits one of our categories, for suggestions. */
export const siteCategories = pgTable(
  'site_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id').notNull(),
    categoryId: text('category_id').notNull(),
    alternativeId: text('alternative_id'),
    name: text('name').notNull(),
    path: text('path').notNull(),
  },
  (t) => [
    uniqueIndex('site_categories_site_category_unique').on(t.siteId, t.categoryId),
    // The bulk toolbar's site category search matches any part of the path.
    index('site_categories_path_trgm').using('gin', sql`${t.path} gin_trgm_ops`),
  ],
);

export const siteCategoryMatches = pgTable(
  'site_category_matches',
  {
    productCategoryId: integer('product_category_id')
      .notNull()
      .references(() => categories.id),
    siteCategoryId: integer('site_category_id')
      .notNull()
      .references(() => siteCategories.id),
    score: integer('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productCategoryId, t.siteCategoryId] })],
);

/**
 * catalogue-admin.md §2.5, §7: a marketplace site's requirement group of product attributes. A product meets it
 * with a value of any of the group's attributes ('any of'); a group of one is a required attribute. With a
 * category, only products of that category or one below it are asked for it.
 */
export const siteRequirementGroups = pgTable(
  'site_requirement_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    siteId: integer('site_id').notNull(),
    categoryId: integer('category_id').references(() => categories.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('site_requirement_groups_unique').on(t.accountId, t.siteId, t.name)],
);

export const siteRequirementGroupAttributes = pgTable(
  'site_requirement_group_attributes',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => siteRequirementGroups.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.attributeId] })],
);
