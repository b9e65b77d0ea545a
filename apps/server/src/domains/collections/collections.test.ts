import {
  accountSitesReplySchema,
  baseProductQueryReplySchema,
  type CollectionJson,
  collectionsReplySchema,
  errorEnvelopeSchema,
} from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

// catalogue-admin.md §7 Collections: each call's success, another account's ids (404), no permission (403) and
// bad input (400 with a message), against what the database then holds.

let t: TestApp;
let music: number;
let outlet: number;
let site: { id: number; channelId: number };
let outletSite: number;
let outletCollection: number;

const V0 = '/api/backroom';

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'warehouse', 'outlet', 'sales');
  [music, outlet] = (await t.rows<{ id: number }>(sql`select id from accounts order by id`)).map(
    (a) => a.id,
  ) as [number, number];
  [site] = (await t.rows<{ id: number; channelId: number }>(
    sql`select id, channel_id as "channelId" from account_sites where account_id = ${music}`,
  )) as [{ id: number; channelId: number }];
  outletSite = (
    await t.rows<{ id: number }>(sql`select id from account_sites where account_id = ${outlet}`)
  )[0]!.id;
  outletCollection = (
    await t.rows<{ id: number }>(sql`select id from collections where account_id = ${outlet}`)
  )[0]!.id;
}, 120_000);
afterAll(() => t.close());

const errorOf = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

describe('GET /api/backroom/account/sites', () => {
  it("lists the account's sites (id, url, channelId), filtered by siteId", async () => {
    const res = await t.as('admin', 'GET', `${V0}/account/sites?siteId=99&eager=true`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = accountSitesReplySchema.parse(res.json());
    expect(data).toEqual([
      {
        id: site.id,
        url: 'https://shop.demomusic.example',
        channelId: site.channelId,
        siteId: 99,
        accountId: music,
        isActive: 1,
      },
    ]);
    const none = accountSitesReplySchema.parse(
      (await t.as('admin', 'GET', `${V0}/account/sites?siteId=2`)).json(),
    );
    expect(none.data).toEqual([]);
    const outletSites = accountSitesReplySchema.parse(
      (await t.as('outlet', 'GET', `${V0}/account/sites`)).json(),
    );
    expect(outletSites.data.map((s) => s.id)).toEqual([outletSite]);
  });
  it('refuses a bad filter with 400 and a message', async () => {
    const res = await t.as('admin', 'GET', `${V0}/account/sites?siteId=abc`);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'validation' });
    expect(errorOf(res.body).message).toMatch(/siteId/);
  });
});

describe('GET …/collection/{accountSiteId}/baseProductQuery', () => {
  it("answers the site's index (vsf_product_{channelId}) and its facets, 64 hits a page", async () => {
    const res = await t.as('admin', 'GET', `${V0}/collection/${site.id}/baseProductQuery`);
    expect(res.statusCode, res.body).toBe(200);
    const [base] = baseProductQueryReplySchema.parse(res.json()).data;
    expect(base).toMatchObject({
      accountSiteId: site.id,
      channelId: site.channelId,
      indexName: `vsf_product_${site.channelId}`,
      hitsPerPage: 64,
    });
    const attributes = base!.refinements.map((r) => r.component.attribute);
    expect(attributes.slice(0, 3)).toEqual(['brand', 'category.lvl0', 'price']);
    const facets = await t.rows<{ name: string }>(
      sql`select name from attributes where account_id = ${music} and is_facet = 1`,
    );
    expect(attributes.slice(3).sort()).toEqual(facets.map((f) => f.name).sort());
    expect(base!.refinements.every((r) => r.component.showMoreLimit === 200)).toBe(true);
  });
  it("refuses another account's site (404), a user without catalogue (403), a bad id (400)", async () => {
    const foreign = await t.as('admin', 'GET', `${V0}/collection/${outletSite}/baseProductQuery`);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign.body)).toMatchObject({
      code: 'not_found',
      message: `Account site ${outletSite} not found.`,
    });
    const denied = await t.as('warehouse', 'GET', `${V0}/collection/${site.id}/baseProductQuery`);
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied.body).code).toBe('forbidden');
    const bad = await t.as('admin', 'GET', `${V0}/collection/x/baseProductQuery`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).message).toMatch(/accountSiteId/);
  });
});

