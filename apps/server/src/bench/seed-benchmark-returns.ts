// `node --import tsx apps/server/src/bench/seed-benchmark-returns.ts DATA_DIR COUNT`: adds COUNT benchmark
// returns to Demo Music Co (PGlite in DATA_DIR, or DATABASE_URL) on orders made for them (COUNT * 1.25 orders
// over two years, 'R'-prefixed numbers), as returns.seed.ts makes the demo's: every status in turn, the
// channel's RMA, the order's items, a label on three in four (one in ten bought, in the label ledger), an
// appeal on each Channel Appeal return, one to three notes.
import { APPEAL_STATUSES, RETURN_STATUSES } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { generateOrders } from '../db/seed/orders-generator';

const [dataDir, countText] = process.argv.slice(2);
if (!dataDir) {
  console.error('usage: seed-benchmark-returns.ts DATA_DIR [COUNT]');
  process.exit(2);
}
const count = Number(countText ?? 200_000);
const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
const db = database.db;
const one = async <T>(query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
const { id: accountId } = await one<{ id: number }>(
  sql`select id from accounts where name = 'Demo Music Co'`,
);
const { id: userId } = await one<{ id: number }>(
  sql`select id from users where email = 'admin@backroom.local'`,
);
const started = performance.now();
const { id: firstOrder } = await one<{ id: number }>(
  sql`select coalesce(max(id), 0)::int + 1 as id from channel_orders`,
);
const { id: firstReturn } = await one<{ id: number }>(
  sql`select coalesce(max(id), 0)::int + 1 as id from inbound_returns`,
);
await generateOrders(db, accountId, Math.ceil(count * 1.25), { userId: null, days: 730, prefix: 'R' });
const statuses = sql.raw(`array[${RETURN_STATUSES.map((s) => s.id).join(',')}]`);
const appealStatuses = sql.raw(`array[${APPEAL_STATUSES.map((s) => s.id).join(',')}]`);

// The bulk load works each return's search fields out once at the end (below), not once per label and
// appeal inserted.
for (const table of ['inbound_return_shipments', 'inbound_return_appeals']) {
  await db.execute(sql.raw(`alter table ${table} disable trigger user`));
}
await db.execute(sql`
  insert into channel_order_returns (account_id, channel_id, channel_order_id, reference_id, channel_order_return_status, created_at)
  select o.account_id, o.channel_id, o.id,
    case c.site_id when 1 then 'D' || upper(substr(md5(o.id::text), 1, 7)) || 'RRMA'
      when 2 then '52' || lpad((o.id::bigint * 104729 % 100000000)::text, 8, '0') when 14 then 'RV-' || o.id else null end,
    'Authorized', o.ordered_at + interval '9 days'
  from channel_orders o join sales_channels c on c.id = o.channel_id
  where o.account_id = ${accountId} and o.id >= ${firstOrder} and o.related_order_id is null
    and exists (select 1 from channel_order_items i where i.channel_order_id = o.id)
  order by o.id limit ${count}`);
await db.execute(sql`
  insert into inbound_returns (account_id, return_status_id, requested_at, customer_id, created_by,
    channel_order_return_id, is_first_party_return, modified_at)
  select r.account_id, (${statuses})[1 + r.id % ${RETURN_STATUSES.length}], r.created_at, o.customer_id, ${userId},
    r.id, (c.site_id = 99 or o.channel_order_type_id = 30)::int, r.created_at
  from channel_order_returns r join channel_orders o on o.id = r.channel_order_id
    join sales_channels c on c.id = o.channel_id
  where r.account_id = ${accountId} and o.id >= ${firstOrder}`);
await db.execute(sql`
  insert into inbound_return_items (account_id, inbound_return_id, product_id, channel_order_item_id, quantity,
    quantity_received, inbound_return_item_status_id, return_reason_id, created_at)
  select ir.account_id, ir.id, i.product_id, i.id, i.quantity_ordered,
    case ir.return_status_id when 20 then i.quantity_ordered when 10 then i.quantity_ordered / 2 else 0 end,
    case ir.return_status_id when 20 then 20 when 10 then 10 when 15 then 15 when 25 then 30 when 5 then 5 else 1 end,
    (array[1, 5, 15, 16, 25, 30, 40])[1 + i.id % 7], ir.requested_at
  from inbound_returns ir join channel_order_returns r on r.id = ir.channel_order_return_id
    join channel_order_items i on i.channel_order_id = r.channel_order_id
  where ir.account_id = ${accountId} and ir.id >= ${firstReturn}`);
await db.execute(sql`
  insert into inbound_return_shipments (account_id, inbound_return_id, tracking_number, carrier_fee_billed,
    is_purchased, is_external_shipment, is_delivered, shipped_at, created_at)
  select ir.account_id, ir.id, '1Z' || upper(substr(md5('return' || ir.id), 1, 16)), 6.45 + ir.id % 9,
    (ir.id % 10 = 0)::int, (ir.id % 10 <> 0)::int, (ir.return_status_id >= 10)::int,
    ir.requested_at + interval '1 day', ir.requested_at
  from inbound_returns ir where ir.account_id = ${accountId} and ir.id >= ${firstReturn} and ir.id % 4 <> 0`);
await db.execute(sql`
  insert into shipping_labels (account_id, owner_kind, owner_id, adapter, provider_shipment_id, rate_id, state,
    carrier, service, tracking_number, fee, created_at, purchased_at)
  select s.account_id, 'returnShipment', s.id, 'sandbox', 'shp_bench_' || s.id, 'rate_bench_' || s.id, 'bought',
    'UPS', 'Ground', s.tracking_number, s.carrier_fee_billed, s.created_at, s.created_at
  from inbound_return_shipments s join inbound_returns ir on ir.id = s.inbound_return_id
  where s.account_id = ${accountId} and s.is_purchased = 1 and ir.id >= ${firstReturn}`);
await db.execute(sql`
  insert into inbound_return_appeals (account_id, inbound_return_id, inbound_return_appeal_status_id,
    claim_amount_dollar, reimbursement_amount_dollar, created_at)
  select ir.account_id, ir.id, (${appealStatuses})[1 + (ir.id / 7) % ${APPEAL_STATUSES.length}],
    25 + ir.id % 40, round((25 + ir.id % 40) * 0.6, 2), ir.requested_at + interval '8 days'
  from inbound_returns ir where ir.account_id = ${accountId} and ir.id >= ${firstReturn} and ir.return_status_id = 30`);
await db.execute(sql`
  insert into inbound_return_notes (account_id, inbound_return_id, user_id, note_type_id, text, created_at)
  select ir.account_id, ir.id, ${userId}, case when n = 1 then 1 else 0 end,
    case n when 1 then 'Return created from order ' || o.channel_order_number || '.'
      when 2 then 'Customer says the box was damaged in transit.' else 'Called the customer about the missing strap.' end,
    ir.requested_at + make_interval(hours => n)
  from inbound_returns ir join channel_order_returns r on r.id = ir.channel_order_return_id
    join channel_orders o on o.id = r.channel_order_id, generate_series(1, 3) n
  where ir.account_id = ${accountId} and ir.id >= ${firstReturn} and n <= 1 + ir.id % 3`);
for (const table of ['inbound_return_shipments', 'inbound_return_appeals']) {
  await db.execute(sql.raw(`alter table ${table} enable trigger user`));
}
await db.execute(
  sql`update inbound_returns set search_text = null where account_id = ${accountId} and id >= ${firstReturn}`,
);
await db.execute(sql`
  update inbound_returns ir set search_appeal_status_id = a.inbound_return_appeal_status_id
  from inbound_return_appeals a where a.inbound_return_id = ir.id and ir.id >= ${firstReturn}`);
// The update above wrote every return twice: rewritten once, as a bulk load leaves a table (its indexes were
// twice their size, and the walks read twice the pages). Then what autovacuum does after a bulk load:
// statistics, and the visibility map that lets the search read its indexes alone.
await db.execute(sql`vacuum full inbound_returns`);
await db.execute(sql`vacuum analyze`);
const { n } = await one<{ n: number }>(
  sql`select count(*)::int as n from inbound_returns where account_id = ${accountId}`,
);
console.log(
  `${n} returns (${count} benchmark returns) seeded in ${Math.round(performance.now() - started)} ms`,
);
await database.close();
