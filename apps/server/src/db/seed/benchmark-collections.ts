import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { COLORS, MODELS, SERIES } from './catalogue-generator';

const literal = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

/** The attributes every benchmark product gets, each value drawn from the product id (facets to refine). */
const VALUES: Record<string, readonly string[]> = {
  Color: COLORS.map((c) => c.name),
  Finish: ['Gloss', 'Satin', 'Matte', 'Relic'],
  'Country of Origin': ['USA', 'Mexico', 'Japan', 'Indonesia', 'China'],
  'Body Wood': ['Alder', 'Ash', 'Mahogany', 'Basswood', 'Maple'],
};

/**
 * Adds `count` products to an account that already has the demo catalogue (its brands, leaf categories and
 * attributes), with a brand, a leaf category, a price and four attribute values each: the storefront
 * collections search at scale (`npm run bench:collections`). Set-based, 100,000 products per statement; the
 * product_search triggers fill the search table as they would for any insert.
 */
export async function generateCollectionProducts(db: Db, accountId: number, count: number): Promise<void> {
  const ids = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  const brandIds = await ids(sql`select id from brands where account_id = ${accountId} order by id`);
  const leafIds = await ids(
    sql`select id from categories where account_id = ${accountId} and depth = 3 order by id`,
  );
  if (!brandIds.length || !leafIds.length) throw new Error('The account needs the demo catalogue first');
  const brands = sql.raw(`array[${brandIds.join(',')}]`);
  const leaves = sql.raw(`array[${leafIds.join(',')}]`);
  const [a, b] = [MODELS.length, SERIES.length];
  const step = 100_000;
  // Each attribute's value is drawn by its own hash of the product number, so refinements combine into
  // every mix (a plain modulus would tie colours to brands).
  const drawn = Object.entries(VALUES).map(
    ([name, values], k) =>
      sql`select ${name}::text as name, (${literal(values)})[1 + abs(hashint4(g + ${k * 1_000_003})::bigint) % ${values.length}] as value`,
  );
  for (let start = 1; start <= count; start += step) {
    const end = Math.min(count, start + step - 1);
    await db.transaction(async (tx) => {
      // Every product here gets its attributes in this transaction, and that insert's trigger fills
      // product_search for each of them: the products insert's own refresh would only be done twice.
      await tx.execute(sql`alter table products disable trigger product_search_products_insert`);
      await tx.execute(sql`
        insert into products (account_id, sku, name, brand_id, category_id, price_cost, price_map, price_sale, is_active)
        select ${accountId}, 'CB-' || lpad(g::text, 7, '0'),
          b.name || ' ' || (${literal(MODELS)})[1 + g % ${a}] || ' ' || (${literal(SERIES)})[1 + (g / ${a}) % ${b}],
          b.id,
          (${leaves})[1 + abs(hashint4(g + 7)::bigint) % ${leafIds.length}],
          (10 + g % 990)::numeric(12,2), (15 + g % 1200)::numeric(12,2), (16 + abs(hashint4(g + 11)::bigint) % 2500)::numeric(12,2),
          case when g % 23 = 0 then 0 else 1 end
        from generate_series(${start}::int, ${end}::int) g
        join lateral (select id, name from brands where id = (${brands})[1 + g % ${brandIds.length}]) b on true`);
      await tx.execute(sql`alter table products enable trigger product_search_products_insert`);
      await tx.execute(sql`
        insert into product_attributes (product_id, attribute_id, value_json)
        select p.id, at.id, jsonb_build_object('Default', jsonb_build_array(d.value))
        from products p
        cross join lateral (select substr(p.sku, 4)::int as g) n
        cross join lateral (${sql.join(drawn, sql` union all `)}) d
        join attributes at on at.account_id = p.account_id and at.name = d.name
        where p.account_id = ${accountId}
          and p.sku between ${`CB-${String(start).padStart(7, '0')}`} and ${`CB-${String(end).padStart(7, '0')}`}`);
    });
  }
  await db.execute(sql`vacuum analyze products, product_attributes, product_search`);
}
