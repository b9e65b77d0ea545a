import { z } from 'zod';
import { MAX_INT, text } from '../api/text';

// Storefront collections' search (catalogue-admin.md §2.6, §7 Collections, §9): POST /api/v2/searchkit/proxy
// speaks the InstantSearch multi-query protocol that `react-instantsearch` (an algoliasearch-style search
// client) sends: `{ requests: [{ indexName, params }] }` in, `{ results: [...] }` out, one result per request
// in the same order. The reply is that protocol's own shape, not the API's `{ code, data, error }`
// envelope, because the client library reads `results` as it is; errors still use the envelope.

/** §7: "The search index is named by the prefix vsf_product_ and the channel id." */
export const SEARCH_INDEX_PREFIX = 'vsf_product_';
/** §9: default hits per page. */
export const SEARCH_DEFAULT_HITS_PER_PAGE = 64;
/** §9: "results count caps at 10000 and displays '10k+'". nbHits never goes above it. */
export const SEARCH_NB_HITS_CAP = 10_000;
/** §9: facet show-more limit. */
export const SEARCH_SHOW_MORE_LIMIT = 200;
/** Values per facet when a request does not say (Algolia's default), and the most a request may ask. */
export const SEARCH_DEFAULT_MAX_VALUES_PER_FACET = 100;
export const SEARCH_MAX_VALUES_PER_FACET = 1000;
/** The most hits one page may ask for (Algolia's own limit). */
export const SEARCH_MAX_HITS_PER_PAGE = 1000;
/** Facet values a facet value search returns when it does not say (Algolia's default), and the most it may ask. */
export const SEARCH_DEFAULT_MAX_FACET_HITS = 10;
export const SEARCH_MAX_FACET_HITS = 100;
/** The most queries one call may carry (InstantSearch sends one per index plus one per refined disjunctive facet). */
export const SEARCH_MAX_REQUESTS = 50;

/**
 * §7: the proxy's headers. The account is always the signed-in user's: an x-account-id naming another account
 * is refused 404, never trusted. The channel (from x-channel-id, else from the index name) must be one of the
 * account's sales channels. Site, collection and capture flag are read and echoed in each result's params;
 * capturing a collection's query is the collections editor's job (it saves the collection json itself).
 */
export const SEARCHKIT_HEADERS = {
  accountId: 'x-account-id',
  siteId: 'x-site-id',
  channelId: 'x-channel-id',
  collectionId: 'x-collection-id',
  captureCollection: 'x-capture-collection',
} as const;

/**
 * The sort orders, as Algolia names replicas: the channel's index `vsf_product_{channelId}` ranks by relevance
 * (with a query: products matching more of the name first, then by name; without: by name), and each replica
 * `vsf_product_{channelId}_{suffix}` orders by one field. Ties break by product id, so pages never overlap.
 */
export const SEARCH_SORTS = [
  { suffix: '', label: 'Relevance' },
  { suffix: 'price_asc', label: 'Price: low to high' },
  { suffix: 'price_desc', label: 'Price: high to low' },
  { suffix: 'name_asc', label: 'Name: A to Z' },
  { suffix: 'name_desc', label: 'Name: Z to A' },
  { suffix: 'newest', label: 'Newest first' },
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number]['suffix'];

/** The index name of a channel, with a sort replica's suffix when one is given. */
export function searchIndexName(channelId: number, sort: SearchSort = ''): string {
  return `${SEARCH_INDEX_PREFIX}${channelId}${sort ? `_${sort}` : ''}`;
}

const INDEX_NAME = /^vsf_product_([1-9][0-9]{0,9})(?:_([a-z_]+))?$/;

/** The channel and sort an index name names, or null when it is not one of ours. */
export function parseIndexName(indexName: string): { channelId: number; sort: SearchSort } | null {
  const match = INDEX_NAME.exec(indexName);
  if (!match) return null;
  const channelId = Number(match[1]);
  const sort = (match[2] ?? '') as SearchSort;
  if (channelId > MAX_INT || !SEARCH_SORTS.some((s) => s.suffix === sort)) return null;
  return { channelId, sort };
}

/** Attributes every product has besides its own attributes' names (facets and filters). */
export const SEARCH_BUILTIN_FACETS = [
  'brand',
  'category',
  'category.lvl0',
  'category.lvl1',
  'category.lvl2',
] as const;
/** The numeric attributes numericFilters may name (facets_stats are given for them when asked as facets). */
export const SEARCH_NUMERIC_ATTRIBUTES = ['price'] as const;

const name = () => text().max(200);
/** A filter list as Algolia takes it: a string, or an array of strings and arrays of strings (or-groups). */
const filterList = z.union([
  text().max(2000),
  z.array(z.union([text().max(500), z.array(text().max(500)).max(200)])).max(200),
]);

/** The search parameters of one query. Unknown Algolia parameters (analytics, clickAnalytics, …) are allowed and ignored. */
export const searchParamsSchema = z.looseObject({
  query: z
    .union([text().max(512), z.number()])
    .transform(String)
    .optional(),
  hitsPerPage: z.number().int().min(0).max(SEARCH_MAX_HITS_PER_PAGE).optional(),
  page: z.number().int().min(0).max(MAX_INT).optional(),
  facets: z.union([name(), z.array(name()).max(200)]).optional(),
  maxValuesPerFacet: z.number().int().min(1).max(SEARCH_MAX_VALUES_PER_FACET).optional(),
  facetFilters: filterList.optional(),
  numericFilters: filterList.optional(),
  tagFilters: filterList.optional(),
  filters: text().max(2000).optional(),
  highlightPreTag: text().max(100).optional(),
  highlightPostTag: text().max(100).optional(),
  /** A facet value search's words (type 'facet': the refinement list's search box). */
  facetQuery: text().max(512).optional(),
  maxFacetHits: z.number().int().min(1).max(SEARCH_MAX_FACET_HITS).optional(),
});
export type SearchParams = z.infer<typeof searchParamsSchema>;

