import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productSiteCategories, siteCategories } from '../../db/schema';

// The SQL of site-categories.service.ts: the marketplaces' categories and the account's products listed
// under them.

const siteCategoryColumns = {
  id: siteCategories.id,
  siteId: siteCategories.siteId,
  categoryId: siteCategories.categoryId,
  alternativeId: siteCategories.alternativeId,
  name: siteCategories.name,
  path: siteCategories.path,
};

/** The first 50 categories of the given sites by site and path, those whose path is like `pattern` if given. */
export function searchSiteCategoryRows(db: Db, siteIds: number[], pattern: string | null) {
  return db
    .select(siteCategoryColumns)
    .from(siteCategories)
    .where(
      and(inArray(siteCategories.siteId, siteIds), pattern ? ilike(siteCategories.path, pattern) : undefined),
    )
    .orderBy(asc(siteCategories.siteId), asc(siteCategories.path))
    .limit(50);
}

/** The site category, when it is on one of the given sites. */
export async function findSiteCategory(db: Db, siteCategoryId: number, siteIds: number[]) {
  const [siteCategory] = await db
    .select(siteCategoryColumns)
    .from(siteCategories)
    .where(and(eq(siteCategories.id, siteCategoryId), inArray(siteCategories.siteId, siteIds)));
  return siteCategory;
}

type ProductSiteCategoryValues = typeof productSiteCategories.$inferInsert;

/** Lists the products under their site's category, replacing the category each had on that site. */
export async function upsertProductSiteCategories(
  tx: Db,
  values: ProductSiteCategoryValues[],
  set: Pick<ProductSiteCategoryValues, 'siteCategoryId' | 'modifiedBy' | 'modifiedAt'>,
) {
  await tx
    .insert(productSiteCategories)
    .values(values)
    .onConflictDoUpdate({ target: [productSiteCategories.productId, productSiteCategories.siteId], set });
}

/** The account's product's site categories, by site, with when each was set. */
export function productSiteCategoryRows(db: Db, accountId: number, productId: number) {
  return db
    .select({ ...siteCategoryColumns, modifiedAt: productSiteCategories.modifiedAt })
    .from(productSiteCategories)
    .innerJoin(siteCategories, eq(siteCategories.id, productSiteCategories.siteCategoryId))
    .where(
      and(eq(productSiteCategories.productId, productId), eq(productSiteCategories.accountId, accountId)),
    )
    .orderBy(asc(siteCategories.siteId));
}
