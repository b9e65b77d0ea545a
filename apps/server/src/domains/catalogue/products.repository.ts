import {
  type ProductAttributeDto,
  type ProductColor,
  type ProductPatch,
  SEO_LISTING_KEY,
} from '@backroom/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import {
  attributes,
  brands,
  bundleItems,
  categories,
  images,
  packaging,
  productAttributes,
  productColors,
  productImages,
  products,
  vendorProducts,
  vendors,
} from '../../db/schema';
import { productDtoFromRaw } from './product-dto';

// All SQL of reading and changing products (the brand list, the editor, bundle cards); search has its own
// repository (product-search.repository.ts).

/**
 * The account's products matching `where`, by SKU, with their pricing strategy, purchasing status and
 * category. Plain SQL, mapped by the table's own columns: the query builder's nested-selection mapping was
 * the largest cost of a 10,000-product brand list.
 */
export async function selectProductRows(db: Db, accountId: number, where: SQL) {
  const result = (await db.execute(sql`
    select products.*,
      ps.id as "ps.id", ps.code as "ps.code", ps.label as "ps.label",
      pst.id as "pst.id", pst.name as "pst.name",
      c.id as "c.id", c.name as "c.name", c.path as "c.path"
    from products
    left join pricing_strategies ps on ps.id = products.pricing_strategy_id
    left join purchasing_statuses pst on pst.id = products.purchasing_status_id
    left join categories c on c.id = products.category_id
    where products.account_id = ${accountId} and ${where}
    order by products.sku`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((raw) => ({
    product: productDtoFromRaw(raw),
    pricingStrategy: raw['ps.id']
      ? { id: raw['ps.id'] as number, code: raw['ps.code'] as string, label: raw['ps.label'] as string }
      : null,
    purchasingStatus: raw['pst.id'] ? { id: raw['pst.id'] as number, name: raw['pst.name'] as string } : null,
    category: raw['c.id']
      ? { id: raw['c.id'] as number, name: raw['c.name'] as string, path: raw['c.path'] as string }
      : null,
  }));
}

/** Attributes of many products in one query, with their definitions' flags, by product id. */
export async function attributesOf(db: Db, productIds: number[]) {
  const byProduct = new Map<number, ProductAttributeDto[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: productAttributes.productId,
      valueJSON: productAttributes.valueJSON,
      attribute: attributes,
    })
    .from(productAttributes)
    .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
    .where(inIds(productAttributes.productId, productIds))
    .orderBy(asc(attributes.name));
  for (const { productId, valueJSON, attribute } of rows) {
    const list = byProduct.get(productId) ?? [];
    // The attribute's option lists are not repeated on every product (they made a large brand list many
    // megabytes); screens that choose values load the definitions through attribute search.
    list.push({
      id: attribute.id,
      name: attribute.name,
      valueJSON,
      isVariant: attribute.isVariant,
      isFacet: attribute.isFacet,
    });
    byProduct.set(productId, list);
  }
  return byProduct;
}

/** §3 Product colors of many products in one query, by product id. */
export async function colorsOf(db: Db, productIds: number[]) {
  const byProduct = new Map<number, ProductColor[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productColors)
    .where(inIds(productColors.productId, productIds))
    .orderBy(asc(productColors.productId), asc(productColors.id));
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}

/** Product filters by id, for `selectProductRows`. */
export const productIdIs = (productId: number) => eq(products.id, productId);
export const productIdIn = (productIds: readonly number[]) => inIds(sql`products.id`, productIds);
export const brandProductsWhere = (brandId: number, isActive: number) =>
  and(eq(products.brandId, brandId), eq(products.isActive, isActive))!;

export async function findBrand(db: Db, accountId: number, brandId: number) {
  const [brand] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.id, brandId), eq(brands.accountId, accountId)));
  return brand;
}

/** A product's images in their order, with the URLs the editor shows. */
export function productImagesOf(db: Db, productId: number) {
  return db
    .select({
      id: productImages.id,
      imageId: productImages.imageId,
      isActive: productImages.isActive,
      isPrimaryImage: productImages.isPrimaryImage,
      sortOrder: productImages.sortOrder,
      url: sql<string>`${images.cloudinaryJSON}->>'secure_url'`,
      thumbnailUrl: sql<string | null>`${images.cloudinaryJSON}->>'thumbnail_url'`,
    })
    .from(productImages)
    .innerJoin(images, eq(images.id, productImages.imageId))
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sortOrder), asc(productImages.id));
}

/** The vendors a product is bought from, by vendor name. */
export function vendorProductsOf(db: Db, productId: number) {
  return db
    .select({
      id: vendorProducts.id,
      vendorId: vendorProducts.vendorId,
      vendorName: vendors.name,
      vendorSku: vendorProducts.vendorSku,
      priceCost: sql<number>`${vendorProducts.priceCost}::float8`,
    })
    .from(vendorProducts)
    .innerJoin(vendors, eq(vendors.id, vendorProducts.vendorId))
    .where(eq(vendorProducts.productId, productId))
    .orderBy(asc(vendors.name));
}

