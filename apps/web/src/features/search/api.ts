import type { ProductPatch } from '@backroom/shared';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, apiOne } from '../../lib/api-client';
import { catalogueKeys, type Product, type ProductAttribute } from '../catalogue/api';

/** catalogue-admin.md §7 Search; {product} = backroom. */
const V0 = '/api/backroom';
/** "Table page sizes: … search … 250" (§9); also the server's largest `limit`. */
export const SEARCH_PAGE_SIZE = 250;
/** "Debounces: … search 500 ms" (§9). */
export const SEARCH_DEBOUNCE_MS = 500;
export interface SearchImage {
  id: number;
  isActive: number;
  isPrimaryImage: number;
}

/** A product as POST search/products answers it (§3 Search). */
export interface SearchProduct {
  id: number;
  sku: string;
  name: string;
  upc: string | null;
  mpn: string | null;
  brandId: number | null;
  isActive: number;
  images: SearchImage[];
  imagesReviewedAt: string | null;
  imagesNextReviewAt: string | null;
  attributes: ProductAttribute[];
}

/** The request of POST search/products (§3 Search), with server-side paging. */
export interface ProductSearchRequest {
  search: string;
  brandId?: number | null;
  vendorId?: number | null;
  categoryId?: number | null;
  purchasingStatusId?: number | null;
  activeIds?: number[];
  typeIds?: number[];
  strip?: boolean;
  limit?: number;
  offset?: number;
}

/** Which product the universal product view shows: by id (number) or by SKU (string). */
export interface ProductTarget {
  productId?: number;
  sku?: string;
}

export const searchKeys = {
  all: ['search'] as const,
  products: (request: ProductSearchRequest) => ['search', 'products', request] as const,
  product: (target: ProductTarget) => ['search', 'product', target] as const,
};

function fetchSearchPage(request: ProductSearchRequest, signal: AbortSignal | undefined, quiet: boolean) {
  return api<SearchProduct>('POST', `${V0}/search/products`, {
    body: { strip: true, limit: SEARCH_PAGE_SIZE, offset: 0, ...request },
    quiet,
    signal,
  });
}

/**
 * One page of search results. §8: "Search client error: Logged; an empty result is returned." A lost
 * session still leads to the login page (the API client does that even for quiet calls).
 */
export function useProductSearch(request: ProductSearchRequest | null) {
  return useQuery({
    queryKey: searchKeys.products(request ?? { search: '' }),
    queryFn: async ({ signal }) => {
      try {
        return await fetchSearchPage(request ?? { search: '' }, signal, true);
      } catch (error) {
        if (signal.aborted) throw error;
        console.error('Product search failed', error);
        return [];
      }
    },
    enabled: request !== null,
  });
}

/**
 * Finds one product through the search call: a SKU by its prefix search (then the exact SKU), an id by
 * paging through the catalogue, as there is no GET-by-id call yet.
 */
async function findProduct(target: ProductTarget, signal: AbortSignal): Promise<SearchProduct | null> {
  const sku = target.sku?.trim();
  if (sku) {
    const page = await fetchSearchPage({ search: sku }, signal, false);
    return page.find((p) => p.sku.toLowerCase() === sku.toLowerCase()) ?? null;
  }
  if (!target.productId) return null;
  try {
    return await apiOne<SearchProduct>('GET', `${V0}/product/${target.productId}`, { signal, quiet: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const useUniversalProduct = (target: ProductTarget) =>
  useQuery({
    queryKey: searchKeys.product(target),
    queryFn: ({ signal }) => findProduct(target, signal),
    enabled: Boolean(target.productId || target.sku?.trim()),
  });

/**
 * The full product (category, purchasing status …) from its brand's product list: the same call and cache
 * as the brand products page, since search results carry no category.
 */
export function useProductDetail(product: SearchProduct | null | undefined) {
  const brandId = product?.brandId ?? 0;
  const isActive = product?.isActive ?? 1;
  return useQuery({
    queryKey: catalogueKeys.brandProducts(brandId, isActive),
    queryFn: () => api<Product>('GET', `${V0}/brand/${brandId}/products?isActive=${isActive}`),
    enabled: brandId > 0,
    select: (list) => list.find((p) => p.id === product?.id) ?? null,
  });
}

export type ProductBasicsPatch = Pick<ProductPatch, 'id' | 'name' | 'upc' | 'mpn'>;

/** PATCH products with only the changed basic fields of one product. */
export function useSaveProductBasics() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProductBasicsPatch) =>
      api<{ id: number }>('PATCH', `${V0}/products`, { body: [patch] }),
    // Said here, not by the form: the form may be re-rendered by the refetch before a per-call callback runs.
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'Saved' });
      return Promise.all([
        client.invalidateQueries({ queryKey: searchKeys.all }),
        client.invalidateQueries({ queryKey: ['catalogue', 'brandProducts'] }),
      ]);
    },
  });
}