async function search(body: object, who = 'admin') {
  return t.as(who, 'POST', `${V0}/collection/search`, body);
}

describe('POST …/collection/search', () => {
  it("lists the site's collections of a type: the default (5) and the saved web ones (25)", async () => {
    const defaults = collectionsReplySchema.parse(
      (await search({ accountSiteId: site.id, collectionTypeId: 5 })).json(),
    ).data;
    expect(defaults).toHaveLength(1);
    expect(defaults[0]).toMatchObject({
      isDefaultCollection: 1,
      collectionTypeId: 5,
      name: 'Demo Music Storefront',
    });
    const web = collectionsReplySchema.parse(
      (await search({ accountSiteId: site.id, collectionTypeId: 25 })).json(),
    ).data;
    expect(web.length).toBeGreaterThanOrEqual(1);
    expect(web.every((c) => c.collectionTypeId === 25 && c.isDefaultCollection === 0)).toBe(true);
  });
  it("refuses another account's site (404), no permission (403), a type other than 5 or 25 (400)", async () => {
    const foreign = await search({ accountSiteId: outletSite, collectionTypeId: 5 });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign.body).message).toBe(`Account site ${outletSite} not found.`);
    expect((await search({ accountSiteId: site.id, collectionTypeId: 5 }, 'sales')).statusCode).toBe(403);
    const bad = await search({ accountSiteId: site.id, collectionTypeId: 7 });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body)).toMatchObject({ code: 'validation' });
    expect(errorOf(bad.body).message).toContain('Collection type must be 5 or 25');
  });
});

