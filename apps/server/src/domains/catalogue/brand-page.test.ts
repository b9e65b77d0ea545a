import {
  belowPhysicalQuantityMessage,
  brandSchema,
  categorySchema,
  inventorySummarySchema,
  productDetailSchema,
  productQueueSchema,
  productSchema,
  productSiteCategorySchema,
  siteCategoryChangeSchema,
  siteCategorySchema,
  siteCategorySuggestionSchema,
} from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, dataOf, type TestApp } from '../../test/test-app';

let t: TestApp;
const brandIds: Record<string, number> = {};
const warehouseIds: Record<string, number> = {};
let adminId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'sales', 'outlet');
  for (const brand of await data(brandSchema, call('admin', 'GET', '/api/backroom/account/brands'))) {
    brandIds[brand.name] = brand.id;
  }
  for (const row of await rows<{ id: number; short_alias: string }>(
    sql`select id, short_alias from warehouses`,
  )) {
    warehouseIds[row.short_alias] = row.id;
  }
  adminId = (await rows<{ id: number }>(sql`select id from users where email = 'admin@backroom.local'`))[0]!
    .id;
});
afterAll(() => t.close());

const call = (who: string, method: string, url: string, payload?: unknown) => t.as(who, method, url, payload);
/** The reply's data, parsed with the route's shared reply schema (a reply that breaks it fails the test). */
const data = async <T extends z.ZodType>(schema: T, res: ReturnType<typeof call>) =>
  dataOf(schema, await res);
const rows = <T>(query: ReturnType<typeof sql>) => t.rows<T>(query);
const brandList = (brand: string, isActive = 1) =>
  data(
    productSchema,
    call('admin', 'GET', `/api/backroom/brand/${brandIds[brand]}/products?isActive=${isActive}`),
  );

