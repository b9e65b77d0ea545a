import {
  type AssignedBarcode,
  type AttachedProductImage,
  type Attribute,
  type AttributeSave,
  type Brand,
  type BundleItem,
  type Category,
  type InventorySummary,
  PAPER_ID,
  type Packaging,
  type PricingStrategy,
  type Product,
  type ProductDetail,
  type ProductPatch,
  type ProductQueue,
  type ProductSiteCategory,
  type PurchasingStatus,
  queueProductsPath,
  type RegisteredImage,
  type ReleasedBarcode,
  type SiteCategory,
  type SiteCategoryChange,
  type SiteCategorySuggestion,
  type UploadedImage,
  type VendorOption,
} from '@backroom/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { api, apiOne } from '../../lib/api-client';

/** catalogue-admin.md §7 Brand products, Search, Attributes. */
const V0 = '/api/backroom';
const V1 = '/api/v1/backroom';
/** "Cache: 2.5 minutes for brand and purchasing statuses." */
const TWO_AND_A_HALF_MINUTES = 150_000;

export const catalogueKeys = {
  all: ['catalogue'] as const,
  brands: ['catalogue', 'brands'] as const,
  brand: (id: number) => ['catalogue', 'brand', id] as const,
  brandProducts: (brandId: number, isActive: number) =>
    ['catalogue', 'brandProducts', brandId, isActive] as const,
  productsByIds: (ids: readonly number[]) => ['catalogue', 'productsByIds', ids.join(',')] as const,
  packaging: ['catalogue', 'packaging'] as const,
  pricingStrategies: ['catalogue', 'pricingStrategies'] as const,
  purchasingStatuses: ['catalogue', 'purchasingStatuses'] as const,
  vendors: ['catalogue', 'vendors'] as const,
  categories: (search: string) => ['catalogue', 'categories', search] as const,
  attributes: (search: string) => ['catalogue', 'attributes', search] as const,
};

export const useBrands = () =>
  useQuery({
    queryKey: catalogueKeys.brands,
    queryFn: () => api<Brand>('GET', `${V0}/account/brands?eager=[]`),
  });

export const useBrand = (id: number) =>
  useQuery({
    queryKey: catalogueKeys.brand(id),
    queryFn: () => apiOne<Brand>('GET', `${V0}/account/brand/${id}`),
    staleTime: TWO_AND_A_HALF_MINUTES,
  });

/**
 * The brand page's list: the brand's products, or, while a product queue is active, the queue's own address
 * (§7: eager=true, brandId, isActive) answering the same rows limited to the queue.
 */
export const useBrandProducts = (brandId: number, isActive: number, queueId = 0) =>
  useQuery<Product[], Error, Product[], readonly unknown[]>({
    queryKey: queueId
      ? [...catalogueKeys.brandProducts(brandId, isActive), 'queue', queueId]
      : catalogueKeys.brandProducts(brandId, isActive),
    queryFn: () =>
      api<Product>(
        'GET',
        queueId
          ? queueProductsPath(queueId, brandId, isActive)
          : `${V0}/brand/${brandId}/products?isActive=${isActive}`,
      ),
  });

/** The manage products list: the account's products among the ids, sorted by SKU; off while `ids` is empty. */
export const useProductsByIds = (ids: readonly number[]) =>
  useQuery({
    queryKey: catalogueKeys.productsByIds(ids),
    queryFn: () => api<Product>('GET', `${V0}/products?productIds=${ids.join(',')}`),
    enabled: ids.length > 0,
  });

/** Account packaging (§3): the boxes 'Update Trained Shipping' chooses from. */
export const usePackaging = (enabled = true) =>
  useQuery({
    queryKey: catalogueKeys.packaging,
    queryFn: () => api<Packaging>('GET', `${V0}/warehouse/packaging`),
    staleTime: 60_000,
    enabled,
  });

export const usePricingStrategies = () =>
  useQuery({
    queryKey: catalogueKeys.pricingStrategies,
    queryFn: () => api<PricingStrategy>('GET', `${V0}/product/pricingStrategies`),
    staleTime: 60_000,
  });

export const usePurchasingStatuses = () =>
  useQuery({
    queryKey: catalogueKeys.purchasingStatuses,
    queryFn: () => api<PurchasingStatus>('GET', `${V0}/product/purchasingStatuses`),
    staleTime: TWO_AND_A_HALF_MINUTES,
  });

export const useVendors = () =>
  useQuery({
    queryKey: catalogueKeys.vendors,
    queryFn: () => api<VendorOption>('GET', `${V0}/account/vendors`),
  });

