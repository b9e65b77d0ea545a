import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../../deps';
import { notFound } from '../../../http/errors';
import type { AuthContext } from '../../auth/auth-cache';
import { loadProducts } from './load-products';

/**
 * GET product/{productId}/family: the product's family (its parent, or itself as the parent, and every product
 * under that parent), by SKU, as the brand list answers products; the attributes panel's family table reads it.
 */
export async function listFamily(deps: AppDeps, auth: AuthContext, productId: number) {
  const family = await loadProducts(
    deps,
    auth,
    sql`coalesce(products.parent_product_id, products.id) = (
      select coalesce(p.parent_product_id, p.id) from products p
       where p.id = ${productId} and p.account_id = ${auth.accountId})`,
  );
  if (!family.some((p) => p.id === productId)) throw notFound(`Product ${productId} not found.`);
  return family;
}
