import {
  type FacetSearchResult,
  type SearchResult,
  searchMultiResultSchema,
  searchResultSchema,
} from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { facetIndexBuilt } from './facet-indexes';

// POST /api/v2/searchkit/proxy (catalogue-admin.md §7 Collections) against requests as react-instantsearch v7
// sends them (algoliasearch-helper's request builder): the hits query with every facet the widgets use,
// then one query per refined disjunctive facet with hitsPerPage 0 and that facet's own refinement left out.
// Every figure is checked against the base tables (products, brands, categories, product_attributes), not
// against product_search, so the test also proves the search table is right.

let t: TestApp;
let music = 0;
let outlet = 0;
let webStore = 0;
let outletChannel = 0;
let index = '';
let cookie = '';

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'manager', 'sales', 'outlet');
  cookie = await t.login('admin@backroom.local');
  [music, outlet] = (await t.rows<{ id: number }>(sql`select id from accounts order by id`)).map(
    (a) => a.id,
  ) as [number, number];
  webStore = (
    await t.rows<{ id: number }>(
      sql`select id from sales_channels where account_id = ${music} and name = 'Web Store'`,
    )
  )[0]!.id;
  outletChannel = (
    await t.rows<{ id: number }>(
      sql`select id from sales_channels where account_id = ${outlet} order by id limit 1`,
    )
  )[0]!.id;
  index = `vsf_product_${webStore}`;
  // Queries without words are answered by the account's facet index once built (SQL until then: that path
  // is checked in searchkit-index.test.ts); these tests check the index's answers.
  await facetIndexBuilt(t.deps.db, music);
});
afterAll(() => t.close());

const URL = '/api/v2/searchkit/proxy';
const PRE = '__ais-highlight__';
const POST = '__/ais-highlight__';

/** The widgets' facets, as the helper sorts them into the hits query. */
const FACETS = ['Body Type', 'Body Wood', 'Color', 'Country of Origin', 'Finish', 'brand', 'category.lvl0'];

/** The hits query as react-instantsearch v7 builds it (keys sorted, as the helper sorts them). */
function hitsQuery(extra: Record<string, unknown> = {}, indexName = index) {
  return {
    indexName,
    params: {
      facets: FACETS,
      highlightPostTag: POST,
      highlightPreTag: PRE,
      hitsPerPage: 64,
      maxValuesPerFacet: 10,
      page: 0,
      query: '',
      tagFilters: '',
      ...extra,
    },
  };
}

/** A refined disjunctive facet's own query: no hits, only that facet, its own refinement left out. */
function disjunctiveQuery(facet: string, extra: Record<string, unknown> = {}) {
  return {
    indexName: index,
    params: {
      analytics: false,
      clickAnalytics: false,
      facets: facet,
      highlightPostTag: POST,
      highlightPreTag: PRE,
      hitsPerPage: 0,
      maxValuesPerFacet: 10,
      page: 0,
      query: '',
      tagFilters: '',
      ...extra,
    },
  };
}

/** A call with the proxy's headers, as the admin signed in with login(). */
async function withHeaders(body: unknown, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: URL, headers: { cookie, ...headers }, payload: body as object });
}

/** The answers of a call of searches (not facet value searches): each must be a search result. */
async function ok(body: unknown): Promise<{ results: SearchResult[] }> {
  const res = await t.as('admin', 'POST', URL, body);
  expect(res.statusCode, res.body).toBe(200);
  return {
    results: searchMultiResultSchema.parse(res.json()).results.map((r) => searchResultSchema.parse(r)),
  };
}

/** Active products of the demo account with brand, category path and attribute values, from the base tables. */
async function catalogue() {
  return t.rows<{
    id: number;
    name: string;
    price: string;
    brand: string | null;
    path: string | null;
    category: string | null;
    attrs: { name: string; value: string }[] | null;
  }>(sql`
    select p.id, p.name, p.price_sale as price, b.name as brand, c.path, c.name as category,
      (select json_agg(json_build_object('name', a.name, 'value', v))
         from product_attributes pa join attributes a on a.id = pa.attribute_id,
         jsonb_each(pa.value_json) l, jsonb_array_elements_text(l.value) v where pa.product_id = p.id) as attrs
    from products p left join brands b on b.id = p.brand_id left join categories c on c.id = p.category_id
    where p.account_id = ${music} and p.is_active = 1`);
}

type Product = Awaited<ReturnType<typeof catalogue>>[number];
const has = (p: Product, attribute: string, value: string) =>
  attribute === 'brand'
    ? p.brand === value
    : attribute === 'category.lvl0'
      ? p.path?.split(' > ')[0] === value
      : (p.attrs ?? []).some((a) => a.name === attribute && a.value === value);

