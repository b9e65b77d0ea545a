import {
  type ChannelOrderSearch,
  channelOrderLink,
  normalizeUpc,
  orderStatusName,
  type PackingSearch,
} from '@backroom/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import { preparedRows } from '../../db/prepared';
import type { AppDeps } from '../../deps';
import type { AuthContext } from '../auth/auth-cache';

/**
 * A term's newest orders are first looked for among this many newest orders (an index-only walk that reads the
 * customer's search text from the index): a common name fills a page within it. A term it finds a few times
 * is walked again as far as those few say a page needs, up to CUSTOMER_WALK_MAX (about 10 ms); one it does not
 * find is looked up in the customers' trigram index, whose cost grows with the customers it finds.
 */
const CUSTOMER_WALK = 1000;
const CUSTOMER_WALK_MAX = 30_000;

/**
 * Up to this many rows a way (offset + page), the ways' newest matches are merged here; past it (a deep
 * offset) PostgreSQL merges them.
 */
const IN_MEMORY_WINDOW = 5_000;

/** An order a way found, with ordered_at in microseconds (exact in a double until the year 2255). */
interface Hit {
  id: number;
  at: string | number | bigint;
}

/**
 * One way a term matches an order: its condition over `o` (what a deep page's merge in PostgreSQL uses) and,
 * where the condition alone plans badly, its own reading of the newest `window` orders that match it within
 * the other filters (`where`).
 */
interface Way {
  condition: SQL;
  newest?: (where: SQL, window: number) => Promise<Hit[]>;
}

const rowsOf = preparedRows;

/**
 * POST /api/v1/backroom/channelOrders: newest first, a page at a time (limit + 1 rows tell whether more
 * follow). A search term matches the order number (prefix), the customer's name or e-mail (trigram index)
 * or a SKU on the order. Each way is its own small query that walks its own index and keeps only the page's
 * worth; one statement joining the three cost more to plan than the three cost to run.
 */
export async function searchOrders(
  deps: AppDeps,
  auth: AuthContext,
  query: ChannelOrderSearch,
  // The tests set these low to take the other branches on the demo data.
  {
    inMemoryWindow = IN_MEMORY_WINDOW,
    gatherLimit = GATHER_LIMIT,
    customerWalk = CUSTOMER_WALK,
    customerWalkMax = CUSTOMER_WALK_MAX,
  } = {},
) {
  const accountId = auth.accountId;
  const filters: SQL[] = [sql`o.account_id = ${accountId}`];
  if (query.channelId) filters.push(sql`o.channel_id = ${query.channelId}`);
  if (query.customerId) filters.push(sql`o.customer_id = ${query.customerId}`);
  if (query.systemOrderStatusIds?.length) {
    filters.push(inIds(sql`o.system_order_status_id`, query.systemOrderStatusIds));
  }
  const where = sql.join(filters, sql` and `);
  const term = query.searchTerm.trim();
  let page: SQL;
  if (!term) {
    // The filters walk the (account, ordered_at) index and stop at the page's end.
    page = sql`select o.id, o.ordered_at from channel_orders o where ${where}
      order by o.ordered_at desc, o.id desc limit ${query.limit + 1} offset ${query.offset}`;
  } else {
    const window = query.offset + query.limit + 1;
    const ways = (
      await Promise.all([
        numberMatch(deps.db, accountId, term, gatherLimit),
        customerMatch(deps.db, accountId, term, customerWalk, customerWalkMax),
        skuMatch(deps.db, accountId, term, gatherLimit),
      ])
    ).filter((way): way is Way => way !== null);
    if (ways.length === 0) return { hasMore: false, orders: [] };
    const newest = (way: Way) =>
      sql`select ${HIT} from channel_orders o where ${where} and ${way.condition}
        order by o.ordered_at desc, o.id desc limit ${window}`;
    if (window > inMemoryWindow) {
      // A deep page: PostgreSQL merges the ways rather than sending each one's rows here.
      const union = sql.join(
        ways.map((way) => sql`(${newest(way)})`),
        sql` union `,
      );
      page = sql`select o.id, o.ordered_at from channel_orders o where o.id in (select id from (${union}) m)
        order by o.ordered_at desc, o.id desc limit ${query.limit + 1} offset ${query.offset}`;
    } else {
      const found = await Promise.all(
        ways.map((way) => (way.newest ? way.newest(where, window) : rowsOf<Hit>(deps.db, newest(way)))),
      );
      const hits = newestFirst(found.flat()).slice(query.offset, window);
      if (hits.length === 0) return { hasMore: false, orders: [] };
      page = sql`select o.id, o.ordered_at from channel_orders o where ${inIds(
        sql`o.id`,
        hits.map((h) => h.id),
      )}`;
    }
  }
  // The page's ids first, so the joins and counts run for its rows only, not for the ones an offset skips.
  const rows = await listRows(deps.db, page, 'desc');
  return { hasMore: rows.length > query.limit, orders: rows.slice(0, query.limit).map(toListOrder) };
}

