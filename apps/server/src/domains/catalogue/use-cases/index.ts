// The product use cases the catalogue routes call, one file each.
export { getProduct } from './get-product';
export { listBrandProducts } from './list-brand-products';
export { listFamily } from './list-family';
export { listProductsByIds } from './list-products-by-ids';
export { patchBundleItems } from './patch-bundle-items';
export { patchProducts } from './patch-products';
export { searchProducts } from './search-products';
