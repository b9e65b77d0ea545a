import {
  canDeactivateProduct,
  DEACTIVATE_BLOCKED_TITLE,
  deactivationBlock,
  normalizeUpc,
  type ProductPatch,
  TRAINED_SHIPPING_FIELDS,
  TRAINED_SHIPPING_FORBIDDEN_MESSAGE,
} from '@backroom/shared';
import type { Db } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import { hasPermission } from '../../../http/auth-guard';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors';
import type { AuthContext } from '../../auth/auth-cache';
import { inventorySummaries } from '../inventory-summary';
import {
  attributeDefinitions,
  deleteProductAttributes,
  existingIds,
  listingDataWithSeo,
  productsToPatch,
  type ReferenceKind,
  updateProduct,
  upsertProductAttribute,
} from '../products.repository';

/**
 * PATCH products: every change in one transaction, all or nothing. The server applies the rules too:
 * a simple product that still holds units is not deactivated, UPCs are normalised, references must be
 * this account's own.
 */
export async function patchProducts(deps: AppDeps, auth: AuthContext, patches: ProductPatch[]) {
  const ids = [...new Set(patches.map((p) => p.id))];
  if (ids.length !== patches.length) throw badRequest('Each product may appear only once in a save.');
  // 'Update Trained Shipping' is offered only with adminUserAccess (§2.4); a request without it is refused.
  const trained = patches.some((p) => TRAINED_SHIPPING_FIELDS.some((field) => p[field] !== undefined));
  if (trained && !hasPermission(auth, 'adminUserAccess')) throw forbidden(TRAINED_SHIPPING_FORBIDDEN_MESSAGE);
  const existing = await productsToPatch(deps.db, auth.accountId, ids);
  const byId = new Map(existing.map((p) => [p.id, p]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw notFound(`Product ${missing.slice(0, 5).join(', ')} not found.`);
  await refuseHeldDeactivations(deps.db, auth.accountId, patches, byId);
  await checkReferences(deps.db, auth.accountId, patches);
  await checkAttributeValues(deps.db, auth.accountId, patches);

  const now = new Date();
  await deps.db.transaction(async (tx) => {
    for (const patch of patches) await applyPatch(tx, patch, auth.userId, now);
  });
  return ids.map((id) => ({ id }));
}

/** The rules of catalogue-admin.md §4.1, as the screen applies them (shared): a simple product holding units stays active. */
async function refuseHeldDeactivations(
  db: Db,
  accountId: number,
  patches: ProductPatch[],
  byId: Map<number, { sku: string; typeId: number }>,
) {
  const deactivating = patches
    .filter((p) => p.isActive === 0 && byId.get(p.id)!.typeId === 0)
    .map((p) => p.id);
  if (deactivating.length === 0) return;
  const stock = await inventorySummaries(db, accountId, deactivating);
  const held = deactivating.filter((id) => {
    const product = { typeId: 0, inventory: stock.get(id) ?? null };
    return !canDeactivateProduct(product) || deactivationBlock([product]) !== null;
  });
  if (held.length) {
    const skus = held.slice(0, 5).map((id) => byId.get(id)!.sku);
    throw conflict(`${DEACTIVATE_BLOCKED_TITLE}: ${skus.join(', ')}${held.length > 5 ? ' …' : ''}`);
  }
}

/** Brands, categories, parent products and packaging named in a save must be this account's. */
async function checkReferences(db: Db, accountId: number, patches: ProductPatch[]) {
  const want = (
    key: 'brandId' | 'categoryId' | 'parentProductId' | 'trainedPackagingId' | 'warehousePackagingId',
  ) => [...new Set(patches.map((p) => p[key]).filter((v): v is number => typeof v === 'number'))];
  const checks: [string, ReferenceKind, number[]][] = [
    ['Brand', 'brand', want('brandId')],
    ['Category', 'category', want('categoryId')],
    ['Product', 'product', want('parentProductId')],
    [
      'Packaging',
      'packaging',
      [...new Set([...want('trainedPackagingId'), ...want('warehousePackagingId')])],
    ],
  ];
  const found = await Promise.all(checks.map(([, kind, ids]) => existingIds(db, accountId, kind, ids)));
  checks.forEach(([label, , ids], i) => {
    const bad = ids.filter((id) => !found[i]!.has(id));
    if (bad.length) throw badRequest(`${label} ${bad.join(', ')} does not exist.`);
  });
}

/** Attributes named in a save must be this account's, and each list holds at most its maxValues. */
async function checkAttributeValues(db: Db, accountId: number, patches: ProductPatch[]) {
  const attributeIds = [...new Set(patches.flatMap((p) => p.attributes?.map((a) => a.attributeId) ?? []))];
  if (attributeIds.length === 0) return;
  const defs = await attributeDefinitions(db, accountId, attributeIds);
  const byId = new Map(defs.map((d) => [d.id, d]));
  for (const patch of patches) {
    for (const value of patch.attributes ?? []) {
      const def = byId.get(value.attributeId);
      if (!def) throw badRequest(`Attribute ${value.attributeId} does not exist.`);
      for (const [list, values] of Object.entries(value.valueJSON)) {
        const max = def.lists.options.find((o) => o.list === list)?.maxValues ?? 0;
        if (max > 0 && values.length > max) {
          throw badRequest(
            `${def.name}${list === 'Default' ? '' : ` (${list})`} takes at most ${max} value${max === 1 ? '' : 's'}.`,
          );
        }
      }
    }
  }
}

/** One product's patch, written inside the save's transaction. */
async function applyPatch(tx: Db, patch: ProductPatch, userId: number, now: Date) {
  const { id, attributes: attrs, attributesReplace, seo, ...fields } = patch;
  const set: Record<string, unknown> = { ...fields, modifiedBy: userId, updatedAt: now };
  if (fields.upc !== undefined) set.normalizedUpc = fields.upc ? normalizeUpc(fields.upc) : null;
  for (const key of ['trainedShippingAt', 'imagesReviewedAt', 'imagesNextReviewAt'] as const) {
    if (fields[key] !== undefined) set[key] = fields[key] ? new Date(fields[key]) : null;
  }
  if (seo && Object.keys(seo).length) set.productListingData = listingDataWithSeo(seo);
  // numeric columns take decimal text: money to the cent, measures as given.
  for (const key of Object.keys(set)) {
    if (typeof set[key] !== 'number') continue;
    if (/^price|Cost$/.test(key)) set[key] = (set[key] as number).toFixed(2);
    else if (/Inch$|Ounce$/.test(key)) set[key] = String(set[key]);
  }
  await updateProduct(tx, id, set);
  if (!attrs) return;
  if (attributesReplace) await deleteProductAttributes(tx, id);
  for (const value of attrs) await upsertProductAttribute(tx, id, value);
}
