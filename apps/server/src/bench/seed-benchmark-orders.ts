// `node --import tsx apps/server/src/bench/seed-benchmark-orders.ts DATA_DIR COUNT`: adds COUNT benchmark orders
// to Demo Music Co (PGlite in DATA_DIR, or DATABASE_URL), plus one large order (50 items, 10 payments,
// 10 shipments) whose id it prints last, for the order detail figure.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { generateOrders } from '../db/seed/orders-generator';

const [dataDir, countText] = process.argv.slice(2);
if (!dataDir) {
  console.error('usage: seed-benchmark-orders.ts DATA_DIR [COUNT]');
  process.exit(2);
}
const count = Number(countText ?? 500_000);
const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
const db = database.db;
const one = async <T>(query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
const { id: accountId } = await one<{ id: number }>(
  sql`select id from accounts where name = 'Demo Music Co'`,
);
const started = performance.now();
await generateOrders(db, accountId, count, { userId: null, days: 730, prefix: 'B' });
// What autovacuum does to a table after a bulk load: statistics, and the visibility map that lets the
// orders search read its indexes alone.
await db.execute(sql`vacuum analyze`);
const seeded = performance.now() - started;

const { id: orderId } = await one<{ id: number }>(sql`
  insert into channel_orders (account_id, channel_order_number, channel_id, system_order_status_id, ordered_at)
  select ${accountId}, 'BIG-ORDER-1', id, 20, now() from sales_channels where account_id = ${accountId} and site_id = 1
  returning id`);
await db.execute(sql`
  insert into channel_order_items (account_id, channel_order_id, product_id, description, listing_sku, quantity_ordered, unit_price, tax_percent, sort_order)
  select ${accountId}, ${orderId}, p.id, p.name, p.sku, 1 + n % 3, p.price_sale, 8.25, n
  from generate_series(1, 50) n join lateral (select * from products where account_id = ${accountId} and type_id = 0 order by id offset n limit 1) p on true`);
await db.execute(sql`
  insert into item_discounts (account_id, channel_order_item_id, discount, is_percent, is_flat)
  select ${accountId}, id, 5, 1, 0 from channel_order_items where channel_order_id = ${orderId} and sort_order % 5 = 0`);
await db.execute(sql`
  insert into channel_order_payments (account_id, channel_order_id, channel_order_payment_type_id, amount)
  select ${accountId}, ${orderId}, 35, 100 from generate_series(1, 10)`);
await db.execute(sql`
  insert into payment_refunds (account_id, channel_order_payment_id, amount, refund_reason_id, destination_payment_type_id)
  select ${accountId}, id, 10, 15, 35 from channel_order_payments where channel_order_id = ${orderId}`);
await db.execute(sql`
  insert into channel_order_shipments (account_id, channel_order_id, is_shipped, tracking_number, carrier_name, service_name, shipped_at)
  select ${accountId}, ${orderId}, 1, '1Z' || n, 'UPS', 'Ground', now() from generate_series(1, 10) n`);
await db.execute(sql`
  insert into channel_order_shipment_items (channel_order_shipment_id, product_id, quantity)
  select s.id, i.product_id, 1 from channel_order_shipments s join channel_order_items i on i.channel_order_id = s.channel_order_id
  where s.channel_order_id = ${orderId} and i.sort_order % 10 = s.id % 10`);
await db.execute(sql`
  insert into order_notes (account_id, channel_order_id, note_type_id, text) select ${accountId}, ${orderId}, n % 2, 'Note ' || n from generate_series(1, 20) n`);
console.log(`${count} benchmark orders seeded in ${Math.round(seeded)} ms; large order ${orderId}`);
await database.close();