describe('PUT and PATCH …/collection: create, then patch the full json (§4.2)', () => {
  it('creates a web collection (first item of data) and patches its name and json', async () => {
    const [def] = collectionsReplySchema.parse(
      (await search({ accountSiteId: site.id, collectionTypeId: 5 })).json(),
    ).data;
    const created = await t.as('admin', 'PUT', `${V0}/collection`, {
      accountSiteId: site.id,
      parentId: def!.id,
      collectionTypeId: 25,
      name: 'Spring Guitars',
    });
    expect(created.statusCode, created.body).toBe(200);
    const [made] = collectionsReplySchema.parse(created.json()).data;
    expect(made).toMatchObject({
      name: 'Spring Guitars',
      collectionTypeId: 25,
      isDefaultCollection: 0,
      parentId: def!.id,
      accountId: music,
    });
    expect(made!.json.instantsearch.configuration.refinementOrder).toEqual([]);

    const json: CollectionJson = structuredClone(made!.json);
    json.instantsearch.configuration.refinementOrder = ['category.lvl0', 'brand'];
    json.instantsearch.configuration.hitsPerPage = 32;
    json.instantsearch.uiState = {
      [`vsf_product_${site.channelId}`]: { refinementList: { brand: ['Fender'] } },
    };
    const patched = await t.as('admin', 'PATCH', `${V0}/collection`, {
      id: made!.id,
      name: 'Spring Guitars 2',
      json,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(collectionsReplySchema.parse(patched.json()).data[0]).toMatchObject({
      id: made!.id,
      name: 'Spring Guitars 2',
      json,
    });

    const [row] = await t.rows<{
      name: string;
      json: CollectionJson;
      collection_type_id: number;
      modified_by: number;
    }>(sql`select name, json, collection_type_id, modified_by from collections where id = ${made!.id}`);
    expect(row).toMatchObject({ name: 'Spring Guitars 2', json, collection_type_id: 25 });
  });

  it("keeps the default collection's name: a rename is refused (400), its json saves", async () => {
    const [def] = collectionsReplySchema.parse(
      (await search({ accountSiteId: site.id, collectionTypeId: 5 })).json(),
    ).data;
    const renamed = await t.as('admin', 'PATCH', `${V0}/collection`, {
      id: def!.id,
      name: 'Renamed',
      json: def!.json,
    });
    expect(renamed.statusCode).toBe(400);
    expect(errorOf(renamed.body)).toMatchObject({
      code: 'validation',
      message: "The default collection's name cannot be edited.",
    });
    const json = structuredClone(def!.json);
    json.instantsearch.configuration.refinementOrder = ['price', 'brand'];
    const same = await t.as('admin', 'PATCH', `${V0}/collection`, { id: def!.id, name: def!.name, json });
    expect(same.statusCode, same.body).toBe(200);
    const [row] = await t.rows<{ name: string; json: CollectionJson }>(
      sql`select name, json from collections where id = ${def!.id}`,
    );
    expect(row!.name).toBe('Demo Music Storefront');
    expect(row!.json.instantsearch.configuration.refinementOrder).toEqual(['price', 'brand']);
  });

  it("refuses another account's site, parent or collection (404) and changes nothing", async () => {
    const before = await t.rows(sql`select id, name, json from collections order by id`);
    const [def] = collectionsReplySchema.parse(
      (await search({ accountSiteId: site.id, collectionTypeId: 5 })).json(),
    ).data;
    const put = await t.as('admin', 'PUT', `${V0}/collection`, { accountSiteId: outletSite, name: 'X' });
    expect([put.statusCode, errorOf(put.body).message]).toEqual([
      404,
      `Account site ${outletSite} not found.`,
    ]);
    const parent = await t.as('admin', 'PUT', `${V0}/collection`, {
      accountSiteId: site.id,
      parentId: outletCollection,
      name: 'X',
    });
    expect([parent.statusCode, errorOf(parent.body).message]).toEqual([
      404,
      `Collection ${outletCollection} not found.`,
    ]);
    const patch = await t.as('admin', 'PATCH', `${V0}/collection`, {
      id: outletCollection,
      name: 'X',
      json: def!.json,
    });
    expect([patch.statusCode, errorOf(patch.body).code]).toEqual([404, 'not_found']);
    expect(await t.rows(sql`select id, name, json from collections order by id`)).toEqual(before);
  });

  it('refuses no permission (403) and bad input (400 with a message)', async () => {
    const [def] = collectionsReplySchema.parse(
      (await search({ accountSiteId: site.id, collectionTypeId: 5 })).json(),
    ).data;
    expect(
      (await t.as('warehouse', 'PUT', `${V0}/collection`, { accountSiteId: site.id, name: 'X' })).statusCode,
    ).toBe(403);
    expect(
      (await t.as('sales', 'PATCH', `${V0}/collection`, { id: def!.id, name: def!.name, json: def!.json }))
        .statusCode,
    ).toBe(403);
    const noName = await t.as('admin', 'PUT', `${V0}/collection`, { accountSiteId: site.id, name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(errorOf(noName.body).fields?.[0]).toMatchObject({ field: 'name', message: 'Enter a name' });
    const json = structuredClone(def!.json);
    json.instantsearch.configuration.refinementOrder = ['nothing'];
    const badOrder = await t.as('admin', 'PATCH', `${V0}/collection`, { id: def!.id, name: def!.name, json });
    expect(badOrder.statusCode).toBe(400);
    expect(errorOf(badOrder.body).message).toBe(
      "Invalid input. json: Facet nothing is not one of the collection's facets.",
    );
    const badLimit = structuredClone(def!.json) as unknown as {
      instantsearch: { configuration: { refinements: { component: { showMoreLimit: number } }[] } };
    };
    badLimit.instantsearch.configuration.refinements[0]!.component.showMoreLimit = 500;
    const limit = await t.as('admin', 'PATCH', `${V0}/collection`, {
      id: def!.id,
      name: def!.name,
      json: badLimit,
    });
    expect(limit.statusCode).toBe(400);
    expect(errorOf(limit.body).message).toMatch(/showMoreLimit/);
  });
});
