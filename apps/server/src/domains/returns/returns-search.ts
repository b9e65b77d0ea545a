import {
  MAX_INT,
  normalizeUpc,
  orderStatusName,
  type ReturnsSearch,
  type ReturnsSearchQuery,
  returnStatusName,
} from '@backroom/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import { preparedRows } from '../../db/prepared';
import type { AppDeps } from '../../deps';
import type { AuthContext } from '../auth/auth-cache';

// POST /api/v1/backroom/returns/search (returns.md §Returns search, §7): the account's returns, newest order
// first, 100 a page, filtered by return status and appeal status (0: any).
//
// A search text is first looked up exactly, as an identifier a clerk types, pastes or scans: the return's id,
// its order's id or number, an RMA, a return label's tracking number (the label ledger's too, voided labels
// included), the customer's e-mail, an item's SKU or UPC. When any of those finds a return, the list is those
// returns, in the statuses asked for (none, when the return named is in another status). Otherwise the text is looked for anywhere in the return's search text (migration 0021): the order
// number, the RMAs, the customer's name and e-mail, the labels' tracking numbers. A type narrows the search:
// inboundReturn to the id, upc to the UPC, orderNumber to one order's number (the 'Order # = …' filter), with
// no text search after; any other type searches as typed text does.

/**
 * A text is first looked for among this many newest returns of the filtered list (an index-only walk that
 * reads the text from the index): a common term fills a page within it. A term found a few times is walked
 * again as far as those few say a page needs, up to WALK_MAX; one found nowhere in the walk goes through the
 * text's trigram index, whose cost grows with the returns it finds (few, or the walk would have met them).
 */
const WALK = 2000;
const WALK_MAX = 30_000;
/** Past this many rows a way (a deep page), the text is left to PostgreSQL as a condition. */
const DEEP_WINDOW = 5000;
/** Up to this many returns holding a product are listed by id; past it, each return is checked instead. */
const GATHER_LIMIT = 5000;

export interface ReturnsSearchOptions {
  walk?: number;
  walkMax?: number;
  deepWindow?: number;
  gatherLimit?: number;
}

