import {
  type AccountSite,
  type BaseProductQuery,
  COLLECTION_TYPE_DEFAULT,
  COLLECTION_TYPE_WEB,
  type Collection,
  type EditorCollection,
  type Product,
  type ProductFacet,
  type SiteAttributes,
  saveCollection,
  waitMs,
} from '@backroom/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, apiOne } from '../../lib/api-client';

// The storefront collections editor's calls (catalogue-admin.md §7 Collections).

const V0 = '/api/backroom';

export const collectionKeys = {
  sites: ['collections', 'sites'] as const,
  base: (accountSiteId: number) => ['collections', 'base', accountSiteId] as const,
  list: (accountSiteId: number) => ['collections', 'list', accountSiteId] as const,
};

/** GET product/{id}/siteAttributes?siteId: what the site requires of the product's attributes (§7). */
export const useSiteAttributes = (productId: number, siteId: number) =>
  useQuery({
    queryKey: ['collections', 'siteAttributes', productId, siteId] as const,
    queryFn: ({ signal }) =>
      apiOne<SiteAttributes>('GET', `${V0}/product/${productId}/siteAttributes?siteId=${siteId}`, { signal }),
    enabled: productId > 0,
  });

/** GET product/facets?siteId&channelId: the attributes the site's storefront filters by (§7). */
export const useProductFacets = (siteId: number, channelId: number) =>
  useQuery({
    queryKey: ['collections', 'productFacets', siteId, channelId] as const,
    queryFn: ({ signal }) =>
      api<ProductFacet>('GET', `${V0}/product/facets?siteId=${siteId}&channelId=${channelId}`, { signal }),
  });

/** GET product/{id}/family: the product's family, for the attributes panel's family table. */
export const productFamilyKey = (productId: number) => ['catalogue', 'family', productId] as const;
export const useProductFamily = (productId: number) =>
  useQuery({
    queryKey: productFamilyKey(productId),
    queryFn: ({ signal }) => api<Product>('GET', `${V0}/product/${productId}/family`, { signal }),
    enabled: productId > 0,
  });

/** GET …/account/sites?siteId={siteId}&eager={eager}: the account's storefront sites (site 99, own store). */
export const useAccountSites = () =>
  useQuery({
    queryKey: collectionKeys.sites,
    queryFn: ({ signal }) => api<AccountSite>('GET', `${V0}/account/sites?siteId=99&eager=true`, { signal }),
  });

/** GET …/collection/{accountSiteId}/baseProductQuery: the first item of data. */
export const useBaseProductQuery = (accountSiteId: number | null) =>
  useQuery({
    queryKey: collectionKeys.base(accountSiteId ?? 0),
    enabled: accountSiteId !== null,
    queryFn: ({ signal }) =>
      apiOne<BaseProductQuery>('GET', `${V0}/collection/${accountSiteId}/baseProductQuery`, { signal }),
  });

/** POST …/collection/search for the default (type 5) and the saved web collections (type 25). */
export const useCollections = (accountSiteId: number | null) =>
  useQuery({
    queryKey: collectionKeys.list(accountSiteId ?? 0),
    enabled: accountSiteId !== null,
    queryFn: async ({ signal }) => {
      const [defaults, web] = await Promise.all(
        [COLLECTION_TYPE_DEFAULT, COLLECTION_TYPE_WEB].map((collectionTypeId) =>
          api<Collection>('POST', `${V0}/collection/search`, {
            body: { accountSiteId, collectionTypeId },
            signal,
          }),
        ),
      );
      return [...(defaults ?? []), ...(web ?? [])];
    },
  });

/**
 * §4.2 save: PUT …/collection then, 250 ms later, PATCH the full json for a new one; PATCH for a saved one.
 * Resolves with the saved collection and the §8 toast text.
 */
export function useSaveCollection() {
  const queryClient = useQueryClient();
  return useCallback(
    async (collection: EditorCollection) => {
      const result = await saveCollection(collection, {
        create: (body) => apiOne<Collection>('PUT', `${V0}/collection`, { body }),
        patch: (body) => apiOne<Collection>('PATCH', `${V0}/collection`, { body }),
        wait: waitMs,
      });
      await queryClient.invalidateQueries({ queryKey: collectionKeys.list(collection.accountSiteId) });
      return result;
    },
    [queryClient],
  );
}