export const useCategorySearch = (search: string, enabled = true) =>
  useQuery({
    queryKey: catalogueKeys.categories(search),
    queryFn: () => api<Category>('POST', `${V0}/category/search`, { body: { search } }),
    enabled,
  });

export const useAttributeSearch = (search: string, enabled = true) =>
  useQuery({
    queryKey: catalogueKeys.attributes(search),
    queryFn: () => api<Attribute>('POST', `${V0}/attribute/search`, { body: { search } }),
    enabled,
  });

/** PATCH products: only the changed fields of each changed product; all or nothing. */
export function useSaveProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProductPatch[]) =>
      api<{ id: number }>('PATCH', `${V0}/products`, { body: changes }),
    // The lists reload in the background: a save is done when the server has it, not when a 10,000-product
    // brand has been read again (returning this promise kept Save spinning, and the page's own onSuccess
    // waiting, for the whole reload).
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['catalogue', 'brandProducts'] });
      void client.invalidateQueries({ queryKey: ['catalogue', 'productsByIds'] });
    },
  });
}

export function useCreateBrand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiOne<Brand>('PATCH', `${V0}/brands`, { body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: catalogueKeys.brands }),
  });
}

/** POST listing/siteCategorySuggestions (§7): the top 5 for one site; failures are the caller's to show. */
export function siteCategorySuggestions(siteId: number, productCategoryIds: number[]) {
  return api<SiteCategorySuggestion>('POST', `${V1}/listing/siteCategorySuggestions`, {
    body: { siteId, productCategoryIds },
    quiet: true,
  });
}

// --- Product editor (§2.3, §2.11) ---

export const productDetailKey = (id: number) => ['catalogue', 'product', id] as const;

export const useProduct = (id: number) =>
  useQuery({
    queryKey: productDetailKey(id),
    queryFn: () => apiOne<ProductDetail>('GET', `${V0}/product/${id}`),
    enabled: id > 0,
  });

/** §4 Image flow: upload the file to storage, then register it against the account and user. */
export async function uploadImage(file: File): Promise<{ imageId: number; url: string }> {
  const form = new FormData();
  form.append('file', file);
  const uploaded = await apiOne<UploadedImage>('POST', `${V0}/cloudinary/upload`, { body: form });
  const image = await apiOne<RegisteredImage>('PATCH', `${V0}/image`, {
    body: {
      cloudinaryUUID: uploaded.public_id,
      cloudinaryJSON: { width: uploaded.width, height: uploaded.height, secure_url: uploaded.secure_url },
    },
  });
  return { imageId: image.id, url: uploaded.secure_url };
}

export interface ProductImagePatch {
  id?: number;
  productId: number;
  imageId: number;
  isPrimaryImage?: 0 | 1;
  isActive?: 0 | 1;
  sortOrder?: number;
}

/** PATCH product/image, several in a row (a drag re-numbers every image); the product is then re-read. */
export function useSaveProductImages(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patches: ProductImagePatch[]) => {
      for (const patch of patches)
        await api<AttachedProductImage>('PATCH', `${V0}/product/image`, { body: patch });
    },
    onSettled: () => client.invalidateQueries({ queryKey: productDetailKey(productId) }),
  });
}

export function useSaveBundleItems(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bundleItems: Partial<BundleItem>[]) =>
      api<BundleItem>('PATCH', `${V0}/product/bundleItems`, { body: { productId, bundleItems } }),
    onSuccess: (items) =>
      client.setQueryData<ProductDetail>(productDetailKey(productId), (detail) =>
        detail ? { ...detail, bundleItems: items } : detail,
      ),
  });
}

export interface UsedVariantRequest {
  sourceProductId: number;
  productConditionId: number;
  brandId: number;
  upc: string;
  sku?: string;
  categoryId?: number | null;
  pricingStrategyId?: number;
  purchasingStatusId?: number;
  serialNumber?: string | null;
  productListingData?: Record<string, unknown>;
  images: { imageId: number; isPrimaryImage: 0 | 1; isActive: 0 | 1 }[];
}

export function useCreateVariant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UsedVariantRequest) => apiOne<ProductDetail>('PUT', `${V0}/product`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['catalogue', 'brandProducts'] }),
  });
}

/** The barcode pool: the next unused UPC of the account ('No Unused Barcode Found' when empty). */
const assignPoolBarcode = () =>
  apiOne<AssignedBarcode>('POST', `${V1}/product/barcodePool/assign`, { body: {} });

const releasePoolBarcode = (barcode: string, keepalive = false) =>
  apiOne<ReleasedBarcode>('POST', `${V1}/product/barcodePool/release`, {
    body: { barcode },
    quiet: true,
    keepalive,
  }).catch(() => null);

