import {
  type FacetFilter,
  type FacetSearchResult,
  highlight,
  type NumericFilter,
  pageCount,
  paramsString,
  parseIndexName,
  queryWords,
  SEARCH_BUILTIN_FACETS,
  SEARCH_DEFAULT_MAX_FACET_HITS,
  SEARCH_NB_HITS_CAP,
  SEARCH_NUMERIC_ATTRIBUTES,
  type SearchHit,
  type SearchMultiQuery,
  type SearchRequest,
  type SearchResult,
} from '@backroom/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { ownedChannelsAndVersion, type SearchVersion } from './facet-index.repository';
import { facetIndexFor } from './facet-indexes';
import { indexRows } from './searchkit-index';
import {
  FACET_SCAN_LIMIT,
  facetIds,
  HIT_COLUMNS,
  type HitRow,
  intArray,
  isFiltered,
  NO_TOTALS,
  orderBy,
  type Parsed,
  parse,
  type Row,
  rows,
  tagResults,
  textArray,
  token,
  US,
} from './searchkit-query';

// How facet counts are computed and why that scales: docs/performance.md, bench:collections. Queries
// without words are answered by the in-process facet index (searchkit-index.ts); for queries with words a whole
// InstantSearch call is one statement; an unfiltered query reads search_facet_counts, a filtered one counts
// the facet ids of its matches.

export interface ProxyHeaders {
  accountId?: number;
  siteId?: number;
  channelId?: number;
  collectionId?: string;
  captureCollection?: boolean;
}

/**
 * The facetFilters as SQL over s.facet_ids. Groups of one positive value are gathered into one `@>` (all of
 * these ids), which the GIN index answers by intersecting their posting lists; an or-group of positive
 * values is `&&` (any of these); a negated value is NOT `&&`. A value no product carries matches nothing
 * when required and excludes nothing when negated.
 */
