import { type SQL, sql } from 'drizzle-orm';
import { ensureBuiltinServer } from '../domains/printing/printers.service';
import type { TestApp } from './test-app';

/**
 * The rows an id in a request can name, each with the query that finds one of an account's own, for the
 * account-isolation walk. `show` is a column whose text a reply must not contain when the row is another
 * account's.
 */
export const ROW_KINDS = {
  customer: { from: 'customers r where r.account_id = $a', show: 'r.email' },
  return: { from: 'inbound_returns r where r.account_id = $a' },
  returnItem: { from: 'inbound_return_items r where r.account_id = $a' },
  product: { from: 'products r where r.account_id = $a', show: 'r.sku' },
  listing: {
    from: 'channel_listings r where r.account_id = $a',
    show: 'r.listing_sku',
  },
  warehouse: { from: 'warehouses r where r.account_id = $a', show: 'r.name' },
  division: {
    from: 'warehouse_divisions r where r.account_id = $a',
    show: 'r.barcode',
  },
  order: {
    from: 'channel_orders r where r.account_id = $a',
    show: 'r.channel_order_number',
  },
  orderItem: { from: 'channel_order_items r where r.account_id = $a' },
  payment: { from: 'channel_order_payments r where r.account_id = $a' },
  channel: { from: 'sales_channels r where r.account_id = $a' },
  printer: { from: 'printers r where r.account_id = $a' },
  printServer: { from: 'print_servers r where r.account_id = $a' },
  printJob: { from: 'print_jobs r where r.account_id = $a' },
  brand: { from: 'brands r where r.account_id = $a', show: 'r.name' },
  category: { from: 'categories r where r.account_id = $a' },
  vendor: { from: 'vendors r where r.account_id = $a', show: 'r.name' },
  image: { from: 'images r where r.account_id = $a', show: 'r.cloudinary_uuid' },
  attribute: { from: 'attributes r where r.account_id = $a', show: 'r.name' },
  packaging: { from: 'packaging r where r.account_id = $a', show: 'r.common_name' },
  pickRequest: { from: 'pick_requests r where r.account_id = $a' },
  pickRequestItem: {
    from: 'pick_request_items r join pick_requests p on p.id = r.pick_request_id where p.account_id = $a',
  },
  unit: { from: 'inventory_location_items r where r.account_id = $a' },
  productQueue: {
    from: 'product_queues r where r.account_id = $a',
    show: 'r.name',
  },
  orderNote: { from: 'order_notes r where r.account_id = $a' },
  accountSite: { from: 'account_sites r where r.account_id = $a', show: 'r.url' },
  collection: { from: 'collections r where r.account_id = $a' },
  orderShipment: { from: 'channel_order_shipments r where r.account_id = $a' },
  returnShipment: { from: 'inbound_return_shipments r where r.account_id = $a' },
  returnPayment: { from: 'inbound_return_payments r where r.account_id = $a' },
  appealImage: { from: 'inbound_return_appeal_images r where r.account_id = $a' },
  channelOrderReturn: { from: 'channel_order_returns r where r.account_id = $a' },
  address: { from: 'addresses r where r.account_id = $a', show: 'r.address_line1' },
  shippingLabel: { from: 'shipping_labels r where r.account_id = $a', show: 'r.tracking_number' },
  orderDiscount: { from: 'order_discounts r where r.account_id = $a' },
  itemDiscount: { from: 'item_discounts r where r.account_id = $a' },
  outbox: { from: 'mail_outbox r where r.account_id = $a', show: 'r.subject' },
  productImage: {
    from: 'product_images r join products p on p.id = r.product_id where p.account_id = $a',
  },
  bundleItem: {
    from: 'bundle_items r join products p on p.id = r.product_id where p.account_id = $a',
  },
  /** A user is an account's when a membership says so. */
  user: {
    from: 'users r join memberships m on m.user_id = r.id where m.account_id = $a',
    show: 'r.email',
  },
} satisfies Record<string, { from: string; show?: string }>;

export type RowKind = keyof typeof ROW_KINDS;

/** The kind's `from … where` clause for one account ($a). */
const fromOf = (kind: RowKind, accountId: number) =>
  sql.raw(ROW_KINDS[kind].from.replaceAll('$a', String(accountId)));

/** One row of each kind in the account (the lowest id), with the text a reply must not show of it. */
export async function oneOfEach(t: TestApp, accountId: number) {
  const out = {} as Record<RowKind, { id: number; shows: string | null }>;
  for (const kind of Object.keys(ROW_KINDS) as RowKind[]) {
    const show = (ROW_KINDS[kind] as { show?: string }).show;
    const [row] = await t.rows<{ id: number; shows: string | null }>(
      sql`select r.id, ${sql.raw(show ? `${show}::text` : 'null')} as shows from ${fromOf(kind, accountId)} order by r.id limit 1`,
    );
    if (!row) throw new Error(`Account ${accountId} has no ${kind}: add one in ensureRowsOfEachKind.`);
    out[kind] = row;
  }
  return out;
}

