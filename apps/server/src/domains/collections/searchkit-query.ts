import {
  type FacetFilter,
  FilterError,
  type NumericFilter,
  parseFacetFilters,
  parseIndexName,
  parseNumericFilters,
  queryWords,
  requestedFacets,
  SEARCH_DEFAULT_HITS_PER_PAGE,
  SEARCH_DEFAULT_MAX_VALUES_PER_FACET,
  type SearchRequest,
  type SearchSort,
} from '@backroom/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';

// The parsed InstantSearch query and the SQL pieces that both ways of answering it share: the statement over
// product_search (searchkit-proxy.service.ts, for queries with words) and the in-process facet index
// (searchkit-index.ts, for the others).

/** Separates an attribute from its value in product_search.facets and search_facet_values.token. */
export const US = '\x1f';

/**
 * Facet counts of a filtered query are counted over at most this many matching products. Below it they are
 * exact (exhaustiveFacetsCount true); above it they are the counts among the first FACET_SCAN_LIMIT matches
 * and say so (exhaustiveFacetsCount false), as Algolia's own counts do on large result sets. This bounds the
 * cost of a broad refinement (one value carried by a quarter of a million products) while a narrower query,
 * the common case, stays exact. A query without filters is always exact (its counts are kept, not counted).
 */
export const FACET_SCAN_LIMIT = 100_000;

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/** A PostgreSQL text[] literal: one parameter for any number of values. */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** A PostgreSQL int[] literal. */
export function intArray(ids: readonly number[]): string {
  return `{${ids.join(',')}}`;
}

export const token = (f: FacetFilter) => `${f.attribute}${US}${f.value}`;

/**
 * The dictionary's ids of facet tokens. An id never changes once given (search_facet_values), so the ids
 * already read are kept per database and only unknown tokens are looked up (one statement per call).
 * A token the dictionary does not have is carried by no product.
 */
const knownIds = new WeakMap<Db, Map<string, number>>();
const KNOWN_IDS_MAX = 100_000;

export async function facetIds(db: Db, tokens: readonly string[]): Promise<Map<string, number>> {
  let known = knownIds.get(db);
  if (!known) {
    known = new Map();
    knownIds.set(db, known);
  }
  const unknown = [...new Set(tokens)].filter((t) => !known.has(t));
  if (unknown.length) {
    const found = await rows<{ id: number; token: string }>(
      db,
      sql`select id, token from search_facet_values where token = any(${textArray(unknown)}::text[])`,
    );
    if (known.size + found.length > KNOWN_IDS_MAX) known.clear();
    for (const row of found) known.set(row.token, Number(row.id));
  }
  return known;
}

/**
 * Tags: products carry none, so a required tag matches nothing and an excluded one excludes nothing. One
 * boolean per tag group (whether every product passes it).
 */
export function tagResults(list: SearchRequest['params']['tagFilters']): boolean[] {
  if (list === undefined) return [];
  // InstantSearch sends its tag refinements joined by commas ('' when there are none).
  const groups = (typeof list === 'string' ? list.split(',').map((t) => [t.trim()]) : list).map((g) =>
    (typeof g === 'string' ? [g] : g).filter((t) => t !== ''),
  );
  return groups.filter((g) => g.length > 0).map((g) => g.some((t) => t.startsWith('-')));
}

/**
 * The sort orders. With a refinement or a query the matches are found through the GIN indexes and the page
 * is a top-N sort of them: the sort keys are then written as expressions (`name || ''`, `price + 0`) that no
 * btree index answers, because the planner otherwise walks the (account, name) index and filters row by row,
 * which over a large catalogue read a large share of the rows to find a few matches of three refinements.
 * Without any filter the btree order is the fast way, and is used. `alias` names the rows the order reads.
 */
export function orderBy(sort: Exclude<SearchSort, ''>, filtered: boolean, alias = 's'): SQL {
  const a = sql.raw(alias);
  const name = filtered ? sql`(${a}.name || '')` : sql`${a}.name`;
  const price = filtered ? sql`(${a}.price + 0)` : sql`${a}.price`;
  const id = filtered ? sql`(${a}.product_id + 0)` : sql`${a}.product_id`;
  switch (sort) {
    case 'price_asc':
      return sql`${price} asc, ${a}.product_id asc`;
    case 'price_desc':
      return sql`${price} desc, ${a}.product_id desc`;
    case 'name_asc':
      return sql`${name} asc, ${a}.product_id asc`;
    case 'name_desc':
      return sql`${name} desc, ${a}.product_id desc`;
    case 'newest':
      return sql`${id} desc`;
  }
}

