// `node --import tsx apps/server/src/bench/seed-benchmark-collections.ts DATA_DIR COUNT`: adds COUNT products
// with brands, categories and attribute values to Demo Music Co (PGlite in DATA_DIR, or DATABASE_URL).
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { generateCollectionProducts } from '../db/seed/benchmark-collections';

const [dataDir, countText] = process.argv.slice(2);
if (!dataDir) {
  console.error('usage: seed-benchmark-collections.ts DATA_DIR [COUNT]');
  process.exit(2);
}
const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
const found = (await database.db.execute(
  sql`select id from accounts where name = 'Demo Music Co'`,
)) as unknown as { rows: { id: number }[] };
const started = performance.now();
const count = Number(countText ?? 1_000_000);
await generateCollectionProducts(database.db, found.rows[0]!.id, count);
console.log(`${count} collection products seeded in ${Math.round(performance.now() - started)} ms`);
await database.close();
