import { MARKETPLACE_SITE_IDS, marketplaceName } from '@backroom/shared';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { ownProductIds, productExists } from './products.repository';
import * as repo from './site-categories.repository';

const like = (text: string) => `%${text.replace(/[%_\\]/g, '')}%`;

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
  const rows = await repo.searchSiteCategoryRows(deps.db, siteIds, body.search ? like(body.search) : null);
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
  const siteCategory = await repo.findSiteCategory(deps.db, body.siteCategoryId, [...MARKETPLACE_SITE_IDS]);
  if (!siteCategory) throw notFound(`Marketplace category ${body.siteCategoryId} not found.`);
  const own = await ownProductIds(deps.db, auth.accountId, body.productIds);
  const found = new Set(own.map((p) => p.id));
  const missing = body.productIds.filter((id) => !found.has(id));
  if (missing.length) {
    throw notFound(`Product ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''} not found.`);
  }
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    for (let i = 0; i < body.productIds.length; i += 1000) {
      await repo.upsertProductSiteCategories(
        tx,
        body.productIds.slice(i, i + 1000).map((productId) => ({
          accountId: auth.accountId,
          productId,
          siteId: siteCategory.siteId,
          siteCategoryId: siteCategory.id,
          modifiedBy: auth.userId,
          modifiedAt: now,
        })),
        { siteCategoryId: siteCategory.id, modifiedBy: auth.userId, modifiedAt: now },
      );
    }
  });
  return body.productIds.map((productId) => ({ productId, siteCategory: withSiteName(siteCategory) }));
}

/** A product's marketplace categories, one per marketplace, for the editor. */
export async function productSiteCategoriesOf(deps: AppDeps, auth: AuthContext, productId: number) {
  if (!(await productExists(deps.db, auth.accountId, productId)))
    throw notFound(`Product ${productId} not found.`);
  const rows = await repo.productSiteCategoryRows(deps.db, auth.accountId, productId);
  return rows.map((row) => ({ ...withSiteName(row), modifiedAt: row.modifiedAt.toISOString() }));
}
