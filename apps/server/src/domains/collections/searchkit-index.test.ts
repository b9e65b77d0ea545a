import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SearchResult, searchMultiResultSchema, searchResultSchema } from '@backroom/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { createTestApp, TEST_DB, type TestApp } from '../../test/test-app';
import { readAllProducts, readSearchVersion } from './facet-index.repository';
import { facetIndexBuilt, holdFacetIndexBuilds, warmFacetIndexes } from './facet-indexes';

// The collections search answers refinements from an in-process facet index (facet-index.ts). Servers are
// interchangeable, so the index must follow what another server writes: here, on PostgreSQL, a second
// connection pool (what another process has) inserts, changes, deactivates and deletes products after this
// server built its index; on PGlite (one process by nature) the same writes go through the test's own handle,
// which the index does not see either: it learns of them from the database's change log alone. Each answer
// is checked against the base tables.

let t: TestApp;
let other: Database | null = null;
let music = 0;
let index = '';

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin');
  [music] = (await t.rows<{ id: number }>(sql`select id from accounts order by id`)).map((a) => a.id) as [
    number,
  ];
  const [channel] = await t.rows<{ id: number }>(
    sql`select id from sales_channels where account_id = ${music} and name = 'Web Store'`,
  );
  index = `vsf_product_${channel!.id}`;
  if (TEST_DB === 'postgres') {
    other = await openDatabase({
      dataDir: mkdtempSync(path.join(tmpdir(), 'backroom-other-')),
      databaseUrl: t.deps.config.databaseUrl,
    });
  }
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

