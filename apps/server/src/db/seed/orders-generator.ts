import { sql } from 'drizzle-orm';
import type { Db } from '../client';

// Channel orders made set-based (a statement per table, whatever the count): the demo's few hundred orders
// and the benchmark's half million come from the same code. Deterministic: order g always looks the same.

/** Every sales channel an account sells through (orders-warehouse.md §9 site ids; channel types 1-3). */
export const DEMO_CHANNELS = [
  { siteId: 1, channelTypeId: 3, name: 'Amazon' },
  { siteId: 2, channelTypeId: 3, name: 'eBay' },
  { siteId: 14, channelTypeId: 3, name: 'Reverb' },
  { siteId: 99, channelTypeId: 1, name: 'Web Store' },
  { siteId: 99, channelTypeId: 2, name: 'Point of Sale' },
] as const;

/** Every system status id of §4, so the demo has an order in each. */
const STATUS_CYCLE = [1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 14, 19, 20, 20, 20, 20, 21, 30, 40, 41, 50, 51, 60];

const FIRST = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Zoe',
  'Ethan',
  'Ivy',
  'Lucas',
  'Nora',
  'Owen',
  'Ruby',
  'Caleb',
  'Hazel',
  'Miles',
  'Stella',
];
const LAST = [
  'Nguyen',
  'Garcia',
  'Smith',
  'Patel',
  'Okafor',
  'Kowalski',
  'Rossi',
  'Hansen',
  'Silva',
  'Cohen',
  'Murphy',
  'Tanaka',
];
const CITIES = [
  ['Austin', 'TX', '78701'],
  ['Nashville', 'TN', '37203'],
  ['Seattle', 'WA', '98101'],
  ['Chicago', 'IL', '60601'],
  ['Denver', 'CO', '80202'],
  ['Portland', 'OR', '97205'],
];

const text = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

export async function ensureChannels(db: Db, accountId: number): Promise<void> {
  for (const channel of DEMO_CHANNELS) {
    await db.execute(sql`
      insert into sales_channels (account_id, site_id, channel_type_id, name)
      values (${accountId}, ${channel.siteId}, ${channel.channelTypeId}, ${channel.name})
      on conflict (account_id, site_id, channel_type_id) do nothing`);
  }
}

/**
 * Lists every active product of the account on each of its channels: at its sale price in the web store and
 * at the counter, 5 % above it on the marketplaces (their fees).
 */
export async function ensureListings(db: Db, accountId: number): Promise<void> {
  await db.execute(sql`
    insert into channel_listings (account_id, channel_id, product_id, listing_sku, title, price)
    select ${accountId}, c.id, p.id, p.sku, p.name,
      round(coalesce(p.price_sale, 0) * case when c.channel_type_id = 3 then 1.05 else 1 end, 2)
    from products p cross join sales_channels c
    where p.account_id = ${accountId} and c.account_id = ${accountId} and p.is_active = 1
    on conflict (channel_id, product_id) do nothing`);
}

/**
 * Adds `count` orders to an account, spread over all its channels and every status, ordered over the last
 * `days` days: customers with addresses, 1-3 items from the account's active products, payments (some
 * refunded), system and user notes, shipments for shipped orders, and a replacement order for every 29th.
 */