/**
 * The params of a request as algoliasearch v4 sends them (a URL-encoded string whose arrays are JSON) made
 * into the object form v5 and our own client send; numbers and arrays are read back as such.
 */
export function paramsFromString(params: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(params)) {
    if (/^[[{]/.test(value) || /^-?\d+(\.\d+)?$/.test(value) || value === 'true' || value === 'false') {
      try {
        out[key] = JSON.parse(value);
        continue;
      } catch {
        // Not JSON after all: kept as the text it is.
      }
    }
    out[key] = value;
  }
  return out;
}

export const searchRequestSchema = z.object({
  indexName: text()
    .max(100)
    // The pattern tells the OpenAPI document (and the fuzz test) the shape; the refine checks the sort's name.
    .regex(INDEX_NAME, 'Must be vsf_product_{channelId}')
    .refine((v) => parseIndexName(v) !== null, {
      message: `Must be ${SEARCH_INDEX_PREFIX}{channelId}, optionally with a sort (${SEARCH_SORTS.filter(
        (s) => s.suffix,
      )
        .map((s) => `_${s.suffix}`)
        .join(', ')})`,
    }),
  params: z
    .union([text().max(20_000).transform(paramsFromString), z.record(z.string(), z.unknown())])
    .default({})
    .pipe(searchParamsSchema),
  /**
   * 'facet': a search for facet values (algoliasearch v5's searchForFacetValues as InstantSearch sends it
   * through search()): the values of `facet` among the products the params match whose words start with
   * params.facetQuery's, most frequent first. Answered with facetHits instead of hits.
   */
  type: z.enum(['default', 'facet']).optional(),
  facet: name().optional(),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

/** POST /api/v2/searchkit/proxy body: the queries of one InstantSearch render. */
export const searchMultiQuerySchema = z.object({
  requests: z.array(searchRequestSchema).min(1).max(SEARCH_MAX_REQUESTS),
});
export type SearchMultiQuery = z.infer<typeof searchMultiQuerySchema>;

export const highlightResultSchema = z.object({
  value: z.string(),
  matchLevel: z.enum(['none', 'partial', 'full']),
  matchedWords: z.array(z.string()),
  fullyHighlighted: z.boolean().optional(),
});
export type HighlightResult = z.infer<typeof highlightResultSchema>;

/** One product as a hit. `variations` counts the products of its family (the parent and its siblings). */
export const searchHitSchema = z.object({
  objectID: z.string(),
  id: z.number(),
  sku: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  brandId: z.number().nullable(),
  category: z.string().nullable(),
  categoryId: z.number().nullable(),
  categoryPath: z.string().nullable(),
  mpn: z.string().nullable(),
  upc: z.string().nullable(),
  price: z.number(),
  parentProductId: z.number().nullable(),
  variations: z.number(),
  attributes: z.record(z.string(), z.array(z.string())),
  _highlightResult: z.object({
    name: highlightResultSchema,
    sku: highlightResultSchema,
    brand: highlightResultSchema,
  }),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

const facetStatsSchema = z.object({ min: z.number(), max: z.number(), avg: z.number(), sum: z.number() });

/** One query's answer, with the fields of Algolia's search response that InstantSearch reads. */
export const searchResultSchema = z.object({
  hits: z.array(searchHitSchema),
  nbHits: z.number(),
  page: z.number(),
  nbPages: z.number(),
  hitsPerPage: z.number(),
  exhaustiveNbHits: z.boolean(),
  exhaustiveFacetsCount: z.boolean(),
  exhaustive: z.object({ nbHits: z.boolean(), facetsCount: z.boolean() }),
  facets: z.record(z.string(), z.record(z.string(), z.number())),
  facets_stats: z.record(z.string(), facetStatsSchema),
  query: z.string(),
  params: z.string(),
  index: z.string(),
  processingTimeMS: z.number(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** One value found by a facet value search: `highlighted` wraps the matched beginnings in the highlight tags. */
export const facetHitSchema = z.object({ value: z.string(), highlighted: z.string(), count: z.number() });
export type FacetHit = z.infer<typeof facetHitSchema>;

/** A facet value search's answer (type 'facet'), as Algolia's searchForFacetValues returns it. */
export const facetSearchResultSchema = z.object({
  facetHits: z.array(facetHitSchema),
  exhaustiveFacetsCount: z.boolean(),
  exhaustive: z.object({ facetsCount: z.boolean() }),
  processingTimeMS: z.number(),
});
export type FacetSearchResult = z.infer<typeof facetSearchResultSchema>;

/** The reply: InstantSearch's `{ results }`, one per request, in order (not the envelope: see above). */
export const searchMultiResultSchema = z.object({
  results: z.array(z.union([searchResultSchema, facetSearchResultSchema])),
});
export type SearchMultiResult = z.infer<typeof searchMultiResultSchema>;

const headerId = z.coerce.number().int().positive().max(MAX_INT);
/** The proxy's headers (SEARCHKIT_HEADERS), each optional; others pass through. */
export const searchProxyHeadersSchema = z.looseObject({
  [SEARCHKIT_HEADERS.accountId]: headerId.optional(),
  [SEARCHKIT_HEADERS.siteId]: headerId.optional(),
  [SEARCHKIT_HEADERS.channelId]: headerId.optional(),
  // A new or duplicated collection has a temporary string id until it is saved (§4.2).
  [SEARCHKIT_HEADERS.collectionId]: text().max(100).optional(),
  [SEARCHKIT_HEADERS.captureCollection]: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
