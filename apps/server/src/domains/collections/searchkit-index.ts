import { SEARCH_NB_HITS_CAP } from '@backroom/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  averageText,
  centsText,
  type FacetGroup,
  type FacetIndex,
  type IndexFilter,
  type IndexOrder,
  priceTest,
} from './facet-index';
import { facetDictionary } from './facet-indexes';
import {
  FACET_SCAN_LIMIT,
  HIT_COLUMNS,
  intArray,
  isFiltered,
  NO_TOTALS,
  orderBy,
  type Parsed,
  type Row,
  rows,
  tagResults,
  token,
} from './searchkit-query';

// The queries without words, answered by the account's in-process facet index (facet-index.ts): matches,
// facet counts and price figures from memory, then the page of hits read from product_search by id. The rows
// are those the SQL statement answers (searchkit-query.ts, Row), so both are turned into InstantSearch
// results by the same code, with the same figures: counts over the first FACET_SCAN_LIMIT matches when there
// are more, nbHits from the number of matches.

/** The query's filters over facet ids, or null when nothing can match (a required value no product has). */
function indexFilter(query: Parsed, ids: Map<string, number>): IndexFilter | null {
  if (tagResults(query.request.params.tagFilters).some((passes) => !passes)) return null;
  const groups: FacetGroup[] = [];
  for (const group of query.facetGroups) {
    const none: number[] = [];
    let always = false;
    for (const f of group.filter((f) => f.negated)) {
      const id = ids.get(token(f));
      // A value no product carries excludes nothing: the group holds for every product.
      if (id === undefined) always = true;
      else none.push(id);
    }
    if (always) continue;
    const any = group
      .filter((f) => !f.negated)
      .map((f) => ids.get(token(f)))
      .filter((id) => id !== undefined);
    if (!any.length && !none.length) return null;
    groups.push({ any, none });
  }
  return {
    groups,
    price: query.numericGroups.map((group) => group.map((f) => priceTest(f.operator, f.value))),
  };
}

const ORDERS: Record<string, { order: IndexOrder; descending: boolean }> = {
  name_asc: { order: 'name', descending: false },
  name_desc: { order: 'name', descending: true },
  price_asc: { order: 'price', descending: false },
  price_desc: { order: 'price', descending: true },
  newest: { order: 'newest', descending: true },
};

/** The hits row of query q: the page, in order, among the candidate products the index found. */
function hitsByIds(
  q: number,
  accountId: number,
  query: Parsed,
  productIds: number[],
  limit: number,
  offset: number,
): SQL {
  const sort = query.sort || 'name_asc';
  return sql`select ${q}, 2, null::text, null::text, ${NO_TOTALS}, (
    select coalesce(json_agg(h order by ${orderBy(sort, false, 'h')}), '[]'::json) from (
      select ${HIT_COLUMNS}, 0 as rank from product_search s
      where s.product_id = any(${intArray(productIds)}::int[]) and s.account_id = ${accountId} and s.is_active = 1
      order by ${orderBy(sort, false, 's')} limit ${limit} offset ${offset}) h)`;
}

