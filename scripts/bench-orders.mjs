// `npm run bench:orders`: the orders issue's figures, on PostgreSQL (BENCH_DATABASE_URL, a server URL).
//  - order detail with 50 items, 10 payments, 10 shipments: server reply time (target < 30 ms)
//  - orders search over 500,000 orders (BENCH_ORDERS changes the count), 20 clients for 10 s (target p95 < 50 ms)
// Needs `npm run build` first. Traffic goes to 127.0.0.1 only.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describeLoad, runPostLoadColdAndWarm } from './lib/load.mjs';

const root = path.resolve(import.meta.dirname, '..');
const count = Number(process.env.BENCH_ORDERS ?? 500_000);
const port = 3902;
const base = `http://127.0.0.1:${port}`;
if (!process.env.BENCH_DATABASE_URL) {
  console.error('Set BENCH_DATABASE_URL to a PostgreSQL server URL.');
  process.exit(1);
}
const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
await admin.connect();
await admin.query('drop database if exists backroom_bench_orders with (force)');
await admin.query('create database backroom_bench_orders');
await admin.end();
const url = new URL(process.env.BENCH_DATABASE_URL);
url.pathname = '/backroom_bench_orders';
const dataDir = mkdtempSync(path.join(tmpdir(), 'backroom-bench-orders-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  LOG_LEVEL: 'warn',
  DATABASE_URL: url.toString(),
};

const start = async () => {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env,
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
};
const stop = (child) => new Promise((resolve) => child.on('exit', resolve) && child.kill('SIGTERM'));
await stop(await start()); // migrate and seed the demo data
const seeded = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'apps/server/src/bench/seed-benchmark-orders.ts', dataDir, String(count)],
  { cwd: root, env, encoding: 'utf8' },
);
if (seeded.status !== 0) throw new Error(seeded.stderr);
console.log(seeded.stdout.trim());
const bigOrder = Number(/large order (\d+)/.exec(seeded.stdout)[1]);
const server = await start();
const login = await fetch(`${base}/api/v1/backroom/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@backroom.local', password: 'backroom-admin' }),
});
const cookie = login.headers
  .getSetCookie()
  .find((c) => c.startsWith('backroom_session='))
  .split(';')[0];
const quantile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

// Order detail: one request at a time, 200 times, after a warm-up.
const detail = [];
let items = 0;
for (let i = 0; i < 230; i++) {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/backroom/channelOrder?channelOrderId=${bigOrder}`, {
    headers: { cookie },
  });
  const body = await res.json();
  if (i >= 30) detail.push(performance.now() - started);
  items = body.data[0].items.length;
}
detail.sort((a, b) => a - b);
console.log(
  `order detail (${items} items, 10 payments, 10 shipments): p50 ${quantile(detail, 50).toFixed(1)} ms, p95 ${quantile(detail, 95).toFixed(1)} ms (target < 30)`,
);

// Orders search: a mix of number prefixes, customer names and e-mails, SKUs, status filters and plain paging.
const names = ['ava', 'liam', 'nguyen', 'garcia', 'patel', 'tanaka', 'ruby.cohen', 'miles'];
const skus = (
  await (
    await fetch(`${base}/api/backroom/search/products`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ search: '', limit: 50 }),
    })
  ).json()
).data.map((p) => p.sku);
const pickBody = () => {
  const r = Math.random();
  const n = 1 + Math.floor(Math.random() * count);
  if (r < 0.25) return { searchTerm: `B${30000000 + n}`.slice(0, 7) };
  if (r < 0.5) return { searchTerm: names[n % names.length] };
  if (r < 0.65) return { searchTerm: skus[n % skus.length] };
  if (r < 0.85) return { systemOrderStatusIds: [40, 41] };
  return { offset: (n % 20) * 100 };
};
const runs = await runPostLoadColdAndWarm(base, cookie, '/api/v1/backroom/channelOrders', () => ({
  limit: 100,
  ...pickBody(),
}));
for (const { when, load } of runs) {
  console.log(
    `orders search over ${count.toLocaleString('en-US')} orders, 20 clients, ${when}: ${describeLoad(load, 1)} (target p95 < 50)`,
  );
}
await stop(server);
rmSync(dataDir, { recursive: true, force: true });
