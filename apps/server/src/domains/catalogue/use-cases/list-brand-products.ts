import type { AppDeps } from '../../../deps';
import { notFound } from '../../../http/errors';
import type { AuthContext } from '../../auth/auth-cache';
import { brandProductsWhere, findBrand } from '../products.repository';
import { loadProducts } from './load-products';

/** GET brand/{brandId}/products: every product of the brand with the given active state, sorted by SKU. */
export async function listBrandProducts(deps: AppDeps, auth: AuthContext, brandId: number, isActive: number) {
  const brand = await findBrand(deps.db, auth.accountId, brandId);
  if (!brand) throw notFound(`Brand ${brandId} not found.`);
  return loadProducts(deps, auth, brandProductsWhere(brandId, isActive));
}
