import { type ChannelOrderSearch, normalizeUpc, type PackingSearch } from '@backroom/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import { preparedRows, startsWith } from '../../db/prepared';
import type { AppDeps } from '../../deps';
import type { AuthContext } from '../auth/auth-cache';

/**
 * A customer's name or e-mail is first looked for among this many newest orders (an index-only walk that reads
 * the customer's search text from the index): a common name fills a page within it. A term it finds a few
 * times is walked again as far as those few say a page needs, up to CUSTOMER_WALK_MAX; one it
 * does not find is looked up in the customers' trigram index, whose cost grows with the customers it finds.
 */
const CUSTOMER_WALK = 2000;
const CUSTOMER_WALK_MAX = 30_000;

/**
 * Past this many rows a way (a deep offset), the customer way is left to PostgreSQL as a condition rather
 * than walked here and sent back as ids.
 */
const DEEP_WINDOW = 5_000;

/**
 * Up to this many orders match a number prefix or a SKU, their ids are gathered from the way's own index and
 * the page is sorted from them; past it the match is common enough that walking the newest orders and checking
 * each reaches a page sooner. Left to choose, the planner walked the date index for a rare number prefix when
 * its estimate was off, and collected every line of a best-selling SKU before sorting.
 */
const GATHER_LIMIT = 2000;

export interface SearchOptions {
  gatherLimit?: number;
  customerWalk?: number;
  customerWalkMax?: number;
  deepWindow?: number;
}

/** A page of the orders list: its rows as a JSON array (written by writeListRow) and whether more follow. */
export interface OrderListPage {
  json: string;
  hasMore: boolean;
}

const rowsOf = preparedRows;
const plain = (text: string) => text.replace(/[%_\\]/g, '');

/**
 * POST /api/v1/backroom/channelOrders: newest first, a page at a time. A search term matches the order number
 * (prefix), the customer's name or e-mail (substring), a SKU or UPC on the order, or a shipment's tracking
 * number.
 *
 * Every statement is a prepared one, and a search costs two of them (three for a rare name): a round trip
 * to PostgreSQL costs the server more CPU than most of these queries take to run. The first gathers what each
 * way of matching finds, the second merges the ways in PostgreSQL and reads the page's rows.
 */
export async function searchOrders(
  deps: AppDeps,
  auth: AuthContext,
  query: ChannelOrderSearch,
  // The tests set these low to take the other branches on the demo data.
  options: SearchOptions = {},
): Promise<OrderListPage> {
  const accountId = auth.accountId;
  const filters: SQL[] = [sql`o.account_id = ${accountId}`];
  if (query.channelId) filters.push(sql`o.channel_id = ${query.channelId}`);
  if (query.customerId) filters.push(sql`o.customer_id = ${query.customerId}`);
  if (query.systemOrderStatusIds?.length) {
    filters.push(inIds(sql`o.system_order_status_id`, query.systemOrderStatusIds));
  }
  const where = sql.join(filters, sql` and `);
  const term = query.searchTerm.trim();
  const pageOf = (rows: SQL) =>
    sql`${rows} order by o.ordered_at desc, o.id desc limit ${query.limit + 1} offset ${query.offset}`;
  if (!term) {
    // The filters walk the (account, ordered_at) index and stop at the page's end.
    return listPage(
      deps.db,
      pageOf(sql`select o.id, o.ordered_at from channel_orders o where ${where}`),
      query,
    );
  }
  const window = query.offset + query.limit + 1;
  const ways = await termWays(deps.db, accountId, term, where, window, options);
  if (ways.length === 0) return { json: '[]', hasMore: false };
  const newest = (way: SQL) =>
    sql`(select o.id, o.ordered_at from channel_orders o where ${where} and ${way}
      order by o.ordered_at desc, o.id desc limit ${window})`;
  const union = sql.join(ways.map(newest), sql` union `);
  return listPage(deps.db, pageOf(sql`select o.id, o.ordered_at from (${union}) o`), query);
}

/**
 * The conditions over `o` under which the term matches, each narrowed to ids where they are few: gathered
 * in one statement (order numbers by prefix, orders holding the SKU, the customer walk), plus one more for a
 * name the walk found too rarely.
 */
