import {
  MAX_INT,
  normalizeUpc,
  RETURNS_PAGE_SIZE,
  type ReturnsSearch,
  type ReturnsSearchQuery,
} from '@backroom/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import { preparedRows, startsWith } from '../../db/prepared';
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
 * again as far as those few say a page needs, up to WALK_MAX; one found nowhere in the walk is looked up
 * through the text's indexes (textPage), whose cost grows with the returns they find: few, or the walk would
 * have met them, or the start of many returns' text (an order-number prefix), read from a btree's entries.
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

/** A page of the list: its rows as a JSON array (ROW_JSON) and whether more follow. */
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
      order by ir.search_ordered_at desc, ir.id desc ${limitOf(body.limit, body.offset)}`;
  if (!term) return listPage(deps.db, page(null), body.limit);

  const window = body.offset + body.limit + 1;
  const narrowed = body.type in WAYS_OF_TYPE;
  const deep = window > deepWindow;
  const walked = (length: number) => walkIds(where, term.toLowerCase(), length, window);
  // One statement looks the term up and, when that settles the page (returns named exactly, or a walk that
  // filled it), reads the page's rows too: `chosen` says so. Otherwise it answers what the next step needs
  // (the arrays are sent only then), with no row.
  const [answer] = await preparedRows<
    PageRow & {
      held: number;
      exact: number[] | null;
      products: number[] | null;
      walked: number[] | null;
      chosen: boolean;
    }
  >(
    deps.db,
    sql`with products as materialized (select ${productIds(accountId, term, body.type)} as ids),
    holding as materialized (select array(select i.inbound_return_id from inbound_return_items i, products
        where i.account_id = ${accountId} and i.product_id = any(products.ids) limit ${gatherLimit + 1}) as ids),
    exact as materialized (select array(${exactWays(accountId, term, body.type)}) as ids),
    held as materialized (select cardinality(holding.ids) as n from holding),
    found as materialized (select exact.ids as exact, products.ids as products, held.n as held,
      ${
        narrowed || deep
          ? sql`null::int[]`
          : // The text is walked for only when nothing was named exactly (a CASE evaluates it only then).
            sql`case when cardinality(exact.ids) = 0 and held.n <= ${gatherLimit} then ${walked(walk)} end`
      } as walked
    from products, exact, held),
    chosen as materialized (select case when found.held > ${gatherLimit} then null
        when cardinality(found.exact) > 0 then found.exact
        when cardinality(found.walked) >= ${window} then found.walked end as ids from found),
    page as (select ir.id, ir.search_ordered_at from chosen, unnest(chosen.ids) x(id)
      join inbound_returns ir on ir.id = x.id where ${where}
      order by ir.search_ordered_at desc, ir.id desc limit ${body.limit + 1} offset ${body.offset})
    select found.held,
      case when found.held > ${gatherLimit} then found.exact end as exact,
      case when found.held > ${gatherLimit} then found.products end as products,
      case when chosen.ids is null then found.walked end as walked,
      chosen.ids is not null as chosen, rows.json, rows.has_more
    from found cross join chosen cross join (${pageRows(body.limit)}) rows`,
  );
  const meta = answer!;
  const { held } = meta;
  // A product on more returns than are listed by id: each return of the list is checked for it.
  if (held > gatherLimit) {
    const exact = meta.exact!;
    const holding = sql`exists (select 1 from inbound_return_items i where i.inbound_return_id = ir.id
          and i.account_id = ${accountId} and ${inIds(sql`i.product_id`, meta.products!)})`;
    const condition = exact.length > 0 ? sql`(${inIds(sql`ir.id`, exact)} or ${holding})` : holding;
    return listPage(deps.db, page(condition), body.limit);
  }
  if (meta.chosen) return { json: meta.json, hasMore: meta.has_more };
  if (narrowed) return { json: '[]', hasMore: false };

  const lowered = term.toLowerCase();
  if (deep) return listPage(deps.db, textPage(where, lowered, body.limit, body.offset), body.limit);
  const found = meta.walked?.length ?? 0;
  const needed = found > 0 ? Math.ceil(((window * walk) / found) * 1.25) : Number.POSITIVE_INFINITY;
  if (needed <= walkMax) {
    // Found a few times: walked again as far as they say a page needs, in one statement with the page when
    // that fills it (a statement less, and one wait less for a pooled connection under load). Otherwise (the
    // list may also end sooner) the ids it found say so, with no row.
    const [again] = await preparedRows<PageRow & { short: boolean }>(
      deps.db,
      sql`with walked as materialized (select ${walked(needed)} as ids),
      page as (select ir.id, ir.search_ordered_at from walked, unnest(walked.ids) x(id)
        join inbound_returns ir on ir.id = x.id where ${where} and cardinality(walked.ids) >= ${window}
        order by ir.search_ordered_at desc, ir.id desc ${limitOf(body.limit, body.offset)})
      select cardinality(walked.ids) < ${window} as short, rows.json, rows.has_more
      from walked cross join (${pageRows(body.limit)}) rows`,
    );
    if (!again!.short) return { json: again!.json, hasMore: again!.has_more };
  }
  // Rare, or not found among the newest: looked up through the text's indexes.
  return listPage(deps.db, textPage(where, lowered, body.limit, body.offset), body.limit);
}

/**
 * A page's LIMIT and OFFSET: for the first page of the screen's size, constants. With parameters, PostgreSQL's
 * generic plan of a statement assumes an offset of a tenth of the list, costs more than a plan for offset 0,
 * and so was never kept: every list was planned again (about 0.5 ms of PostgreSQL's 1.1 ms for a page). With
 * constants each connection keeps one plan. Later pages keep the parameters (one text for every offset).
 */
const limitOf = (limit: number, offset: number) =>
  offset === 0 && limit === RETURNS_PAGE_SIZE
    ? sql.raw(`limit ${RETURNS_PAGE_SIZE + 1}`)
    : sql`limit ${limit + 1} offset ${offset}`;

/** The characters of search_text that search_head holds (migration 0035). */
const HEAD = 64;

/**
 * The page (at most one more than `limit` rows, from `offset`) of the returns of the list whose search text
 * holds `text` (lower-cased), through migration 0035's two indexes: the returns whose text starts with it, from
 * a range of search_head (index-only: a shared start of an order number costs a read of its index entries,
 * not of the returns), and those whose text holds it past its first character, from the trigram index on
 * that part, each checked for the whole text. A text holds a term at its start or after it, so the two are
 * every return that holds it, no other. Each way gives at most the page's window, newest first; the page is
 * the newest of both. Each way is fenced (offset 0) so that PostgreSQL reads its index rather than walking the
 * list's order, checking every return, until it has enough.
 */
function textPage(where: SQL, text: string, limit: number, offset: number): SQL {
  const window = offset + limit + 1;
  const chars = [...text];
  const head = chars.slice(0, HEAD).join('');
  const starts =
    chars.length > HEAD
      ? sql`${startsWith(sql`ir.search_head`, head)} and ir.search_text like ${`${escapeLike(text)}%`}`
      : startsWith(sql`ir.search_head`, head);
  const key = `%${escapeLike(trigramKey(text))}%`;
  const pattern = `%${escapeLike(text)}%`;
  const newest = (condition: SQL) =>
    sql`(select w.id, w.search_ordered_at from (select ir.id, ir.search_ordered_at from inbound_returns ir
      where ${where} and ${condition} offset 0) w order by w.search_ordered_at desc, w.id desc limit ${window})`;
  return sql`select r.id, r.search_ordered_at from (${newest(starts)} union ${newest(
    sql`substr(ir.search_text, 2) like ${key} and (ir.search_text || '') like ${pattern}`,
  )}) r order by r.search_ordered_at desc, r.id desc limit ${limit + 1} offset ${offset}`;
}

/**
 * What the trigram index is asked for: the text, or for an e-mail the part before '@'. Every e-mail of a shop
 * may end in the same few domains, whose trigrams are in every return's text; asking the index for them read
 * its whole posting lists, while the name part alone is answered quickly. The whole
 * text is then checked on the few returns found.
 */
export function trigramKey(text: string): string {
  const at = text.indexOf('@');
  return at >= 3 ? text.slice(0, at) : text;
}

/**
 * The ids of the newest `window` returns of the list whose text holds `text`, among its newest `length`. Looked
 * for with strpos, which finds what LIKE '%text%' does (the text has no wildcard to escape) at about a fifth less
 * of PostgreSQL's CPU over a walk.
 */
const walkIds = (where: SQL, text: string, length: number, window: number) =>
  sql`array(select w.id from (select ir.id, ir.search_ordered_at, ir.search_text from inbound_returns ir
      where ${where} order by ir.search_ordered_at desc, ir.id desc limit ${length}) w
    where strpos(w.search_text, ${text}) > 0 order by w.search_ordered_at desc, w.id desc limit ${window})`;

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
 * One row of returnSearchRowSchema, as JSON: the return's row as migration 0034 keeps it written
 * (`search_row_json`: every field up to noteCount, from the search_* fields the triggers keep), then its last note
 * (`last`) and that note's author (`u`). Written by PostgreSQL rather than in node: parsing 17 columns of 100
 * rows and writing them again cost node more than the whole query cost PostgreSQL; and kept written rather than
 * written for each page: writing 100 rows cost about half of a page.
 */
const ROW_JSON = sql`ir.search_row_json
  || ',"lastNote":' || coalesce('{"text":' || to_json(last.text)::text || ',"user":'
    || coalesce('{"firstName":' || to_json(coalesce(u.first_name, ''))::text
      || ',"lastName":' || to_json(coalesce(u.last_name, ''))::text || '}', 'null') || '}', 'null')
  || '}'`;

/**
 * The page of the returns a `page` CTE holds (id, search_ordered_at; at most one more than a page, which only
 * tells that more follow): one row of the JSON array of the rows, and whether more follow. One read of the
 * return by its key, and one of its last note, per row.
 */
const pageRows = (limit: number) => sql`select
    '[' || coalesce(string_agg(r.json, ',' order by r.n) filter (where r.n <= ${limit}), '') || ']' as json,
    count(*) > ${limit} as has_more
  from (select ${ROW_JSON} as json,
      row_number() over (order by page.search_ordered_at desc, page.id desc) as n
    from page join inbound_returns ir on ir.id = page.id
    left join inbound_return_notes last on last.id = ir.search_last_note_id
    left join users u on u.id = last.user_id) r`;

interface PageRow {
  json: string;
  has_more: boolean;
}

async function listPage(db: Db, page: SQL, limit: number): Promise<ReturnsSearchPage> {
  const [row] = await preparedRows<PageRow>(db, sql`with page as (${page}) ${pageRows(limit)}`);
  return { json: row!.json, hasMore: row!.has_more };
}