export async function generateOrders(
  db: Db,
  accountId: number,
  count: number,
  options: { userId: number | null; days?: number; prefix?: string } = { userId: null },
): Promise<void> {
  await ensureChannels(db, accountId);
  const days = options.days ?? 120;
  const prefix = options.prefix ?? '';
  const customers = Math.max(10, Math.ceil(count / 3));
  const [a, b, c] = [FIRST.length, LAST.length, CITIES.length];
  const step = 50_000;
  const start = (
    (await db.execute(sql`select coalesce(max(id), 0)::int as id from customers`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows[0]!.id;

  await db.execute(sql`
    insert into addresses (account_id, name, address_line1, city, state_or_providence, state_id, postal_code, country, phone_home, email)
    select ${accountId}, (${text(FIRST)})[1 + g % ${a}] || ' ' || (${text(LAST)})[1 + (g / ${a}) % ${b}],
      (100 + g % 9800)::text || ' ' || (array['Maple St','Oak Ave','Elm Rd','Cedar Ln','Pine Blvd'])[1 + g % 5],
      (${text(CITIES.map((x) => x[0]!))})[1 + g % ${c}], (${text(CITIES.map((x) => x[1]!))})[1 + g % ${c}],
      (select s.id from states s where s.country_id = 1 and s.code = (${text(CITIES.map((x) => x[1]!))})[1 + g % ${c}]),
      (${text(CITIES.map((x) => x[2]!))})[1 + g % ${c}], 'US', '512555' || lpad((g % 10000)::text, 4, '0'),
      lower((${text(FIRST)})[1 + g % ${a}] || '.' || (${text(LAST)})[1 + (g / ${a}) % ${b}]) || ${prefix} || g || '@example.com'
    from generate_series(1, ${customers}) g`);
  await db.execute(sql`
    insert into customers (account_id, first_name, last_name, email, phone, address_id)
    select ${accountId}, split_part(a.name, ' ', 1), split_part(a.name, ' ', 2), a.email, a.phone_home, a.id
    from addresses a where a.account_id = ${accountId} and a.id > ${start} and a.email like '%@example.com'
    order by a.id`);

  // Everything below touches only the orders this call makes: ids above the largest before it.
  const firstOrder = (
    (await db.execute(sql`select coalesce(max(id), 0)::int + 1 as id from channel_orders`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows[0]!.id;
  for (let from = 1; from <= count; from += step) {
    const to = Math.min(count, from + step - 1);
    await db.execute(sql`
      with ch as (select array_agg(id order by site_id, channel_type_id) ids, array_agg(site_id order by site_id, channel_type_id) sites,
                  array_agg(channel_type_id order by site_id, channel_type_id) types
                  from sales_channels where account_id = ${accountId}),
      cu as (select array_agg(id order by id) ids from customers where account_id = ${accountId} and id > ${start})
      insert into channel_orders (account_id, channel_order_number, channel_order_type_id, system_order_status_id, channel_id,
        customer_id, is_prime, is_fba, ordered_at, latest_delivered_at, default_ship_address_id, requested_ship_method, last_synced_at, modified_by)
      select ${accountId},
        ${prefix} || case ch.sites[1 + g % 5]
          when 1 then (100 + g % 900)::text || '-' || lpad((g::bigint * 7919 % 10000000)::text, 7, '0') || '-' || lpad(g::text, 7, '0')
          when 2 then lpad((g % 100)::text, 2, '0') || '-' || lpad((g::bigint * 31 % 100000)::text, 5, '0') || '-' || lpad(g::text, 7, '0')
          when 14 then lpad((g + 30000000)::text, 8, '0')
          else case ch.types[1 + g % 5] when 2 then 'POS-' else 'W' end || lpad(g::text, 6, '0') end,
        case ch.types[1 + g % 5] when 2 then 2 else 1 end,
        (${sql.raw(`array[${STATUS_CYCLE.join(',')}]`)})[1 + g % ${STATUS_CYCLE.length}],
        ch.ids[1 + g % 5],
        cu.ids[1 + g % array_length(cu.ids, 1)],
        case when ch.sites[1 + g % 5] = 1 and g % 3 = 0 then 1 else 0 end,
        case when ch.sites[1 + g % 5] = 1 and g % 5 = 0 then 1 else 0 end,
        now() - make_interval(secs => (${days} * 86400.0 * (${count} - g + 1) / ${count})::int),
        now() - make_interval(secs => (${days} * 86400.0 * (${count} - g + 1) / ${count})::int) + interval '5 days',
        (select address_id from customers where id = cu.ids[1 + g % array_length(cu.ids, 1)]),
        (array['Standard', 'Expedited', 'Second Day', 'Next Day'])[1 + g % 4],
        now(), ${options.userId}
      from generate_series(${from}::int, ${to}::int) g, ch, cu`);
  }

  // Items: 1 to 3 lines of active simple products, at their sale price; 8.25 % tax on most lines.
  await db.execute(sql`
    with p as (select array_agg(id order by id) ids, array_agg(coalesce(price_sale, 19.99) order by id) prices,
                array_agg(coalesce(price_cost, 9.99) order by id) costs, array_agg(name order by id) names
               from products where account_id = ${accountId} and is_active = 1 and type_id = 0)
    insert into channel_order_items (account_id, channel_order_id, product_id, description, listing_sku, quantity_ordered,
      unit_price, unit_cost, tax_percent, sort_order, created_by, is_picked)
    select ${accountId}, o.id, p.ids[k], p.names[k], (select sku from products where id = p.ids[k]),
      1 + (o.id + n) % 2, p.prices[k], p.costs[k], case when o.id % 4 = 0 then 0 else 8.25 end, n, ${options.userId},
      case when o.system_order_status_id in (13, 14, 19, 20, 21) then 1 else 0 end
    from channel_orders o, p, generate_series(1, 3) n,
      lateral (select 1 + ((o.id::bigint * 7 + n * 13) % array_length(p.ids, 1)) as k) pick
    where o.account_id = ${accountId} and o.id >= ${firstOrder} and n <= 1 + o.id % 3 and p.ids is not null`);
  // What the channel billed: the items at their price plus tax, as the orders arrived.
  await db.execute(sql`
    update channel_orders o set billed_unit_total = t.units, billed_tax = t.tax, billed_order_total = t.units + t.tax,
      total_unit_cost = t.cost
    from (select channel_order_id, sum(quantity_ordered * unit_price) units,
            sum(round(quantity_ordered * unit_price * tax_percent / 100, 2)) tax, sum(quantity_ordered * unit_cost) cost
          from channel_order_items where account_id = ${accountId} group by channel_order_id) t
    where t.channel_order_id = o.id and o.account_id = ${accountId} and o.id >= ${firstOrder}`);
  // Paid in full unless new, pending or awaiting payment: by the channel, by card on the web, cash at the counter.
  await db.execute(sql`
    insert into channel_order_payments (account_id, channel_order_id, channel_order_payment_type_id, amount, reference_id, payment_number, modified_by)
    select ${accountId}, o.id, case ch.channel_type_id when 3 then 35 when 1 then 30 else 5 end, o.billed_order_total,
      case ch.channel_type_id when 1 then 'pi_' || md5(o.id::text) else null end,
      case ch.channel_type_id when 3 then o.channel_order_number else null end, ${options.userId}
    from channel_orders o join sales_channels ch on ch.id = o.channel_id
    where o.account_id = ${accountId} and o.id >= ${firstOrder} and o.system_order_status_id not in (1, 2, 3) and o.billed_order_total > 0`);
  await db.execute(sql`
    insert into payment_refunds (account_id, channel_order_payment_id, amount, refund_reason_id, destination_payment_type_id, created_by)
    select ${accountId}, p.id, round(p.amount / 4, 2), (array[5, 10, 15, 20])[1 + p.id % 4], p.channel_order_payment_type_id, ${options.userId}
    from channel_order_payments p join channel_orders o on o.id = p.channel_order_id
    where p.account_id = ${accountId} and o.id >= ${firstOrder} and (p.id % 17 = 0 or o.system_order_status_id = 60) and p.amount >= 1`);
  // Shipped orders have a shipment with a tracking number.
  await db.execute(sql`
    insert into channel_order_shipments (account_id, channel_order_id, address_id, is_packed, is_shipped, is_purchased, is_delivered,
      tracking_number, carrier_name, service_name, carrier_fee_billed, packaging_name, package_length_inch, package_width_inch,
      package_height_inch, package_weight_ounce, shipped_at)
    select ${accountId}, o.id, o.default_ship_address_id, 1, 1, 1, case when o.id % 2 = 0 then 1 else 0 end,
      case o.id % 3 when 0 then '1Z' || upper(substr(md5(o.id::text), 1, 16)) when 1 then '9400' || lpad((o.id::bigint * 7919)::text, 18, '0')
        else lpad((o.id::bigint * 104729 % 1000000000000)::text, 12, '0') end,
      (array['UPS', 'USPS', 'FedEx'])[1 + o.id % 3], (array['Ground', 'Priority Mail', 'Home Delivery'])[1 + o.id % 3],
      (7 + o.id % 20)::numeric(12,2), 'Box 12x9x6', 12, 9, 6, 16 + o.id % 60, o.ordered_at + interval '1 day'
    from channel_orders o
    where o.account_id = ${accountId} and o.id >= ${firstOrder} and o.system_order_status_id in (19, 20, 21, 60)`);
  // Orders at the packing bench have their shipment: unpacked while Packing (13), packed in the account's first
  // box with a weight once Packed (14). They leave from the account's first warehouse that fulfils orders.
  await db.execute(sql`
    insert into channel_order_shipments (account_id, channel_order_id, warehouse_id, address_id, is_packed,
      warehouse_packaging_id, packaging_name, package_length_inch, package_width_inch, package_height_inch,
      package_weight_ounce, packed_at, packed_by)
    select ${accountId}, o.id, w.id, o.default_ship_address_id, packed.is_packed,
      case when packed.is_packed = 1 then p.id end, case when packed.is_packed = 1 then p.common_name end,
      case when packed.is_packed = 1 then p.package_length_inch end, case when packed.is_packed = 1 then p.package_width_inch end,
      case when packed.is_packed = 1 then p.package_height_inch end,
      case when packed.is_packed = 1 then 16 + o.id % 60 end, case when packed.is_packed = 1 then o.ordered_at + interval '1 day' end,
      case when packed.is_packed = 1 then ${options.userId}::int end
    from channel_orders o
    left join lateral (select wh.id from warehouses wh join warehouse_types t on t.id = wh.warehouse_type_id
      where wh.account_id = ${accountId} and wh.is_active = 1 and t.has_fulfillment order by wh.sort_order, wh.id limit 1) w on true
    left join lateral (select * from packaging where account_id = ${accountId} order by id limit 1) p on true
    cross join lateral (select case when o.system_order_status_id = 14 and p.id is not null then 1 else 0 end as is_packed) packed
    where o.account_id = ${accountId} and o.id >= ${firstOrder} and o.system_order_status_id in (13, 14)`);
  await db.execute(sql`
    insert into channel_order_shipment_items (channel_order_shipment_id, product_id, quantity)
    select s.id, i.product_id, i.quantity_ordered
    from channel_order_shipments s join channel_order_items i on i.channel_order_id = s.channel_order_id
    where s.account_id = ${accountId} and s.channel_order_id >= ${firstOrder}`);
  await db.execute(sql`
    update channel_orders o set latest_shipped_at = s.shipped_at
    from channel_order_shipments s where s.channel_order_id = o.id and s.shipped_at is not null and o.account_id = ${accountId} and o.id >= ${firstOrder}`);
  // A replacement order for every 29th order, related to its original.
  await db.execute(sql`
    insert into channel_orders (account_id, channel_order_number, channel_order_type_id, system_order_status_id, channel_id,
      customer_id, ordered_at, default_ship_address_id, related_order_id, related_order_type_id, modified_by)
    select ${accountId}, o.channel_order_number || '-R', o.channel_order_type_id, 20, o.channel_id, o.customer_id,
      o.ordered_at + interval '3 days', o.default_ship_address_id, o.id, 1, ${options.userId}
    from channel_orders o where o.account_id = ${accountId} and o.id >= ${firstOrder} and o.id % 29 = 0 and o.related_order_id is null`);
  await db.execute(sql`
    insert into channel_order_items (account_id, channel_order_id, product_id, description, listing_sku, quantity_ordered, unit_price, unit_cost, created_by)
    select ${accountId}, r.id, i.product_id, i.description, i.listing_sku, i.quantity_ordered, 0, i.unit_cost, ${options.userId}
    from channel_orders r join channel_order_items i on i.channel_order_id = r.related_order_id
    where r.account_id = ${accountId} and r.related_order_id >= ${firstOrder}`);
  // Notes: how each order arrived (system), and a person's note on some.
  await db.execute(sql`
    insert into order_notes (account_id, channel_order_id, user_id, note_type_id, text, created_at)
    select ${accountId}, o.id, ${options.userId}, 1,
      case when o.related_order_id is not null then 'Replacement order created for order ' || o.related_order_id || '.'
        else 'Order imported from ' || ch.name || '.' end, o.ordered_at
    from channel_orders o join sales_channels ch on ch.id = o.channel_id
    where o.account_id = ${accountId} and o.id >= ${firstOrder}`);
  await db.execute(sql`
    insert into order_notes (account_id, channel_order_id, user_id, note_type_id, text, created_at)
    select ${accountId}, o.id, ${options.userId}, 0,
      (array['Customer asked to leave the parcel at the side door.', 'Gift: please no invoice in the box.',
        'Called the customer about the delivery date.', 'Checked the serial number with the customer.'])[1 + o.id % 4],
      o.ordered_at + interval '2 hours'
    from channel_orders o where o.account_id = ${accountId} and o.id >= ${firstOrder} and o.id % 7 = 0`);
}