async function termWays(
  db: Db,
  accountId: number,
  term: string,
  where: SQL,
  window: number,
  {
    gatherLimit = GATHER_LIMIT,
    customerWalk = CUSTOMER_WALK,
    customerWalkMax = CUSTOMER_WALK_MAX,
    deepWindow = DEEP_WINDOW,
  }: SearchOptions,
): Promise<SQL[]> {
  const upper = term.toUpperCase();
  const pattern = `%${plain(term.toLowerCase())}%`;
  // A SKU, or a scanned or typed UPC of any GTIN length (UPCs are stored padded to 16 digits).
  const digits = /^\d{8,16}$/.test(term) ? normalizeUpc(term) : null;
  const bySku = digits
    ? sql`(upper(p.sku) = ${upper} or p.normalized_upc = ${digits})`
    : sql`upper(p.sku) = ${upper}`;
  const deep = window > deepWindow;
  const walk = (length: number) => customerWalkIds(where, pattern, length, window);
  // A walk that finds nothing is followed by the customers' lookup in the same statement (a CASE evaluates
  // it only then).
  const [found] = await rowsOf<{
    numbers: number[];
    holding: number[];
    tracked: number[];
    walked: number[] | null;
    gathered: number[] | null;
  }>(
    db,
    sql`with walked as materialized (select ${deep ? sql`null::int[]` : walk(customerWalk)} as ids)
    select
      array(select n.id from channel_orders n where n.account_id = ${accountId}
        and ${startsWith(sql`upper(n.channel_order_number)`, upper)} limit ${gatherLimit + 1}) as numbers,
      ${ordersHolding(accountId, bySku, gatherLimit + 1)} as holding,
      array(select s.channel_order_id from channel_order_shipments s where s.account_id = ${accountId}
        and upper(s.tracking_number) = ${upper} limit ${gatherLimit + 1}) as tracked,
      walked.ids as walked,
      case when cardinality(walked.ids) = 0 then ${customersNewestOrders(accountId, where, pattern, window)}
      end as gathered
    from walked`,
  );
  const ways = [
    idsOrWalk(found!.numbers, startsWith(sql`upper(o.channel_order_number)`, upper), gatherLimit),
    idsOrWalk(found!.holding, holdsCondition(accountId, bySku), gatherLimit),
    // A tracking number belongs to one order, or a handful: never a walk.
    found!.tracked.length ? inIds(sql`o.id`, [...new Set(found!.tracked)]) : null,
  ];
  if (deep) {
    ways.push(sql`o.customer_search like ${pattern}`);
  } else {
    let walked = found!.gathered ?? found!.walked ?? [];
    if (found!.gathered === null && walked.length < window) {
      // Found a few times: walked again as far as they say a page needs, or the customers looked up.
      const needed = Math.ceil(((window * customerWalk) / walked.length) * 1.25);
      const [again] = await rowsOf<{ ids: number[] }>(
        db,
        needed <= customerWalkMax
          ? sql`select ${walk(needed)} as ids`
          : sql`select ${customersNewestOrders(accountId, where, pattern, window)} as ids`,
      );
      walked = again!.ids;
    }
    if (walked.length > 0) ways.push(inIds(sql`o.id`, walked));
  }
  return ways.filter((way): way is SQL => way !== null);
}

/**
 * The ids of the newest `window` orders whose customer text holds `pattern`, among the newest `length` orders
 * within `where`: read from the (account, ordered_at) index alone, which carries the text (migration 0015).
 */
const customerWalkIds = (where: SQL, pattern: string, length: number, window: number) =>
  sql`array(select o.id from (select o.id, o.ordered_at, o.customer_search from channel_orders o where ${where}
      order by o.ordered_at desc, o.id desc limit ${length}) o
    where o.customer_search like ${pattern} order by o.ordered_at desc, o.id desc limit ${window})`;

/** The ids of the newest `window` orders of the customers the trigram index finds for `pattern`. */
const customersNewestOrders = (accountId: number, where: SQL, pattern: string, window: number) =>
  sql`array(select o.id from customers c cross join lateral (
      select o.id, o.ordered_at from channel_orders o where ${where} and o.customer_id = c.id
      order by o.ordered_at desc, o.id desc limit ${window}) o
    where c.account_id = ${accountId}
      and lower(c.first_name || ' ' || c.last_name || ' ' || coalesce(c.email, '')) like ${pattern}
    order by o.ordered_at desc, o.id desc limit ${window})`;

/** The products of the account that `product` (over `p`) picks. */
const productsWhere = (accountId: number, product: SQL) =>
  sql`(select p.id from products p where p.account_id = ${accountId} and ${product})`;

/** Up to `limit` ids of orders holding such a product, from the (account, product, order) index alone. */
const ordersHolding = (accountId: number, product: SQL, limit: number) =>
  sql`array(select i.channel_order_id from channel_order_items i
    where i.account_id = ${accountId} and i.product_id in ${productsWhere(accountId, product)} limit ${limit})`;

/**
 * The order `o` holds such a product. A scalar subquery stays a per-row probe (an EXISTS would be planned as a
 * join over every line).
 */
const holdsCondition = (accountId: number, product: SQL) =>
  sql`coalesce((select true from channel_order_items i where i.channel_order_id = o.id
    and i.product_id in ${productsWhere(accountId, product)} limit 1), false)`;