/** A bundle's components with what their cards show: the item's name, SKU, UPC, size, weight, image. */
export function bundleItemsOf(db: Db, productId: number) {
  return db
    .select({
      id: bundleItems.id,
      itemProductId: bundleItems.itemProductId,
      quantity: bundleItems.quantity,
      isIncludedInCost: bundleItems.isIncludedInCost,
      isIncludedInMAP: bundleItems.isIncludedInMAP,
      isIncludedInMSRP: bundleItems.isIncludedInMSRP,
      sku: products.sku,
      name: products.name,
      upc: products.upc,
      lengthInch: sql<number>`${products.productLengthInch}::float8`,
      widthInch: sql<number>`${products.productWidthInch}::float8`,
      heightInch: sql<number>`${products.productHeightInch}::float8`,
      weightOunce: sql<number>`${products.productWeightOunce}::float8`,
      imageUrl: sql<
        string | null
      >`(select coalesce(i.cloudinary_json->>'thumbnail_url', i.cloudinary_json->>'secure_url')
        from product_images pi join images i on i.id = pi.image_id
        where pi.product_id = ${products.id} and pi.is_active = 1
        order by pi.is_primary_image desc, pi.sort_order limit 1)`,
    })
    .from(bundleItems)
    .innerJoin(products, eq(products.id, bundleItems.itemProductId))
    .where(eq(bundleItems.productId, productId))
    .orderBy(asc(bundleItems.id));
}

/** Whether the account has this product. */
export async function productExists(db: Db, accountId: number, productId: number) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.accountId, accountId)));
  return row !== undefined;
}

/** Which of the given product ids are the account's. */
export function ownProductIds(db: Db, accountId: number, productIds: number[]) {
  return db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.accountId, accountId), inIds(products.id, productIds)));
}

/** Changes one component card of a bundle; false when the bundle has no such item. */
export async function updateBundleItem(
  db: Db,
  bundleId: number,
  itemId: number,
  fields: {
    quantity?: number;
    isIncludedInCost?: boolean;
    isIncludedInMAP?: boolean;
    isIncludedInMSRP?: boolean;
  },
) {
  const updated = await db
    .update(bundleItems)
    .set(fields)
    .where(and(eq(bundleItems.id, itemId), eq(bundleItems.productId, bundleId)))
    .returning({ id: bundleItems.id });
  return updated.length > 0;
}

/** What a save checks of each product it changes: its SKU (for messages), type and active state. */
export function productsToPatch(db: Db, accountId: number, ids: readonly number[]) {
  return db
    .select({ id: products.id, sku: products.sku, typeId: products.typeId, isActive: products.isActive })
    .from(products)
    .where(and(eq(products.accountId, accountId), inIds(products.id, ids)));
}

/** The tables a product save may name by id; each is checked to be the account's own. */
const referenceTables = { brand: brands, category: categories, product: products, packaging } as const;
export type ReferenceKind = keyof typeof referenceTables;

/** Which of `ids` the account has in the table of `kind`. */
export async function existingIds(db: Db, accountId: number, kind: ReferenceKind, ids: readonly number[]) {
  const table = referenceTables[kind];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.accountId, accountId), inArray(table.id, [0, ...ids])));
  return new Set(rows.map((r) => r.id));
}

/** The account's attribute definitions among `ids`. */
export function attributeDefinitions(db: Db, accountId: number, ids: number[]) {
  return db
    .select()
    .from(attributes)
    .where(and(eq(attributes.accountId, accountId), inArray(attributes.id, ids)));
}

/** Sets a product's columns (already in their stored form). */
export async function updateProduct(db: Db, productId: number, set: Record<string, unknown>) {
  await db.update(products).set(set).where(eq(products.id, productId));
}

/** Removes every attribute value of a product (before a full replacement). */
export async function deleteProductAttributes(db: Db, productId: number) {
  await db.delete(productAttributes).where(eq(productAttributes.productId, productId));
}

/** Sets one attribute's value on a product, adding it when the product does not have it yet. */
export async function upsertProductAttribute(
  db: Db,
  productId: number,
  value: { attributeId: number; valueJSON: Record<string, string[]> },
) {
  await db
    .insert(productAttributes)
    .values({ productId, attributeId: value.attributeId, valueJSON: value.valueJSON })
    .onConflictDoUpdate({
      target: [productAttributes.productId, productAttributes.attributeId],
      set: { valueJSON: value.valueJSON },
    });
}

/**
 * product_listing_data with the changed SEO fields merged into its `seo` key, in one statement: the other
 * keys (a used product's condition data) and the SEO fields not sent stay as they are; cleared ones go.
 */
export function listingDataWithSeo(seo: NonNullable<ProductPatch['seo']>): SQL {
  const key = sql.raw(`'${SEO_LISTING_KEY}'`);
  const current = sql`coalesce(${products.productListingData}, '{}'::jsonb)`;
  const stored = sql`case when jsonb_typeof(${current} -> ${key}) = 'object' then ${current} -> ${key} else '{}'::jsonb end`;
  return sql`${current} || jsonb_build_object(${key}, jsonb_strip_nulls(${stored} || ${JSON.stringify(seo)}::jsonb))`;
}
