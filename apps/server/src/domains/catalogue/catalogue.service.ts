import {
  type AttributeSave,
  assignedBarcodeMessage,
  NO_UNUSED_BARCODE,
  normalizeUpc,
  TOP_SITE_CATEGORY_SUGGESTIONS,
} from '@backroom/shared';
import { isUniqueViolation } from '../../db/errors';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import * as repo from './catalogue.repository';
import { findBrand, productExists } from './products.repository';

const like = (text: string) => `%${text.replace(/[%_\\]/g, '')}%`;

export async function getBrand(deps: AppDeps, auth: AuthContext, id: number) {
  const brand = await findBrand(deps.db, auth.accountId, id);
  if (!brand) throw notFound(`Brand ${id} not found.`);
  return { id: brand.id, name: brand.name, alias: brand.alias, accountId: brand.accountId };
}

export function listBrands(deps: AppDeps, auth: AuthContext) {
  return repo.listBrandRows(deps.db, auth.accountId);
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
    const brand = await repo.insertBrand(deps.db, { accountId: auth.accountId, name, alias });
    return { id: brand!.id, name: brand!.name, alias: brand!.alias, accountId: brand!.accountId };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A brand named ${name} already exists.`);
    throw error;
  }
}

export const listPricingStrategies = (deps: AppDeps) => repo.listPricingStrategyRows(deps.db);
export const listPurchasingStatuses = (deps: AppDeps) => repo.listPurchasingStatusRows(deps.db);

export function listVendors(deps: AppDeps, auth: AuthContext) {
  return repo.listVendorRows(deps.db, auth.accountId);
}

/** Categories whose path contains the text, with their attributes and the path as a list. */
export async function searchCategories(deps: AppDeps, auth: AuthContext, search: string) {
  const rows = await repo.findCategories(deps.db, auth.accountId, search ? like(search) : null);
  const ids = rows.map((r) => r.id);
  const attrs = ids.length ? await repo.categoryAttributesOf(deps.db, ids) : [];
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
  return repo
    .findAttributes(deps.db, auth.accountId, search ? like(search) : null)
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
        ? await repo.insertAttribute(deps.db, auth.accountId, fields)
        : await repo.updateAttribute(deps.db, auth.accountId, body.id, fields);
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
  const own = await repo.ownCategoryIds(deps.db, auth.accountId, productCategoryIds);
  if (own.length === 0) return [];
  const rows = await repo.siteCategoryMatchesOf(
    deps.db,
    siteId,
    own.map((c) => c.id),
    TOP_SITE_CATEGORY_SUGGESTIONS,
  );
  // The resolved site category carries our id too, so choosing a suggestion can apply it at once.
  return rows.map((r) => ({
    ...r,
    siteCategory: { id: r.id, siteId: r.siteId, path: r.path.split(' > ').join(' > ') },
  }));
}

/** Takes the next unused barcode of the account's pool (row-locked, so two people never get the same one). */
export async function assignPoolBarcode(deps: AppDeps, auth: AuthContext, productId?: number) {
  if (productId) {
    if (!(await productExists(deps.db, auth.accountId, productId)))
      throw notFound(`Product ${productId} not found.`);
  }
  return deps.db.transaction(async (tx) => {
    for (;;) {
      const next = await repo.lockNextPoolBarcode(tx, auth.accountId);
      if (!next) throw notFound(NO_UNUSED_BARCODE);
      // A barcode given back while a product was being made with it is that product's now, not free.
      const owner = await repo.productWithUpc(tx, auth.accountId, normalizeUpc(next.barcode));
      await repo.markBarcodeAssigned(tx, next.id, owner ?? productId ?? null, auth.userId);
      if (owner === null) return { barcode: next.barcode, message: assignedBarcodeMessage(next.barcode) };
    }
  });
}

/**
 * Gives back a pool barcode a draft took and dropped (its form closed without making the product, or another
 * UPC typed instead): the next 'Pool Barcode' can hand it out again. Only the user who took it, and only while
 * no product has it.
 */
export async function releasePoolBarcode(deps: AppDeps, auth: AuthContext, barcode: string) {
  const released = await repo.releasePoolBarcode(
    deps.db,
    auth.accountId,
    auth.userId,
    barcode,
    normalizeUpc(barcode),
  );
  return { barcode, released };
}
