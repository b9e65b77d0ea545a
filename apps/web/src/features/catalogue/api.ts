import type { ProductPatch } from '@backroom/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiOne } from '../../lib/api-client';

/** catalogue-admin.md §7 Brand products, Search, Attributes. */
const V0 = '/api/backroom';
const V1 = '/api/v1/backroom';
/** "Cache: 2.5 minutes for brand and purchasing statuses." */
const TWO_AND_A_HALF_MINUTES = 150_000;

export interface Brand {
  id: number;
  name: string;
  alias: string;
}

/** An attribute on a product; the option lists come only with attribute definitions (attribute search). */
export interface ProductAttribute {
  id: number;
  name: string;
  valueJSON: Record<string, string[]>;
  lists?: { options: { list: string; options: string[]; maxValues: number }[] };
  isListRestricted?: number;
  isVariant: number;
  isFacet: number;
}

export interface InventoryLocation {
  id: number;
  warehouseId: number;
  productId: number;
  quantityAvailable: number;
  totals: { physicalQuantity: number };
}

export interface Product {
  id: number;
  sku: string;
  name: string;
  typeId: number;
  isActive: number;
  upc: string | null;
  normalizedUpc: string | null;
  mpn: string | null;
  parentProductId: number | null;
  brandId: number | null;
  categoryId: number | null;
  pricingStrategyId: number | null;
  purchasingStatusId: number | null;
  productConditionId: number;
  priceCost: number;
  priceMAP: number;
  verifiedPriceMAP: number;
  priceSale: number;
  harmonizedCode: string | null;
  isCloseout: number;
  productHeightInch: number;
  productWidthInch: number;
  productLengthInch: number;
  productWeightOunce: number;
  packageHeightInch: number;
  packageWidthInch: number;
  packageLengthInch: number;
  packageWeightOunce: number;
  pricingStrategy: { id: number; code: string; label: string; name: string } | null;
  purchasingStatus: { id: number; name: string } | null;
  category: { id: number; name: string; path: string } | null;
  attributes: ProductAttribute[];
  inventory: {
    totalQuantityAvailable: number;
    totalNonFulfillableQuantityAvailable: number;
    totalQuantityOnHand: number;
    totalQuantityOnOrder: number;
    totalNonfulfillableQuantityOnHand: number;
    totalNonfulfillableQuantityInbound: number;
    locations: InventoryLocation[];
  };
}

export interface Category {
  id: number;
  name: string;
  parentId: number | null;
  path: string;
  paths: string[];
  attributes: { id: number; name: string; isRequired: number }[];
}

export const catalogueKeys = {
  all: ['catalogue'] as const,
  brands: ['catalogue', 'brands'] as const,
  brand: (id: number) => ['catalogue', 'brand', id] as const,
  brandProducts: (brandId: number, isActive: number) =>
    ['catalogue', 'brandProducts', brandId, isActive] as const,
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

export const useBrandProducts = (brandId: number, isActive: number) =>
  useQuery({
    queryKey: catalogueKeys.brandProducts(brandId, isActive),
    queryFn: () => api<Product>('GET', `${V0}/brand/${brandId}/products?isActive=${isActive}`),
  });

export const usePricingStrategies = () =>
  useQuery({
    queryKey: catalogueKeys.pricingStrategies,
    queryFn: () => api<{ id: number; code: string; label: string }>('GET', `${V0}/product/pricingStrategies`),
    staleTime: 60_000,
  });

export const usePurchasingStatuses = () =>
  useQuery({
    queryKey: catalogueKeys.purchasingStatuses,
    queryFn: () => api<{ id: number; name: string }>('GET', `${V0}/product/purchasingStatuses`),
    staleTime: TWO_AND_A_HALF_MINUTES,
  });

export const useVendors = () =>
  useQuery({
    queryKey: catalogueKeys.vendors,
    queryFn: () => api<{ id: number; name: string }>('GET', `${V0}/account/vendors`),
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
    queryFn: () => api<ProductAttribute>('POST', `${V0}/attribute/search`, { body: { search } }),
    enabled,
  });

/** PATCH products: only the changed fields of each changed product; all or nothing. */
export function useSaveProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProductPatch[]) =>
      api<{ id: number }>('PATCH', `${V0}/products`, { body: changes }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['catalogue', 'brandProducts'] }),
  });
}

export function useCreateBrand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiOne<Brand>('PATCH', `${V0}/brands`, { body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: catalogueKeys.brands }),
  });
}

export function siteCategorySuggestions(siteId: number, productCategoryIds: number[]) {
  return api<{ categoryId: string; categoryName: string; alternativeId: string | null; path: string }>(
    'POST',
    `${V1}/listing/siteCategorySuggestions`,
    { body: { siteId, productCategoryIds } },
  );
}
