// `node --import tsx apps/server/src/bench/seed-large-warehouse.ts DATA_DIR [PER]`: adds the benchmark
// warehouse BIG (PER^5 bins, default 100,000) to Demo Music Co in an existing PGlite data directory.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { seedLargeWarehouse } from '../db/seed/large-warehouse';

const [dataDir, perText] = process.argv.slice(2);
if (!dataDir) {
  console.error('usage: seed-large-warehouse.ts DATA_DIR [PER]');
  process.exit(2);
}
const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
const found = (await database.db.execute(
  sql`select id from accounts where name = 'Demo Music Co'`,
)) as unknown as {
  rows: { id: number }[];
};
const accountId = found.rows[0]?.id;
if (!accountId) throw new Error('Demo Music Co not found: start the server once with demo data first');
const started = performance.now();
const id = await seedLargeWarehouse(database.db, accountId, 'BIG', Number(perText ?? 10));
// What autovacuum does after a bulk load, done now so that it does not run during the measurements.
await database.db.execute(sql`vacuum analyze`);
console.log(`warehouse BIG (${id}) seeded in ${Math.round(performance.now() - started)} ms`);
await database.close();