/** Merges the ways' hits: each order once, newest first (ties by id, as the page query orders them). */
function newestFirst(hits: Hit[]): { id: number; at: number }[] {
  const seen = new Map<number, { id: number; at: number }>();
  for (const h of hits) seen.set(h.id, { id: h.id, at: Number(h.at) });
  return [...seen.values()].sort((a, b) => b.at - a.at || b.id - a.id);
}

const HIT = sql`o.id, (extract(epoch from o.ordered_at) * 1000000)::bigint as at`;

const plain = (text: string) => text.replace(/[%_\\]/g, '');

/**
 * Up to this many orders match a way, their ids are gathered from the way's own index and the page is sorted
 * from them; past it the match is common enough that walking the newest orders and checking each reaches a
 * page sooner. Left to choose, the planner walked the date index for a rare number prefix when its estimate
 * was off (0.4 s over 500,000 orders), and collected every line of a best-selling SKU before sorting.
 */
const GATHER_LIMIT = 2000;

/** `o.id = any(ids)` for the orders `ids` (a query of order ids) finds, or `walk` when they are too many. */
async function gatherOrWalk(db: Db, ids: SQL, walk: SQL, limit: number): Promise<Way | null> {
  const found = await rowsOf<{ id: number }>(db, sql`${ids} limit ${limit + 1}`);
  if (found.length === 0) return null;
  if (found.length > limit) return { condition: walk };
  return { condition: inIds(sql`o.id`, [...new Set(found.map((row) => row.id))]) };
}

/** The order number starts with the term (the (account, upper(number)) prefix index). */
function numberMatch(db: Db, accountId: number, term: string, gatherLimit: number) {
  const prefix = `${plain(term.toUpperCase())}%`;
  return gatherOrWalk(
    db,
    sql`select n.id from channel_orders n where n.account_id = ${accountId}
      and upper(n.channel_order_number) like ${prefix}`,
    sql`upper(o.channel_order_number) like ${prefix}`,
    gatherLimit,
  );
}

/**
 * The customer's name or e-mail holds the term. The newest orders are walked first, reading the customer's
 * text from the date index (migration 0015); when they hold less than a page, the customers the trigram index
 * finds give their own newest orders, through the (account, customer, ordered_at) index.
 */
function customerMatch(db: Db, accountId: number, term: string, firstWalk: number, maxWalk: number): Way {
  const pattern = `%${plain(term.toLowerCase())}%`;
  return {
    condition: sql`o.customer_search like ${pattern}`,
    newest: async (where, window) => {
      const walk = (length: number) =>
        rowsOf<Hit>(
          db,
          sql`select ${HIT} from (select o.id, o.ordered_at, o.customer_search from channel_orders o where ${where}
            order by o.ordered_at desc, o.id desc limit ${length}) o
          where o.customer_search like ${pattern} order by o.ordered_at desc, o.id desc limit ${window}`,
        );
      let walked = await walk(firstWalk);
      if (walked.length >= window) return walked;
      const needed = Math.ceil(((window * firstWalk) / Math.max(walked.length, 1)) * 1.25);
      if (walked.length > 0 && needed <= maxWalk) {
        walked = await walk(needed);
        if (walked.length >= window) return walked;
      }
      return rowsOf<Hit>(
        db,
        sql`select ${HIT} from customers c cross join lateral (
            select o.id, o.ordered_at from channel_orders o where ${where} and o.customer_id = c.id
            order by o.ordered_at desc, o.id desc limit ${window}) o
          where c.account_id = ${accountId}
            and lower(c.first_name || ' ' || c.last_name || ' ' || coalesce(c.email, '')) like ${pattern}
          order by o.ordered_at desc, o.id desc limit ${window}`,
      );
    },
  };
}

