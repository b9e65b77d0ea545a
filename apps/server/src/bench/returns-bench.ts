// `node --import tsx apps/server/src/bench/returns-bench.ts`: the manage-inbound-return figures of issue 15,
// measured through the API itself (validation, the account's ids resolved, the handler, the reply):
//  - a receipt of one unit, PATCH …/returns with inventoryLocationItems (row locks, unit, event, statuses, the
//    saving rules, and the return read back for the reply), target < 50 ms on the server;
//  - a return with 100 items opening, GET …/returns/{id}, target < 300 ms.
// PGlite in a temporary directory, or PostgreSQL when DATABASE_URL is set (a fresh database, dropped after).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { resolveSession } from '../domains/auth/auth.service';
import { lockReturn } from '../domains/returns/return-panel-rows';
import { receiveUnit } from '../domains/returns/return-receiving';

const DB_NAME = 'backroom_returns_bench';
const dataDir = mkdtempSync(path.join(tmpdir(), 'backroom-returns-bench-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  await run(`drop database if exists ${DB_NAME} with (force)`);
  await run(`create database ${DB_NAME}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${DB_NAME}`;
  databaseUrl = url.toString();
  dropDatabase = () => run(`drop database if exists ${DB_NAME} with (force)`);
}
const { app, deps, builtinPrintServer, trackingJob } = await buildApp({
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PASSWORD_HASHING: 'fast' }),
  databaseUrl,
  webDistDir: undefined,
});
await builtinPrintServer.stop();
await trackingJob.stop();

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await deps.db.execute(query)) as unknown as { rows: T[] }).rows;
const login = await app.inject({
  method: 'POST',
  url: '/api/v1/backroom/auth/login',
  payload: { email: 'warehouse@backroom.local', password: 'backroom-warehouse' },
});
const cookie = `backroom_session=${login.cookies.find((c) => c.name === 'backroom_session')!.value}`;
const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => {
  const res = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data as Record<string, unknown>[];
};
const V1 = '/api/v1/backroom';
const [account] = await rows<{ id: number }>(sql`select id from accounts where name = 'Demo Music Co'`);
const accountId = account!.id;
const [warehouse] = await rows<{ id: number }>(
  sql`select id from warehouses where account_id = ${accountId} and short_alias = 'MAIN'`,
);

/** A fulfilled order of `lines` lines (distinct products with a UPC), and a return for it through the API. */
async function returnOf(lines: number, quantity: number, n: number) {
  const [order] = await rows<{ id: number }>(sql`
    with c as (select id from sales_channels where account_id = ${accountId} order by id limit 1),
      o as (insert into channel_orders (account_id, channel_id, channel_order_number, system_order_status_id)
        select ${accountId}, c.id, ${`RET-BENCH-${n}`}, 20 from c returning id),
      p as (select id from products where account_id = ${accountId} and upc is not null and type_id = 0
        order by id limit ${lines})
    insert into channel_order_items (account_id, channel_order_id, product_id, quantity_ordered, unit_price, unit_cost)
    select ${accountId}, o.id, p.id, ${quantity}, 25, 10 from o, p returning channel_order_id as id`);
  const [created] = await call('PUT', `${V1}/returns`, { channelOrderId: order!.id });
  return created as { id: number; modifiedAt: string; items: { id: number }[] };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1]!;
const describe = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (n=${values.length})`;

try {
  // A receipt of one unit: every unit of five returns of five items expecting five units each, into the
  // virtual bin (the first 20 receipts warm the routes up).
  const [bin] = await call('POST', `${V1}/warehouse/bin`, { warehouseId: warehouse!.id, binType: 'virtual' });
  const receiptTimes: number[] = [];
  const readTimes: number[] = [];
  let receipts = 0;
  for (let n = 1; n <= 5; n++) {
    const receiving = await returnOf(5, 5, n);
    // The reply's share: the same return read back on its own.
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await call('GET', `${V1}/returns/${receiving.id}`);
      if (n > 1) readTimes.push(performance.now() - started);
    }
    for (const item of receiving.items) {
      for (let unit = 0; unit < 5; unit++) {
        const started = performance.now();
        await call('PATCH', `${V1}/returns`, {
          inboundReturns: [{ id: receiving.id, modifiedAt: receiving.modifiedAt }],
          inventoryLocationItems: [
            {
              returnItemId: item.id,
              warehouseId: warehouse!.id,
              inventoryLocationId: bin!.id,
              productConditionId: 1,
            },
          ],
        });
        if (receipts++ >= 20) receiptTimes.push(performance.now() - started);
      }
    }
  }
  // The receipt itself, without the reply: the service in its transaction, as the route runs it.
  const auth = await resolveSession(deps, cookie.split('=')[1]);
  const direct = await returnOf(5, 5, 7);
  const serviceTimes: number[] = [];
  for (const item of direct.items) {
    for (let unit = 0; unit < 5; unit++) {
      const started = performance.now();
      await deps.db.transaction(async (tx) => {
        const locked = await lockReturn(tx, accountId, direct.id);
        await receiveUnit(
          tx,
          auth!,
          locked,
          {
            returnItemId: item.id,
            warehouseId: warehouse!.id,
            inventoryLocationId: bin!.id as number,
            productConditionId: 1,
            disposition: 'productCondition',
          },
          null,
          null,
        );
      });
      serviceTimes.push(performance.now() - started);
    }
  }
  console.log(`returns: a receipt of one unit, its transaction alone (no reply): ${describe(serviceTimes)}`);
  console.log(`returns: of which reading a 5-item return back, GET …/returns/{id}: ${describe(readTimes)}`);
  console.log(
    `returns: a receipt of one unit, PATCH …/returns (API): ${describe(receiptTimes)} (target < 50)`,
  );

  // A return with 100 items, half of them with a unit received, opening.
  const big = await returnOf(100, 2, 6);
  for (const item of big.items.slice(0, 50)) {
    await call('PATCH', `${V1}/returns`, {
      inboundReturns: [{ id: big.id, modifiedAt: big.modifiedAt }],
      inventoryLocationItems: [
        {
          returnItemId: item.id,
          warehouseId: warehouse!.id,
          inventoryLocationId: bin!.id,
          productConditionId: 1,
        },
      ],
    });
  }
  const openTimes: number[] = [];
  for (let i = 0; i < 40; i++) {
    const started = performance.now();
    const [opened] = await call('GET', `${V1}/returns/${big.id}`);
    if ((opened!.items as unknown[]).length !== 100) throw new Error('not 100 items');
    if (i >= 10) openTimes.push(performance.now() - started);
  }
  console.log(
    `returns: a return with 100 items opening, GET …/returns/{id} (API): ${describe(openTimes)} (target < 300)`,
  );
} finally {
  await app.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}
