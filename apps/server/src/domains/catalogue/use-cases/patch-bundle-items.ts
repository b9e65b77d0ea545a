import type { AppDeps } from '../../../deps';
import { notFound } from '../../../http/errors';
import type { AuthContext } from '../../auth/auth-cache';
import { bundleItemsOf, productExists, updateBundleItem } from '../products.repository';

interface BundleItemPatch {
  id: number;
  quantity?: number;
  isIncludedInCost?: boolean;
  isIncludedInMAP?: boolean;
  isIncludedInMSRP?: boolean;
}

/** PATCH bundle items: saves a bundle's component cards; every item must belong to that bundle of this account. */
export async function patchBundleItems(
  deps: AppDeps,
  auth: AuthContext,
  body: { productId: number; bundleItems: BundleItemPatch[] },
) {
  if (!(await productExists(deps.db, auth.accountId, body.productId))) {
    throw notFound(`Product ${body.productId} not found.`);
  }
  await deps.db.transaction(async (tx) => {
    for (const { id, ...fields } of body.bundleItems) {
      if (Object.keys(fields).length === 0) continue;
      if (!(await updateBundleItem(tx, body.productId, id, fields)))
        throw notFound(`Bundle item ${id} not found.`);
    }
  });
  return bundleItemsOf(deps.db, body.productId);
}
