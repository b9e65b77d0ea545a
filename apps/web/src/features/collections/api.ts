import {
  type AccountSite,
  type BaseProductQuery,
  COLLECTION_TYPE_DEFAULT,
  COLLECTION_TYPE_WEB,
  type Collection,
  type EditorCollection,
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