/**
 * 'Pool Barcode' for a draft product (a used variant being made): takes the next unused barcode, and gives it
 * back to the pool once the draft no longer uses it: another UPC typed or taken, the draft cleared, the form
 * closed without making the product, the tab closed. The server keeps it when a product was made with it.
 * Call it where the draft lives, with the draft's UPC.
 */
export function usePoolBarcode(draftUpc: string) {
  const held = useRef<string | null>(null);
  useEffect(() => {
    if (held.current && held.current !== draftUpc.trim()) {
      void releasePoolBarcode(held.current);
      held.current = null;
    }
  }, [draftUpc]);
  useEffect(() => {
    const pageGone = () => {
      if (held.current) void releasePoolBarcode(held.current, true);
    };
    window.addEventListener('pagehide', pageGone);
    return () => {
      window.removeEventListener('pagehide', pageGone);
      if (held.current) void releasePoolBarcode(held.current);
      held.current = null;
    };
  }, []);
  return useCallback(async () => {
    const assigned = await assignPoolBarcode();
    if (held.current && held.current !== assigned.barcode) void releasePoolBarcode(held.current);
    held.current = assigned.barcode;
    return assigned;
  }, []);
}

/** The editor's three print buttons (§7 Printing). */
export function printProductLabel(
  paperId: number,
  serverPrinterId: number,
  product: { id: number; sku: string; name: string; upc: string | null },
) {
  if (paperId === PAPER_ID.productBarcodeLabel) {
    return api('POST', `${V1}/print/printProductPackageLabel`, {
      body: { serverPrinterId, barcode: product.upc ?? '', labelSku: product.sku, labelTitle: product.name },
    });
  }
  const path = paperId === PAPER_ID.retailProductLabel ? 'printRetailProductLabel' : 'printMiniPackageLabel';
  return api('POST', `${V1}/print/${path}`, { body: { serverPrinterId, productId: product.id } });
}

// --- Brand page: inventory quantity, product queues, marketplace categories (§2.2, §2.4, §4.1, §7) ---

/** PATCH product/inventory: one location's quantityAvailable; answers the product's new inventory. */
export const saveQuantityAvailable = (productId: number, warehouseId: number, quantityAvailable: number) =>
  apiOne<InventorySummary>('PATCH', `${V0}/product/inventory`, {
    body: { productId, warehouseId, quantityAvailable },
    quiet: true,
  });

export const useProductQueues = () =>
  useQuery({
    queryKey: ['catalogue', 'productQueues'],
    queryFn: () => api<ProductQueue>('GET', `${V0}/productQueues`),
  });

export function useCreateQueue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; productIds: number[] }) =>
      apiOne<ProductQueue>('PUT', `${V0}/productQueue`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['catalogue', 'productQueues'] }),
  });
}

export const useSiteCategorySearch = (search: string, siteIds: number[], enabled: boolean) =>
  useQuery({
    queryKey: ['catalogue', 'siteCategories', search, siteIds],
    queryFn: () =>
      api<SiteCategory>('POST', `${V1}/listing/siteCategory/search`, { body: { search, siteIds } }),
    enabled,
  });

/** A product's marketplace categories, one per marketplace. */
export const useProductSiteCategories = (productId: number) =>
  useQuery({
    queryKey: ['catalogue', 'productSiteCategories', productId],
    queryFn: () => api<ProductSiteCategory>('GET', `${V1}/product/${productId}/siteCategories`),
    enabled: productId > 0,
  });

/** PATCH listing/siteCategory: the products listed under one marketplace category, all or nothing. */
export function useChangeSiteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { siteCategoryId: number; productIds: number[] }) =>
      api<SiteCategoryChange>('PATCH', `${V1}/listing/siteCategory`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['catalogue', 'productSiteCategories'] }),
  });
}

/** The attributes screen's list: the account's attributes whose name holds `search` (100 at most). */
export const useAttributes = (search: string) =>
  useQuery({
    queryKey: ['catalogue', 'attributeDefinitions', search] as const,
    queryFn: () => api<Attribute>('POST', `${V0}/attribute/search`, { body: { search } }),
    placeholderData: (previous) => previous,
  });

/** PATCH attribute: creates one (no id) or changes it; every attribute list and picker reloads. */
export function useSaveAttribute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttributeSave) => apiOne<Attribute>('PATCH', `${V0}/attribute`, { body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['catalogue', 'attributeDefinitions'] }),
        client.invalidateQueries({ queryKey: ['catalogue', 'attributes'] }),
      ]),
  });
}