/** A write made by the other server (PostgreSQL) or behind the index's back (PGlite). */
async function elsewhere<T>(query: SQL): Promise<T[]> {
  if (!other) return t.rows<T>(query);
  return ((await other.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const FACETS = ['Color', 'Finish', 'brand', 'price'];

/** One search, answered by the facet index (the reply's Server-Timing header names the way it was answered). */
async function search(params: Record<string, unknown>, indexName = index): Promise<SearchResult> {
  const res = await t.as('admin', 'POST', '/api/v2/searchkit/proxy', {
    requests: [
      { indexName, params: { facets: FACETS, hitsPerPage: 64, maxValuesPerFacet: 1000, ...params } },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['server-timing']).toBe('search;desc="facet-index"');
  return searchResultSchema.parse(searchMultiResultSchema.parse(res.json()).results[0]);
}

interface Product {
  id: number;
  name: string;
  price: number;
  values: Record<string, string[]>;
}

/** The account's active products from the base tables, with their brand and attribute values. */
async function catalogue(app: TestApp = t): Promise<Product[]> {
  const found = await app.rows<{
    id: number;
    name: string;
    price: string;
    brand: string | null;
    attrs: unknown;
  }>(sql`
    select p.id, p.name, p.price_sale as price, b.name as brand,
      (select json_agg(json_build_object('name', a.name, 'value', v))
         from product_attributes pa join attributes a on a.id = pa.attribute_id,
         jsonb_each(pa.value_json) l, jsonb_array_elements_text(l.value) v where pa.product_id = p.id) as attrs
    from products p left join brands b on b.id = p.brand_id
    where p.account_id = ${music} and p.is_active = 1`);
  return found.map((p) => {
    const values: Record<string, string[]> = { brand: p.brand ? [p.brand] : [], price: [p.price] };
    for (const a of (p.attrs ?? []) as { name: string; value: string }[]) {
      values[a.name] = [...(values[a.name] ?? []), a.value];
    }
    return { id: p.id, name: p.name, price: Number(p.price), values };
  });
}

function counts(products: Product[], attribute: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of products) for (const v of new Set(p.values[attribute] ?? [])) out[v] = (out[v] ?? 0) + 1;
  return out;
}

/** The top 1,000 of a count map as Algolia orders them: count, then value (maxValuesPerFacet 1000). */
function top(map: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(map)
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, 1000),
  );
}

/** The answer the base tables give for products passing `keep`, checked against the search's. */
async function expectAnswer(
  result: SearchResult,
  keep: (p: Product) => boolean,
  sort: string,
  app: TestApp = t,
) {
  const matching = (await catalogue(app)).filter(keep);
  expect(result.nbHits).toBe(Math.min(matching.length, 10_000));
  for (const attribute of FACETS) {
    expect(result.facets[attribute] ?? {}, attribute).toEqual(top(counts(matching, attribute)));
  }
  const ordered = [...matching].sort((a, b) =>
    sort === 'price_asc'
      ? a.price - b.price || a.id - b.id
      : sort === 'price_desc'
        ? b.price - a.price || b.id - a.id
        : a.name < b.name
          ? -1
          : a.name > b.name
            ? 1
            : a.id - b.id,
  );
  expect(
    result.hits.map((h) => h.id),
    sort,
  ).toEqual(ordered.slice(0, 64).map((p) => p.id));
  if (matching.length) {
    const prices = matching.map((p) => p.price);
    expect(result.facets_stats.price).toMatchObject({ min: Math.min(...prices), max: Math.max(...prices) });
  }
}

/** The whole InstantSearch render of refinements: the hits query, then one query per refined facet. */
async function render(app: TestApp, refinements: Record<string, string>) {
  const filters = (left: string | null) =>
    Object.entries(refinements)
      .filter(([attribute]) => attribute !== left)
      .map(([attribute, value]) => [`${attribute}:${value}`]);
  const res = await app.as('admin', 'POST', '/api/v2/searchkit/proxy', {
    requests: [
      {
        indexName: index,
        params: { facets: FACETS, facetFilters: filters(null), hitsPerPage: 64, maxValuesPerFacet: 1000 },
      },
      ...Object.keys(refinements).map((facet) => ({
        indexName: index,
        params: {
          analytics: false,
          facets: facet,
          facetFilters: filters(facet),
          hitsPerPage: 0,
          maxValuesPerFacet: 1000,
        },
      })),
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    answeredBy: res.headers['server-timing'],
    results: searchMultiResultSchema.parse(res.json()).results.map((r) => searchResultSchema.parse(r)),
  };
}

/** The render's answers against the base tables: the hits query's, and each disjunctive query's counts. */
async function expectRender(app: TestApp, refinements: Record<string, string>, results: SearchResult[]) {
  const has = (p: Product, attribute: string, value: string) => (p.values[attribute] ?? []).includes(value);
  const keeps = (left: string | null) => (p: Product) =>
    Object.entries(refinements).every(([attribute, value]) => attribute === left || has(p, attribute, value));
  await expectAnswer(results[0]!, keeps(null), 'name_asc', app);
  const all = await catalogue(app);
  for (const [i, facet] of Object.keys(refinements).entries()) {
    const without = all.filter(keeps(facet));
    expect(without.length).toBeGreaterThan(0);
    expect(results[i + 1]!.nbHits).toBe(Math.min(without.length, 10_000));
    expect(results[i + 1]!.hits).toEqual([]);
    expect(Object.keys(results[i + 1]!.facets)).toEqual([facet]);
    expect(results[i + 1]!.facets[facet], facet).toEqual(top(counts(without, facet)));
  }
}

describe('the collections search’s facet index', () => {
  it('answers as the base tables do after another server inserts, changes and deletes products', async () => {
    const [brand] = await t.rows<{ id: number; name: string }>(
      sql`select id, name from brands where account_id = ${music} order by id limit 1`,
    );
    const isBrand = (p: Product) => (p.values.brand ?? []).includes(brand!.name);
    // This server builds its index.
    await facetIndexBuilt(t.deps.db, music);
    await expectAnswer(await search({ facetFilters: [`brand:${brand!.name}`] }), isBrand, 'name_asc');
    await expectAnswer(await search({}), () => true, 'name_asc');

    // Another server writes: new products with a colour no product had (one with two), a rename to the top of the name
    // order with a new price, a product of the brand deactivated, and one of the new products deleted.
    const inserted = await elsewhere<{ id: number }>(sql`
      insert into products (account_id, sku, name, brand_id, price_cost, price_map, price_sale, is_active)
      select ${music}, 'IDX-' || g, 'Index Test ' || g, ${brand!.id}, 1, 1, 3.5 * g, 1 from generate_series(1, 3) g
      returning id`);
    await elsewhere(sql`
      insert into product_attributes (product_id, attribute_id, value_json)
      select p.id, a.id, case when p.sku = 'IDX-1' then '{"Default": ["Ultraviolet", "Infrared"]}'::jsonb
        else '{"Default": ["Ultraviolet"]}'::jsonb end
      from products p join attributes a on a.account_id = p.account_id and a.name = 'Color'
      where p.sku like 'IDX-%' and p.account_id = ${music}`);
    const [renamed, deactivated] = await t.rows<{ id: number }>(sql`
      select id from products where account_id = ${music} and is_active = 1 and brand_id = ${brand!.id}
        and sku not like 'IDX-%' order by id limit 2`);
    await elsewhere(
      sql`update products set name = '!!! ' || name, price_sale = 0.5 where id = ${renamed!.id}`,
    );
    await elsewhere(sql`update products set is_active = 0 where id = ${deactivated!.id}`);
    await elsewhere(sql`delete from product_attributes where product_id = ${inserted[2]!.id}`);
    await elsewhere(sql`delete from products where id = ${inserted[2]!.id}`);

    const ultraviolet = (p: Product) => (p.values.Color ?? []).includes('Ultraviolet');
    const refined = await search({ facetFilters: [`brand:${brand!.name}`, 'Color:Ultraviolet'] });
    expect(refined.hits.map((h) => h.id).sort()).toEqual([inserted[0]!.id, inserted[1]!.id].sort());
    await expectAnswer(refined, (p) => isBrand(p) && ultraviolet(p), 'name_asc');
    // The whole render of that refinement: each disjunctive query counts its facet (columns of the changed
    // products too, one with two colours) as the base tables do.
    for (const refinements of [
      { brand: brand!.name, Color: 'Ultraviolet' },
      { brand: brand!.name, Color: 'Infrared' },
    ]) {
      const { answeredBy, results } = await render(t, refinements);
      expect(answeredBy).toBe('search;desc="facet-index"');
      await expectRender(t, refinements, results);
    }
    await expectAnswer(await search({ facetFilters: [`brand:${brand!.name}`] }), isBrand, 'name_asc');
    const opening = await search({});
    expect(opening.hits[0]!.id).toBe(renamed!.id);
    await expectAnswer(opening, () => true, 'name_asc');
    await expectAnswer(await search({}, `${index}_price_asc`), () => true, 'price_asc');
    await expectAnswer(
      await search({ facetFilters: [`brand:${brand!.name}`] }, `${index}_price_desc`),
      isBrand,
      'price_desc',
    );
    await expectAnswer(
      await search({ facetFilters: ['Color:-Ultraviolet'], numericFilters: ['price<=10'] }),
      (p) => !ultraviolet(p) && p.price <= 10,
      'name_asc',
    );

    // And back: the renamed product moves down again, the deactivated one returns.
    await elsewhere(sql`update products set name = substr(name, 5) where id = ${renamed!.id}`);
    await elsewhere(sql`update products set is_active = 1 where id = ${deactivated!.id}`);
    await expectAnswer(await search({ facetFilters: [`brand:${brand!.name}`] }), isBrand, 'name_asc');
    await expectAnswer(await search({}), () => true, 'name_asc');
  });
  it('builds from one snapshot: a write committed between two chunks of the read is not seen', async () => {
    // The build reads the products in chunks along the name order. Here the first product is renamed to the
    // end of that order while the read is between its chunks: read without one snapshot, it would be found
    // twice (in the first chunk and again in the last), and the version would not say what was read.
    const active = await t.rows<{ id: number }>(
      sql`select product_id as id from product_search where account_id = ${music} and is_active = 1
          order by name, product_id`,
    );
    expect(active.length).toBeGreaterThan(10);
    const moved = active[0]!.id;
    const before = await readSearchVersion(t.deps.db, music);
    const read: number[] = [];
    let writer: Promise<unknown> | null = null;
    const version = await readAllProducts(
      t.deps.db,
      music,
      async (products) => {
        read.push(...products.map((p) => p.productId));
        if (writer) return;
        writer = elsewhere(sql`update products set name = 'zzzz ' || name where id = ${moved}`);
        // On PostgreSQL the other server's write commits before the next chunk is read. On PGlite (one
        // connection) it waits for the build's transaction to end: awaiting it here would never end.
        if (other) await writer;
      },
      5,
    );
    await writer;
    expect(version).toBe(before.version);
    expect(read).toEqual(active.map((a) => a.id));
    expect((await readSearchVersion(t.deps.db, music)).version).toBeGreaterThan(before.version);
    await elsewhere(sql`update products set name = substr(name, 6) where id = ${moved}`);
  });
  it('answers while the index is built (SQL, not waiting), then from the index, the same answers', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.signIn('admin');
      // A starting server builds every account's index in the background; the test holds the build open.
      const release = holdFacetIndexBuilds(fresh.deps.db);
      const warm = warmFacetIndexes(fresh.deps.db, fresh.app.log);
      const all = await catalogue(fresh);
      const byCount = (values: string[]) => {
        const n = new Map<string, number>();
        for (const v of values) n.set(v, (n.get(v) ?? 0) + 1);
        return [...n].sort(([, a], [, b]) => b - a)[0]![0];
      };
      const brand = byCount(all.flatMap((p) => p.values.brand ?? []));
      const colour = byCount(
        all.filter((p) => p.values.brand?.includes(brand)).flatMap((p) => p.values.Color ?? []),
      );
      const refinements = { brand, Color: colour };
      const during = await render(fresh, refinements);
      expect(during.answeredBy).toBe('search;desc="sql"');
      await expectRender(fresh, refinements, during.results);
      const opening = await render(fresh, {});
      expect(opening.answeredBy).toBe('search;desc="sql"');
      await expectAnswer(opening.results[0]!, () => true, 'name_asc', fresh);

      release();
      await warm;
      const after = await render(fresh, refinements);
      expect(after.answeredBy).toBe('search;desc="facet-index"');
      const figures = (results: SearchResult[]) => results.map(({ processingTimeMS: _, ...rest }) => rest);
      expect(figures(after.results)).toEqual(figures(during.results));
      const openingAfter = await render(fresh, {});
      expect(openingAfter.answeredBy).toBe('search;desc="facet-index"');
      expect(figures(openingAfter.results)).toEqual(figures(opening.results));
    } finally {
      await fresh.close();
    }
  });
});
