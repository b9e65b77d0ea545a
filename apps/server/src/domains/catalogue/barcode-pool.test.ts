import { assignedBarcodeSchema, releasedBarcodeSchema } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../test/test-app';

// The barcode pool (catalogue-admin.md §2.11 'Pool Barcode', §8 'Assigned Barcode {barcode}'): a barcode a
// draft took goes back to the pool when the draft is dropped without making the product (issue 27 #28).

let t: TestApp;
const V1 = '/api/v1/backroom/product/barcodePool';

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'outlet');
});
afterAll(() => t.close());

const take = async (who = 'admin') => {
  const res = await t.as(who, 'POST', `${V1}/assign`, {});
  expect(res.statusCode).toBe(200);
  return dataOf(assignedBarcodeSchema, res)[0]!.barcode;
};
const release = async (who: string, barcode: string) => {
  const res = await t.as(who, 'POST', `${V1}/release`, { barcode });
  expect(res.statusCode).toBe(200);
  return dataOf(releasedBarcodeSchema, res)[0]!;
};
const row = async (barcode: string) =>
  (
    await t.rows<{ assigned: boolean; assigned_by: number | null; assigned_product_id: number | null }>(sql`
      select p.assigned_at is not null as assigned, p.assigned_by, p.assigned_product_id
      from barcode_pool p join accounts a on a.id = p.account_id
      where a.name = 'Demo Music Co' and p.barcode = ${barcode}`)
  )[0]!;

describe('giving a pool barcode back (POST …/product/barcodePool/release)', () => {
  it('returns a barcode the draft dropped to the pool, only for the user who took it', async () => {
    const [admin] = await t.rows<{ id: number }>(
      sql`select id from users where email = 'admin@backroom.local'`,
    );
    const barcode = await take();
    expect(await row(barcode)).toEqual({ assigned: true, assigned_by: admin!.id, assigned_product_id: null });
    // Another account's user cannot touch it.
    expect(await release('outlet', barcode)).toEqual({ barcode, released: false });
    expect((await row(barcode)).assigned).toBe(true);

    expect(await release('admin', barcode)).toEqual({ barcode, released: true });
    expect(await row(barcode)).toEqual({ assigned: false, assigned_by: null, assigned_product_id: null });
    // The next 'Pool Barcode' hands it out again: nothing was lost.
    expect(await take()).toBe(barcode);
    expect(await release('admin', barcode)).toEqual({ barcode, released: true });
  });

  it('keeps a barcode a product was made with, and never hands out one a product already has', async () => {
    const barcode = await take();
    await t.rows(sql`
      update products set upc = ${barcode}, normalized_upc = lpad(${barcode}, 16, '0')
      where id = (select p.id from products p join brands b on b.id = p.brand_id
                  where b.name = 'Fender' and p.is_active = 1 order by p.sku limit 1)`);
    expect(await release('admin', barcode)).toEqual({ barcode, released: false });
    expect((await row(barcode)).assigned).toBe(true);

    // A free pool barcode that a product took meanwhile (given back while its product was being made) is
    // marked as that product's and skipped.
    const next = await take();
    expect(await release('admin', next)).toMatchObject({ released: true });
    const [product] = await t.rows<{ id: number }>(sql`
      update products set upc = ${next}, normalized_upc = lpad(${next}, 16, '0')
      where id = (select p.id from products p join brands b on b.id = p.brand_id
                  where b.name = 'Fender' and p.is_active = 1 order by p.sku limit 1 offset 1)
      returning id`);
    const after = await take();
    expect(after).not.toBe(next);
    expect(await row(next)).toMatchObject({ assigned: true, assigned_product_id: product!.id });
  });

  it('refuses an empty barcode and users without the catalogue permission', async () => {
    expect((await t.as('admin', 'POST', `${V1}/release`, { barcode: '' })).statusCode).toBe(400);
    expect((await t.as(null, 'POST', `${V1}/release`, { barcode: '1' })).statusCode).toBe(401);
  });
});
