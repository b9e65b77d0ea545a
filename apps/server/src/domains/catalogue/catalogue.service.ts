import {
  type AttributeSave,
  assignedBarcodeMessage,
  NO_UNUSED_BARCODE,
  TOP_SITE_CATEGORY_SUGGESTIONS,
} from '@backroom/shared';
import { and, asc, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors';
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
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';

const like = (text: string) => `%${text.replace(/[%_\\]/g, '')}%`;

export async function getBrand(deps: AppDeps, auth: AuthContext, id: number) {
  const [brand] = await deps.db
    .select()
    .from(brands)
    .where(and(eq(brands.id, id), eq(brands.accountId, auth.accountId)));
  if (!brand) throw notFound(`Brand ${id} not found.`);
  return { id: brand.id, name: brand.name, alias: brand.alias, accountId: brand.accountId };
}

export function listBrands(deps: AppDeps, auth: AuthContext) {
  return deps.db
    .select({ id: brands.id, name: brands.name, alias: brands.alias })
    .from(brands)
    .where(eq(brands.accountId, auth.accountId))
    .orderBy(asc(brands.name));
}

/** 'Create New Brand': the alias (used in SKUs) is made from the name's letters, kept unique in the account. */
export async function createBrand(deps: AppDeps, auth: AuthContext, name: string) {
  const base =
    name
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 3) || 'BR';
  const taken = new Set((await listBrands(deps, auth)).map((b) => b.alias));
  let alias = base;
  for (let n = 2; taken.has(alias); n++) alias = `${base}${n}`;
  try {
    const [brand] = await deps.db
      .insert(brands)
      .values({ accountId: auth.accountId, name, alias })
      .returning();
    return { id: brand!.id, name: brand!.name, alias: brand!.alias, accountId: brand!.accountId };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A brand named ${name} already exists.`);
    throw error;
  }
}

export const listPricingStrategies = (deps: AppDeps) =>
  deps.db.select().from(pricingStrategies).orderBy(pricingStrategies.id);
export const listPurchasingStatuses = (deps: AppDeps) =>
  deps.db.select().from(purchasingStatuses).orderBy(purchasingStatuses.id);

export function listVendors(deps: AppDeps, auth: AuthContext) {
  return deps.db
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(eq(vendors.accountId, auth.accountId))
    .orderBy(asc(vendors.name));
}

/** Categories whose path contains the text, with their attributes and the path as a list. */
export async function searchCategories(deps: AppDeps, auth: AuthContext, search: string) {
  const rows = await deps.db
    .select()
    .from(categories)
    .where(
      and(
        eq(categories.accountId, auth.accountId),
        search ? ilike(categories.path, like(search)) : undefined,
      ),
    )
    .orderBy(asc(categories.path))
    .limit(50);
  const ids = rows.map((r) => r.id);
  const attrs = ids.length
    ? await deps.db
        .select({
          categoryId: categoryAttributes.categoryId,
          isRequired: categoryAttributes.isRequired,
          id: attributes.id,
          name: attributes.name,
        })
        .from(categoryAttributes)
        .innerJoin(attributes, eq(attributes.id, categoryAttributes.attributeId))
        .where(inArray(categoryAttributes.categoryId, ids))
    : [];
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    parentId: c.parentId,
    paths: c.path.split(' > '),
    path: c.path,
    attributes: attrs.filter((a) => a.categoryId === c.id).map(({ categoryId: _c, ...a }) => a),
  }));
}

export function searchAttributes(deps: AppDeps, auth: AuthContext, search: string) {
  return deps.db
    .select()
    .from(attributes)
    .where(
      and(
        eq(attributes.accountId, auth.accountId),
        search ? ilike(attributes.name, like(search)) : undefined,
      ),
    )
    .orderBy(asc(attributes.name))
    .limit(100)
    .then((rows) => rows.map(({ accountId: _a, createdAt: _c, ...a }) => a));
}

/**
 * PATCH attribute: creates an attribute, or changes the account's attribute `id` (its name, flags and value
 * lists). Products keep the values they hold when a list loses an option: the lists say what may be chosen
 * next, they do not rewrite what was chosen.
 */
export async function saveAttribute(deps: AppDeps, auth: AuthContext, body: AttributeSave) {
  const fields = {
    name: body.name,
    isVariant: body.isVariant,
    isFacet: body.isFacet,
    ...(body.isListRestricted !== undefined ? { isListRestricted: body.isListRestricted } : {}),
    ...(body.lists !== undefined ? { lists: body.lists } : {}),
  };
  try {
    const [row] =
      body.id === undefined
        ? await deps.db
            .insert(attributes)
            .values({ accountId: auth.accountId, ...fields })
            .returning()
        : await deps.db
            .update(attributes)
            .set(fields)
            .where(and(eq(attributes.id, body.id), eq(attributes.accountId, auth.accountId)))
            .returning();
    if (!row) throw notFound(`Attribute ${body.id} not found.`);
    const { accountId: _a, createdAt: _c, ...attribute } = row;
    return attribute;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`An attribute named ${body.name} already exists.`);
    throw error;
  }
}

/** The best-matching marketplace categories for our categories on one site: top 5 by score. */
export async function siteCategorySuggestions(
  deps: AppDeps,
  auth: AuthContext,
  siteId: number,
  productCategoryIds: number[],
) {
  const own = await deps.db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.accountId, auth.accountId), inArray(categories.id, productCategoryIds)));
  if (own.length === 0) return [];
  const rows = await deps.db
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
      and(
        eq(siteCategories.siteId, siteId),
        inArray(
          siteCategoryMatches.productCategoryId,
          own.map((c) => c.id),
        ),
      ),
    )
    .groupBy(siteCategories.id)
    .orderBy(desc(sql`sum(${siteCategoryMatches.score})`), asc(siteCategories.path))
    .limit(TOP_SITE_CATEGORY_SUGGESTIONS);
  // The resolved site category carries our id too, so choosing a suggestion can apply it at once.
  return rows.map((r) => ({
    ...r,
    siteCategory: { id: r.id, siteId: r.siteId, path: r.path.split(' > ').join(' > ') },
  }));
}

/** Takes the next unused barcode of the account's pool (row-locked, so two people never get the same one). */
export async function assignPoolBarcode(deps: AppDeps, auth: AuthContext, productId?: number) {
  if (productId) {
    const [own] = await deps.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.accountId, auth.accountId)));
    if (!own) throw notFound(`Product ${productId} not found.`);
  }
  return deps.db.transaction(async (tx) => {
    const [next] = await tx
      .select()
      .from(barcodePool)
      .where(and(eq(barcodePool.accountId, auth.accountId), isNull(barcodePool.assignedAt)))
      .orderBy(barcodePool.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) throw notFound(NO_UNUSED_BARCODE);
    await tx
      .update(barcodePool)
      .set({ assignedAt: new Date(), assignedProductId: productId ?? null })
      .where(eq(barcodePool.id, next.id));
    return { barcode: next.barcode, message: assignedBarcodeMessage(next.barcode) };
  });
}