export interface HitRow {
  product_id: number;
  name: string;
  sku: string;
  mpn: string | null;
  upc: string | null;
  brand: string | null;
  brand_id: number | null;
  category: string | null;
  category_id: number | null;
  category_path: string | null;
  price: string | number;
  parent_product_id: number | null;
  facets: string[];
  variations: number | string;
}

/** One query of the multi-query, read and checked, before any SQL is written. */
export interface Parsed {
  request: SearchRequest;
  /** A facet value search (type 'facet') of this attribute, or null for a search. */
  facetSearch: string | null;
  sort: SearchSort;
  facetGroups: FacetFilter[][];
  numericGroups: NumericFilter[][];
  words: string[];
  tsQuery: string;
  hitsPerPage: number;
  page: number;
  maxValues: number;
  /** The facets to count (price among them when asked). */
  attributes: string[];
  wantsPrice: boolean;
}

export function parse(request: SearchRequest, facetNames: string[] | null): Parsed {
  const p = request.params;
  const { sort } = parseIndexName(request.indexName)!;
  if (p.filters?.trim()) {
    throw badRequest('filters is not supported: use facetFilters and numericFilters');
  }
  let facetGroups: FacetFilter[][];
  let numericGroups: NumericFilter[][];
  try {
    facetGroups = parseFacetFilters(p.facetFilters);
    numericGroups = parseNumericFilters(p.numericFilters);
  } catch (error) {
    if (error instanceof FilterError) throw badRequest(error.message);
    throw error;
  }
  const words = queryWords(p.query ?? '');
  const facetSearch = request.type === 'facet' ? (request.facet ?? null) : null;
  if (request.type === 'facet' && !facetSearch)
    throw badRequest('A facet search (type facet) must name its facet');
  const attributes = facetSearch ? [facetSearch] : requestedFacets(p.facets, () => facetNames ?? []);
  return {
    request,
    facetSearch,
    sort,
    facetGroups,
    numericGroups,
    words,
    // Words match as prefixes (search as you type): 'fend strat' finds 'Fender Stratocaster'.
    tsQuery: words.map((w) => `${w}:*`).join(' & '),
    hitsPerPage: facetSearch ? 0 : (p.hitsPerPage ?? SEARCH_DEFAULT_HITS_PER_PAGE),
    page: p.page ?? 0,
    maxValues: p.maxValuesPerFacet ?? SEARCH_DEFAULT_MAX_VALUES_PER_FACET,
    attributes,
    wantsPrice: !facetSearch && attributes.includes('price'),
  };
}

/** Whether a query has any filter; one without (the screen as it opens) reads the kept counts. */
export function isFiltered(query: Parsed): boolean {
  return (
    query.tsQuery !== '' ||
    query.facetGroups.length > 0 ||
    query.numericGroups.length > 0 ||
    tagResults(query.request.params.tagFilters).length > 0
  );
}

/** The columns every part of the one statement returns: kind 0 totals, 1 a facet value, 2 the hits. */
export const NO_TOTALS = sql`null::bigint, null::text, null::text, null::text, null::text`;

export interface Row {
  q: number;
  kind: number;
  attribute: string | null;
  value: string | null;
  n: number | string | null;
  min: string | null;
  max: string | null;
  avg: string | null;
  sum: string | null;
  hits: HitRow[] | string | null;
}

/** The columns of a hit (HitRow) read from product_search s, with the product's variation count. */
export const HIT_COLUMNS = sql`s.product_id, s.name, s.sku, s.mpn, s.upc, s.brand, s.brand_id, s.category, s.category_id,
    s.category_path, s.price, s.parent_product_id, s.facets,
    (select count(*) from product_search v
      where coalesce(v.parent_product_id, v.product_id) = coalesce(s.parent_product_id, s.product_id)
        and v.account_id = s.account_id) as variations`;
