import { brandSchema, productDetailSchema, productSchema } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../test/test-app';

// catalogue-admin.md §3: the replies carry the spec's field names (Brand: id, name, accountId; Product:
// normalizedUPC, colors), checked on the raw JSON as well as through the shared reply schemas.

let t: TestApp;
let accountId = 0;
let fender = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'sales', 'outlet');
  const [row] = await t.rows<{ account_id: number; fender: number }>(sql`
    select b.account_id, b.id as fender from brands b
    join memberships m on m.account_id = b.account_id join users u on u.id = m.user_id
    where u.email = 'sales@backroom.local' and b.name = 'Fender'`);
  accountId = row!.account_id;
  fender = row!.fender;
});
afterAll(() => t.close());

describe('§3 names in the catalogue replies', () => {
  it('brands carry their accountId (the list, one brand, a new brand)', async () => {
    const list = await t.as('sales', 'GET', '/api/backroom/account/brands?eager=[]');
    expect(list.statusCode).toBe(200);
    const brands = dataOf(brandSchema, list);
    expect(brands.length).toBeGreaterThan(1);
    expect(brands.every((b) => b.accountId === accountId)).toBe(true);
    const one = await t.as('sales', 'GET', `/api/backroom/account/brand/${fender}`);
    expect(one.json().data[0]).toEqual({ id: fender, name: 'Fender', accountId, alias: 'FEN' });
    const [outlet] = await t.rows<{ account_id: number }>(sql`
      select m.account_id from memberships m join users u on u.id = m.user_id
      where u.email = 'outlet@backroom.local'`);
    const created = await t.as('outlet', 'PATCH', '/api/backroom/brands', { name: 'Numbat Sound' });
    expect(created.statusCode).toBe(200);
    expect(created.json().data[0]).toMatchObject({ name: 'Numbat Sound', accountId: outlet!.account_id });
  });

  it('products answer normalizedUPC (never normalizedUpc) and their colors', async () => {
    const [found] = await t.rows<{ id: number; upc: string; normalized_upc: string }>(sql`
      select id, upc, normalized_upc from products
      where brand_id = ${fender} and is_active = 1 and normalized_upc is not null order by sku limit 1`);
    const product = found!;
    const [color] = await t.rows<{ id: number }>(sql`
      insert into product_colors (product_id, color, color_json)
      values (${product.id}, 'Sunburst', '{"primary":{"hex":"#8B4513"}}') returning id`);
    const expected = {
      id: color!.id,
      productId: product.id,
      color: 'Sunburst',
      colorJSON: { primary: { hex: '#8B4513' } },
    };

    const detail = await t.as('sales', 'GET', `/api/backroom/product/${product.id}`);
    expect(detail.statusCode).toBe(200);
    const raw = detail.json().data[0];
    expect(raw.normalizedUPC).toBe(product.normalized_upc);
    expect(raw).not.toHaveProperty('normalizedUpc');
    expect(dataOf(productDetailSchema, detail)[0]!.colors).toEqual([expected]);

    // The brand list is the catalogue's (sales may read one product, not the brand page).
    const page = await t.as('admin', 'GET', `/api/backroom/brand/${fender}/products?isActive=1`);
    expect(page.statusCode).toBe(200);
    const listed = dataOf(productSchema, page);
    const mine = listed.find((p) => p.id === product.id)!;
    expect(mine).toMatchObject({ upc: product.upc, normalizedUPC: product.normalized_upc });
    expect(mine.colors).toEqual([expected]);
    expect(listed.filter((p) => p.id !== product.id).every((p) => p.colors.length === 0)).toBe(true);
    expect(page.json().data.some((p: object) => 'normalizedUpc' in p)).toBe(false);
  });
});
