import { productConditionById, type ReconditionList, reconditionListSchema } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../test/test-app';

let t: TestApp;
const V1 = '/api/v1/backroom';

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'warehouse', 'sales', 'outlet');
});
afterAll(() => t.close());

const post = (who: string, path: string, payload?: object) =>
  t.as(who, 'POST', `${V1}${path}`, payload ?? {});
// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field by the assertions
const rows = <T = any>(q: ReturnType<typeof sql>) => t.rows<T>(q);

async function list(who = 'warehouse'): Promise<ReconditionList> {
  const res = await post(who, '/inventory/reconditionList');
  expect(res.statusCode).toBe(200);
  return dataOf(reconditionListSchema, res)[0]!;
}

async function storageBin(accountOf: string) {
  const [bin] = await rows<{ id: number; barcode: string }>(sql`
    select d.id, d.barcode from warehouse_divisions d join users u on u.email = ${accountOf}
    join memberships m on m.user_id = u.id and m.account_id = d.account_id
    where d.level = 'bin' and d.warehouse_bin_type_id = 1 and d.is_active = 1 order by d.id limit 1`);
  return bin!;
}

describe('reconditioning (catalogue-admin.md §7 Reconditioning)', () => {
  it('lists the quarantined units with their quarantine PGUs and products', async () => {
    const data = await list();
    const pgus = Object.values(data.pgus);
    expect(pgus.length).toBeGreaterThan(0);
    expect(data.inventoryLocationItemRecords.length).toBeGreaterThanOrEqual(2);
    const record = data.inventoryLocationItemRecords[0]!;
    expect(pgus.map((p) => p.id)).toContain(record.inventoryLocationId);
    expect(Object.values(data.products).map((p) => p.id)).toContain(record.productId);
    expect(record.location).toMatch(/Q/);
    // Each product carries what the used-variant form needs, from the product its variants are made from.
    for (const product of Object.values(data.products)) {
      const [base] = await rows<{ id: number; sku: string; upc: string | null; alias: string | null }>(sql`
        select b.id, b.sku, b.upc, br.alias from products p join products b on b.id = coalesce(p.source_product_id, p.id)
        left join brands br on br.id = b.brand_id where p.id = ${product.id}`);
      expect(product.base).toMatchObject({
        id: base!.id,
        sku: base!.sku,
        upc: base!.upc,
        brandAlias: base!.alias,
      });
      const variants = await rows<{ id: number; sku: string; product_condition_id: number }>(sql`
        select id, sku, product_condition_id from products
        where source_product_id = ${base!.id} and product_condition_id <> 1 and is_active = 1 order by id`);
      expect(product.base.variants).toEqual(
        variants.map((v) => ({ id: v.id, sku: v.sku, productConditionId: v.product_condition_id })),
      );
      const [images] = await rows<{ n: number }>(sql`
        select count(*)::int as n from product_images where product_id = ${base!.id} and is_active = 1`);
      expect(product.base.images).toHaveLength(images!.n);
    }
  });

  it("answers §3's shape: records with locationBarcode and product, pgus keyed by barcode, products by id", async () => {
    const data = await list();
    const units = await rows<{
      id: number;
      barcode: string;
      product_id: number;
      name: string;
      sku: string;
      upc: string | null;
      normalized_upc: string | null;
      product_condition_id: number;
    }>(sql`
      select i.id, d.barcode, p.id as product_id, p.name, p.sku, p.upc, p.normalized_upc, p.product_condition_id
      from inventory_location_items i join warehouse_divisions d on d.id = i.inventory_location_id
      join products p on p.id = i.product_id join users u on u.email = 'warehouse@backroom.local'
      join memberships m on m.user_id = u.id and m.account_id = i.account_id
      where i.is_deleted = 0 and d.warehouse_bin_type_id = 6 order by d.barcode, i.id`);
    expect(units.length).toBeGreaterThanOrEqual(2);
    expect(units.some((u) => u.normalized_upc !== null)).toBe(true);
    expect(
      data.inventoryLocationItemRecords.map(({ id, locationBarcode, productId, product }) => ({
        id,
        locationBarcode,
        productId,
        product,
      })),
    ).toEqual(
      units.map((u) => ({
        id: u.id,
        locationBarcode: u.barcode,
        productId: u.product_id,
        product: {
          name: u.name,
          sku: u.sku,
          normalizedUPC: u.normalized_upc,
          productCondition: { name: productConditionById(u.product_condition_id)!.name },
        },
      })),
    );
    for (const u of units) {
      expect(data.pgus[u.barcode]!.barcode).toBe(u.barcode);
      expect(data.pgus[u.barcode]!.productIds).toContain(u.product_id);
      expect(data.products[String(u.product_id)]).toMatchObject({
        id: u.product_id,
        sku: u.sku,
        name: u.name,
        upc: u.upc,
        normalizedUPC: u.normalized_upc,
      });
    }
    // Each PGU names each of its products once.
    for (const pgu of Object.values(data.pgus))
      expect(new Set(pgu.productIds).size).toBe(pgu.productIds.length);
  });

  it('views a scanned division, and passes not found through', async () => {
    const data = await list();
    const res = await post('warehouse', '/chaos/viewBarcode', {
      barcode: Object.values(data.pgus)[0]!.barcode,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].warehouseDivision).toMatchObject({
      id: Object.values(data.pgus)[0]!.id,
      warehouseBinTypeId: 6,
    });
    const missing = await post('warehouse', '/chaos/viewBarcode', { barcode: 'MAIN-99ZZ99' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Division with barcode MAIN-99ZZ99 not found.');
    expect((await post('warehouse', '/chaos/viewBarcode', {})).statusCode).toBe(400);
  });

  it('reconditions a unit as New into a storage bin and keeps its history', async () => {
    const data = await list();
    const record = data.inventoryLocationItemRecords[0]!;
    const bin = await storageBin('warehouse@backroom.local');
    const res = await post('warehouse', '/chaos/reconditionInventory', {
      sourceInventoryLocationItemId: record.id,
      unitSerial: 'SN-RECON-1',
      destinationDivisionData: { id: bin.id },
      reconditionedProductData: { productConditionId: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      inventoryLocationItemId: record.id,
      destinationBarcode: bin.barcode,
      toConditionId: 1,
    });
    const [unit] = await rows(sql`select inventory_location_id, serial from inventory_location_items
      where id = ${record.id}`);
    expect(unit).toEqual({ inventory_location_id: bin.id, serial: 'SN-RECON-1' });
    const events = await rows(sql`select event_type, note, user_id from inventory_unit_events
      where inventory_location_item_id = ${record.id} order by id`);
    expect(events.map((e) => e.event_type)).toEqual(['quarantined', 'reconditioned', 'putAway']);
    expect(events[1].note).toMatch(/^Reconditioned from .+ to New/);
    expect(events[1].user_id).not.toBeNull();
    const history = await t.as('warehouse', 'GET', `${V1}/inventory/unit/${record.id}/history`);
    expect(history.json().data[0].locationBarcode).toBe(bin.barcode);
    // Done: it left the quarantine list, and a second recondition is refused.
    const after = await list();
    expect(after.inventoryLocationItemRecords.map((r: { id: number }) => r.id)).not.toContain(record.id);
    const again = await post('warehouse', '/chaos/reconditionInventory', {
      sourceInventoryLocationItemId: record.id,
      destinationDivisionData: { id: bin.id },
      reconditionedProductData: { productConditionId: 1 },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a quarantine destination, bad input, other accounts and users without the permission', async () => {
    const data = await list();
    const record = data.inventoryLocationItemRecords[0]!;
    const body = {
      sourceInventoryLocationItemId: record.id,
      destinationDivisionData: { id: Object.values(data.pgus)[0]!.id },
      reconditionedProductData: { productConditionId: 1 },
    };
    const toQuarantine = await post('warehouse', '/chaos/reconditionInventory', body);
    expect(toQuarantine.statusCode).toBe(400);
    expect(toQuarantine.json().error.message).toBe('Destination cannot be a Quarantine PGU.');
    const bad = await post('warehouse', '/chaos/reconditionInventory', {
      ...body,
      reconditionedProductData: { productConditionId: 999 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeTruthy();
    const foreign = await post('outlet', '/chaos/reconditionInventory', {
      ...body,
      destinationDivisionData: { id: (await storageBin('outlet@backroom.local')).id },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await post('sales', '/inventory/reconditionList')).statusCode).toBe(403);
    expect((await post('sales', '/chaos/reconditionInventory', body)).statusCode).toBe(403);
    // Still in quarantine after every refusal.
    const [unit] = await rows(
      sql`select inventory_location_id from inventory_location_items where id = ${record.id}`,
    );
    expect(unit.inventory_location_id).toBe(record.inventoryLocationId);
  });

  it('reconditions a unit into a used condition: refused without the variant data, then creates the variant', async () => {
    const data = await list();
    const record = data.inventoryLocationItemRecords[0]!;
    const bin = await storageBin('warehouse@backroom.local');
    const body = {
      sourceInventoryLocationItemId: record.id,
      destinationDivisionData: { id: bin.id },
      reconditionedProductData: { productConditionId: 15 },
    };
    await t.deps.db.execute(sql`update products set is_active = 0
      where source_product_id = ${record.productId} and product_condition_id = 15`);
    const refused = await post('warehouse', '/chaos/reconditionInventory', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/has no Good product yet/);
    // A used SKU starts with the brand's alias: the demo pedal gets one of its account's brands.
    await t.deps.db.execute(sql`update products p set brand_id = (select b.id from brands b
      where b.account_id = p.account_id and b.alias is not null order by b.id limit 1)
      where p.id = ${record.productId} and p.brand_id is null`);
    const [image] = await rows<{ id: number }>(sql`select i.id from images i
      join products p on p.account_id = i.account_id where p.id = ${record.productId} order by i.id limit 1`);
    const res = await post('warehouse', '/chaos/reconditionInventory', {
      ...body,
      reconditionedProductData: {
        productConditionId: 15,
        product: { upc: '990000000015', images: [{ imageId: image!.id, isPrimaryImage: 1 }] },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json().data[0];
    expect(done).toMatchObject({ toConditionId: 15, destinationBarcode: bin.barcode });
    const [variant] = await rows(sql`select source_product_id, product_condition_id, upc from products
      where id = ${done.productId}`);
    expect(variant).toMatchObject({ source_product_id: record.productId, product_condition_id: 15 });
    const [unit] = await rows(sql`select product_id from inventory_location_items where id = ${record.id}`);
    expect(unit.product_id).toBe(done.productId);
  });
});
