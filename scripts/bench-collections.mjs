// `npm run bench:collections`: the storefront collections search (POST /api/v2/searchkit/proxy) over 1,000,000
// products with brands, categories and four attributes each (BENCH_PRODUCTS changes the count), 10 clients for
// 10 s, on PostgreSQL (BENCH_DATABASE_URL, a server URL). Target: a query with 3 refinements and 10 facets,
// p95 < 100 ms. Measured three ways: that one query alone; the whole InstantSearch render of it (the hits query
// plus one query per refined disjunctive facet, four in one call, as react-instantsearch sends them); and the
// screen as it opens (no refinement, counts over a million products). Needs `npm run build` first.
// The server builds its facet index in the background from its start (searches meanwhile answered by SQL): the
// script reports the first search, a load during the build and when the index took over.
// BENCH_REUSE=1 measures again on the database a previous run seeded (left in place), skipping the seeding.
// BENCH_DB names that database (default backroom_bench_collections) and BENCH_PORT the server's port (default
// 3904): two people benchmarking on one machine must not share either.
// Traffic goes to 127.0.0.1 only.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describeLoad, runLoad } from './lib/load.mjs';

const root = path.resolve(import.meta.dirname, '..');
const count = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const port = Number(process.env.BENCH_PORT ?? 3904);
const dbName = process.env.BENCH_DB ?? 'backroom_bench_collections';
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error('BENCH_DB must be a plain lower-case name');
const base = `http://127.0.0.1:${port}`;
if (!process.env.BENCH_DATABASE_URL) {
  console.error('Set BENCH_DATABASE_URL to a PostgreSQL server URL.');
  process.exit(1);
}
const reuse = process.env.BENCH_REUSE === '1';
if (!reuse) {
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
}
const url = new URL(process.env.BENCH_DATABASE_URL);
url.pathname = `/${dbName}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'backroom-bench-collections-'));
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
if (!reuse) {
  await stop(await start()); // migrate and seed the demo data
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/bench/seed-benchmark-collections.ts', dataDir, String(count)],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  console.log(seeded.stdout.trim());
}

const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
const [{ id: channelId }] = (
  await db.query(
    `select c.id from sales_channels c join accounts a on a.id = c.account_id
     where a.name = 'Demo Music Co' and c.name = 'Web Store'`,
  )
).rows;
const facetValues = async (attribute) =>
  (
    await db.query(
      `select distinct substr(v, strpos(v, chr(31)) + 1) as value
       from (select unnest(facets) v from product_search where sku like 'CB-%' limit 200000) x
       where split_part(v, chr(31), 1) = $1`,
      [attribute],
    )
  ).rows.map((r) => r.value);
const brands = await facetValues('brand');
const colours = await facetValues('Color');
const finishes = await facetValues('Finish');
await db.end();

const index = `vsf_product_${channelId}`;
const FACETS = [
  'Body Type',
  'Body Wood',
  'Color',
  'Country of Origin',
  'Finish',
  'Pickup Configuration',
  'brand',
  'category',
  'category.lvl0',
  'price',
];
const TAGS = { highlightPostTag: '__/ais-highlight__', highlightPreTag: '__ais-highlight__' };
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const refinements = () => ({ brand: pick(brands), Color: pick(colours), Finish: pick(finishes) });
const filtersWithout = (r, left) =>
  Object.entries(r)
    .filter(([attribute]) => attribute !== left)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([attribute, value]) => [`${attribute}:${value}`]);
const hitsQuery = (r, indexName = index) => ({
  indexName,
  params: {
    facetFilters: filtersWithout(r, null),
    facets: FACETS,
    ...TAGS,
    hitsPerPage: 64,
    maxValuesPerFacet: 10,
    page: 0,
    query: '',
    tagFilters: '',
  },
});
const disjunctive = (r, facet) => ({
  indexName: index,
  params: {
    analytics: false,
    clickAnalytics: false,
    facetFilters: filtersWithout(r, facet),
    facets: facet,
    ...TAGS,
    hitsPerPage: 0,
    maxValuesPerFacet: 10,
    page: 0,
    query: '',
    tagFilters: '',
  },
});
const sorts = ['', '_price_asc', '_price_desc'];

const server = await start();
const serverStarted = performance.now();
const login = await fetch(`${base}/api/v1/backroom/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@backroom.local', password: 'backroom-admin' }),
});
const cookie = login.headers
  .getSetCookie()
  .find((c) => c.startsWith('backroom_session='))
  .split(';')[0];