/** The order holds a product of the account that `product` (over `p`) picks; null when no order does. */
async function holdsProduct(
  db: Db,
  accountId: number,
  product: SQL,
  gatherLimit = GATHER_LIMIT,
): Promise<Way | null> {
  const products = await rowsOf<{ id: number }>(
    db,
    sql`select p.id from products p where p.account_id = ${accountId} and ${product}`,
  );
  if (products.length === 0) return null;
  const productIds = inIds(
    sql`i.product_id`,
    products.map((p) => p.id),
  );
  return gatherOrWalk(
    db,
    // From the (account, product, order) index alone.
    sql`select i.channel_order_id as id from channel_order_items i
      where i.account_id = ${accountId} and ${productIds}`,
    // A scalar subquery stays a per-row probe (an EXISTS would be planned as a join over every line).
    sql`coalesce((select true from channel_order_items i where i.channel_order_id = o.id and ${productIds}
      limit 1), false)`,
    gatherLimit,
  );
}

/** The order holds the product whose SKU is the term. */
const skuMatch = (db: Db, accountId: number, term: string, gatherLimit: number) =>
  holdsProduct(db, accountId, sql`upper(p.sku) = ${term.toUpperCase()}`, gatherLimit);

/**
 * POST …/warehouse/channelOrder/packing/search: a packer scans a product and gets the orders holding it in
 * the given statuses, oldest first (first ordered, first packed). The scan may be any GTIN length: UPCs are
 * stored padded to 16 digits.
 */
export async function packingSearch(deps: AppDeps, auth: AuthContext, query: PackingSearch) {
  const accountId = auth.accountId;
  const statuses = query.systemOrderStatusId?.length
    ? sql`and ${inIds(sql`o.system_order_status_id`, query.systemOrderStatusId)}`
    : sql``;
  const holds = await holdsProduct(deps.db, accountId, sql`p.normalized_upc = ${normalizeUpc(query.upc)}`);
  if (!holds) return [];
  const rows = await listRows(
    deps.db,
    sql`select o.id, o.ordered_at from channel_orders o
      where o.account_id = ${accountId} ${statuses} and ${holds.condition}
      order by o.ordered_at, o.id limit ${query.limit}`,
    'asc',
  );
  return rows.map(toListOrder);
}

/** The list rows of the orders `page` selects (id, ordered_at), with channel, customer and item count. */
async function listRows(db: Db, page: SQL, direction: 'asc' | 'desc'): Promise<ListRow[]> {
  const order = direction === 'asc' ? sql`o.ordered_at, o.id` : sql`o.ordered_at desc, o.id desc`;
  return rowsOf<ListRow>(
    db,
    sql`
    with page as (${page})
    select o.id, o.channel_order_number, o.channel_order_type_id, o.system_order_status_id, o.ordered_at,
      o.billed_order_total, o.is_prime, o.is_fba, o.channel_id, o.customer_id,
      ch.name as channel_name, ch.site_id, ch.channel_type_id,
      c.first_name, c.last_name, c.email,
      (select count(*)::int from channel_order_items i where i.channel_order_id = o.id) as item_count
    from page join channel_orders o on o.id = page.id
    left join sales_channels ch on ch.id = o.channel_id
    left join customers c on c.id = o.customer_id
    order by ${order}`,
  );
}

interface ListRow {
  id: number;
  channel_order_number: string;
  channel_order_type_id: number;
  system_order_status_id: number;
  ordered_at: string | Date;
  billed_order_total: string;
  is_prime: number;
  is_fba: number;
  channel_id: number | null;
  customer_id: number | null;
  channel_name: string | null;
  site_id: number | null;
  channel_type_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  item_count: number;
}

function toListOrder(r: ListRow) {
  return {
    id: r.id,
    channelOrderNumber: r.channel_order_number,
    channelOrderTypeId: r.channel_order_type_id,
    systemOrderStatusId: r.system_order_status_id,
    systemOrderStatus: { id: r.system_order_status_id, name: orderStatusName(r.system_order_status_id) },
    orderedAt: new Date(r.ordered_at).toISOString(),
    billedOrderTotal: Number(r.billed_order_total),
    isPrime: r.is_prime,
    isFBA: r.is_fba,
    itemCount: r.item_count,
    channelId: r.channel_id,
    channel: r.channel_id
      ? {
          id: r.channel_id,
          name: r.channel_name ?? '',
          siteId: r.site_id ?? 0,
          channelTypeId: r.channel_type_id ?? 0,
        }
      : null,
    customerId: r.customer_id,
    customer: r.customer_id
      ? { id: r.customer_id, firstName: r.first_name ?? '', lastName: r.last_name ?? '', email: r.email }
      : null,
    link: channelOrderLink({
      id: r.id,
      channelOrderNumber: r.channel_order_number,
      channelOrderTypeId: r.channel_order_type_id,
      siteId: r.site_id,
    }),
  };
}
