import type { AppDeps } from '../../../deps';
import type { AuthContext } from '../../auth/auth-cache';
import { productIdIn } from '../products.repository';
import { loadProducts } from './load-products';

/** GET products?productIds=…: the manage products list, the account's products among the ids, by SKU. */
export function listProductsByIds(deps: AppDeps, auth: AuthContext, productIds: readonly number[]) {
  return loadProducts(deps, auth, productIdIn(productIds));
}
