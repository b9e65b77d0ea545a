// `npm run bench:returns`: the returns search over 200,000 returns (BENCH_RETURNS changes the count), 20 clients
// for 10 s (target p95 < 50 ms), on PostgreSQL (BENCH_DATABASE_URL, a server URL). The mix is what the screen
// sends: the list as it opens (In Process), other statuses and appeal statuses, later pages, and searches by
// return id, order id, order number (whole or part), customer name and e-mail, RMA, tracking number, SKU and
// UPC. Then each kind alone for 3 s, to show which costs what. Needs `npm run build` first. Traffic goes to
// 127.0.0.1 only.
//
// Last, the CPU each kind costs per request, in the server (node) and in PostgreSQL (the server's connections),
// over BENCH_CPU_REQUESTS (300) requests sent one at a time: CPU time, unlike latency, hardly moves when other
// work shares the machine. BENCH_LOAD=0 skips the load runs and measures only that.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describeLoad, runLoad } from './lib/load.mjs';

const root = path.resolve(import.meta.dirname, '..');
const count = Number(process.env.BENCH_RETURNS ?? 200_000);
const port = 3903;
const base = `http://127.0.0.1:${port}`;
if (!process.env.BENCH_DATABASE_URL) {
  console.error('Set BENCH_DATABASE_URL to a PostgreSQL server URL.');
  process.exit(1);
}
// BENCH_REUSE=1 measures again on the database a previous run seeded (it is left in place), skipping the seeding.
const reuse = process.env.BENCH_REUSE === '1';
if (!reuse) {
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query('drop database if exists backroom_bench_returns with (force)');
  await admin.query('create database backroom_bench_returns');
  await admin.end();
}
const url = new URL(process.env.BENCH_DATABASE_URL);
url.pathname = '/backroom_bench_returns';
const dataDir = mkdtempSync(path.join(tmpdir(), 'backroom-bench-returns-'));
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
    ['--import', 'tsx', 'apps/server/src/bench/seed-benchmark-returns.ts', dataDir, String(count)],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (seeded.status !== 0) throw new Error(seeded.stderr);
  console.log(seeded.stdout.trim());
}

// Real values to search for, drawn from the seeded data.
const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
const column = async (query) => (await db.query(query)).rows.map((row) => Object.values(row)[0]);
const sample = `order by random() limit 500`;
const returnIds = await column(`select id from inbound_returns ${sample}`);
const orderIds = await column(
  `select r.channel_order_id from inbound_returns ir join channel_order_returns r on r.id = ir.channel_order_return_id ${sample}`,
);
const orderNumbers = await column(
  `select o.channel_order_number from inbound_returns ir join channel_order_returns r on r.id = ir.channel_order_return_id
   join channel_orders o on o.id = r.channel_order_id ${sample}`,
);
const emails = await column(
  `select c.email from inbound_returns ir join customers c on c.id = ir.customer_id where c.email is not null ${sample}`,
);
const rmas = await column(
  `select reference_id from channel_order_returns where reference_id is not null ${sample}`,
);
const trackings = await column(
  `select tracking_number from inbound_return_shipments where tracking_number is not null ${sample}`,
);
const skus = await column(
  `select p.sku from products p where exists (select 1 from inbound_return_items i where i.product_id = p.id) ${sample}`,
);
const upcs = await column(
  `select p.upc from products p where p.upc is not null and exists (select 1 from inbound_return_items i where i.product_id = p.id) ${sample}`,
);
await db.end();
const names = ['ava', 'liam', 'nguyen', 'garcia', 'patel', 'tanaka', 'ruby cohen', 'miles hansen', 'stella'];

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

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const req = (body, status = 10, appeal = 0) => ({
  path: `/api/v1/backroom/returns/search?inboundReturnStatusId=${status}&inboundReturnAppealStatusId=${appeal}`,
  body: { limit: 100, ...body },
});
/** Each kind of request the screen sends, with its share of the mix. */
const KINDS = {
  'the list as it opens (In Process)': [0.15, () => req({})],
  'any status, a later page': [0.05, () => req({ offset: Math.floor(Math.random() * 10) * 100 }, 0)],
  'another status or an appeal status': [
    0.1,
    () =>
      Math.random() < 0.5
        ? req({}, pick([1, 5, 15, 20, 25, 30]))
        : req({}, 0, pick([1, 5, 10, 15, 20, 25, 30])),
  ],
  'return id': [0.1, () => req({ search: String(pick(returnIds)) }, 0)],
  'order id': [0.05, () => req({ search: String(pick(orderIds)) }, 0)],
  'order number, whole or its start': [
    0.1,
    () => {
      const number = pick(orderNumbers);
      return req({ search: Math.random() < 0.5 ? number : number.slice(0, 6) }, 0);
    },
  ],
  'customer name (common) or e-mail (one customer)': [
    0.15,
    () => req({ search: Math.random() < 0.5 ? pick(names) : pick(emails) }, pick([0, 10])),
  ],
  'RMA (typed or scanned)': [0.08, () => req({ search: pick(rmas), type: 'amazonReturn' }, 0)],
  'tracking number (scanned)': [0.1, () => req({ search: pick(trackings), type: 'trackingNumber' }, 0)],
  'SKU or UPC': [
    0.12,
    () =>
      Math.random() < 0.5 || upcs.length === 0
        ? req({ search: pick(skus) }, 0)
        : req({ search: pick(upcs), type: 'upc' }, 0),
  ],
};
const mixed = () => {
  let r = Math.random();
  for (const [share, make] of Object.values(KINDS)) {
    r -= share;
    if (r <= 0) return make();
  }
  return KINDS['the list as it opens (In Process)'][1]();
};
const load = (requests, seconds) =>
  runLoad({ base, method: 'POST', connections: 20, seconds, headers: { cookie }, requests });