describe('inventory quantity available (PATCH /api/backroom/product/inventory)', () => {
  const patch = (who: string, body: object) => call(who, 'PATCH', '/api/backroom/product/inventory', body);

  /** An active Fender product with at least two units in the main warehouse. */
  async function stocked() {
    const product = (await brandList('Fender')).find(
      (p) =>
        p.typeId === 0 &&
        p.inventory.locations.some(
          (l) => l.warehouseId === warehouseIds.MAIN && l.totals.physicalQuantity >= 2,
        ),
    )!;
    expect(product).toBeDefined();
    const location = product.inventory.locations.find((l) => l.warehouseId === warehouseIds.MAIN)!;
    return { product, location, inventory: product.inventory };
  }

  it('sets a location’s available quantity, moves the total by the difference, and the lists show it', async () => {
    const { product, location, inventory } = await stocked();
    const physical = location.totals.physicalQuantity;
    const wanted = physical + 3;
    const res = await patch('admin', {
      productId: product.id,
      warehouseId: warehouseIds.MAIN,
      quantityAvailable: String(wanted),
    });
    expect(res.statusCode).toBe(200);
    const updated = dataOf(inventorySummarySchema, res)[0]!;
    expect(
      updated.locations.find((l: { warehouseId: number }) => l.warehouseId === warehouseIds.MAIN),
    ).toEqual({
      id: warehouseIds.MAIN,
      warehouseId: warehouseIds.MAIN,
      productId: product.id,
      quantityAvailable: wanted,
      totals: { physicalQuantity: physical },
      modifiedBy: adminId,
      modifiedByName: expect.any(String),
      modifiedAt: expect.any(String),
    });
    expect(updated.totalQuantityAvailable).toBe(
      inventory.totalQuantityAvailable + (wanted - location.quantityAvailable),
    );
    expect(updated.totalQuantityOnHand).toBe(inventory.totalQuantityOnHand);
    const [stored] = await rows<{ quantity_available: number; modified_by: number }>(
      sql`select quantity_available, modified_by from inventory_available_overrides
          where product_id = ${product.id} and warehouse_id = ${warehouseIds.MAIN}`,
    );
    expect(stored).toEqual({ quantity_available: wanted, modified_by: adminId });
    // The brand list (QAV) and the product read the new quantity.
    const listed = (await brandList('Fender')).find((p) => p.id === product.id)!;
    expect(listed.inventory.totalQuantityAvailable).toBe(updated.totalQuantityAvailable);
    const [detail] = await data(
      productDetailSchema,
      call('admin', 'GET', `/api/backroom/product/${product.id}`),
    );
    expect(detail!.inventory).toEqual(updated);

    // Whole numbers only: '5.6', 5.6 and -4 are refused (never rounded or made 0) and change nothing.
    for (const quantityAvailable of [physical + 0.6, `${physical}.6`, -4, '-4', '', 'abc']) {
      const refused = await patch('admin', {
        productId: product.id,
        warehouseId: warehouseIds.MAIN,
        quantityAvailable,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual([
        { field: 'quantityAvailable', message: 'Enter a whole number of units: 0 or more.' },
      ]);
    }
    const [unchanged] = await rows<{ quantity_available: number }>(
      sql`select quantity_available from inventory_available_overrides
          where product_id = ${product.id} and warehouse_id = ${warehouseIds.MAIN}`,
    );
    expect(unchanged!.quantity_available).toBe(wanted);
    // 0 is always allowed; one row per location.
    const zeroed = await data(
      inventorySummarySchema,
      patch('admin', { productId: product.id, warehouseId: warehouseIds.MAIN, quantityAvailable: '0' }),
    );
    expect(
      zeroed[0]!.locations.find((l: { warehouseId: number }) => l.warehouseId === warehouseIds.MAIN),
    ).toMatchObject({
      quantityAvailable: 0,
    });
    expect(zeroed[0]!.totalQuantityAvailable).toBe(
      inventory.totalQuantityAvailable - location.quantityAvailable,
    );
    const count = await rows<{ n: number }>(
      sql`select count(*)::int as n from inventory_available_overrides where product_id = ${product.id}`,
    );
    expect(count[0]!.n).toBe(1);
  });

  it('refuses a quantity between 0 and the physical quantity, in words, and changes nothing', async () => {
    const { product, location } = await stocked();
    const physical = location.totals.physicalQuantity;
    const before = await rows(
      sql`select * from inventory_available_overrides where product_id = ${product.id}`,
    );
    const res = await patch('admin', {
      productId: product.id,
      warehouseId: warehouseIds.MAIN,
      quantityAvailable: physical - 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(belowPhysicalQuantityMessage(physical - 1, physical));
    expect(
      await rows(sql`select * from inventory_available_overrides where product_id = ${product.id}`),
    ).toEqual(before);
  });

  it('a warehouse that does not fulfil moves the non-fulfillable total; one without units shows physical 0', async () => {
    const { product, inventory } = await stocked();
    const res = await data(
      inventorySummarySchema,
      patch('admin', { productId: product.id, warehouseId: warehouseIds.FBA, quantityAvailable: 4 }),
    );
    const updated = res[0]!;
    expect(
      updated.locations.find((l: { warehouseId: number }) => l.warehouseId === warehouseIds.FBA),
    ).toMatchObject({
      quantityAvailable: 4,
      totals: { physicalQuantity: 0 },
    });
    expect(updated.totalNonFulfillableQuantityAvailable).toBe(
      inventory.totalNonFulfillableQuantityAvailable + 4,
    );
  });

  it('refuses bundles, bad input, other accounts’ products and warehouses, and users without catalogue', async () => {
    const { product } = await stocked();
    const [bundle] = await rows<{ id: number }>(sql`select id from products where type_id <> 0 limit 1`);
    const bundleRes = await patch('admin', {
      productId: bundle!.id,
      warehouseId: warehouseIds.MAIN,
      quantityAvailable: 1,
    });
    expect(bundleRes.statusCode).toBe(400);
    expect(bundleRes.json().error.message).toMatch(/carries no inventory of its own/);
    for (const body of [
      { productId: product.id, quantityAvailable: 1 },
      { productId: product.id, warehouseId: warehouseIds.MAIN, quantityAvailable: 2_000_000 },
      { productId: product.id, warehouseId: warehouseIds.MAIN, quantityAvailable: [1] },
    ]) {
      expect((await patch('admin', body)).statusCode).toBe(400);
    }
    // The outlet's own warehouse is not this account's: neither side may mix them.
    expect(
      (await patch('admin', { productId: product.id, warehouseId: warehouseIds.OUT, quantityAvailable: 1 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await patch('outlet', { productId: product.id, warehouseId: warehouseIds.OUT, quantityAvailable: 1 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await patch('sales', { productId: product.id, warehouseId: warehouseIds.MAIN, quantityAvailable: 9 }))
        .statusCode,
    ).toBe(403);
    const written = await rows(
      sql`select 1 from inventory_available_overrides where warehouse_id = ${warehouseIds.OUT}`,
    );
    expect(written).toEqual([]);
  });
});

describe('product queues', () => {
  it('lists the two demo queues', async () => {
    const queues = await data(productQueueSchema, call('admin', 'GET', '/api/backroom/productQueues'));
    expect(queues.map((q) => q.name).sort()).toEqual(['Fender Restock Review', 'Verified MAP Differs']);
    expect(queues.every((q) => q.productCount > 0 && typeof q.createdAt === 'string')).toBe(true);
  });

  it('creates a queue and answers its products as the brand list does, by brand and active state', async () => {
    const fender = (await brandList('Fender')).slice(0, 3);
    const gibson = (await brandList('Gibson')).slice(0, 1);
    const inactiveFender = (await brandList('Fender', 0)).slice(0, 1);
    const productIds = [...fender, ...gibson, ...inactiveFender].map((p) => p.id);
    const res = await call('admin', 'PUT', '/api/backroom/productQueue', {
      name: ' Photo Retakes ',
      productIds: [...productIds, productIds[0]],
    });
    expect(res.statusCode).toBe(200);
    const queue = dataOf(productQueueSchema, res)[0]!;
    expect(queue).toMatchObject({ name: 'Photo Retakes', productCount: 5, createdBy: adminId });
    const [stored] = await rows<{ account_id: number }>(
      sql`select account_id from product_queues where id = ${queue.id}`,
    );
    expect(stored!.account_id).toBe(
      (
        await rows<{ account_id: number }>(sql`select account_id from brands where id = ${brandIds.Fender}`)
      )[0]!.account_id,
    );

    const path = `/api/backroom/productQueue/${queue.id}/products`;
    const activeFender = await data(
      productSchema,
      call('admin', 'GET', `${path}?eager=true&brandId=${brandIds.Fender}&isActive=1`),
    );
    expect(activeFender.map((p) => p.id)).toEqual(fender.map((p) => p.id));
    // The same rows as the brand list: every field, inventory and attributes included.
    expect(activeFender).toEqual(fender);
    const inactive = await data(
      productSchema,
      call('admin', 'GET', `${path}?eager=true&brandId=${brandIds.Fender}&isActive=0`),
    );
    expect(inactive.map((p) => p.id)).toEqual(inactiveFender.map((p) => p.id));
    expect((await data(productSchema, call('admin', 'GET', `${path}?eager=true`))).length).toBe(5);
    expect((await call('admin', 'GET', `${path}?isActive=2`)).statusCode).toBe(400);
  });

  it('refuses a repeated name, unknown or foreign products and an empty selection; nothing is made', async () => {
    const [first] = await brandList('Fender');
    const count = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from product_queues`))[0]!.n;
    const before = await count();
    const repeat = await call('admin', 'PUT', '/api/backroom/productQueue', {
      name: 'fender restock review',
      productIds: [first!.id],
    });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().error.message).toBe('A queue named fender restock review already exists.');
    const unknown = await call('admin', 'PUT', '/api/backroom/productQueue', {
      name: 'Ghosts',
      productIds: [first!.id, 99_999_999],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Product 99999999 not found.');
    // The outlet user cannot queue the music account's products.
    expect(
      (await call('outlet', 'PUT', '/api/backroom/productQueue', { name: 'Mine', productIds: [first!.id] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('admin', 'PUT', '/api/backroom/productQueue', { name: 'Empty', productIds: [] }))
        .statusCode,
    ).toBe(400);
    expect(await count()).toBe(before);
  });

  it('keeps each account’s queues to itself; needs the catalogue permission; deletes a queue', async () => {
    const [queue] = await data(productQueueSchema, call('admin', 'GET', '/api/backroom/productQueues'));
    expect(await data(productQueueSchema, call('outlet', 'GET', '/api/backroom/productQueues'))).toEqual([]);
    expect(
      (await call('outlet', 'GET', `/api/backroom/productQueue/${queue!.id}/products?eager=true`)).statusCode,
    ).toBe(404);
    expect((await call('outlet', 'DELETE', `/api/backroom/productQueue/${queue!.id}`)).statusCode).toBe(404);
    expect((await call('sales', 'GET', '/api/backroom/productQueues')).statusCode).toBe(403);
    expect(
      (await call('admin', 'GET', `/api/backroom/productQueue/${queue!.id}/products?brandId=999999`))
        .statusCode,
    ).toBe(404);

    expect((await call('admin', 'DELETE', `/api/backroom/productQueue/${queue!.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/backroom/productQueue/${queue!.id}/products`)).statusCode).toBe(
      404,
    );
    const items = await rows(sql`select 1 from product_queue_items where queue_id = ${queue!.id}`);
    expect(items).toEqual([]);
  });
});

describe('marketplace categories', () => {
  it('searches the marketplaces’ categories by path, optionally within marketplaces', async () => {
    const all = await data(
      siteCategorySchema,
      call('admin', 'POST', '/api/v1/backroom/listing/siteCategory/search', { search: 'solid' }),
    );
    expect(new Set(all.map((c) => c.siteName))).toEqual(new Set(['Amazon', 'eBay', 'Reverb']));
    expect(all.every((c) => c.path.includes('Solid Body'))).toBe(true);
    const ebay = await data(
      siteCategorySchema,
      call('admin', 'POST', '/api/v1/backroom/listing/siteCategory/search', {
        search: 'solid',
        siteIds: [2],
      }),
    );
    expect(ebay).toHaveLength(1);
    expect(ebay[0]).toMatchObject({
      siteId: 2,
      siteName: 'eBay',
      name: 'Solid Body',
      id: expect.any(Number),
    });
    expect((await call('sales', 'POST', '/api/v1/backroom/listing/siteCategory/search', {})).statusCode).toBe(
      403,
    );
  });

  it('suggestions carry the site category’s own id, so one can be applied at once', async () => {
    const [category] = await data(
      categorySchema,
      call('admin', 'POST', '/api/backroom/category/search', { search: 'solid' }),
    );
    const [top] = await data(
      siteCategorySuggestionSchema,
      call('admin', 'POST', '/api/v1/backroom/listing/siteCategorySuggestions', {
        siteId: 2,
        productCategoryIds: [category!.id],
      }),
    );
    expect(top).toMatchObject({
      categoryName: 'Solid Body',
      siteId: 2,
      siteCategory: { id: expect.any(Number) },
    });
  });

  it('lists products under one marketplace category, replacing that marketplace’s, all or nothing', async () => {
    const [a, b] = await brandList('Fender');
    const search = (siteIds: number[], text: string) =>
      data(
        siteCategorySchema,
        call('admin', 'POST', '/api/v1/backroom/listing/siteCategory/search', { search: text, siteIds }),
      );
    const [ebaySolid] = await search([2], 'solid');
    const [ebayHollow] = await search([2], 'hollow');
    const [reverbDelay] = await search([14], 'delay');
    const change = (who: string, siteCategoryId: number, productIds: number[]) =>
      call(who, 'PATCH', '/api/v1/backroom/listing/siteCategory', { siteCategoryId, productIds });

    const res = await change('admin', ebaySolid!.id, [a!.id, b!.id]);
    expect(res.statusCode).toBe(200);
    expect(dataOf(siteCategoryChangeSchema, res)).toEqual([
      { productId: a!.id, siteCategory: ebaySolid },
      { productId: b!.id, siteCategory: ebaySolid },
    ]);
    expect((await change('admin', ebayHollow!.id, [a!.id])).statusCode).toBe(200);
    expect((await change('admin', reverbDelay!.id, [a!.id])).statusCode).toBe(200);
    const stored = await rows<{
      product_id: number;
      site_id: number;
      site_category_id: number;
      modified_by: number;
    }>(
      sql`select product_id, site_id, site_category_id, modified_by from product_site_categories
          where product_id in (${a!.id}, ${b!.id}) order by product_id = ${a!.id} desc, site_id`,
    );
    expect(stored).toEqual([
      { product_id: a!.id, site_id: 2, site_category_id: ebayHollow!.id, modified_by: adminId },
      { product_id: a!.id, site_id: 14, site_category_id: reverbDelay!.id, modified_by: adminId },
      { product_id: b!.id, site_id: 2, site_category_id: ebaySolid!.id, modified_by: adminId },
    ]);
    const [forA, forA2] = await data(
      productSiteCategorySchema,
      call('admin', 'GET', `/api/v1/backroom/product/${a!.id}/siteCategories`),
    );
    expect([forA!.siteName, forA2!.siteName]).toEqual(['eBay', 'Reverb']);

    // All or nothing: one unknown (or another account's) product and no product changes.
    const refused = await change('admin', ebaySolid!.id, [a!.id, 99_999_999]);
    expect(refused.statusCode).toBe(404);
    expect((await change('admin', 99_999_999, [a!.id])).statusCode).toBe(404);
    expect((await change('outlet', ebaySolid!.id, [a!.id])).statusCode).toBe(404);
    expect((await change('sales', ebaySolid!.id, [a!.id])).statusCode).toBe(403);
    expect((await call('outlet', 'GET', `/api/v1/backroom/product/${a!.id}/siteCategories`)).statusCode).toBe(
      404,
    );
    const after = await rows<{ site_category_id: number }>(
      sql`select site_category_id from product_site_categories where product_id = ${a!.id} and site_id = 2`,
    );
    expect(after).toEqual([{ site_category_id: ebayHollow!.id }]);
  });
});

describe('demo photos', () => {
  it('gives a few hundred products one to three stored JPEGs, exactly one primary each', async () => {
    const perProduct = await rows<{ product_id: number; n: number; primaries: number; url: string }>(
      sql`select pi.product_id, count(*)::int as n, sum(pi.is_primary_image)::int as primaries,
            min(i.cloudinary_json->>'secure_url') as url
          from product_images pi join images i on i.id = pi.image_id
          where i.cloudinary_uuid like 'demo-%' group by pi.product_id`,
    );
    expect(perProduct.length).toBeGreaterThanOrEqual(200);
    expect(perProduct.every((p) => p.n >= 1 && p.n <= 3 && p.primaries === 1)).toBe(true);
    expect(new Set(perProduct.map((p) => p.n))).toEqual(new Set([1, 2, 3]));
    const file = await call('admin', 'GET', perProduct[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // Another account's user cannot read them.
    expect((await call('outlet', 'GET', perProduct[0]!.url)).statusCode).toBe(404);
  });
});