/** `o.id = any(ids)`, or `walk` when the ids are more than `limit`, or null when there are none. */
function idsOrWalk(ids: number[], walk: SQL, limit: number): SQL | null {
  if (ids.length === 0) return null;
  if (ids.length > limit) return walk;
  return inIds(sql`o.id`, [...new Set(ids)]);
}

/**
 * POST …/warehouse/channelOrder/packing/search: a packer scans a product and gets the orders holding it in
 * the given statuses, oldest first (first ordered, first packed). The scan may be any GTIN length: UPCs are
 * stored padded to 16 digits.
 */
export async function packingSearch(
  deps: AppDeps,
  auth: AuthContext,
  query: PackingSearch,
  { gatherLimit = GATHER_LIMIT } = {},
): Promise<OrderListPage> {
  const accountId = auth.accountId;
  const statuses = query.systemOrderStatusId?.length
    ? sql`and ${inIds(sql`o.system_order_status_id`, query.systemOrderStatusId)}`
    : sql``;
  const byUpc = sql`p.normalized_upc = ${normalizeUpc(query.upc)}`;
  const [found] = await rowsOf<{ ids: number[] }>(
    deps.db,
    sql`select ${ordersHolding(accountId, byUpc, gatherLimit + 1)} as ids`,
  );
  const holds = idsOrWalk(found!.ids, holdsCondition(accountId, byUpc), gatherLimit);
  if (!holds) return { json: '[]', hasMore: false };
  return listPage(
    deps.db,
    sql`select o.id, o.ordered_at from channel_orders o
      where o.account_id = ${accountId} ${statuses} and ${holds}
      order by o.ordered_at, o.id limit ${query.limit + 1}`,
    { limit: query.limit },
    'asc',
  );
}

/**
 * The list rows of the orders `page` selects (id, ordered_at; at most one more than a page, which only tells
 * that more follow), with channel, customer and item count, as the JSON array the reply carries, written
 * here by `writeListRow`. The screen derives the status name and the channel link from these fields by the
 * shared rules (orderStatusName, channelOrderLink).
 */
async function listPage(
  db: Db,
  page: SQL,
  { limit }: { limit: number },
  direction: 'asc' | 'desc' = 'desc',
): Promise<OrderListPage> {
  const order = direction === 'asc' ? sql`o.ordered_at, o.id` : sql`o.ordered_at desc, o.id desc`;
  const rows = await rowsOf<ListRow>(
    db,
    sql`
    with page as (${page})
    select o.id, o.channel_order_number, o.channel_order_type_id, o.system_order_status_id,
      to_char(o.ordered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ordered_at,
      o.billed_order_total, o.is_prime, o.is_fba, o.channel_id, o.customer_id,
      ch.name as channel_name, ch.site_id, ch.channel_type_id, c.first_name, c.last_name, c.email,
      (select count(*)::int from channel_order_items i where i.channel_order_id = o.id) as item_count
    from page join channel_orders o on o.id = page.id
    left join sales_channels ch on ch.id = o.channel_id
    left join customers c on c.id = o.customer_id
    order by ${order}`,
  );
  return { json: `[${rows.slice(0, limit).map(writeListRow).join(',')}]`, hasMore: rows.length > limit };
}

interface ListRow {
  id: number;
  channel_order_number: string;
  channel_order_type_id: number;
  system_order_status_id: number;
  ordered_at: string;
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

const text = (value: string | null) => JSON.stringify(value ?? '');

/**
 * One row as channelOrderListRowSchema says, written straight to JSON: a page of 100 rows made into objects
 * and serialized cost the server more than its query, and PostgreSQL's json_build_object cost more still.
 * The numbers come from integer columns and the texts go through JSON.stringify.
 */
function writeListRow(r: ListRow): string {
  const channel =
    r.channel_id === null
      ? 'null'
      : `{"id":${r.channel_id},"name":${text(r.channel_name)},"siteId":${r.site_id ?? 0},"channelTypeId":${r.channel_type_id ?? 0}}`;
  const customer =
    r.customer_id === null
      ? 'null'
      : `{"id":${r.customer_id},"firstName":${text(r.first_name)},"lastName":${text(r.last_name)},"email":${JSON.stringify(r.email)}}`;
  return (
    `{"id":${r.id},"channelOrderNumber":${text(r.channel_order_number)},` +
    `"channelOrderTypeId":${r.channel_order_type_id},"systemOrderStatusId":${r.system_order_status_id},` +
    `"orderedAt":"${r.ordered_at}","billedOrderTotal":${Number(r.billed_order_total)},` +
    `"isPrime":${r.is_prime},"isFBA":${r.is_fba},"itemCount":${r.item_count},` +
    `"channelId":${r.channel_id},"channel":${channel},"customerId":${r.customer_id},"customer":${customer}}`
  );
}
