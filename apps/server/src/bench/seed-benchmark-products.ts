// `node --import tsx apps/server/src/bench/seed-benchmark-products.ts DATA_DIR COUNT`: adds COUNT benchmark
// products to Demo Music Co (PGlite in DATA_DIR, or DATABASE_URL).
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { generateBenchmarkProducts } from '../db/seed/benchmark-products';

const [dataDir, countText] = process.argv.slice(2);
if (!dataDir) {
  console.error('usage: seed-benchmark-products.ts DATA_DIR [COUNT]');
  process.exit(2);
}
const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
const found = (await database.db.execute(
  sql`select id from accounts where name = 'Demo Music Co'`,
)) as unknown as { rows: { id: number }[] };
const started = performance.now();
await generateBenchmarkProducts(database.db, found.rows[0]!.id, Number(countText ?? 1_000_000));
console.log(
  `${countText ?? 1_000_000} benchmark products seeded in ${Math.round(performance.now() - started)} ms`,
);
await database.close();
