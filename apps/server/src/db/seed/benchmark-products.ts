import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { COLORS, generateCatalogue, MODELS, SERIES } from './catalogue-generator';

/** The generator's own words, so benchmark names look like the demo catalogue's. */
const WORDS = MODELS;
const COLOURS = COLORS.map((c) => c.name);

const NOUNS = [
  'Electric Guitar',
  'Bass Guitar',
  'Combo Amplifier',
  'Overdrive Pedal',
  'Delay Pedal',
  'Stage Piano',
  'Crash Cymbal',
  'Dynamic Microphone',
  'Instrument Cable',
  'Acoustic Strings',
];

const literal = (values: string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

/**
 * Adds `count` products to an account with one set-based insert per 100,000 (seconds, not minutes), on top
 * of a small generated catalogue for brands and categories: the data for search benchmarks at scale.
 * UPCs are valid GTIN-12s.
 */
export async function generateBenchmarkProducts(db: Db, accountId: number, count: number): Promise<void> {
  // The account's own brands when it has some (the demo account does), else a small generated catalogue.
  const existing = (await db.execute(
    sql`select id from brands where account_id = ${accountId} order by id`,
  )) as unknown as {
    rows: { id: number }[];
  };
  const brandIds = existing.rows.length
    ? existing.rows.map((r) => r.id)
    : (await generateCatalogue(db, { accountId, products: 50, seed: 99, withDetails: false })).brandIds;
  const brands = sql.raw(`array[${brandIds.join(',')}]`);
  // Names cycle through every combination of model, series, noun and colour before repeating.
  const [a, b, c, d] = [WORDS.length, SERIES.length, NOUNS.length, COLOURS.length];
  const step = 100_000;
  for (let start = 1; start <= count; start += step) {
    const end = Math.min(count, start + step - 1);
    await db.execute(sql`
      insert into products (account_id, sku, name, brand_id, category_id, upc, normalized_upc, mpn, price_cost, price_map, price_sale, is_active)
      select ${accountId},
        'BN-' || lpad(g::text, 7, '0'),
        b.name || ' ' || (${literal(WORDS)})[1 + g % ${a}] || ' ' || (${literal(SERIES)})[1 + (g / ${a}) % ${b}] || ' '
          || (${literal(NOUNS)})[1 + (g / ${a * b}) % ${c}] || ', ' || (${literal(COLOURS)})[1 + (g / ${a * b * c}) % ${d}],
        b.id,
        null,
        u.upc,
        lpad(u.upc, 16, '0'),
        'MPN' || g,
        (10 + g % 990)::numeric(12,2),
        (15 + g % 1200)::numeric(12,2),
        (16 + g % 1300)::numeric(12,2),
        case when g % 13 = 0 then 0 else 1 end
      from generate_series(${start}::int, ${end}::int) g
      -- A GTIN-12: the 11-digit body and its check digit (weights 3 and 1 from the right).
      cross join lateral (select '7' || lpad(g::text, 10, '0') as body) v
      cross join lateral (
        select v.body || ((10 - sum(substr(v.body, i, 1)::int * case when i % 2 = 1 then 3 else 1 end) % 10) % 10)::text as upc
        from generate_series(1, 11) i
      ) u
      join lateral (select id, name from brands where id = (${brands})[1 + g % ${brandIds.length}]) b on true`);
  }
  // Fresh statistics and visibility for the new rows and their search words: without them the planner
  // guesses (PGlite has no autovacuum at all) and index-only scans still visit the table.
  await db.execute(sql`vacuum analyze products, product_terms, product_words`);
}
