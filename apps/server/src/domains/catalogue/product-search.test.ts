import { searchProductSchema } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../test/test-app';

// POST search/products by words (catalogue-admin.md §2.8) through the product_terms word lists: the same
// answer as filtering every product by its words, in SKU order, kept right when products change.

let t: TestApp;
let accountId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin');
  accountId = (await rows<{ id: number }>(sql`select id from accounts where name = 'Demo Music Co'`))[0]!.id;
});
afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => t.rows<T>(query);

async function search(body: Record<string, unknown>) {
  const res = await t.as('admin', 'POST', '/api/backroom/search/products', body);
  expect(res.statusCode).toBe(200);
  return dataOf(searchProductSchema, res);
}

/** Every product of the account whose words include each of `whole` and one starting with `prefix`. */
async function bruteForce(whole: string[], prefix: string) {
  const all = await rows<{ id: number; sku: string; name: string; mpn: string | null }>(
    sql`select id, sku, name, mpn from products where account_id = ${accountId}`,
  );
  return all
    .filter((p) => {
      const words = `${p.name} ${p.sku} ${p.mpn ?? ''}`.toLowerCase().split(/[^\p{L}\p{N}]+/u);
      return whole.every((w) => words.includes(w)) && words.some((w) => w.startsWith(prefix));
    })
    .map((p) => p.sku)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

describe('search by SKU prefix', () => {
  it('pages the products whose SKU starts with the text, in SKU order, with their images and attributes', async () => {
    // A prefix of a product that has images and attributes, so the page's gathered lists can be checked.
    const [withBoth] = await rows<{ sku: string }>(sql`
      select p.sku from products p where p.account_id = ${accountId} and p.sku ~ '[0-9]'
        and exists (select 1 from product_images pi where pi.product_id = p.id)
        and exists (select 1 from product_attributes pa where pa.product_id = p.id)
      order by p.sku limit 1`);
    const prefix = withBoth!.sku.slice(0, Math.max(3, withBoth!.sku.search(/\d/) + 1));
    const expected = await rows<{ id: number; sku: string; images: number; attributes: number }>(sql`
      select p.id, p.sku,
        (select count(*)::int from product_images pi where pi.product_id = p.id) as images,
        (select count(*)::int from product_attributes pa where pa.product_id = p.id) as attributes
      from products p where p.account_id = ${accountId} and upper(p.sku) like ${`${prefix.toUpperCase()}%`}
      order by upper(p.sku) collate "C", p.sku`);
    expect(expected.length).toBeGreaterThan(1);
    const found = (await search({ search: prefix.toLowerCase(), limit: 250 })) as unknown as {
      sku: string;
      images: unknown[];
      attributes: unknown[];
    }[];
    expect(found.map((p) => p.sku)).toEqual(expected.slice(0, 250).map((p) => p.sku));
    expect(found.map((p) => [p.images.length, p.attributes.length])).toEqual(
      expected.slice(0, 250).map((p) => [p.images, p.attributes]),
    );
    const second = await search({ search: prefix, limit: 1, offset: 1 });
    expect(second.map((p) => p.sku)).toEqual([expected[1]!.sku]);
  });
});

describe('search by words', () => {
  it('answers what a scan of every product answers, in SKU order, a page at a time', async () => {
    const expected = await bruteForce(['electric'], 'guit');
    expect(expected.length).toBeGreaterThan(20);
    const first = await search({ search: 'Electric Guit', limit: 10 });
    const second = await search({ search: 'electric guit', limit: 10, offset: 10 });
    expect([...first, ...second].map((p) => p.sku)).toEqual(expected.slice(0, 20));
  });

  it('lists a product once when several of its words start with a single unfinished word', async () => {
    // 'rol' begins several words ('roland', 'roll', …); a product holding two of them was listed twice.
    const expected = await bruteForce([], 'rol');
    expect(expected.length).toBeGreaterThan(1);
    const found = await search({ search: 'ROL', limit: 250 });
    expect(found.map((p) => p.sku)).toEqual(expected.slice(0, 250));
    expect(new Set(found.map((p) => p.id)).size).toBe(found.length);
    // Pages neither repeat nor skip a product.
    const pages = [
      ...(await search({ search: 'rol', limit: 7 })),
      ...(await search({ search: 'rol', limit: 7, offset: 7 })),
    ];
    expect(pages.map((p) => p.sku)).toEqual(expected.slice(0, 14));
  });

  it('corrects a misspelt word to a word the names use, and keeps an unfinished last word as a prefix', async () => {
    const expected = await bruteForce(['electric'], 'guitar');
    const found = await search({ search: 'Electrc Guitar', limit: 250 });
    expect(found.map((p) => p.sku)).toEqual(expected.slice(0, 250));
    // A misspelt last word that begins no word is corrected too.
    expect((await search({ search: 'electric guitr', limit: 250 })).map((p) => p.sku)).toEqual(
      expected.slice(0, 250),
    );
  });

  it('applies the advanced filters to word matches', async () => {
    const [brand] = await rows<{ id: number }>(
      sql`select brand_id as id from products where account_id = ${accountId} and name ilike '%guitar%' and brand_id is not null limit 1`,
    );
    const found = await search({ search: 'guitar', brandId: brand!.id, activeIds: [1], limit: 250 });
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((p) => p.brandId !== brand!.id || p.isActive !== 1)).toEqual([]);
  });

  it('a parent category finds the products of every category under it', async () => {
    const [top] = await rows<{ id: number; path: string }>(sql`
      select c.id, c.path from categories c where c.account_id = ${accountId} and c.depth = 1
        and exists (select 1 from products p join categories l on l.id = p.category_id
                    where p.account_id = ${accountId} and l.path like c.path || ' > %')
      order by c.id limit 1`);
    const expected = await rows<{ sku: string }>(sql`
      select p.sku from products p join categories l on l.id = p.category_id
      where p.account_id = ${accountId} and (l.id = ${top!.id} or l.path like ${`${top!.path} > %`})
      order by p.sku limit 250`);
    expect(expected.length).toBeGreaterThan(0);
    const found = await search({ search: '', categoryId: top!.id, limit: 250 });
    expect(found.map((p) => p.sku)).toEqual(expected.map((p) => p.sku));
  });

  it('finds a renamed product by its new words only, and forgets a deleted one', async () => {
    const [product] = await rows<{ id: number; sku: string }>(
      sql`select id, sku from products where account_id = ${accountId} order by id limit 1`,
    );
    await t.deps.db.execute(sql`update products set name = 'Quokkaphone Deluxe' where id = ${product!.id}`);
    expect((await search({ search: 'quokkaphone deluxe' })).map((p) => p.id)).toEqual([product!.id]);
    await t.deps.db.execute(sql`update products set name = 'Wombatone Deluxe' where id = ${product!.id}`);
    expect(await search({ search: 'quokkaphone' })).toEqual([]);
    expect((await search({ search: 'Wombaton' })).map((p) => p.id)).toEqual([product!.id]);
    // A price change leaves the words alone.
    await t.deps.db.execute(sql`update products set price_cost = 12.34 where id = ${product!.id}`);
    expect((await search({ search: 'wombatone' })).map((p) => p.id)).toEqual([product!.id]);

    const [created] = await rows<{ id: number }>(sql`
      insert into products (account_id, sku, name, brand_id, is_active)
      values (${accountId}, 'ZZ-NUMBAT-1', 'Numbatbox Mini', ${(await rows<{ id: number }>(sql`select id from brands where account_id = ${accountId} limit 1`))[0]!.id}, 1)
      returning id`);
    expect((await search({ search: 'numbatbox' })).map((p) => p.id)).toEqual([created!.id]);
    await t.deps.db.execute(sql`delete from products where id = ${created!.id}`);
    expect(await search({ search: 'numbatbox' })).toEqual([]);
    expect(await rows(sql`select 1 from product_terms where product_id = ${created!.id}`)).toEqual([]);
  });

  it('never shows another account’s products', async () => {
    const [other] = await rows<{ name: string }>(
      sql`select p.name from products p join accounts a on a.id = p.account_id where a.name = 'Demo Outlet' limit 1`,
    );
    if (!other) return;
    const found = await search({ search: other.name, limit: 250 });
    const accounts = await rows<{ account_id: number }>(
      sql`select distinct account_id from products where id = any(${`{${[0, ...found.map((p) => p.id)].join(',')}}`}::int[])`,
    );
    expect(accounts.every((a) => a.account_id === accountId)).toBe(true);
  });
});