function facetWhere(groups: FacetFilter[][], ids: Map<string, number>): SQL[] {
  const where: SQL[] = [];
  const all: number[] = [];
  let impossible = false;
  for (const group of groups) {
    const positive = group.filter((f) => !f.negated).map(token);
    const negative = group.filter((f) => f.negated).map(token);
    if (negative.length === 0 && positive.length === 1) {
      const id = ids.get(positive[0]!);
      if (id === undefined) impossible = true;
      else all.push(id);
      continue;
    }
    const parts: SQL[] = [];
    const any = positive.map((t) => ids.get(t)).filter((id) => id !== undefined);
    if (any.length) parts.push(sql`s.facet_ids && ${intArray(any)}::int[]`);
    for (const n of negative) {
      const id = ids.get(n);
      parts.push(id === undefined ? sql`true` : sql`not (s.facet_ids && ${intArray([id])}::int[])`);
    }
    where.push(parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`);
  }
  if (all.length)
    where.unshift(sql`s.facet_ids @> ${intArray([...new Set(all)].sort((a, b) => a - b))}::int[]`);
  if (impossible) where.push(sql`false`);
  return where;
}

/** Tags as SQL (see tagResults). */
function tagWhere(list: SearchRequest['params']['tagFilters']): SQL[] {
  return tagResults(list).map((passes) => (passes ? sql`true` : sql`false`));
}

const OPERATORS: Record<NumericFilter['operator'], SQL> = {
  '<': sql.raw('<'),
  '<=': sql.raw('<='),
  '=': sql.raw('='),
  '!=': sql.raw('<>'),
  '>=': sql.raw('>='),
  '>': sql.raw('>'),
};

function numericWhere(groups: NumericFilter[][]): SQL[] {
  // Only 'price' passes parseNumericFilters (SEARCH_NUMERIC_ATTRIBUTES).
  return groups.map(
    (group) =>
      sql`(${sql.join(
        group.map((f) => sql`s.price ${OPERATORS[f.operator]} ${f.value}`),
        sql` or `,
      )})`,
  );
}

/** Facet values a hit does not list among its attributes: they have fields of their own. */
const NOT_ATTRIBUTES = new Set<string>([...SEARCH_BUILTIN_FACETS, ...SEARCH_NUMERIC_ATTRIBUTES]);

function toHit(row: HitRow, words: string[], pre: string, post: string): SearchHit {
  const attributes: Record<string, string[]> = {};
  for (const f of row.facets) {
    const at = f.indexOf(US);
    const attribute = f.slice(0, at);
    if (NOT_ATTRIBUTES.has(attribute)) continue;
    const values = attributes[attribute] ?? [];
    values.push(f.slice(at + 1));
    attributes[attribute] = values;
  }
  return {
    objectID: String(row.product_id),
    id: row.product_id,
    sku: row.sku,
    name: row.name,
    brand: row.brand,
    brandId: row.brand_id,
    category: row.category,
    categoryId: row.category_id,
    categoryPath: row.category_path,
    mpn: row.mpn,
    upc: row.upc,
    price: Number(row.price),
    parentProductId: row.parent_product_id,
    variations: Number(row.variations),
    attributes,
    _highlightResult: {
      name: highlight(row.name, words, pre, post),
      sku: highlight(row.sku, words, pre, post),
      brand: highlight(row.brand, words, pre, post),
    },
  };
}

/** The facet names '*' stands for: the built-in ones, the numeric ones and the account's facet attributes. */
async function allFacets(db: Db, accountId: number): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select name from attributes where account_id = ${accountId} and is_facet = 1 order by name`,
  );
  return [...SEARCH_BUILTIN_FACETS, ...SEARCH_NUMERIC_ATTRIBUTES, ...found.map((r) => r.name)];
}

/**
 * The SQL of one query (number q): its totals row, its facet value rows and its hits row, plus the CTEs
 * they read. See the comment at the top of the file.
 */
function querySql(
  q: number,
  accountId: number,
  query: Parsed,
  ids: Map<string, number>,
): { ctes: SQL[]; parts: SQL[]; fullHits: SQL | null } {
  const where = [
    sql`s.account_id = ${accountId}`,
    sql`s.is_active = 1`,
    ...(query.tsQuery ? [sql`s.words @@ to_tsquery('simple', ${query.tsQuery})`] : []),
    ...facetWhere(query.facetGroups, ids),
    ...numericWhere(query.numericGroups),
    ...tagWhere(query.request.params.tagFilters),
  ];
  const filtered = isFiltered(query);
  const whereSql = sql.join(where, sql` and `);
  const m = sql.raw(`m${q}`);
  const base = sql.raw(`base${q}`);
  const ctes: SQL[] = [];
  const parts: SQL[] = [];
  const wantsFacets = query.attributes.length > 0;
  const attributes = sql`${textArray(query.attributes)}::text[]`;

  if (filtered) {
    const limit = wantsFacets ? FACET_SCAN_LIMIT : SEARCH_NB_HITS_CAP + 1;
    ctes.push(
      sql`${m} as materialized (select s.product_id, s.name, s.price, s.facet_ids from product_search s
        where ${whereSql} limit ${limit})`,
    );
    if (wantsFacets) {
      ctes.push(sql`${base} as (
        select v.attribute, substr(v.token, length(v.attribute) + 2) as value, c.n
        from (select f, count(*) as n from ${m} cross join lateral unnest(${m}.facet_ids) as f group by f) c
        join search_facet_values v on v.id = c.f
        where v.attribute = any(${attributes}))`);
    }
    parts.push(
      query.wantsPrice
        ? sql`select ${q}, 0, null::text, null::text, count(*), min(price)::text, max(price)::text,
            avg(price)::text, sum(price)::text, null::json from ${m}`
        : sql`select ${q}, 0, null::text, null::text, count(*), ${sql.raw('null::text, null::text, null::text, null::text')}, null::json from ${m}`,
    );
  } else {
    if (wantsFacets) {
      ctes.push(sql`${base} as (
        select v.attribute, substr(v.token, length(v.attribute) + 2) as value, c.n::bigint as n
        from search_facet_values v
        join search_facet_counts c on c.account_id = ${accountId} and c.facet_id = v.id and c.n > 0
        where v.attribute = any(${attributes}))`);
    }
    const total = sql`coalesce((select n from search_facet_counts where account_id = ${accountId} and facet_id = 0), 0)::bigint`;
    parts.push(
      query.wantsPrice
        ? sql`select ${q}, 0, null::text, null::text, ${total}, min(value::numeric)::text, max(value::numeric)::text,
            (sum(value::numeric * n) / nullif(sum(n), 0))::text, sum(value::numeric * n)::text, null::json
            from ${base} where attribute = 'price'`
        : sql`select ${q}, 0, null::text, null::text, ${total}, ${sql.raw('null::text, null::text, null::text, null::text')}, null::json`,
    );
  }
  if (wantsFacets) {
    // A facet value search reads every value of its facet (the words are matched in JS); a search keeps the
    // top maxValuesPerFacet of each facet, most frequent first, then by value (Algolia's order).
    parts.push(
      query.facetSearch
        ? sql`select ${q}, 1, attribute, value, n, ${sql.raw('null::text, null::text, null::text, null::text')}, null::json from ${base}`
        : sql`select ${q}, 1, attribute, value, n, ${sql.raw('null::text, null::text, null::text, null::text')}, null::json
            from (select attribute, value, n,
                    row_number() over (partition by attribute order by n desc, value collate "C" asc) as rank
                  from ${base}) r
            where rank <= ${query.maxValues}`,
    );
  }
  const offset = query.page * query.hitsPerPage;
  const paged = query.hitsPerPage > 0 && offset < SEARCH_NB_HITS_CAP;
  // A filtered query without words takes its page from its matches (m), already read for the counts: the
  // rows are not found twice. Only when m stopped at its limit (more matches than it holds) is the page
  // found again over every match (fullHits, a statement of its own).
  const fromMatches = filtered && !query.tsQuery;
  if (paged) parts.push(hitsSql(q, query, whereSql, filtered, fromMatches ? m : null));
  const fullHits = paged && fromMatches ? hitsSql(q, query, whereSql, filtered, null) : null;
  return { ctes, parts, fullHits };
}

/** The hits row of query q: the page as a json array, in order, from m (the matches) or from every match. */
function hitsSql(q: number, query: Parsed, whereSql: SQL, filtered: boolean, m: SQL | null): SQL {
  const offset = query.page * query.hitsPerPage;
  const limit = Math.min(query.hitsPerPage, SEARCH_NB_HITS_CAP - offset);
  const again = query.sort
    ? orderBy(query.sort, false, 'h')
    : query.tsQuery
      ? sql`h.rank desc, h.name asc, h.product_id asc`
      : orderBy('name_asc', false, 'h');
  const columns = HIT_COLUMNS;
  let page: SQL;
  if (m) {
    const order = orderBy(query.sort || 'name_asc', false, 't');
    page = sql`select ${columns}, 0 as rank
      from (select t.product_id from ${m} t order by ${order} limit ${limit} offset ${offset}) top
      join product_search s on s.product_id = top.product_id`;
  } else {
    const order = query.sort
      ? orderBy(query.sort, filtered)
      : query.tsQuery
        ? sql`ts_rank(s.words, to_tsquery('simple', ${query.tsQuery})) desc, s.name asc, s.product_id asc`
        : orderBy('name_asc', filtered);
    const rank = query.tsQuery ? sql`ts_rank(s.words, to_tsquery('simple', ${query.tsQuery}))` : sql`0`;
    page = sql`select ${columns}, ${rank} as rank from product_search s where ${whereSql}
      order by ${order} limit ${limit} offset ${offset}`;
  }
  return sql`select ${q}, 2, null::text, null::text, ${NO_TOTALS}, (
    select coalesce(json_agg(h order by ${again}), '[]'::json) from (${page}) h)`;
}

/** The queries with words (full text, ranked by ts_rank), numbered q, answered by one statement over product_search. */
async function sqlRows(
  db: Db,
  accountId: number,
  numbered: { q: number; query: Parsed }[],
  ids: Map<string, number>,
): Promise<Row[]> {
  if (!numbered.length) return [];
  const built = numbered.map(({ q, query }) => ({ q, query, ...querySql(q, accountId, query, ids) }));
  const ctes = built.flatMap((b) => b.ctes);
  const parts = built.flatMap((b) => b.parts);
  const found = await rows<Row>(
    db,
    sql`${ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``}
        select q, kind, attribute, value, n, min, max, avg, sum, hits from (${sql.join(
          parts.map((part) => sql`(${part})`),
          sql` union all `,
        )}) as answer(q, kind, attribute, value, n, min, max, avg, sum, hits)`,
  );
  // A page taken from matches that stopped at their limit is found again over every match.
  for (const { q, query, fullHits } of built) {
    const totals = found.find((row) => Number(row.q) === q && Number(row.kind) === 0);
    const capped =
      Number(totals?.n ?? 0) >= (query.attributes.length ? FACET_SCAN_LIMIT : SEARCH_NB_HITS_CAP + 1);
    if (!fullHits || !capped) continue;
    const [again] = await rows<Row>(
      db,
      sql`select * from (${fullHits}) as answer(q, kind, attribute, value, n, min, max, avg, sum, hits)`,
    );
    const at = found.findIndex((row) => Number(row.q) === q && Number(row.kind) === 2);
    if (again && at >= 0) found[at] = again;
  }
  return found;
}

/** Which way a call's queries without words were answered (the reply's Server-Timing header says it). */
export type AnsweredBy = 'facet-index' | 'sql';

/**
 * Every query of one call. A query with words is answered in SQL (the full-text index and its ranking); every
 * other one (refinements, price ranges, sorts, the screen as it opens) by the account's in-process facet
 * index (facet-index.ts says why), brought up to date with the database first, or, while that index is being
 * built, by the same SQL statement (facet-indexes.ts: a search never waits for a build).
 */
async function answerAll(
  db: Db,
  accountId: number,
  queries: Parsed[],
  echo: Record<string, unknown>,
  latest: SearchVersion,
): Promise<{ results: (SearchResult | FacetSearchResult)[]; answeredBy: AnsweredBy }> {
  const started = performance.now();
  const ids = await facetIds(
    db,
    queries.flatMap((query) => query.facetGroups.flat().map(token)),
  );
  const numbered = queries.map((query, q) => ({ q, query }));
  const wordless = numbered.filter(({ query }) => !query.tsQuery);
  const index = wordless.length ? await facetIndexFor(db, accountId, latest) : null;
  const found = [
    ...(await sqlRows(db, accountId, index ? numbered.filter(({ query }) => query.tsQuery) : numbered, ids)),
    ...(index ? await indexRows(db, accountId, index, wordless, ids) : []),
  ];
  const processingTimeMS = Math.round(performance.now() - started);
  const results = queries.map((query, q) => {
    const mine = found.filter((row) => Number(row.q) === q);
    const totals = mine.find((row) => Number(row.kind) === 0);
    const matched = Number(totals?.n ?? 0);
    const counted = mine
      .filter((row) => Number(row.kind) === 1 && row.attribute !== null && row.value !== null)
      .map((row) => ({ attribute: row.attribute!, value: row.value!, n: Number(row.n) }))
      .sort((x, y) => y.n - x.n || (x.value < y.value ? -1 : x.value > y.value ? 1 : 0));
    // Counts are exact unless a filtered query reached FACET_SCAN_LIMIT matches; kept counts always are.
    const exhaustiveFacets = matched < FACET_SCAN_LIMIT || !isFiltered(query);
    const p = query.request.params;
    const pre = p.highlightPreTag ?? '<em>';
    const post = p.highlightPostTag ?? '</em>';
    if (query.facetSearch) {
      const words = queryWords(p.facetQuery ?? '');
      const facetHits = counted
        .filter((c) => {
          const valueWords = queryWords(c.value);
          return words.every((w) => valueWords.some((v) => v.startsWith(w)));
        })
        .slice(0, p.maxFacetHits ?? SEARCH_DEFAULT_MAX_FACET_HITS)
        .map((c) => ({
          value: c.value,
          highlighted: highlight(c.value, words, pre, post).value,
          count: c.n,
        }));
      return {
        facetHits,
        exhaustiveFacetsCount: exhaustiveFacets,
        exhaustive: { facetsCount: exhaustiveFacets },
        processingTimeMS,
      };
    }
    const hitsRow = mine.find((row) => Number(row.kind) === 2);
    const hitRows: HitRow[] =
      typeof hitsRow?.hits === 'string' ? JSON.parse(hitsRow.hits) : (hitsRow?.hits ?? []);
    const facets: Record<string, Record<string, number>> = {};
    for (const row of counted) {
      const values = facets[row.attribute] ?? {};
      values[row.value] = row.n;
      facets[row.attribute] = values;
    }
    const facetsStats: SearchResult['facets_stats'] = {};
    if (
      query.wantsPrice &&
      totals?.min != null &&
      totals.max != null &&
      totals.avg != null &&
      totals.sum != null
    ) {
      facetsStats.price = {
        min: Number(totals.min),
        max: Number(totals.max),
        avg: Math.round(Number(totals.avg) * 100) / 100,
        sum: Number(totals.sum),
      };
    }
    const nbHits = Math.min(matched, SEARCH_NB_HITS_CAP);
    return {
      hits: hitRows.map((row) => toHit(row, query.words, pre, post)),
      nbHits,
      page: query.page,
      nbPages: pageCount(nbHits, query.hitsPerPage),
      hitsPerPage: query.hitsPerPage,
      exhaustiveNbHits: matched <= SEARCH_NB_HITS_CAP,
      exhaustiveFacetsCount: exhaustiveFacets,
      exhaustive: { nbHits: matched <= SEARCH_NB_HITS_CAP, facetsCount: exhaustiveFacets },
      facets,
      facets_stats: facetsStats,
      query: p.query ?? '',
      params: paramsString({ ...p, ...echo }),
      index: query.request.indexName,
      processingTimeMS,
    };
  });
  return { results, answeredBy: index || !wordless.length ? 'facet-index' : 'sql' };
}

/**
 * POST /api/v2/searchkit/proxy: every query of an InstantSearch render, answered in order. The account is the
 * session's; a header naming another account, or an index (channel) that is not one of the account's sales
 * channels, is refused 404 before anything is searched.
 */
export async function searchProxy(
  deps: AppDeps,
  auth: AuthContext,
  headers: ProxyHeaders,
  body: SearchMultiQuery,
): Promise<{ results: (SearchResult | FacetSearchResult)[]; answeredBy: AnsweredBy }> {
  if (headers.accountId !== undefined && headers.accountId !== auth.accountId) {
    throw notFound(`Account ${headers.accountId} not found`);
  }
  const channelIds = [...new Set(body.requests.map((r) => parseIndexName(r.indexName)!.channelId))];
  if (headers.channelId !== undefined && channelIds.some((id) => id !== headers.channelId)) {
    throw badRequest(`The index must be the channel's in x-channel-id (${headers.channelId})`);
  }
  // The account's search version comes in the same statement: the facet index is checked against it.
  const { owned, latest } = await ownedChannelsAndVersion(deps.db, auth.accountId, channelIds);
  const missing = channelIds.find((id) => !owned.includes(id));
  if (missing !== undefined) throw notFound(`Search index vsf_product_${missing} not found`);

  // Site, collection and the capture flag say which screen asked; they are echoed, not searched on.
  const echo: Record<string, unknown> = {};
  if (headers.siteId !== undefined) echo.siteId = headers.siteId;
  if (headers.collectionId !== undefined) echo.collectionId = headers.collectionId;
  if (headers.captureCollection !== undefined) echo.captureCollection = headers.captureCollection;
  const wantsAll = body.requests.some((r) => {
    const f = r.params.facets;
    return r.type !== 'facet' && (f === '*' || (Array.isArray(f) && f.includes('*')));
  });
  const names = wantsAll ? await allFacets(deps.db, auth.accountId) : null;
  const queries = body.requests.map((request) => parse(request, names));
  return answerAll(deps.db, auth.accountId, queries, echo, latest);
}