const headers = { cookie, 'x-channel-id': String(channelId) };
const mixes = [
  {
    name: 'one query, 3 refinements, 10 facets',
    body: () => ({ requests: [hitsQuery(refinements(), `${index}${pick(sorts)}`)] }),
  },
  {
    name: 'InstantSearch render: that query + 3 disjunctive facet queries',
    body: () => {
      const r = refinements();
      return { requests: [hitsQuery(r), ...Object.keys(r).map((facet) => disjunctive(r, facet))] };
    },
  },
  {
    name: 'the screen as it opens: no refinement, 10 facets over every product',
    body: () => ({ requests: [hitsQuery({})] }),
  },
];
// CPU per request matters more than wall time on a shared machine: the server's and the database backends'
// CPU time (user + system, from /proc; PostgreSQL on this machine) over the measured run, per request.
const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const cpuOf = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  } catch {
    return 0;
  }
};
const watcher = new pg.Client({ connectionString: url.toString() });
await watcher.connect();
const cpuNow = async () => {
  const backends = (
    await watcher.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
      dbName,
    ])
  ).rows.map((r) => r.pid);
  return { node: cpuOf(server.pid), db: new Map(backends.map((pid) => [pid, cpuOf(pid)])) };
};
const cpuSince = async (before) => {
  const after = await cpuNow();
  let db = 0;
  for (const [pid, seconds] of after.db) db += seconds - (before.db.get(pid) ?? 0);
  return { node: after.node - before.node, db };
};
const rssOf = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return line ? `${Math.round(Number(line[1]) / 1024)} MB` : '?';
};
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const searchOnce = async (body) => {
  const started = performance.now();
  const res = await fetch(`${base}/api/v2/searchkit/proxy`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started, by: res.headers.get('server-timing') ?? '' };
};
{
  // The server builds the account's facet index in the background from its start; searches meanwhile are
  // answered by SQL (Server-Timing says which). The first search, a load while the build runs, and when the
  // index took over.
  const first = await searchOnce(mixes[1].body());
  console.log(`first search (whole render, ${first.by}): ${first.status}, ${Math.round(first.ms)} ms`);
  if (first.by.includes('sql')) {
    const requests = Array.from({ length: 2000 }, () => ({
      path: '/api/v2/searchkit/proxy',
      body: mixes[0].body(),
    }));
    const load = await runLoad({ base, method: 'POST', connections: 10, seconds: 10, headers, requests });
    console.log(
      `during the build, 10 clients, ${mixes[0].name}: ${describeLoad(load, 1)}; load average ${loadAverage()}`,
    );
  }
  for (;;) {
    const probe = await searchOnce(mixes[0].body());
    if (probe.by.includes('facet-index')) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(
    `facet index answering ${Math.round((performance.now() - serverStarted) / 100) / 10} s after the server listened; server RSS ${rssOf(server.pid)}`,
  );
}
for (const mix of mixes) {
  const requests = Array.from({ length: 2000 }, () => ({
    path: '/api/v2/searchkit/proxy',
    body: mix.body(),
  }));
  await runLoad({ base, method: 'POST', connections: 10, seconds: 5, headers, requests }); // warm up
  const before = await cpuNow();
  const load = await runLoad({ base, method: 'POST', connections: 10, seconds: 10, headers, requests });
  const cpu = await cpuSince(before);
  const perRequest = (seconds) => `${((seconds * 1000) / Math.max(1, load.requests)).toFixed(2)} ms`;
  console.log(
    `PostgreSQL, ${count.toLocaleString('en-US')} products, 10 clients, ${mix.name}: ${describeLoad(load, 1)}; ` +
      `CPU per request: server ${perRequest(cpu.node)}, database ${perRequest(cpu.db)}; load average ${loadAverage()}`,
  );
}
await watcher.end();
console.log(`server RSS after the runs: ${rssOf(server.pid)}`);
await stop(server);
