import { productFacetSchema, productSchema, siteAttributesSchema } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../test/test-app';

// The attributes panel's site variant (catalogue-admin.md §2.5, §7): a site's requirement groups for a product,
// the storefront facets of a site and channel, and the product's family.

let t: TestApp;
let accountId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'sales', 'outlet');
  const [row] = await t.rows<{ id: number }>(sql`select id from accounts where name = 'Demo Music Co'`);
  accountId = row!.id;
});
afterAll(() => t.close());

/** A guitar (under the Guitars category) of a family, and one product outside Guitars. */
async function products() {
  const [guitar] = await t.rows<{ id: number; parent: number }>(sql`
    select p.id, p.parent_product_id as parent from products p join categories c on c.id = p.category_id
     where p.account_id = ${accountId} and p.parent_product_id is not null and c.path like 'Guitars >%'
     order by p.sku limit 1`);
  const [other] = await t.rows<{ id: number }>(sql`
    select p.id from products p join categories c on c.id = p.category_id
     where p.account_id = ${accountId} and c.path not like 'Guitars%' order by p.sku limit 1`);
  return { guitar: guitar!, other: other! };
}

describe('GET product/{productId}/siteAttributes', () => {
  it('answers the groups that apply to the product (by its category and those above it) and their attributes', async () => {
    const { guitar, other } = await products();
    const expected = await t.rows<{ name: string; attributes: string[] }>(sql`
      select g.name, array_agg(a.name order by a.name) as attributes from site_requirement_groups g
        join site_requirement_group_attributes ga on ga.group_id = g.id join attributes a on a.id = ga.attribute_id
       where g.account_id = ${accountId} and g.site_id = 99 group by g.id, g.name order by g.name`);
    expect(expected.map((g) => g.name)).toEqual(['Body', 'Colour', 'Origin']);

    const res = await t.as('admin', 'GET', `/api/backroom/product/${guitar.id}/siteAttributes?siteId=99`);
    expect(res.statusCode).toBe(200);
    const reply = dataOf(siteAttributesSchema, res)[0]!;
    const names = new Map(reply.attributes.map((a) => [a.id, a.name]));
    expect(
      reply.requirementGroups.map((g) => ({
        name: g.name,
        attributes: g.attributeIds.map((id) => names.get(id)),
      })),
    ).toEqual(expected);
    // One attribute alone makes a group required; the definitions carry their lists.
    expect(reply.attributes.find((a) => a.name === 'Country of Origin')).toMatchObject({ isRequired: 1 });
    expect(reply.attributes.find((a) => a.name === 'Color')).toMatchObject({ isRequired: 0, isFacet: 1 });
    expect(
      reply.attributes.find((a) => a.name === 'Color')?.lists.options[0]?.options.length,
    ).toBeGreaterThan(1);

    // Not a guitar: the Guitars group does not apply. Another site: its own groups.
    const plain = dataOf(
      siteAttributesSchema,
      await t.as('admin', 'GET', `/api/backroom/product/${other.id}/siteAttributes?siteId=99`),
    )[0]!;
    expect(plain.requirementGroups.map((g) => g.name)).toEqual(['Colour', 'Origin']);
    const ebay = dataOf(
      siteAttributesSchema,
      await t.as('admin', 'GET', `/api/backroom/product/${guitar.id}/siteAttributes?siteId=2`),
    )[0]!;
    expect(ebay.requirementGroups.map((g) => g.name)).toEqual(['Item specifics']);
  });

  it('refuses another account’s product (404), an unknown site (400) and users without catalogue (403)', async () => {
    const { guitar } = await products();
    expect(
      (await t.as('outlet', 'GET', `/api/backroom/product/${guitar.id}/siteAttributes?siteId=99`)).statusCode,
    ).toBe(404);
    expect(
      (await t.as('admin', 'GET', `/api/backroom/product/${guitar.id}/siteAttributes?siteId=3`)).statusCode,
    ).toBe(400);
    expect((await t.as('admin', 'GET', `/api/backroom/product/${guitar.id}/siteAttributes`)).statusCode).toBe(
      400,
    );
    expect(
      (await t.as('sales', 'GET', `/api/backroom/product/${guitar.id}/siteAttributes?siteId=99`)).statusCode,
    ).toBe(403);
  });
});

describe('GET product/facets', () => {
  it("answers the attributes the site's storefront filters by, active ones first", async () => {
    const [site] = await t.rows<{
      site_id: number;
      channel_id: number;
      json: { instantsearch: { configuration: { refinementOrder: string[] } } };
    }>(sql`
      select s.site_id, s.channel_id, c.json from account_sites s join collections c on c.account_site_id = s.id
       where s.account_id = ${accountId} and c.is_default_collection = 1`);
    // Make Finish an active facet of the storefront.
    await t.rows(sql`
      update collections set json = jsonb_set(json, '{instantsearch,configuration,refinementOrder}',
        (json #> '{instantsearch,configuration,refinementOrder}') || '["Finish"]'::jsonb)
       where account_id = ${accountId} and is_default_collection = 1`);
    const res = await t.as(
      'admin',
      'GET',
      `/api/backroom/product/facets?siteId=${site!.site_id}&channelId=${site!.channel_id}`,
    );
    expect(res.statusCode).toBe(200);
    const facets = dataOf(productFacetSchema, res);
    const facetAttributes = await t.rows<{ id: number; name: string }>(sql`
      select id, name from attributes where account_id = ${accountId} and is_facet = 1 order by name`);
    expect(facets.map((f) => f.name).sort()).toEqual(facetAttributes.map((a) => a.name).sort());
    expect(facets[0]).toMatchObject({
      name: 'Finish',
      isActive: true,
      attributeId: facetAttributes.find((a) => a.name === 'Finish')!.id,
    });
    expect(facets.slice(1).every((f) => !f.isActive)).toBe(true);
    // Brand, category and price are facets too, but not product attributes.
    expect(facets.some((f) => ['brand', 'price'].includes(f.name))).toBe(false);
    // A channel of another account is not found; a site with no storefront has no facets.
    const [foreign] = await t.rows<{ id: number }>(
      sql`select id from sales_channels where account_id <> ${accountId} limit 1`,
    );
    expect(
      (await t.as('admin', 'GET', `/api/backroom/product/facets?siteId=99&channelId=${foreign!.id}`))
        .statusCode,
    ).toBe(404);
    expect(
      dataOf(
        productFacetSchema,
        await t.as('admin', 'GET', `/api/backroom/product/facets?siteId=1&channelId=${site!.channel_id}`),
      ),
    ).toEqual([]);
  });
});

describe('GET product/{productId}/family', () => {
  it('answers the whole family, by SKU, as the brand list answers products', async () => {
    const { guitar } = await products();
    const members = await t.rows<{ id: number }>(sql`
      select id from products where id = ${guitar.parent} or parent_product_id = ${guitar.parent} order by sku`);
    const res = await t.as('admin', 'GET', `/api/backroom/product/${guitar.id}/family`);
    expect(res.statusCode).toBe(200);
    expect(dataOf(productSchema, res).map((p) => p.id)).toEqual(members.map((m) => m.id));
    expect((await t.as('outlet', 'GET', `/api/backroom/product/${guitar.id}/family`)).statusCode).toBe(404);
  });
});
