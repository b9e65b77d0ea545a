// The editor's InstantSearch client (catalogue-admin.md §7 Collections): it posts the widgets' search
// requests ({ requests: [...] }) to our proxy, POST /api/v2/searchkit/proxy, with the headers naming the account, site, channel and
// collection and the capture-collection flag. §8 "Search client error: Logged; an empty result is returned".

export const SEARCH_PROXY_PATH = '/api/v2/searchkit/proxy';

export interface SearchContext {
  accountId: number;
  siteId: number;
  channelId: number;
  /** The saved collection the search is for; none for a new one. */
  collectionId: number | null;
  /** Whether the proxy records the search as the collection's query. */
  captureCollection: boolean;
}

interface SearchRequest {
  indexName: string;
  params?: Record<string, unknown>;
}

/** An empty answer for each request, as InstantSearch expects it. */
export function emptyResults(requests: readonly SearchRequest[]) {
  return {
    results: requests.map((request) => ({
      index: request.indexName,
      hits: [],
      nbHits: 0,
      nbPages: 0,
      page: 0,
      hitsPerPage: Number(request.params?.hitsPerPage ?? 0),
      processingTimeMS: 0,
      exhaustiveNbHits: true,
      query: String(request.params?.query ?? ''),
      params: '',
      facets: {},
    })),
  };
}

export function proxyHeaders(context: SearchContext): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-account-id': String(context.accountId),
    'x-site-id': String(context.siteId),
    'x-channel-id': String(context.channelId),
    ...(context.collectionId ? { 'x-collection-id': String(context.collectionId) } : {}),
    'x-capture-collection': context.captureCollection ? '1' : '0',
  };
}

export function createSearchClient(context: SearchContext) {
  return {
    async search(requests: readonly SearchRequest[]) {
      try {
        const response = await fetch(SEARCH_PROXY_PATH, {
          method: 'POST',
          credentials: 'same-origin',
          headers: proxyHeaders(context),
          body: JSON.stringify({ requests }),
        });
        if (!response.ok) throw new Error(`The search proxy answered ${response.status}.`);
        return await response.json();
      } catch (error) {
        console.error('[search client]', error);
        return emptyResults(requests);
      }
    },
    clearCache: () => undefined,
  };
}
