import { and, asc, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  attributes,
  barcodePool,
  brands,
  categories,
  categoryAttributes,
  pricingStrategies,
  products,
  purchasingStatuses,
  siteCategories,
  siteCategoryMatches,
  vendors,
} from '../../db/schema';

// The SQL of catalogue.service.ts: brands, vendors, categories, attributes, site category suggestions and the
// barcode pool of an account. Inside a transaction pass its `tx`.

export function listBrandRows(db: Db, accountId: number) {
  return db
    .select({ id: brands.id, name: brands.name, accountId: brands.accountId, alias: brands.alias })
    .from(brands)
    .where(eq(brands.accountId, accountId))
    .orderBy(asc(brands.name));
}

export async function insertBrand(db: Db, values: typeof brands.$inferInsert) {
  const [brand] = await db.insert(brands).values(values).returning();
  return brand;
}

export const listPricingStrategyRows = (db: Db) =>
  db.select().from(pricingStrategies).orderBy(pricingStrategies.id);
export const listPurchasingStatusRows = (db: Db) =>
  db.select().from(purchasingStatuses).orderBy(purchasingStatuses.id);

export function listVendorRows(db: Db, accountId: number) {
  return db
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(eq(vendors.accountId, accountId))
    .orderBy(asc(vendors.name));
}

/** The account's first 50 categories by path, those whose path is like `pattern` when one is given. */
export function findCategories(db: Db, accountId: number, pattern: string | null) {
  return db
    .select()
    .from(categories)
    .where(and(eq(categories.accountId, accountId), pattern ? ilike(categories.path, pattern) : undefined))
    .orderBy(asc(categories.path))
    .limit(50);
}

/** The attributes of the given categories, with whether each is required. */
export function categoryAttributesOf(db: Db, categoryIds: number[]) {
  return db
    .select({
      categoryId: categoryAttributes.categoryId,
      isRequired: categoryAttributes.isRequired,
      id: attributes.id,
      name: attributes.name,
    })
    .from(categoryAttributes)
    .innerJoin(attributes, eq(attributes.id, categoryAttributes.attributeId))
    .where(inArray(categoryAttributes.categoryId, categoryIds));
}

/** The account's first 100 attributes by name, those whose name is like `pattern` when one is given. */
export function findAttributes(db: Db, accountId: number, pattern: string | null) {
  return db
    .select()
    .from(attributes)
    .where(and(eq(attributes.accountId, accountId), pattern ? ilike(attributes.name, pattern) : undefined))
    .orderBy(asc(attributes.name))
    .limit(100);
}

type AttributeFields = Omit<typeof attributes.$inferInsert, 'accountId'>;

export function insertAttribute(db: Db, accountId: number, fields: AttributeFields) {
  return db
    .insert(attributes)
    .values({ accountId, ...fields })
    .returning();
}

/** Changes the account's attribute; answers it as a list, empty when the account has no such attribute. */
export function updateAttribute(db: Db, accountId: number, id: number, fields: AttributeFields) {
  return db
    .update(attributes)
    .set(fields)
    .where(and(eq(attributes.id, id), eq(attributes.accountId, accountId)))
    .returning();
}

/** Which of the given category ids are the account's. */
export function ownCategoryIds(db: Db, accountId: number, categoryIds: number[]) {
  return db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.accountId, accountId), inArray(categories.id, categoryIds)));
}

/** The site's categories matching the given categories, best total score first, `limit` of them. */
export function siteCategoryMatchesOf(db: Db, siteId: number, categoryIds: number[], limit: number) {
  return db
    .select({
      id: siteCategories.id,
      siteId: siteCategories.siteId,
      categoryId: siteCategories.categoryId,
      categoryName: siteCategories.name,
      alternativeId: siteCategories.alternativeId,
      path: siteCategories.path,
      score: sql<number>`sum(${siteCategoryMatches.score})::int`,
    })
    .from(siteCategoryMatches)
    .innerJoin(siteCategories, eq(siteCategories.id, siteCategoryMatches.siteCategoryId))
    .where(
      and(eq(siteCategories.siteId, siteId), inArray(siteCategoryMatches.productCategoryId, categoryIds)),
    )
    .groupBy(siteCategories.id)
    .orderBy(desc(sql`sum(${siteCategoryMatches.score})`), asc(siteCategories.path))
    .limit(limit);
}

/** The account's next unused barcode, locked (skipping rows another transaction holds). */
export async function lockNextPoolBarcode(tx: Db, accountId: number) {
  const [next] = await tx
    .select()
    .from(barcodePool)
    .where(and(eq(barcodePool.accountId, accountId), isNull(barcodePool.assignedAt)))
    .orderBy(barcodePool.id)
    .limit(1)
    .for('update', { skipLocked: true });
  return next;
}

export async function markBarcodeAssigned(
  tx: Db,
  barcodeId: number,
  productId: number | null,
  userId: number | null,
) {
  await tx
    .update(barcodePool)
    .set({ assignedAt: new Date(), assignedProductId: productId, assignedBy: userId })
    .where(eq(barcodePool.id, barcodeId));
}

/** The account's product whose UPC is this barcode, if any (a pool barcode already in use). */
export async function productWithUpc(db: Db, accountId: number, normalizedUpc: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.accountId, accountId), eq(products.normalizedUpc, normalizedUpc)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Gives a barcode back to the pool: only one the user took, no product was made with (none is linked to it
 * and none has it as its UPC). Answers whether it went back.
 */
export async function releasePoolBarcode(
  db: Db,
  accountId: number,
  userId: number,
  barcode: string,
  normalizedUpc: string,
) {
  const released = await db
    .update(barcodePool)
    .set({ assignedAt: null, assignedBy: null })
    .where(
      and(
        eq(barcodePool.accountId, accountId),
        eq(barcodePool.barcode, barcode),
        eq(barcodePool.assignedBy, userId),
        isNull(barcodePool.assignedProductId),
        sql`not exists (select 1 from products p where p.account_id = ${accountId} and p.normalized_upc = ${normalizedUpc})`,
      ),
    )
    .returning({ id: barcodePool.id });
  return released.length > 0;
}
