// `npm run bench:search`: product search over 1,000,000 products, 20 clients for 10 s, on PostgreSQL
// (BENCH_DATABASE_URL, a server URL; target p95 < 50 ms) and on PGlite (reported). BENCH_PRODUCTS changes
// the count. Needs `npm run build` first. Traffic goes to 127.0.0.1 only.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describeLoad, runPostLoadColdAndWarm } from './lib/load.mjs';

const root = path.resolve(import.meta.dirname, '..');
const count = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const port = 3901;
const base = `http://127.0.0.1:${port}`;

async function run(label, databaseUrl) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backroom-bench-search-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
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
    ['--import', 'tsx', 'apps/server/src/bench/seed-benchmark-products.ts', dataDir, String(count)],
    {
      cwd: root,
      env,
      encoding: 'utf8',
    },
  );
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  console.log(`${label}: ${seeded.stdout.trim()}`);
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
  const words = ['Nova', 'Atlas', 'Vega', 'Orion', 'Comet', 'Zephyr', 'Falcon', 'Summit'];
  const typos = [
    'Electrc Guitar',
    'Bass Guitr',
    'Combo Amplfier',
    'Overdrve Pedal',
    'Stage Pino',
    'Crash Cymbl',
  ];
  const pickTerm = () => {
    const r = Math.random();
    const n = 1 + Math.floor(Math.random() * count);
    if (r < 0.5) return `${words[n % words.length]} ${typos[n % typos.length]}`;
    if (r < 0.75) return `BN-${String(n).padStart(7, '0').slice(0, 5)}`;
    const body = `7${String(n).padStart(10, '0')}`;
    let sum = 0;
    for (let i = 0; i < 11; i++) sum += Number(body[i]) * (i % 2 === 0 ? 3 : 1);
    return `${body}${(10 - (sum % 10)) % 10}`;
  };
  const runs = await runPostLoadColdAndWarm(base, cookie, '/api/backroom/search/products', () => ({
    search: pickTerm(),
    limit: 250,
  }));
  for (const { when, load } of runs) {
    console.log(
      `${label}: search over ${count.toLocaleString('en-US')} products, 20 clients, ${when}: ${describeLoad(load, 1)}`,
    );
  }
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.env.BENCH_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query('drop database if exists backroom_bench_search with (force)');
  await admin.query('create database backroom_bench_search');
  await admin.end();
  const url = new URL(process.env.BENCH_DATABASE_URL);
  url.pathname = '/backroom_bench_search';
  await run('PostgreSQL', url.toString());
} else {
  console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL to a server URL)');
}
await run('PGlite', '');
