import {
  MANAGE_PRODUCTS_MAX,
  productSchema,
  TRAINED_SHIPPING_FORBIDDEN_MESSAGE,
  tooManyProductsMessage,
} from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../test/test-app';

// The manage products screen's calls: its list by ids, and the bulk changes only it offers (DIM, Clearance,
// Trained Shipping) saved through PATCH /api/backroom/products.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'manager', 'sales');
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'PATCH', url: string, payload?: unknown) =>
  t.as(who, method, url, payload);
const rows = <T>(query: ReturnType<typeof sql>) => t.rows<T>(query);

async function someProducts(count: number) {
  return rows<{ id: number; sku: string }>(
    sql`select p.id, p.sku from products p join brands b on b.id = p.brand_id
        where b.name = 'Fender' and p.is_active = 1 order by p.id desc limit ${count}`,
  );
}

describe('GET /api/backroom/products?productIds=', () => {
  it('answers the account’s products among the ids, sorted by SKU, as the brand list shows them', async () => {
    const picked = await someProducts(3);
    const ids = picked.map((p) => p.id);
    const res = await call('admin', 'GET', `/api/backroom/products?productIds=${ids.join(',')},999999999`);
    expect(res.statusCode).toBe(200);
    const list = dataOf(productSchema, res);
    expect(list.map((p) => p.sku)).toEqual(picked.map((p) => p.sku).sort());
    for (const product of list) {
      expect(product.inventory).toBeDefined();
      expect(Array.isArray(product.attributes)).toBe(true);
    }
  });

  it('shows nothing of another account', async () => {
    const [other] = await rows<{ id: number }>(sql`
      insert into accounts (name) values ('Elsewhere Ltd') returning id`);
    const [foreign] = await rows<{ id: number }>(sql`
      insert into products (account_id, sku, name) values (${other!.id}, 'ELSE-1', 'Not ours') returning id`);
    const res = await call('admin', 'GET', `/api/backroom/products?productIds=${foreign!.id}`);
    expect(res.statusCode).toBe(200);
    expect(dataOf(productSchema, res)).toEqual([]);
  });

  it('refuses no ids, too many ids, and users without the catalogue permission', async () => {
    expect((await call('admin', 'GET', '/api/backroom/products?productIds=x')).statusCode).toBe(400);
    const many = Array.from({ length: MANAGE_PRODUCTS_MAX + 1 }, (_, i) => i + 1).join(',');
    const tooMany = await call('admin', 'GET', `/api/backroom/products?productIds=${many}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain(tooManyProductsMessage(MANAGE_PRODUCTS_MAX + 1));
    expect((await call('sales', 'GET', '/api/backroom/products?productIds=1')).statusCode).toBe(403);
  });
});

describe('the manage products toolbar’s own changes', () => {
  it('saves DIM (weight already in ounces) and Clearance', async () => {
    const [a, b] = (await someProducts(2)) as [{ id: number; sku: string }, { id: number; sku: string }];
    const res = await call('manager', 'PATCH', '/api/backroom/products', [
      {
        id: a!.id,
        productHeightInch: 3,
        productWidthInch: 4.5,
        productLengthInch: 12,
        productWeightOunce: 40,
      },
      { id: b.id, isCloseout: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    const saved = await rows<{
      id: number;
      h: string;
      w: string;
      l: string;
      oz: string;
      closeout: number;
    }>(sql`
      select id, product_height_inch::text as h, product_width_inch::text as w, product_length_inch::text as l,
             product_weight_ounce::text as oz, is_closeout as closeout
        from products where id in (${a.id}, ${b.id}) order by id desc`);
    expect(Number(saved.find((p) => p.id === a.id)!.oz)).toBe(40);
    expect(Number(saved.find((p) => p.id === a.id)!.w)).toBe(4.5);
    expect(saved.find((p) => p.id === b.id)!.closeout).toBe(1);
  });

  it('saves Trained Shipping with adminUserAccess only, and only with the account’s own packaging', async () => {
    const [product] = await someProducts(1);
    const [box] = await rows<{ id: number }>(sql`select id from packaging where common_name = 'Pedal Box'`);
    const change = {
      id: product!.id,
      trainedShippingCost: 12.5,
      trainedPackagingId: box!.id,
      packageLengthInch: 8,
      packageWidthInch: 6,
      packageHeightInch: 4,
      trainedShippingAt: '2026-11-25T10:00:00.000Z',
    };
    const refused = await call('manager', 'PATCH', '/api/backroom/products', [change]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message ?? refused.body).toContain(TRAINED_SHIPPING_FORBIDDEN_MESSAGE);
    const [untouched] = await rows<{ cost: string | null }>(
      sql`select trained_shipping_cost::text as cost from products where id = ${product!.id}`,
    );
    expect(untouched!.cost).toBeNull();

    const unknownBox = await call('admin', 'PATCH', '/api/backroom/products', [
      { ...change, trainedPackagingId: 999999 },
    ]);
    expect(unknownBox.statusCode).toBe(404);
    expect(unknownBox.json().error.message).toBe('Packaging 999999 not found.');

    const saved = await call('admin', 'PATCH', '/api/backroom/products', [change]);
    expect(saved.statusCode).toBe(200);
    const [row] = await rows<{ cost: string; packaging: number; at: Date; l: string }>(sql`
      select trained_shipping_cost::text as cost, trained_packaging_id as packaging,
             trained_shipping_at as at, package_length_inch::text as l
        from products where id = ${product!.id}`);
    expect(Number(row!.cost)).toBe(12.5);
    expect(row!.packaging).toBe(box!.id);
    expect(new Date(row!.at).toISOString()).toBe(change.trainedShippingAt);
    expect(Number(row!.l)).toBe(8);
  });
});
