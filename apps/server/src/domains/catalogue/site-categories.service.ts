import { MARKETPLACE_SITE_IDS, marketplaceName } from '@backroom/shared';
import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import { inIds } from '../../db/in-ids';
import { productSiteCategories, products, siteCategories } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';

const like = (text: string) => `%${text.replace(/[%_\\]/g, '')}%`;

const siteCategoryColumns = {
  id: siteCategories.id,
  siteId: siteCategories.siteId,
  categoryId: siteCategories.categoryId,
  alternativeId: siteCategories.alternativeId,
  name: siteCategories.name,
  path: siteCategories.path,
};

const withSiteName = <T extends { siteId: number }>(row: T) => ({
  ...row,
  siteName: marketplaceName(row.siteId),
});

/**
 * POST listing/siteCategory/search: the marketplaces' categories whose path contains the text, within the
 * given marketplaces (all of them when none are given), by marketplace and path; at most 50.
 */
export async function searchSiteCategories(deps: AppDeps, body: { search: string; siteIds?: number[] }) {
  const siteIds = body.siteIds?.length
    ? body.siteIds.filter((id) => MARKETPLACE_SITE_IDS.includes(id))
    : [...MARKETPLACE_SITE_IDS];
  if (siteIds.length === 0) return [];
  const rows = await deps.db
    .select(siteCategoryColumns)
    .from(siteCategories)
    .where(
      and(
        inArray(siteCategories.siteId, siteIds),
        body.search ? ilike(siteCategories.path, like(body.search)) : undefined,
      ),
    )
    .orderBy(asc(siteCategories.siteId), asc(siteCategories.path))
    .limit(50);
  return rows.map(withSiteName);
}

/**
 * PATCH listing/siteCategory: lists every given product under one marketplace category (replacing the
 * product's category on that marketplace), all or nothing. The products must be the account's own.
 */
export async function changeProductSiteCategory(
  deps: AppDeps,
  auth: AuthContext,
  body: { siteCategoryId: number; productIds: number[] },
) {
  const [siteCategory] = await deps.db
    .select(siteCategoryColumns)
    .from(siteCategories)
    .where(
      and(
        eq(siteCategories.id, body.siteCategoryId),
        inArray(siteCategories.siteId, [...MARKETPLACE_SITE_IDS]),
      ),
    );
  if (!siteCategory) throw notFound(`Marketplace category ${body.siteCategoryId} not found.`);
  const own = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.accountId, auth.accountId), inIds(products.id, body.productIds)));
  const found = new Set(own.map((p) => p.id));
  const missing = body.productIds.filter((id) => !found.has(id));
  if (missing.length) {
    throw notFound(`Product ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''} not found.`);
  }
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    for (let i = 0; i < body.productIds.length; i += 1000) {
      await tx
        .insert(productSiteCategories)
        .values(
          body.productIds.slice(i, i + 1000).map((productId) => ({
            accountId: auth.accountId,
            productId,
            siteId: siteCategory.siteId,
            siteCategoryId: siteCategory.id,
            modifiedBy: auth.userId,
            modifiedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [productSiteCategories.productId, productSiteCategories.siteId],
          set: { siteCategoryId: siteCategory.id, modifiedBy: auth.userId, modifiedAt: now },
        });
    }
  });
  return body.productIds.map((productId) => ({ productId, siteCategory: withSiteName(siteCategory) }));
}

/** A product's marketplace categories, one per marketplace, for the editor. */
export async function productSiteCategoriesOf(deps: AppDeps, auth: AuthContext, productId: number) {
  const [product] = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.accountId, auth.accountId)));
  if (!product) throw notFound(`Product ${productId} not found.`);
  const rows = await deps.db
    .select({ ...siteCategoryColumns, modifiedAt: productSiteCategories.modifiedAt })
    .from(productSiteCategories)
    .innerJoin(siteCategories, eq(siteCategories.id, productSiteCategories.siteCategoryId))
    .where(
      and(
        eq(productSiteCategories.productId, productId),
        eq(productSiteCategories.accountId, auth.accountId),
      ),
    )
    .orderBy(asc(siteCategories.siteId));
  return rows.map((row) => ({ ...withSiteName(row), modifiedAt: row.modifiedAt.toISOString() }));
}