const one = async (t: TestApp, query: SQL) => (await t.rows<{ id: number }>(query))[0]!.id;
const firstOr = async (t: TestApp, select: SQL, insert: SQL) =>
  (await t.rows<{ id: number }>(select))[0]?.id ?? one(t, insert);

/**
 * The demo data leaves some kinds empty in an account (Demo Outlet has no catalogue, nobody has printed):
 * this adds one row of each missing kind, with the fewest columns the tables need.
 */
export async function ensureRowsOfEachKind(t: TestApp, accountId: number, userId: number) {
  const a = accountId;
  const tag = `iso${a}`;
  await ensureBuiltinServer(t.deps.db, a);
  /** The account's first row of the kind, or the one `insert` makes. */
  const first = (kind: RowKind, insert: SQL) =>
    firstOr(t, sql`select r.id from ${fromOf(kind, a)} order by r.id limit 1`, insert);

  const brand = await first(
    'brand',
    sql`insert into brands (account_id, name, alias) values (${a}, ${`${tag} Brand`}, 'ISO') returning id`,
  );
  const category = await first(
    'category',
    sql`insert into categories (account_id, name, path) values (${a}, ${tag}, ${tag}) returning id`,
  );
  await first(
    'vendor',
    sql`insert into vendors (account_id, name) values (${a}, ${`${tag} Vendor`}) returning id`,
  );
  await first(
    'attribute',
    sql`insert into attributes (account_id, name) values (${a}, ${`${tag} Attribute`}) returning id`,
  );
  await first(
    'packaging',
    sql`insert into packaging (account_id, common_name, package_length_inch, package_width_inch, package_height_inch)
          values (${a}, ${`${tag} Box`}, 10, 8, 6) returning id`,
  );
  const product = await first(
    'product',
    sql`insert into products (account_id, sku, name, brand_id, category_id)
          values (${a}, ${`${tag.toUpperCase()}-SKU-1`}, ${`${tag} Product`}, ${brand}, ${category}) returning id`,
  );
  const part = await firstOr(
    t,
    sql`select id from products where account_id = ${a} and id <> ${product} order by id limit 1`,
    sql`insert into products (account_id, sku, name) values (${a}, ${`${tag.toUpperCase()}-SKU-2`}, 'part') returning id`,
  );
  await first(
    'bundleItem',
    sql`insert into bundle_items (product_id, item_product_id) values (${product}, ${part}) returning id`,
  );
  const image = await first(
    'image',
    sql`insert into images (account_id, user_id, cloudinary_uuid) values (${a}, ${userId}, ${`${tag}-image`}) returning id`,
  );
  await first(
    'productImage',
    sql`insert into product_images (product_id, image_id) values (${product}, ${image}) returning id`,
  );
  await first(
    'productQueue',
    sql`insert into product_queues (account_id, name) values (${a}, ${`${tag} Queue`}) returning id`,
  );
  const channel = await one(
    t,
    sql`select id from sales_channels where account_id = ${a} and channel_type_id = 2 order by id limit 1`,
  );
  await first(
    'listing',
    sql`insert into channel_listings (account_id, channel_id, product_id, listing_sku, title, price)
          values (${a}, ${channel}, ${product}, ${`${tag}-LISTING`}, 'listing', 10) returning id`,
  );
  const site = await first(
    'accountSite',
    sql`insert into account_sites (account_id, url, channel_id, site_id)
          values (${a}, ${`https://${tag}.example.com`}, ${channel}, 99) returning id`,
  );
  await first(
    'collection',
    sql`insert into collections (account_id, account_site_id, collection_type_id, name, is_default_collection, json)
          values (${a}, ${site}, 5, ${`${tag} Collection`}, 1,
            '{"instantsearch":{"uiState":{},"configuration":{"refinements":[],"refinementOrder":[],"sortBy":"vsf_product_1","hitsPerPage":64}}}')
          returning id`,
  );
  const warehouse = await one(t, sql`select id from warehouses where account_id = ${a} order by id limit 1`);
  const bin = await one(
    t,
    sql`select id from warehouse_divisions where account_id = ${a} and level = 'bin' order by id limit 1`,
  );
  const order = await firstOr(
    t,
    sql`select id from channel_orders where account_id = ${a} and channel_id = ${channel} order by id limit 1`,
    sql`insert into channel_orders (account_id, channel_id, channel_order_number, channel_order_type_id, system_order_status_id)
        values (${a}, ${channel}, ${`${tag}-POS`}, 2, 40) returning id`,
  );
  const orderItem = await first(
    'orderItem',
    sql`insert into channel_order_items (account_id, channel_order_id, product_id, listing_sku, unit_price)
          values (${a}, ${order}, ${product}, ${`${tag}-LISTING`}, 10) returning id`,
  );
  await first(
    'payment',
    sql`insert into channel_order_payments (account_id, channel_order_id, channel_order_payment_type_id, amount)
          values (${a}, ${order}, 1, 5) returning id`,
  );
  const inboundReturn = await first(
    'return',
    sql`insert into inbound_returns (account_id) values (${a}) returning id`,
  );
  await first(
    'returnItem',
    sql`insert into inbound_return_items (account_id, inbound_return_id, product_id, quantity)
          values (${a}, ${inboundReturn}, ${product}, 1) returning id`,
  );
  await first(
    'returnPayment',
    sql`insert into inbound_return_payments (account_id, inbound_return_id, amount)
          values (${a}, ${inboundReturn}, 5) returning id`,
  );
  await first(
    'address',
    sql`insert into addresses (account_id, name, address_line1, city, postal_code)
          values (${a}, ${`${tag} Address`}, ${`${tag} 1 Main St`}, 'Austin', '78701') returning id`,
  );
  await first(
    'orderShipment',
    sql`insert into channel_order_shipments (account_id, channel_order_id, warehouse_id) values (${a}, ${order}, ${warehouse}) returning id`,
  );
  await t.rows(
    sql`insert into inbound_return_appeals (account_id, inbound_return_id) select ${a}, ${inboundReturn}
          where not exists (select 1 from inbound_return_appeals where inbound_return_id = ${inboundReturn})`,
  );
  await first(
    'appealImage',
    sql`insert into inbound_return_appeal_images (account_id, inbound_return_appeal_id, image_id)
          select ${a}, id, ${image} from inbound_return_appeals where inbound_return_id = ${inboundReturn}
          returning id`,
  );
  await first(
    'returnShipment',
    sql`insert into inbound_return_shipments (account_id, inbound_return_id) values (${a}, ${inboundReturn}) returning id`,
  );
  await first(
    'channelOrderReturn',
    sql`insert into channel_order_returns (account_id, channel_order_id) values (${a}, ${order}) returning id`,
  );
  await first(
    'orderDiscount',
    sql`insert into order_discounts (account_id, channel_order_id, discount, discount_type_id)
          values (${a}, ${order}, 1, 52) returning id`,
  );
  await first(
    'itemDiscount',
    sql`insert into item_discounts (account_id, channel_order_item_id, discount, is_flat)
          values (${a}, ${orderItem}, 1, 1) returning id`,
  );
  await first(
    'outbox',
    sql`insert into mail_outbox (account_id, to_address, subject, html, text, channel_order_id)
          values (${a}, 'buyer@example.com', ${`${tag} Order confirmation`}, '<p>hi</p>', 'hi', ${order}) returning id`,
  );
  const unit = await first(
    'unit',
    sql`insert into inventory_location_items (account_id, product_id, warehouse_id, inventory_location_id)
          values (${a}, ${product}, ${warehouse}, ${bin}) returning id`,
  );
  const pickRequest = await first(
    'pickRequest',
    sql`insert into pick_requests (account_id, channel_order_id, warehouse_id) values (${a}, ${order}, ${warehouse}) returning id`,
  );
  await first(
    'pickRequestItem',
    sql`insert into pick_request_items (pick_request_id, channel_order_item_id, inventory_location_item_id)
          values (${pickRequest}, ${orderItem}, ${unit}) returning id`,
  );
  // Delivered already, so the tracking job leaves it alone while the walk runs.
  await first(
    'shippingLabel',
    sql`insert into shipping_labels (account_id, owner_kind, owner_id, adapter, provider_shipment_id, rate_id, state,
          carrier, service, tracking_number, label_zpl, label_pdf_base64, delivered_at, tracking_status)
        values (${a}, 'oneOff', ${a}, 'sandbox', ${`shp_${tag}`}, ${`rate_${tag}`}, 'bought', 'UPS', 'Ground',
          ${`1ZISO${String(a).padStart(13, '0')}`}, '^XA^XZ', 'JVBERi0=', now(), 'delivered') returning id`,
  );
  // Printed already, so the built-in print server leaves it alone while the walk runs.
  const printer = await one(
    t,
    sql`select id, server_id from printers where account_id = ${a} order by id limit 1`,
  );
  await first(
    'printJob',
    sql`insert into print_jobs (account_id, printer_id, server_id, state, format, content, label_kind, description)
          select ${a}, id, server_id, 'printed', 'zpl', '^XA^XZ', 'document', ${`${tag} job`} from printers where id = ${printer}
          returning id`,
  );
}