if (process.env.BENCH_LOAD !== '0') {
  for (const when of ['first 10 s', 'next 10 s, warm']) {
    const result = await load(Array.from({ length: 20_000 }, mixed), 10);
    console.log(
      `returns search over ${count.toLocaleString('en-US')} returns, 20 clients, ${when}: ${describeLoad(result, 1)} (target p95 < 50)`,
    );
  }
  for (const [kind, [, make]] of Object.entries(KINDS)) {
    const result = await load(Array.from({ length: 2_000 }, make), 3);
    console.log(`  ${kind}: ${describeLoad(result, 1)}`);
  }
}

/** CPU milliseconds a process has used so far (user + system), from /proc; 0 once it is gone. */
const TICK_MS = 10; // USER_HZ is 100 on Linux
const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
};
const cpuRequests = Number(process.env.BENCH_CPU_REQUESTS ?? 300);
if (cpuRequests > 0) {
  const monitor = new pg.Client({ connectionString: url.toString() });
  await monitor.connect();
  const backends = async () =>
    (
      await monitor.query(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
    ).rows.map((r) => r.pid);
  const send = async ({ path: requestPath, body }) => {
    const res = await fetch(`${base}${requestPath}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  console.log(`CPU per request, ${cpuRequests} requests one at a time (node / PostgreSQL, ms):`);
  const cpuOf = async (make) => {
    for (let i = 0; i < 30; i++) await send(make()); // warm: plans, pool connections
    const pids = await backends();
    const before = { node: cpuMs(server.pid), pg: pids.map(cpuMs) };
    for (let i = 0; i < cpuRequests; i++) await send(make());
    const node = (cpuMs(server.pid) - before.node) / cpuRequests;
    // A connection the pool opened meanwhile counts whole.
    const opened = (await backends()).filter((pid) => !pids.includes(pid));
    const pgMs =
      // A connection the pool closed meanwhile (idle since the load runs) counts nothing.
      (pids.reduce((sum, pid, i) => sum + Math.max(0, cpuMs(pid) - before.pg[i]), 0) +
        opened.reduce((sum, pid) => sum + cpuMs(pid), 0)) /
      cpuRequests;
    return `${node.toFixed(2)} / ${pgMs.toFixed(2)}`;
  };
  console.log(`  the mix: ${await cpuOf(mixed)}`);
  for (const [kind, [, make]] of Object.entries(KINDS)) console.log(`  ${kind}: ${await cpuOf(make)}`);
  await monitor.end();
}
await stop(server);
rmSync(dataDir, { recursive: true, force: true });
