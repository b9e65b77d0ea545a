import type { ProductDetail, ProductPatch, ProductSeoPatch, SearchProduct } from '@backroom/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, apiOne } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { productDetailKey } from '../catalogue/api';

/** catalogue-admin.md §7 Search; {product} = backroom. */
const V0 = '/api/backroom';
/** "Table page sizes: … search … 250" (§9); also the server's largest `limit`. */
export const SEARCH_PAGE_SIZE = 250;
/** "Debounces: … search 500 ms" (§9). */
export const SEARCH_DEBOUNCE_MS = 500;
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

/** One product's change as the forms send it: the SEO fields before the server trims them. */
export type ProductPatchInput = Omit<ProductPatch, 'seo'> & { seo?: ProductSeoPatch };

/** Which product the universal product view shows: by id (number) or by SKU (string). */
export interface ProductTarget {
  productId?: number;
  sku?: string;
}

export const searchKeys = {
  all: ['search'] as const,
  products: (request: ProductSearchRequest) => ['search', 'products', request] as const,
  sku: (sku: string) => ['search', 'sku', sku] as const,
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

/** GET product/{id} as the universal product view reads it: the product detail with its SEO fields. */
export type UniversalProduct = ProductDetail;

/** A SKU's product id, through the search call (its prefix search, then the exact SKU, any case). */
async function findProductIdBySku(sku: string, signal: AbortSignal): Promise<number | null> {
  const page = await fetchSearchPage({ search: sku }, signal, false);
  return page.find((p) => p.sku.toLowerCase() === sku.toLowerCase())?.id ?? null;
}

/** One product's detail; null when there is none (or not in this account). */
async function fetchProduct(id: number, signal: AbortSignal): Promise<UniversalProduct | null> {
  try {
    return await apiOne<UniversalProduct>('GET', `${V0}/product/${id}`, { signal, quiet: true });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return null;
    throw error;
  }
}

/**
 * The product the universal view shows, by id or by SKU. It is cached under the product editor's key, so
 * an image saved by the shared images section refreshes it too.
 */
export function useUniversalProduct(target: ProductTarget) {
  const sku = target.sku?.trim() ?? '';
  const bySku = useQuery({
    queryKey: searchKeys.sku(sku),
    queryFn: ({ signal }) => findProductIdBySku(sku, signal),
    enabled: !target.productId && sku !== '',
  });
  const id = target.productId ?? bySku.data ?? 0;
  const detail = useQuery({
    queryKey: productDetailKey(id),
    queryFn: ({ signal }) => fetchProduct(id, signal),
    enabled: id > 0,
  });
  return {
    product: detail.data ?? null,
    isLoading: bySku.isLoading || detail.isLoading,
    isError: bySku.isError || detail.isError,
  };
}

export type ProductBasicsPatch = Pick<ProductPatch, 'id' | 'name' | 'upc' | 'mpn'>;

export interface ProductSave {
  patch: ProductPatchInput;
  /** The success toast. */
  message: string;
}

/** PATCH products with the changed fields of one product; then the product, searches and lists are re-read. */
export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ patch }: ProductSave) => api<{ id: number }>('PATCH', `${V0}/products`, { body: [patch] }),
    // Said here, not by the form: the form may be re-rendered by the refetch before a per-call callback runs.
    onSuccess: (_data, { patch, message }) => {
      notify({ color: 'green', message });
      return Promise.all([
        client.invalidateQueries({ queryKey: productDetailKey(patch.id) }),
        client.invalidateQueries({ queryKey: searchKeys.all }),
        client.invalidateQueries({ queryKey: ['catalogue', 'brandProducts'] }),
      ]);
    },
  });
}