function counts(products: Product[], attribute: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of products) {
    const values =
      attribute === 'brand'
        ? [p.brand]
        : attribute === 'category.lvl0'
          ? [p.path?.split(' > ')[0]]
          : (p.attrs ?? []).filter((a) => a.name === attribute).map((a) => a.value);
    for (const v of new Set(values)) if (v) out[v] = (out[v] ?? 0) + 1;
  }
  return out;
}

/** The top `n` of a count map as Algolia orders them: count, then value. */
function top(map: Record<string, number>, n: number) {
  return Object.fromEntries(
    Object.entries(map)
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, n),
  );
}

function expectFacets(result: SearchResult, products: Product[], attributes: string[], n = 10) {
  for (const attribute of attributes) {
    expect(result.facets[attribute] ?? {}, attribute).toEqual(top(counts(products, attribute), n));
  }
}

describe('POST /api/v2/searchkit/proxy', () => {
  it('answers the first render: hits by name, nbHits, pages and every asked facet counted', async () => {
    const all = await catalogue();
    const { results } = await ok({ requests: [hitsQuery()] });
    expect(results).toHaveLength(1);
    const r = results[0]!;
    expect(r.nbHits).toBe(Math.min(all.length, 10_000));
    expect(r.exhaustiveNbHits).toBe(true);
    expect(r.hitsPerPage).toBe(64);
    expect(r.page).toBe(0);
    expect(r.nbPages).toBe(Math.ceil(all.length / 64));
    expect(r.index).toBe(index);
    expect(r.query).toBe('');
    expect(r.params).toContain('hitsPerPage=64');
    expect(r.hits).toHaveLength(64);
    const byName = [...all].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    expect(r.hits.map((h) => h.id)).toEqual(byName.slice(0, 64).map((p) => p.id));
    expect(r.hits[0]!.objectID).toBe(String(byName[0]!.id));
    expect(r.exhaustiveFacetsCount).toBe(true);
    expectFacets(r, all, FACETS);
    // The demo gives the screen something to refine: brands, categories and attribute values.
    for (const facet of FACETS) expect(Object.keys(r.facets[facet] ?? {}).length, facet).toBeGreaterThan(1);
  });

  it('refines by two attributes and a brand as InstantSearch does, answering each disjunctive query', async () => {
    const all = await catalogue();
    const first = (await ok({ requests: [hitsQuery()] })).results[0]!;
    const brand = Object.keys(first.facets.brand ?? {})[0]!;
    const guitars = all.filter((p) => p.brand === brand);
    const colour = Object.keys(counts(guitars, 'Color'))[0]!;
    const wood = Object.keys(counts(guitars, 'Body Wood'))[0]!;
    const brandFilter = [`brand:${brand}`];
    const colourFilter = [`Color:${colour}`];
    const woodFilter = [`Body Wood:${wood}`];
    const { results } = await ok({
      requests: [
        hitsQuery({ facetFilters: [woodFilter, colourFilter, brandFilter] }),
        disjunctiveQuery('Body Wood', { facetFilters: [colourFilter, brandFilter] }),
        disjunctiveQuery('Color', { facetFilters: [woodFilter, brandFilter] }),
        disjunctiveQuery('brand', { facetFilters: [woodFilter, colourFilter] }),
      ],
    });
    expect(results).toHaveLength(4);
    const matching = all.filter(
      (p) => has(p, 'brand', brand) && has(p, 'Color', colour) && has(p, 'Body Wood', wood),
    );
    expect(matching.length).toBeGreaterThan(0);
    expect(results[0]!.nbHits).toBe(matching.length);
    expect(new Set(results[0]!.hits.map((h) => h.id))).toEqual(new Set(matching.map((p) => p.id)));
    for (const hit of results[0]!.hits) {
      expect(hit.brand).toBe(brand);
      expect(hit.attributes.Color).toContain(colour);
    }
    expectFacets(results[0]!, matching, FACETS);
    // Each disjunctive query counts its facet without its own refinement, and has no hits.
    const without = (attribute: string, value: string) =>
      all.filter(
        (p) =>
          [
            ['brand', brand],
            ['Color', colour],
            ['Body Wood', wood],
          ]
            .filter(([a]) => a !== attribute)
            .every(([a, v]) => has(p, a!, v!)) &&
          (value === '' || has(p, attribute, value)),
      );
    for (const [i, attribute] of [
      [1, 'Body Wood'],
      [2, 'Color'],
      [3, 'brand'],
    ] as const) {
      expect(results[i]!.hits).toEqual([]);
      expect(results[i]!.hitsPerPage).toBe(0);
      expect(results[i]!.nbPages).toBe(0);
      expect(results[i]!.facets[attribute]).toEqual(top(counts(without(attribute, ''), attribute), 10));
      expect(Object.keys(results[i]!.facets)).toEqual([attribute]);
    }
  });

  it('ORs inside an array, excludes a negated value and filters by price ranges', async () => {
    const all = await catalogue();
    const brands = Object.keys(counts(all, 'brand')).slice(0, 2);
    const { results } = await ok({
      requests: [
        hitsQuery({
          facetFilters: [brands.map((b) => `brand:${b}`), 'Color:-Black'],
          numericFilters: ['price>=100', 'price<=900'],
          hitsPerPage: 1000,
        }),
      ],
    });
    const expected = all.filter(
      (p) =>
        brands.includes(p.brand ?? '') &&
        !has(p, 'Color', 'Black') &&
        Number(p.price) >= 100 &&
        Number(p.price) <= 900,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(results[0]!.nbHits).toBe(expected.length);
    expect(new Set(results[0]!.hits.map((h) => h.id))).toEqual(new Set(expected.map((p) => p.id)));
  });

  it('sorts by the price replicas and pages without overlap', async () => {
    const asc = (await ok({ requests: [hitsQuery({ hitsPerPage: 20 }, `${index}_price_asc`)] })).results[0]!;
    const prices = asc.hits.map((h) => h.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = (await ok({ requests: [hitsQuery({ hitsPerPage: 20 }, `${index}_price_desc`)] }))
      .results[0]!;
    expect(desc.hits[0]!.price).toBeGreaterThanOrEqual(desc.hits[19]!.price);
    expect(desc.hits[0]!.price).toBeGreaterThan(asc.hits[0]!.price);
    const page2 = (await ok({ requests: [hitsQuery({ hitsPerPage: 20, page: 1 }, `${index}_price_asc`)] }))
      .results[0]!;
    expect(page2.page).toBe(1);
    expect(page2.hits[0]!.price).toBeGreaterThanOrEqual(prices[19]!);
    expect(page2.hits.map((h) => h.id)).not.toContain(asc.hits[0]!.id);
  });

  it('searches words as prefixes and highlights them with the asked tags', async () => {
    const all = await catalogue();
    const word = (all.at(0)?.name ?? '').split(' ')[0] ?? '';
    const prefix = word.slice(0, 3).toLowerCase();
    const { results } = await ok({ requests: [hitsQuery({ query: prefix, hitsPerPage: 5 })] });
    const r = results[0]!;
    expect(r.query).toBe(prefix);
    expect(r.nbHits).toBeGreaterThan(0);
    const hit = r.hits[0]!;
    expect(hit._highlightResult.name.value).toContain(PRE);
    expect(hit._highlightResult.name.value.replaceAll(PRE, '').replaceAll(POST, '')).toBe(hit.name);
    expect(hit._highlightResult.name.matchedWords).toEqual([prefix]);
    expect(['full', 'partial']).toContain(hit._highlightResult.name.matchLevel);
  });

  it('reads params as algoliasearch v4 sends them, a URL-encoded string', async () => {
    const params = new URLSearchParams({
      facets: JSON.stringify(['brand']),
      hitsPerPage: '3',
      page: '0',
      query: '',
    }).toString();
    const { results } = await ok({ requests: [{ indexName: index, params }] });
    expect(results[0]!.hits).toHaveLength(3);
    expect(Object.keys(results[0]!.facets)).toEqual(['brand']);
  });

  it('refuses another account’s channel, another account header, no permission and bad input', async () => {
    const foreign = await t.as('admin', 'POST', URL, {
      requests: [hitsQuery({}, `vsf_product_${outletChannel}`)],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toContain(`vsf_product_${outletChannel}`);
    const missing = await t.as('admin', 'POST', URL, { requests: [hitsQuery({}, 'vsf_product_999999')] });
    expect(missing.statusCode).toBe(404);

    // The account is the session's: a header naming another account is refused, the own one accepted.
    const header = await withHeaders({ requests: [hitsQuery()] }, { 'x-account-id': String(outlet) });
    expect(header.statusCode).toBe(404);
    const own = await withHeaders(
      { requests: [hitsQuery({ hitsPerPage: 1 })] },
      {
        'x-account-id': String(music),
        'x-site-id': '99',
        'x-channel-id': String(webStore),
        'x-collection-id': 'new-1',
        'x-capture-collection': '1',
      },
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(searchResultSchema.parse(own.json().results[0]).params).toContain('collectionId=new-1');
    const foreignHeader = await withHeaders(
      { requests: [hitsQuery()] },
      { 'x-channel-id': String(outletChannel) },
    );
    expect(foreignHeader.statusCode).toBe(404);
    const [amazon] = await t.rows<{ id: number }>(
      sql`select id from sales_channels where account_id = ${music} and name = 'Amazon'`,
    );
    const otherChannel = await withHeaders(
      { requests: [hitsQuery()] },
      { 'x-channel-id': String(amazon!.id) },
    );
    expect(otherChannel.statusCode).toBe(400);
    const signedOut = await t.app.inject({ method: 'POST', url: URL, payload: { requests: [hitsQuery()] } });
    expect(signedOut.statusCode).toBe(401);
    const sales = await t.as('sales', 'POST', URL, { requests: [hitsQuery()] });
    expect(sales.statusCode).toBe(403);
    const manager = await t.as('manager', 'POST', URL, { requests: [hitsQuery()] });
    expect(manager.statusCode).toBe(200);

    for (const bad of [
      {},
      { requests: [] },
      { requests: [{ indexName: 'products', params: {} }] },
      { requests: [{ indexName: `${index}_cheapest`, params: {} }] },
      { requests: [hitsQuery({ hitsPerPage: -1 })] },
      { requests: [hitsQuery({ facetFilters: ['brandFender'] })] },
      { requests: [hitsQuery({ numericFilters: ['weight>3'] })] },
      { requests: [hitsQuery({ numericFilters: ['price>>3'] })] },
      { requests: [hitsQuery({ filters: 'brand:Fender' })] },
    ]) {
      const res = await t.as('admin', 'POST', URL, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.message.length).toBeGreaterThan(0);
    }
  });

  it('searches facet values (type facet) among the matches as the refinement list’s search box does', async () => {
    const all = await catalogue();
    const brand = Object.keys(counts(all, 'brand'))[0]!;
    const guitars = all.filter((p) => p.brand === brand);
    const colours = top(counts(guitars, 'Color'), 1000);
    const first = Object.keys(colours)[0]!;
    const prefix = first.slice(0, 2).toLowerCase();
    const facetQuery = (facet: string, params: Record<string, unknown>) => ({
      type: 'facet',
      facet,
      indexName: index,
      params: {
        facets: FACETS,
        highlightPostTag: POST,
        highlightPreTag: PRE,
        maxValuesPerFacet: 10,
        query: '',
        tagFilters: '',
        ...params,
      },
    });
    const res = await t.as('admin', 'POST', URL, {
      requests: [
        facetQuery('Color', { facetQuery: prefix, facetFilters: [[`brand:${brand}`]], maxFacetHits: 5 }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = searchMultiResultSchema.parse(res.json()).results[0] as FacetSearchResult;
    const words = (v: string) => v.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const expected = Object.entries(colours)
      .filter(([value]) => words(value).some((w) => w.startsWith(prefix)))
      .slice(0, 5);
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.facetHits.map((h) => [h.value, h.count])).toEqual(expected);
    expect(answer.exhaustiveFacetsCount).toBe(true);
    const hit = answer.facetHits.find((h) => h.value === first)!;
    expect(hit.highlighted.replaceAll(PRE, '').replaceAll(POST, '')).toBe(first);
    expect(hit.highlighted).toContain(`${PRE}${first.slice(0, 2)}${POST}`);

    // Without filters (the kept counts), an empty facetQuery lists the most frequent values; beside a search in
    // the same call each gets its own kind of answer.
    const both = await t.as('admin', 'POST', URL, {
      requests: [hitsQuery({ hitsPerPage: 1 }), facetQuery('brand', { facetQuery: '' })],
    });
    expect(both.statusCode, both.body).toBe(200);
    const [search, facet] = searchMultiResultSchema.parse(both.json()).results as [
      SearchResult,
      FacetSearchResult,
    ];
    expect(search.hits).toHaveLength(1);
    expect(facet.facetHits.map((h) => [h.value, h.count])).toEqual(
      Object.entries(top(counts(all, 'brand'), 10)),
    );
    const nameless = await t.as('admin', 'POST', URL, {
      requests: [{ type: 'facet', indexName: index, params: { facetQuery: 'a' } }],
    });
    expect(nameless.statusCode).toBe(400);
  });

  it('counts the unrefined screen from kept counts that follow every write, as a reference count does', async () => {
    const reference = async () => {
      const all = await catalogue();
      const r = (
        await ok({
          requests: [hitsQuery({ facets: [...FACETS, 'price'], hitsPerPage: 0, maxValuesPerFacet: 1000 })],
        })
      ).results[0]!;
      expect(r.nbHits).toBe(Math.min(all.length, 10_000));
      expectFacets(r, all, FACETS, 1000);
      const prices: Record<string, number> = {};
      for (const p of all) prices[Number(p.price).toFixed(2)] = (prices[Number(p.price).toFixed(2)] ?? 0) + 1;
      expect(r.facets.price).toEqual(top(prices, 1000));
      const sum = all.reduce((total, p) => total + Math.round(Number(p.price) * 100), 0) / 100;
      expect(r.facets_stats.price).toEqual({
        min: Math.min(...all.map((p) => Number(p.price))),
        max: Math.max(...all.map((p) => Number(p.price))),
        avg: Math.round((sum / all.length) * 100) / 100,
        sum,
      });
      // The same query with a filter every product passes is counted, not read: the two must agree.
      const counted = (
        await ok({
          requests: [
            hitsQuery({
              facets: [...FACETS, 'price'],
              hitsPerPage: 0,
              maxValuesPerFacet: 1000,
              numericFilters: ['price>=0'],
            }),
          ],
        })
      ).results[0]!;
      expect(counted.facets).toEqual(r.facets);
      expect(counted.facets_stats).toEqual(r.facets_stats);
    };
    await reference();
    const [a, b] = await t.rows<{ id: number }>(
      sql`select id from products where account_id = ${music} and is_active = 1 order by id desc limit 2`,
    );
    await t.rows(sql`update products set is_active = 0 where id = ${a!.id}`);
    await t.rows(sql`update products set price_sale = price_sale + 1 where id = ${b!.id}`);
    await t.rows(sql`
      update product_attributes set value_json = '{"Default": ["Teal Burst"]}'::jsonb
      where product_id = ${b!.id} and attribute_id = (select id from attributes where account_id = ${music} and name = 'Color')`);
    await reference();
    await t.rows(sql`update products set is_active = 1 where id = ${a!.id}`);
    await reference();
  });

  it('keeps the search in step with products, attributes and brands; * asks every facet with price stats', async () => {
    const [p] = await t.rows<{ id: number; brand_id: number }>(
      sql`select id, brand_id from products where account_id = ${music} and is_active = 1 and brand_id is not null order by id limit 1`,
    );
    const find = async (params: Record<string, unknown>) =>
      (await ok({ requests: [hitsQuery({ hitsPerPage: 5, ...params })] })).results[0]!;
    await t.rows(
      sql`update products set name = 'Zebrawood ' || name, price_sale = 12345.67 where id = ${p!.id}`,
    );
    const renamed = await find({ query: 'zebraw' });
    expect(renamed.hits.map((h) => h.id)).toEqual([p!.id]);
    expect(renamed.hits[0]!.price).toBe(12345.67);
    expect(renamed.hits[0]!._highlightResult.name.value).toMatch(new RegExp(`^${PRE}Zebraw${POST}ood `));

    await t.rows(sql`
      insert into product_attributes (product_id, attribute_id, value_json)
      select ${p!.id}, id, '{"Default": ["Sparkle"]}'::jsonb from attributes where account_id = ${music} and name = 'Finish'
      on conflict (product_id, attribute_id) do update set value_json = excluded.value_json`);
    expect((await find({ facetFilters: ['Finish:Sparkle'] })).hits.map((h) => h.id)).toEqual([p!.id]);
    await t.rows(sql`update brands set name = 'Zebra Guitars' where id = ${p!.brand_id}`);
    const brand = await find({ facetFilters: ['brand:Zebra Guitars', 'Finish:Sparkle'] });
    expect(brand.hits.map((h) => h.brand)).toEqual(['Zebra Guitars']);
    await t.rows(sql`delete from product_attributes where product_id = ${p!.id}`);
    expect((await find({ facetFilters: ['Finish:Sparkle'] })).nbHits).toBe(0);
    await t.rows(sql`update products set is_active = 0 where id = ${p!.id}`);
    expect((await find({ query: 'zebraw' })).nbHits).toBe(0);

    const every = (await ok({ requests: [hitsQuery({ facets: ['*'], hitsPerPage: 0 })] })).results[0]!;
    expect(Object.keys(every.facets)).toEqual(
      expect.arrayContaining(['brand', 'category', 'Color', 'Finish', 'price']),
    );
    const prices = (await catalogue()).map((c) => Number(c.price));
    expect(every.facets_stats.price).toMatchObject({ min: Math.min(...prices), max: Math.max(...prices) });
  });
});
