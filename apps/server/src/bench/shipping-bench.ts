// `node --import tsx apps/server/src/bench/shipping-bench.ts`: the shipping core's server times on the sandbox
// carrier, measured in the server process itself (no HTTP): a rate quote (target < 20 ms) and a label bought
// and queued for the printer (target < 300 ms). PGlite in a temporary directory, or PostgreSQL when
// DATABASE_URL is set (a fresh database is made there and dropped).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { AuthContext } from '../domains/auth/auth-cache';
import { buyLabel, printLabel, rateShipment } from '../domains/shipping/shipping.service';

const dataDir = mkdtempSync(path.join(tmpdir(), 'backroom-shipping-bench-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query('drop database if exists backroom_shipping_bench with (force)');
  await admin.query('create database backroom_shipping_bench');
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = '/backroom_shipping_bench';
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const again = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await again.connect();
    await again.query('drop database if exists backroom_shipping_bench with (force)');
    await again.end();
  };
}
const { app, deps, builtinPrintServer, trackingJob } = await buildApp({
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PASSWORD_HASHING: 'fast' }),
  databaseUrl,
  webDistDir: undefined,
});
// The built-in print server prints in the background; the figure is the time to queue, as the target says.
await builtinPrintServer.stop();
await trackingJob.stop();

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await deps.db.execute(query)) as unknown as { rows: T[] }).rows;
const [who] = await rows<{ userId: number; accountId: number }>(sql`
  select u.id as "userId", a.id as "accountId" from users u, accounts a
  where u.email = 'admin@backroom.local' and a.name = 'Demo Music Co'`);
const auth = { userId: who!.userId, accountId: who!.accountId, user: { id: who!.userId } } as AuthContext;
await app.inject({ method: 'GET', url: '/api/health' });
// The built-in printers are made on first use of the printers list.
const { listPrinters } = await import('../domains/printing/printers.service');
await listPrinters(deps, auth, {});
const [printer] = await rows<{ id: number }>(sql`
  select id from printers where account_id = ${auth.accountId} and common_name = 'Shipping Label Printer'`);

const address = (postalCode: string, city: string, state: string) => ({
  name: 'Bench Buyer',
  company: null,
  street1: '1 Bench Street',
  street2: null,
  city,
  state,
  postalCode,
  country: 'US',
  phone: null,
  email: null,
});
const request = {
  from: address('78744', 'Austin', 'TX'),
  to: address('97205', 'Portland', 'OR'),
  parcels: [{ lengthInch: 12, widthInch: 9, heightInch: 6, weightOunce: 40 }],
  reference: 'bench',
};

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1]!;
const describe = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (n=${values.length})`;

for (let i = 0; i < 20; i++) await rateShipment(deps, auth, request); // warm up
const rateTimes: number[] = [];
for (let i = 0; i < 200; i++) {
  const started = performance.now();
  await rateShipment(deps, auth, request);
  rateTimes.push(performance.now() - started);
}
console.log(`shipping: sandbox rate quote (server): ${describe(rateTimes)} (target < 20)`);

const buyTimes: number[] = [];
for (let i = 0; i < 60; i++) {
  const rated = await rateShipment(deps, auth, request);
  const started = performance.now();
  const label = await buyLabel(deps, auth, {
    owner: { kind: 'oneOff', id: 1_000_000 + i },
    providerShipmentId: rated.providerShipmentId,
    rateId: rated.rates[0]!.id,
    insuredCents: 0,
  });
  await printLabel(deps, auth, label.id, printer!.id);
  if (i >= 10) buyTimes.push(performance.now() - started); // the first ones warm the label engine up
}
console.log(
  `shipping: buy + label queued for the printer (server, sandbox): ${describe(buyTimes)} (target < 300)`,
);

await app.close();
await dropDatabase();
rmSync(dataDir, { recursive: true, force: true });
