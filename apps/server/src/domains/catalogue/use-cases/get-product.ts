import { readProductSeo } from '@backroom/shared';
import type { AppDeps } from '../../../deps';
import { notFound } from '../../../http/errors';
import type { AuthContext } from '../../auth/auth-cache';
import { bundleItemsOf, productIdIs, productImagesOf, vendorProductsOf } from '../products.repository';
import { loadProducts } from './load-products';

/** GET product/{productId}: one product as the brand list shows it, plus its images, vendors and bundle items. */
export async function getProduct(deps: AppDeps, auth: AuthContext, productId: number) {
  const [product] = await loadProducts(deps, auth, productIdIs(productId));
  if (!product) throw notFound(`Product ${productId} not found.`);
  const imageRows = await productImagesOf(deps.db, productId);
  const vendorRows = await vendorProductsOf(deps.db, productId);
  return {
    ...product,
    seo: readProductSeo(product.productListingData),
    images: imageRows,
    vendorProducts: vendorRows,
    bundleItems: await bundleItemsOf(deps.db, productId),
  };
}