/** A page of the list: its rows as a JSON array (writeRow) and whether more follow. */
export interface ReturnsSearchPage {
  json: string;
  hasMore: boolean;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchReturns(
  deps: AppDeps,
  auth: AuthContext,
  query: ReturnsSearchQuery,
  body: ReturnsSearch,
  // The tests set these low to take the other branches on the demo data.
  options: ReturnsSearchOptions = {},
): Promise<ReturnsSearchPage> {
  const { walk = WALK, walkMax = WALK_MAX, deepWindow = DEEP_WINDOW, gatherLimit = GATHER_LIMIT } = options;
  const accountId = auth.accountId;
  const filters: SQL[] = [sql`ir.account_id = ${accountId}`];
  if (query.inboundReturnStatusId) filters.push(sql`ir.return_status_id = ${query.inboundReturnStatusId}`);
  if (query.inboundReturnAppealStatusId)
    filters.push(sql`ir.search_appeal_status_id = ${query.inboundReturnAppealStatusId}`);
  const where = sql.join(filters, sql` and `);
  const term = body.search.trim();
  const page = (condition: SQL | null) =>
    sql`select ir.id, ir.search_ordered_at from inbound_returns ir where ${where}
      ${condition ? sql`and ${condition}` : sql``}
      order by ir.search_ordered_at desc, ir.id desc limit ${body.limit + 1} offset ${body.offset}`;
  /**
   * The page among returns found by id, read from a join on the ids: `ir.id = any(ids)` took 3 ms for a SKU's
   * 500 returns where the join takes 0.9 ms.
   */
  const pageOfIds = (ids: number[]) =>
    sql`select ir.id, ir.search_ordered_at from unnest(${`{${ids.join(',')}}`}::int[]) x(id)
      join inbound_returns ir on ir.id = x.id where ${where}
      order by ir.search_ordered_at desc, ir.id desc limit ${body.limit + 1} offset ${body.offset}`;
  if (!term) return listPage(deps.db, page(null), body.limit);

  const window = body.offset + body.limit + 1;
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  const narrowed = body.type in WAYS_OF_TYPE;
  const deep = window > deepWindow;
  const walked = (length: number) => walkIds(where, pattern, length, window);
  const [found] = await preparedRows<{
    exact: number[];
    products: number[];
    held: number;
    walked: number[] | null;
  }>(
    deps.db,
    sql`with products as materialized (select ${productIds(accountId, term, body.type)} as ids),
    holding as materialized (select array(select i.inbound_return_id from inbound_return_items i, products
        where i.account_id = ${accountId} and i.product_id = any(products.ids) limit ${gatherLimit + 1}) as ids),
    exact as materialized (select array(${exactWays(accountId, term, body.type)}) as ids),
    held as materialized (select cardinality(holding.ids) as n from holding)
    select exact.ids as exact, products.ids as products, held.n as held,
      ${
        narrowed || deep
          ? sql`null::int[]`
          : // The text is walked for only when nothing was named exactly (a CASE evaluates it only then).
            sql`case when cardinality(exact.ids) = 0 and held.n <= ${gatherLimit} then ${walked(walk)} end`
      } as walked
    from products, exact, held`,
  );
  const { exact, products, held } = found!;
  // A product on more returns than are listed by id: each return of the list is checked for it.
  const holding =
    held > gatherLimit
      ? sql`exists (select 1 from inbound_return_items i where i.inbound_return_id = ir.id
          and i.account_id = ${accountId} and ${inIds(sql`i.product_id`, products)})`
      : null;
  if (holding) {
    const condition = exact.length > 0 ? sql`(${inIds(sql`ir.id`, exact)} or ${holding})` : holding;
    return listPage(deps.db, page(condition), body.limit);
  }
  if (exact.length > 0) return listPage(deps.db, pageOfIds(exact), body.limit);
  if (narrowed) return { json: '[]', hasMore: false };

  const text = sql`ir.search_text like ${pattern}`;
  if (deep) return listPage(deps.db, page(text), body.limit);
  let ids = found!.walked ?? [];
  if (ids.length > 0 && ids.length < window) {
    // Found a few times: walked again as far as they say a page needs (the list may also end sooner).
    const needed = Math.ceil(((window * walk) / ids.length) * 1.25);
    if (needed <= walkMax) {
      const [again] = await preparedRows<{ ids: number[] }>(deps.db, sql`select ${walked(needed)} as ids`);
      ids = again!.ids;
    } else ids = [];
  }
  if (ids.length < window) {
    // Rare, or not found among the newest: the trigram index finds every return whose text holds its key,
    // and each is checked for the whole text.
    const key = `%${escapeLike(trigramKey(term.toLowerCase()))}%`;
    const [rare] = await preparedRows<{ ids: number[] }>(
      deps.db,
      sql`select array(select r.id from (select ir.id, ir.search_ordered_at from inbound_returns ir
        where ${where} and ir.search_text like ${key} and (ir.search_text || '') like ${pattern} offset 0) r
        order by r.search_ordered_at desc, r.id desc limit ${window}) as ids`,
    );
    ids = rare!.ids;
  }
  if (ids.length === 0) return { json: '[]', hasMore: false };
  return listPage(deps.db, pageOfIds(ids), body.limit);
}

/**
 * What the trigram index is asked for: the text, or for an e-mail the part before '@'. Every e-mail of a shop
 * may end in the same few domains, whose trigrams are in every return's text; asking the index for them read
 * its whole posting lists (35 ms over 200,000 returns), while the name part alone answers in 2 ms. The whole
 * text is then checked on the few returns found.
 */
export function trigramKey(text: string): string {
  const at = text.indexOf('@');
  return at >= 3 ? text.slice(0, at) : text;
}

/** The ids of the newest `window` returns of the list whose text holds `pattern`, among its newest `length`. */
const walkIds = (where: SQL, pattern: string, length: number, window: number) =>
  sql`array(select w.id from (select ir.id, ir.search_ordered_at, ir.search_text from inbound_returns ir
      where ${where} order by ir.search_ordered_at desc, ir.id desc limit ${length}) w
    where w.search_text like ${pattern} order by w.search_ordered_at desc, w.id desc limit ${window})`;

const digitsOf = (term: string) => (/^\d{1,10}$/.test(term) && Number(term) <= MAX_INT ? Number(term) : null);

/** What each type looks a term up as, exactly; any other type (a typed search, most scans) as all of them. */
type ExactWay = 'id' | 'orderId' | 'orderNumber' | 'rma' | 'tracking' | 'email' | 'product';
const ALL_WAYS: ExactWay[] = ['id', 'orderId', 'orderNumber', 'rma', 'tracking', 'email', 'product'];
const WAYS_OF_TYPE: Record<string, ExactWay[]> = {
  inboundReturn: ['id'],
  upc: ['product'],
  orderNumber: ['orderNumber'],
};

/**
 * The return ids a term names exactly (before the filters), as its type allows: each an index lookup within
 * the account. Text is compared upper-cased (order numbers, RMAs, tracking numbers), e-mails lower-cased, as
 * their indexes hold them.
 */
function exactWays(accountId: number, term: string, type: string): SQL {
  const id = digitsOf(term.replace(/^#/, ''));
  const upper = term.toUpperCase();
  const ways: SQL[] = [];
  for (const way of WAYS_OF_TYPE[type] ?? ALL_WAYS) {
    if (way === 'id' && id !== null) {
      ways.push(
        sql`select ir.id from inbound_returns ir where ir.id = ${id} and ir.account_id = ${accountId}`,
      );
    }
    if (way === 'orderId' && id !== null) {
      ways.push(sql`select ir.id from channel_order_returns r join inbound_returns ir on ir.channel_order_return_id = r.id
        where r.account_id = ${accountId} and r.channel_order_id = ${id}`);
    }
    if (way === 'orderNumber') {
      ways.push(sql`select ir.id from channel_orders o
        join channel_order_returns r on r.account_id = o.account_id and r.channel_order_id = o.id
        join inbound_returns ir on ir.channel_order_return_id = r.id
        where o.account_id = ${accountId} and upper(o.channel_order_number) = ${upper}`);
    }
    if (way === 'rma') {
      ways.push(sql`select ir.id from inbound_returns ir where ir.account_id = ${accountId}
        and upper(ir.reference_id) = ${upper}`);
      ways.push(sql`select ir.id from channel_order_returns r join inbound_returns ir on ir.channel_order_return_id = r.id
        where r.account_id = ${accountId} and upper(r.reference_id) = ${upper}`);
    }
    if (way === 'tracking') {
      ways.push(sql`select s.inbound_return_id from inbound_return_shipments s where s.account_id = ${accountId}
        and upper(s.tracking_number) = ${upper}`);
      // Every label bought for a return's shipment, voided ones too: the ledger keeps their tracking numbers.
      ways.push(sql`select s.inbound_return_id from shipping_labels l
        join inbound_return_shipments s on s.id = l.owner_id and s.account_id = l.account_id
        where l.owner_kind = 'returnShipment' and l.account_id = ${accountId}
          and l.tracking_number in (${term}, ${upper})`);
    }
    if (way === 'email' && term.includes('@')) {
      ways.push(sql`select ir.id from customers c join inbound_returns ir on ir.account_id = c.account_id and ir.customer_id = c.id
        where c.account_id = ${accountId} and lower(c.email) = ${term.toLowerCase()}`);
    }
    // The returns holding the product (gathered above, up to the limit).
    if (way === 'product') ways.push(sql`select unnest(holding.ids) from holding`);
  }
  if (ways.length === 0) return sql`select null::int where false`;
  return sql.join(ways, sql` union `);
}

/** The account's products whose SKU is the term, or whose UPC is its digits (any GTIN length), as int[]. */
function productIds(accountId: number, term: string, type: string): SQL {
  if (!(WAYS_OF_TYPE[type] ?? ALL_WAYS).includes('product')) return sql`array[]::int[]`;
  const digits = term.replace(/\D/g, '');
  const byUpc =
    digits.length >= 6 && digits.length <= 16 && /^[\d\s-]+$/.test(term)
      ? sql`p.normalized_upc = ${normalizeUpc(digits)}`
      : null;
  const bySku = type === 'upc' ? null : sql`upper(p.sku) = ${term.toUpperCase()}`;
  const match = byUpc && bySku ? sql`(${byUpc} or ${bySku})` : (byUpc ?? bySku);
  if (!match) return sql`array[]::int[]`;
  return sql`array(select p.id from products p where p.account_id = ${accountId} and ${match} limit 50)`;
}

/**
 * The rows of the returns `page` selects (id, search_ordered_at; at most one more than a page, which only
 * tells that more follow), as the JSON array the reply carries: the order, its channel and status, the
 * customer, and the return's notes (not its items') with the last one and its author.
 */
async function listPage(db: Db, page: SQL, limit: number): Promise<ReturnsSearchPage> {
  const rows = await preparedRows<Row>(
    db,
    sql`with page as (${page})
    select ir.id, ir.return_status_id, coalesce(ir.reference_id, r.reference_id) as reference_id,
      ir.search_appeal_status_id, o.id as channel_order_id, o.channel_order_number, o.system_order_status_id,
      to_char(page.search_ordered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ordered_at,
      ch.name as channel_name, ch.site_id, c.first_name, c.last_name,
      coalesce(last.note_count, 0) as note_count,
      last.text as last_text, last.user_id as last_user_id, u.first_name as user_first, u.last_name as user_last
    from page join inbound_returns ir on ir.id = page.id
    left join channel_order_returns r on r.id = ir.channel_order_return_id
    left join channel_orders o on o.id = r.channel_order_id
    left join sales_channels ch on ch.id = o.channel_id
    left join customers c on c.id = coalesce(ir.customer_id, o.customer_id)
    left join lateral (select n.text, n.user_id, (count(*) over ())::int as note_count from inbound_return_notes n
      where n.inbound_return_id = ir.id and n.inbound_return_item_id is null
      order by n.created_at desc, n.id desc limit 1) last on true
    left join users u on u.id = last.user_id
    order by page.search_ordered_at desc, page.id desc`,
  );
  return { json: `[${rows.slice(0, limit).map(writeRow).join(',')}]`, hasMore: rows.length > limit };
}

interface Row {
  id: number;
  return_status_id: number;
  reference_id: string | null;
  search_appeal_status_id: number | null;
  channel_order_id: number | null;
  channel_order_number: string | null;
  system_order_status_id: number | null;
  ordered_at: string;
  channel_name: string | null;
  site_id: number | null;
  first_name: string | null;
  last_name: string | null;
  note_count: number;
  last_text: string | null;
  last_user_id: number | null;
  user_first: string | null;
  user_last: string | null;
}

const json = (value: string | number | null) => JSON.stringify(value);

/**
 * One row as returnSearchRowSchema says, written straight to JSON (as the orders list does): the numbers come
 * from integer columns, the texts go through JSON.stringify.
 */
function writeRow(r: Row): string {
  const name = r.first_name === null ? null : `${r.first_name} ${r.last_name ?? ''}`.trim() || null;
  const status =
    r.system_order_status_id === null
      ? 'null'
      : `{"id":${r.system_order_status_id},"name":${json(orderStatusName(r.system_order_status_id))}}`;
  const user =
    r.last_user_id === null
      ? 'null'
      : `{"firstName":${json(r.user_first ?? '')},"lastName":${json(r.user_last ?? '')}}`;
  const lastNote = r.last_text === null ? 'null' : `{"text":${json(r.last_text)},"user":${user}}`;
  return (
    `{"id":${r.id},"returnStatusId":${r.return_status_id},` +
    `"returnStatus":{"id":${r.return_status_id},"name":${json(returnStatusName(r.return_status_id))}},` +
    `"referenceId":${json(r.reference_id)},"inboundReturnAppealStatusId":${r.search_appeal_status_id},` +
    `"channelOrderId":${r.channel_order_id},"channelOrderNumber":${json(r.channel_order_number)},` +
    `"customerName":${json(name)},"channelName":${json(r.channel_name)},"siteId":${r.site_id},` +
    `"systemOrderStatus":${status},"orderedAt":"${r.ordered_at}",` +
    `"noteCount":${r.note_count},"lastNote":${lastNote}}`
  );
}