/** The rows of the numbered queries (none with words), from the account's facet index. */
export async function indexRows(
  db: Db,
  accountId: number,
  index: FacetIndex,
  numbered: { q: number; query: Parsed }[],
  ids: Map<string, number>,
): Promise<Row[]> {
  if (!numbered.length) return [];
  const dictionary = facetDictionary(db);
  const found: Row[] = [];
  const pages: SQL[] = [];
  for (const { q, query } of numbered) {
    const filtered = isFiltered(query);
    const filter = filtered ? indexFilter(query, ids) : null;
    const matches = filtered ? (filter ? index.match(filter) : new Int32Array(0)) : null;
    const wantsFacets = query.attributes.length > 0;
    // As the statement counts: a filtered query's totals over at most the rows it counted.
    const total = matches
      ? Math.min(matches.length, wantsFacets ? FACET_SCAN_LIMIT : SEARCH_NB_HITS_CAP + 1)
      : index.activeCount();
    const { counts, stats } = wantsFacets
      ? index.count(matches, FACET_SCAN_LIMIT, query.wantsPrice, query.attributes)
      : { counts: new Map<number, number>(), stats: null };
    const priced = query.wantsPrice && stats && stats.n > 0;
    found.push({
      q,
      kind: 0,
      attribute: null,
      value: null,
      n: total,
      min: priced ? centsText(stats.minCents) : null,
      max: priced ? centsText(stats.maxCents) : null,
      avg: priced ? averageText(stats.sumCents, stats.n) : null,
      sum: priced ? centsText(stats.sumCents) : null,
      hits: null,
    });
    found.push(...facetRows(q, query, counts, dictionary));
    const offset = query.page * query.hitsPerPage;
    if (query.hitsPerPage > 0 && offset < SEARCH_NB_HITS_CAP) {
      const limit = Math.min(query.hitsPerPage, SEARCH_NB_HITS_CAP - offset);
      const { order, descending } = ORDERS[query.sort || 'name_asc']!;
      const candidates = index.candidates(matches, order, descending, offset + limit);
      pages.push(hitsByIds(q, accountId, query, candidates, limit, offset));
    }
  }
  if (pages.length) {
    found.push(
      ...(await rows<Row>(
        db,
        sql`select * from (${sql.join(
          pages.map((page) => sql`(${page})`),
          sql` union all `,
        )}) as answer(q, kind, attribute, value, n, min, max, avg, sum, hits)`,
      )),
    );
  }
  return found;
}

/** The facet value rows of query q: every value of a facet search, else each facet's top maxValues. */
function facetRows(
  q: number,
  query: Parsed,
  counts: Map<number, number>,
  dictionary: ReturnType<typeof facetDictionary>,
): Row[] {
  const asked = new Set(query.attributes);
  const byAttribute = new Map<string, Counted[]>();
  for (const [id, n] of counts) {
    const entry = dictionary.get(id);
    if (!entry || !asked.has(entry.attribute) || n <= 0) continue;
    const list = byAttribute.get(entry.attribute) ?? [];
    list.push({ value: entry.value, n });
    byAttribute.set(entry.attribute, list);
  }
  const out: Row[] = [];
  for (const [attribute, values] of byAttribute) {
    const kept = query.facetSearch ? values : topValues(values, query.maxValues);
    for (const { value, n } of kept) {
      out.push({ q, kind: 1, attribute, value, n, min: null, max: null, avg: null, sum: null, hits: null });
    }
  }
  return out;
}

type Counted = { value: string; n: number };

/** Most frequent first, then by value (the statement's `value collate "C"`: code point order). */
const frequentFirst = (x: Counted, y: Counted) => y.n - x.n || byCodePoint(x.value, y.value);

/** The first `k` values in that order, without sorting them all (a price facet has thousands). */
function topValues(values: Counted[], k: number): Counted[] {
  if (values.length <= k * 4) return values.sort(frequentFirst).slice(0, k);
  const top: Counted[] = [];
  for (const v of values) {
    if (top.length === k && frequentFirst(v, top[k - 1]!) >= 0) continue;
    let at = top.length === k ? k - 1 : top.length;
    while (at > 0 && frequentFirst(v, top[at - 1]!) < 0) {
      top[at] = top[at - 1]!;
      at--;
    }
    top[at] = v;
  }
  return top;
}

/** Strings in code point order (UTF-8 byte order, PostgreSQL's "C" collation), without allocating. */
function byCodePoint(a: string, b: string): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (a code point above U+FFFF) sorts after every other UTF-16 unit, U+E000..U+FFFF included.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    return xs === ys ? x - y : xs ? 1 : -1;
  }
  return a.length - b.length;
}
