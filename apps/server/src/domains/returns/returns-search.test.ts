import {
  orderStatusName,
  RETURN_STATUSES,
  type ReturnSearchRow,
  returnsSearchReplySchema,
} from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AuthContext } from '../auth/auth-cache';
import { type ReturnsSearchOptions, searchReturns, trigramKey } from './returns-search';

let t: TestApp;
let music: number;
let outlet: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'sales', 'warehouse', 'outlet');
  [music, outlet] = (await t.rows<{ id: number }>(sql`select id from accounts order by id`)).map(
    (a) => a.id,
  ) as [number, number];
});
afterAll(() => t.close());

const URL = '/api/v1/backroom/returns/search';
const rows = <T>(query: ReturnType<typeof sql>) => t.rows<T>(query);

/** The search as `who`; statuses 0 (any) unless given. Parses the reply with the shared schema. */
async function search(
  body: Record<string, unknown> = {},
  {
    status = 0,
    appeal = 0,
    who = 'admin',
  }: { status?: number | string; appeal?: number | string; who?: string } = {},
) {
  const res = await t.as(
    who,
    'POST',
    `${URL}?inboundReturnStatusId=${status}&inboundReturnAppealStatusId=${appeal}`,
    body,
  );
  expect(res.statusCode, res.body).toBe(200);
  return returnsSearchReplySchema.parse(res.json());
}
const ids = (reply: { data: ReturnSearchRow[] }) => reply.data.map((r) => r.id);

/**
 * The ids of a page of Demo Music Co's returns (any status) holding `text`, from the search itself with its
 * tuning options (walk lengths, deep window), which the route does not take.
 */
async function pageIds(text: string, limit: number, offset = 0, options?: ReturnsSearchOptions) {
  const page = await searchReturns(
    t.deps,
    { accountId: music } as AuthContext,
    { inboundReturnStatusId: 0, inboundReturnAppealStatusId: 0 },
    { search: text, type: 'search', limit, offset },
    options,
  );
  return (JSON.parse(page.json) as { id: number }[]).map((r) => r.id);
}

/** Demo Music Co's returns as the list must show them: newest order first. */
async function expected(where = sql`true`) {
  const found = await rows<{ id: number }>(sql`
    select ir.id from inbound_returns ir
    left join channel_order_returns r on r.id = ir.channel_order_return_id
    left join channel_orders o on o.id = r.channel_order_id
    where ir.account_id = ${music} and ${where}
    order by coalesce(o.ordered_at, ir.requested_at) desc, ir.id desc`);
  return found.map((r) => r.id);
}

/** A demo return of Demo Music Co with its order, customer, RMA and label. */
async function aReturn(where = sql`true`) {
  const [row] = await rows<{
    id: number;
    order_id: number;
    number: string;
    first_name: string;
    last_name: string;
    email: string;
    rma: string | null;
    tracking: string | null;
    status: number;
  }>(sql`
    select ir.id, o.id as order_id, o.channel_order_number as number, c.first_name, c.last_name, c.email,
      r.reference_id as rma, ir.return_status_id as status,
      (select s.tracking_number from inbound_return_shipments s where s.inbound_return_id = ir.id limit 1) as tracking
    from inbound_returns ir join channel_order_returns r on r.id = ir.channel_order_return_id
    join channel_orders o on o.id = r.channel_order_id join customers c on c.id = ir.customer_id
    join sales_channels ch on ch.id = o.channel_id
    where ir.account_id = ${music} and ${where} order by ir.id limit 1`);
  if (!row) throw new Error('no demo return fits');
  return row;
}

describe('POST /api/v1/backroom/returns/search: the list', () => {
  it('lists the In Process returns newest order first, as the screen opens (status 10, appeal 0)', async () => {
    const reply = await search({}, { status: 10 });
    expect(ids(reply)).toEqual(await expected(sql`ir.return_status_id = 10`));
    expect(reply.data.length).toBeGreaterThan(0);
    expect(reply.data.every((r) => r.returnStatus.name === 'In Process')).toBe(true);
    expect(reply.hasMore).toBe(false);
  });

  it('shows each column of the row from the return, its order, channel and customer', async () => {
    const demo = await aReturn(sql`ch.site_id = 1`);
    const reply = await search({ search: String(demo.id), type: 'inboundReturn' });
    const [ordered] = await rows<{ ordered_at: string }>(sql`
      select to_char(ordered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ordered_at
      from channel_orders where id = ${demo.order_id}`);
    const [status] = await rows<{ system_order_status_id: number }>(
      sql`select system_order_status_id from channel_orders where id = ${demo.order_id}`,
    );
    expect(reply.data).toHaveLength(1);
    expect(reply.data[0]).toMatchObject({
      id: demo.id,
      returnStatusId: demo.status,
      channelOrderId: demo.order_id,
      channelOrderNumber: demo.number,
      customerName: `${demo.first_name} ${demo.last_name}`,
      channelName: 'Amazon',
      siteId: 1,
      referenceId: demo.rma,
      orderedAt: ordered!.ordered_at,
      systemOrderStatus: { id: status!.system_order_status_id },
    });
  });

  it('counts the return notes and names the last one and its author; a new note shows at once', async () => {
    const demo = await aReturn();
    const before = (await search({ search: String(demo.id) })).data[0]!;
    expect(before.noteCount).toBe(1);
    expect(before.lastNote?.text).toMatch(/^Return created from order /);
    await t.as('warehouse', 'PUT', '/api/v1/backroom/returns/notes', {
      inboundReturn: { id: demo.id },
      text: 'Box arrived crushed',
    });
    const after = (await search({ search: String(demo.id) })).data[0]!;
    expect(after.noteCount).toBe(2);
    expect(after.lastNote).toEqual({
      text: 'Box arrived crushed',
      user: { firstName: expect.any(String), lastName: expect.any(String) },
    });
    // An item's note is not the return's; a note taken away (by hand in the database) is no longer counted.
    await rows(sql`insert into inbound_return_notes (account_id, inbound_return_id, inbound_return_item_id, text)
      select ir.account_id, ir.id, i.id, 'Scuffed corner' from inbound_returns ir
      join inbound_return_items i on i.inbound_return_id = ir.id where ir.id = ${demo.id} limit 1`);
    expect((await search({ search: String(demo.id) })).data[0]!.noteCount).toBe(2);
    await rows(
      sql`delete from inbound_return_notes where inbound_return_id = ${demo.id} and text = 'Box arrived crushed'`,
    );
    const removed = (await search({ search: String(demo.id) })).data[0]!;
    expect(removed.noteCount).toBe(1);
    expect(removed.lastNote?.text).toMatch(/^Return created from order /);
  });

  it('filters by return status and appeal status, 0 being any', async () => {
    expect(ids(await search())).toEqual(await expected());
    expect(ids(await search({}, { status: 20 }))).toEqual(await expected(sql`ir.return_status_id = 20`));
    const appealed = await expected(
      sql`exists (select 1 from inbound_return_appeals a where a.inbound_return_id = ir.id and a.inbound_return_appeal_status_id = 1)`,
    );
    expect(appealed.length).toBeGreaterThan(0);
    expect(ids(await search({}, { appeal: 1 }))).toEqual(appealed);
    expect(ids(await search({}, { appeal: 1, status: 30 }))).toEqual(appealed);
    expect(ids(await search({}, { appeal: 1, status: 10 }))).toEqual([]);
    // An appeal's new status moves the return to that filter (kept by the appeals' trigger).
    await t.deps.db.execute(
      sql`update inbound_return_appeals set inbound_return_appeal_status_id = 15 where inbound_return_id = ${appealed[0]}`,
    );
    expect(ids(await search({}, { appeal: 15 }))).toEqual([appealed[0]]);
    expect(ids(await search({}, { appeal: 1 }))).toEqual(appealed.slice(1));
    // An empty filter value is any status, as the spec's path shows it.
    const empty = await t.as(
      'admin',
      'POST',
      `${URL}?inboundReturnStatusId=&inboundReturnAppealStatusId=`,
      {},
    );
    expect(ids(empty.json())).toEqual(await expected());
  });

  it('pages through the list a page at a time: hasMore says a next page follows', async () => {
    const all = await expected();
    const pages: number[] = [];
    for (let offset = 0; ; offset += 7) {
      const reply = await search({ limit: 7, offset });
      pages.push(...ids(reply));
      expect(reply.data.length).toBeLessThanOrEqual(7);
      if (!reply.hasMore) break;
    }
    expect(pages).toEqual(all);
    expect((await search({ offset: all.length })).data).toEqual([]);
    // A page of a search, too.
    const text = await search({ search: 'example.com', limit: 5, offset: 5 });
    expect(ids(text)).toEqual(all.slice(5, 10));
    expect(text.hasMore).toBe(all.length > 10);
  });
});

describe('searching by each kind of text', () => {
  it('finds a return by its id, and by its order id', async () => {
    const demo = await aReturn();
    expect(ids(await search({ search: String(demo.id) }))).toContain(demo.id);
    expect(ids(await search({ search: `#${demo.id}` }))).toContain(demo.id);
    const byOrder = await search({ search: String(demo.order_id) });
    expect(ids(byOrder)).toContain(demo.id);
    // Named exactly but in another status than the one asked for: nothing, not other returns holding the digits.
    const closed = await aReturn(sql`ir.return_status_id = 20`);
    expect((await search({ search: String(closed.id), type: 'inboundReturn' }, { status: 10 })).data).toEqual(
      [],
    );
    expect(ids(await search({ search: closed.email }, { status: 10 }))).toEqual(
      await expected(
        sql`ir.return_status_id = 10 and ir.customer_id in (select id from customers where email = ${closed.email})`,
      ),
    );
  });

  it('finds a return by its order number, whole or in part, any case', async () => {
    const demo = await aReturn(sql`ch.site_id = 1`);
    expect(ids(await search({ search: demo.number }))).toEqual([demo.id]);
    expect(ids(await search({ search: demo.number.toLowerCase() }))).toEqual([demo.id]);
    expect(ids(await search({ search: demo.number.slice(-9).toLowerCase() }))).toContain(demo.id);
  });

  it("finds a return by the customer's name or e-mail", async () => {
    const demo = await aReturn();
    const byName = await search({ search: `${demo.first_name} ${demo.last_name}`.toUpperCase() });
    expect(ids(byName)).toContain(demo.id);
    expect(byName.data.every((r) => r.customerName === `${demo.first_name} ${demo.last_name}`)).toBe(true);
    expect(ids(await search({ search: demo.email }))).toEqual(
      await expected(sql`ir.customer_id in (select id from customers where email = ${demo.email})`),
    );
  });

  it('finds a return by its RMA, scanned as an Amazon return or typed', async () => {
    const demo = await aReturn(sql`ch.site_id = 1`);
    expect(demo.rma).toMatch(/RRMA$/);
    expect(ids(await search({ search: demo.rma, type: 'amazonReturn' }))).toEqual([demo.id]);
    expect(ids(await search({ search: demo.rma!.toLowerCase() }))).toEqual([demo.id]);
  });

  it("finds a return by a label's tracking number: an existing label, and a bought one in the ledger after a void", async () => {
    const demo = await aReturn(
      sql`exists (select 1 from inbound_return_shipments s where s.inbound_return_id = ir.id)`,
    );
    expect(ids(await search({ search: demo.tracking, type: 'trackingNumber' }))).toEqual([demo.id]);
    // An existing label added to another return: found at once (the shipments' trigger).
    const other = await aReturn(sql`ir.id <> ${demo.id}`);
    const added = await t.as('admin', 'POST', '/api/v1/backroom/returns/shipments/new', {
      inboundReturnId: other.id,
      trackingNumbers: [{ trackingNumber: '9400111899223344556677', carrierFeeBilled: 4.5 }],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(ids(await search({ search: '9400111899223344556677' }))).toEqual([other.id]);
    // A label in the ledger whose shipment now carries another number (voided, bought again).
    const [shipment] = await rows<{ id: number }>(
      sql`select id from inbound_return_shipments where inbound_return_id = ${other.id} order by id limit 1`,
    );
    await t.deps.db.execute(sql`
      insert into shipping_labels (account_id, owner_kind, owner_id, adapter, provider_shipment_id, rate_id, state, tracking_number)
      values (${music}, 'returnShipment', ${shipment!.id}, 'sandbox', 'shp_test', 'rate_test', 'voided', '1ZVOIDED0000000001')`);
    expect(ids(await search({ search: '1zvoided0000000001' }))).toEqual([other.id]);
  });

  it('finds the returns holding a product by its SKU or UPC (any GTIN length)', async () => {
    const [product] = await rows<{ id: number; sku: string; upc: string }>(sql`
      select p.id, p.sku, p.upc from products p join inbound_return_items i on i.product_id = p.id
      where p.account_id = ${music} and p.upc is not null and length(ltrim(p.normalized_upc, '0')) between 8 and 12
      group by p.id order by count(*) desc, p.id limit 1`);
    const holding = await expected(
      sql`exists (select 1 from inbound_return_items i where i.inbound_return_id = ir.id and i.product_id = ${product!.id})`,
    );
    expect(holding.length).toBeGreaterThan(0);
    expect(ids(await search({ search: product!.sku.toLowerCase() }))).toEqual(holding);
    expect(ids(await search({ search: product!.upc }))).toEqual(holding);
    expect(ids(await search({ search: product!.upc, type: 'upc' }))).toEqual(holding);
    // Past the gather limit each return is checked for the product instead: the same list.
    expect(await pageIds(product!.sku, 100, 0, { gatherLimit: 0 })).toEqual(holding);
  });

  it("lists one order's returns for the 'Order # = …' filter, exactly", async () => {
    const demo = await aReturn();
    const reply = await search({ search: demo.number.toLowerCase(), type: 'orderNumber' });
    expect(ids(reply)).toEqual(await expected(sql`o.id = ${demo.order_id}`));
    expect((await search({ search: demo.number.slice(0, -1), type: 'orderNumber' })).data).toEqual([]);
  });

  it('narrows a scan of a return label to the id, and finds nothing for a text no return holds', async () => {
    const demo = await aReturn();
    expect(ids(await search({ search: String(demo.id), type: 'inboundReturn' }))).toEqual([demo.id]);
    expect((await search({ search: 'zzqx-nothing-like-this' })).data).toEqual([]);
    expect((await search({ search: '50%_\\' })).data).toEqual([]);
  });

  it("follows a customer's new name (the customers' trigger)", async () => {
    const demo = await aReturn();
    const [customer] = await rows<{ id: number }>(
      sql`select customer_id as id from inbound_returns where id = ${demo.id}`,
    );
    await t.deps.db.execute(sql`update customers set last_name = 'Quetzalcoatl' where id = ${customer!.id}`);
    const reply = await search({ search: 'quetzalcoatl' });
    expect(ids(reply)).toEqual(await expected(sql`ir.customer_id = ${customer!.id}`));
    expect(reply.data[0]!.customerName).toBe(`${demo.first_name} Quetzalcoatl`);
  });

  it("finds a text holding '%' or '_' as written, on the walk too, and never as a wildcard", async () => {
    const customers = (
      await rows<{ id: number }>(sql`
        select distinct customer_id as id from inbound_returns
        where account_id = ${music} and customer_id is not null order by customer_id limit 2`)
    ).map((c) => c.id);
    expect(customers).toHaveLength(2);
    await t.deps.db.execute(
      sql`update customers set last_name = 'Pct%_Name' where id in (${customers[0]!}, ${customers[1]!})`,
    );
    const theirs = await expected(sql`ir.customer_id in (${customers[0]!}, ${customers[1]!})`);
    expect(theirs.length).toBeGreaterThanOrEqual(2);
    const page = (text: string) => pageIds(text, 1);
    // A page of one: the first walk fills it.
    expect(await page('PCT%_N')).toEqual(theirs.slice(0, 1));
    expect(ids(await search({ search: 'pct%_name' }))).toEqual(theirs);
    expect(await page('pct_%n')).toEqual([]);
    expect((await search({ search: 'p%_name' })).data).toEqual([]);
  });

  it('takes every way of walking for a text: the first walk, a second walk, the trigram index, a deep page', async () => {
    const run = (options: ReturnsSearchOptions, text = 'example.com', offset = 0) =>
      pageIds(text, 3, offset, options);
    const all = await expected();
    expect(await run({})).toEqual(all.slice(0, 3));
    expect(await run({ walk: 2 })).toEqual(all.slice(0, 3));
    expect(await run({ walk: 1, walkMax: 2 })).toEqual(all.slice(0, 3));
    expect(await run({ deepWindow: 2 }, 'example.com', 3)).toEqual(all.slice(3, 6));
    // Part of the newest order's number (no identifier), found in the first walk, and too few times in the
    // second to fill the page: the text's indexes then.
    const [newest] = await rows<{ text: string }>(
      sql`select substr(split_part(search_text, ' ', 1), 2) as text from inbound_returns where id = ${all[0]!}`,
    );
    const few = await expected(sql`strpos(ir.search_text, ${newest!.text}) > 0`);
    expect(few.length).toBeGreaterThan(0);
    expect(few.length).toBeLessThan(4);
    expect(await run({ walk: 2 }, newest!.text)).toEqual(few);
    // Part of an e-mail: the trigram index is asked for the part before '@', the rest checked on what it finds.
    const demo = await aReturn();
    const part = demo.email.slice(1);
    expect(trigramKey(part)).toBe(part.slice(0, part.indexOf('@')));
    const ofPart = await expected(
      sql`ir.customer_id in (select id from customers where email like ${`%${part}`})`,
    );
    expect(await run({ walk: 1 }, part.toUpperCase())).toEqual(ofPart.slice(0, 3));
  });

  it("finds a start of order numbers many returns share, and any text, at the text's start and past it alike", async () => {
    // The walks find too few (a walk of one return), so the text is looked up through its indexes (migration
    // 0035): the returns whose text starts with it, and those holding it past their text's first character.
    const run = (text: string, offset = 0, options: ReturnsSearchOptions = { walk: 1, walkMax: 1 }) =>
      pageIds(text, 3, offset, options);
    const holding = (text: string) => expected(sql`strpos(ir.search_text, ${text.toLowerCase()}) > 0`);
    // The point of sale's orders all start 'POS-000'.
    const pos = await holding('pos-000');
    expect(pos.length).toBeGreaterThan(3);
    expect(await run('POS-000')).toEqual(pos.slice(0, 3));
    expect(await run('pos-000', 3)).toEqual(pos.slice(3, 6));
    expect(await run('pos-000', 3, { deepWindow: 2 })).toEqual(pos.slice(3, 6));

    const picked = await rows<{ id: number; order_id: number; customer_id: number }>(sql`
      select ir.id, r.channel_order_id as order_id, ir.customer_id from inbound_returns ir
      join channel_order_returns r on r.id = ir.channel_order_return_id
      where ir.account_id = ${music} and ir.customer_id is not null order by ir.id desc limit 4`);
    const [first, second, third, fourth] = picked as [
      (typeof picked)[0],
      (typeof picked)[0],
      (typeof picked)[0],
      (typeof picked)[0],
    ];
    const renumber = (order: number, number: string) =>
      t.deps.db.execute(sql`update channel_orders set channel_order_number = ${number} where id = ${order}`);
    // Held at the start of one return's text (its order number) and past it in another's (a customer's name).
    await renumber(first.order_id, 'QZ7-HEAD-1');
    await t.deps.db.execute(
      sql`update customers set last_name = 'Xqz7-head' where id = ${second.customer_id}`,
    );
    const both = await holding('qz7-head');
    expect(both).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(await run('Qz7-Head')).toEqual(both.slice(0, 3));
    // Longer than the indexed start: the whole text is checked.
    const long = `LONG-${'A'.repeat(70)}-1`;
    await renumber(third.order_id, long);
    expect(await holding(long.slice(0, 72))).toEqual([third.id]);
    expect(await run(long.slice(0, 72))).toEqual([third.id]);
    expect(await run(`${long.slice(0, 70)}B`)).toEqual([]);
    // '%' and '_' at the start are found as written, never as wildcards.
    await renumber(fourth.order_id, 'P%_Q-1');
    expect(await run('p%_q')).toEqual([fourth.id]);
    expect(await run('p_%q')).toEqual([]);
    expect(await run('p%q')).toEqual([]);
    expect(await run('p__q')).toEqual([]);
  });
});

describe('who sees what', () => {
  it("never lists another account's returns, whatever is searched", async () => {
    const [order] = await rows<{ id: number }>(sql`
      insert into channel_orders (account_id, channel_order_number, ordered_at)
      values (${outlet}, 'OUTLET-RET-777', now() + interval '1 day') returning id`);
    const [customer] = await rows<{ id: number }>(sql`
      insert into customers (account_id, first_name, last_name, email)
      values (${outlet}, 'Ottilie', 'Outletson', 'ottilie@outlet.example') returning id`);
    const [channelReturn] = await rows<{ id: number }>(sql`
      insert into channel_order_returns (account_id, channel_order_id, reference_id)
      values (${outlet}, ${order!.id}, 'DOUTLET77RRMA') returning id`);
    const [foreign] = await rows<{ id: number }>(sql`
      insert into inbound_returns (account_id, return_status_id, customer_id, channel_order_return_id)
      values (${outlet}, 10, ${customer!.id}, ${channelReturn!.id}) returning id`);
    await t.deps.db.execute(sql`
      insert into inbound_return_shipments (account_id, inbound_return_id, tracking_number)
      values (${outlet}, ${foreign!.id}, '1ZOUTLET00000000777')`);

    for (const text of [
      '',
      String(foreign!.id),
      String(order!.id),
      'OUTLET-RET-777',
      'ottilie',
      'ottilie@outlet.example',
      'DOUTLET77RRMA',
      '1ZOUTLET00000000777',
    ]) {
      const reply = await search({ search: text });
      expect(ids(reply), text).not.toContain(foreign!.id);
      expect(JSON.stringify(reply), text).not.toMatch(/OUTLET-RET-777|Ottilie/);
    }
    // Demo Outlet's own user finds it.
    expect(ids(await search({ search: 'ottilie' }, { who: 'outlet' }))).toEqual([foreign!.id]);
  });

  it('refuses a user without the returns permission (403) and a status no list has (400)', async () => {
    const res = await t.as(
      'sales',
      'POST',
      `${URL}?inboundReturnStatusId=10&inboundReturnAppealStatusId=0`,
      {},
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    for (const query of [
      'inboundReturnStatusId=987654',
      'inboundReturnAppealStatusId=3',
      'inboundReturnStatusId=x',
    ]) {
      const bad = await t.as('admin', 'POST', `${URL}?${query}`, {});
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error.code).toBe('validation');
    }
    const badType = await t.as('admin', 'POST', `${URL}`, { search: 'x', type: 'not a type' });
    expect(badType.statusCode).toBe(400);
  });
});

describe("the row's order, channel and customer kept on the return (migration 0031's triggers)", () => {
  /**
   * The returns (of every account) whose kept fields differ from what their order, channel and customer say,
   * or whose kept row (migration 0034) differs from what JSON.stringify writes of those fields, closing brace
   * left off.
   */
  const drifted = async () => [...(await fieldsDrifted()), ...(await rowsDrifted())];
  const rowsDrifted = async () => {
    const kept = await rows<{
      id: number;
      return_status_id: number;
      search_reference_id: string | null;
      search_appeal_status_id: number | null;
      search_order_id: number | null;
      search_order_number: string | null;
      search_customer_first_name: string | null;
      search_customer_last_name: string | null;
      search_channel_name: string | null;
      search_site_id: number | null;
      search_order_status_id: number | null;
      ordered_ms: string;
      search_note_count: number;
      search_row_json: string | null;
    }>(sql`select ir.*,
        (extract(epoch from date_trunc('milliseconds', ir.search_ordered_at)) * 1000)::bigint::text as ordered_ms
      from inbound_returns ir order by ir.id`);
    const statusName = (id: number) => RETURN_STATUSES.find((s) => s.id === id)?.name ?? `Status ${id}`;
    return kept
      .filter((r) => {
        const name =
          r.search_customer_first_name === null
            ? null
            : `${r.search_customer_first_name} ${r.search_customer_last_name ?? ''}`.trim() || null;
        const row = {
          id: r.id,
          returnStatusId: r.return_status_id,
          returnStatus: { id: r.return_status_id, name: statusName(r.return_status_id) },
          referenceId: r.search_reference_id,
          inboundReturnAppealStatusId: r.search_appeal_status_id,
          channelOrderId: r.search_order_id,
          channelOrderNumber: r.search_order_number,
          customerName: name,
          channelName: r.search_channel_name,
          siteId: r.search_site_id,
          systemOrderStatus:
            r.search_order_status_id === null
              ? null
              : { id: r.search_order_status_id, name: orderStatusName(r.search_order_status_id) },
          orderedAt: new Date(Number(r.ordered_ms)).toISOString(),
          noteCount: r.search_note_count,
        };
        return r.search_row_json !== JSON.stringify(row).slice(0, -1);
      })
      .map((r) => ({ id: r.id, kept: r.search_row_json }));
  };
  const fieldsDrifted = () =>
    rows<{ id: number }>(sql`
      select ir.id from inbound_returns ir
      left join channel_order_returns r on r.id = ir.channel_order_return_id
      left join channel_orders o on o.id = r.channel_order_id
      left join sales_channels ch on ch.id = o.channel_id
      left join customers c on c.id = coalesce(ir.customer_id, o.customer_id)
      where (ir.search_reference_id, ir.search_order_id, ir.search_order_number, ir.search_order_status_id,
          ir.search_channel_name, ir.search_site_id, ir.search_customer_first_name, ir.search_customer_last_name,
          ir.search_ordered_at)
        is distinct from (coalesce(ir.reference_id, r.reference_id), o.id, o.channel_order_number,
          o.system_order_status_id, ch.name, ch.site_id, c.first_name, c.last_name,
          coalesce(o.ordered_at, ir.requested_at))`);
  const row = async (id: number) => {
    const reply = await search({ search: String(id), type: 'inboundReturn' });
    expect(reply.data).toHaveLength(1);
    return reply.data[0]!;
  };
  const run = (query: ReturnType<typeof sql>) => t.deps.db.execute(query);

  it('holds what the joins say for every return after the demo data and the migration', async () => {
    expect(await drifted()).toEqual([]);
  });

  it('keeps the written row up to date: a new status, appeal status and note, a new return', async () => {
    const demo = await aReturn();
    const [appeal] = await rows<{ id: number }>(
      sql`select inbound_return_appeal_status_id as id from inbound_return_appeals limit 1`,
    );
    await run(sql`update inbound_returns set return_status_id = 15 where id = ${demo.id}`);
    expect(await drifted()).toEqual([]);
    expect(await row(demo.id)).toMatchObject({ returnStatusId: 15, returnStatus: { id: 15, name: 'Hold' } });
    const before = (await row(demo.id)).noteCount;
    const noted = await t.as('admin', 'PUT', '/api/v1/backroom/returns/notes', {
      inboundReturn: { id: demo.id, returnStatusId: 15, items: [] },
      text: 'Kept row note',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(await drifted()).toEqual([]);
    expect(await row(demo.id)).toMatchObject({ noteCount: before + 1, lastNote: { text: 'Kept row note' } });
    await run(sql`update inbound_returns set search_appeal_status_id = ${appeal!.id} where id = ${demo.id}`);
    expect(await drifted()).toEqual([]);
    expect((await row(demo.id)).inboundReturnAppealStatusId).toBe(appeal!.id);
    const [made] = await rows<{ id: number }>(sql`
      insert into inbound_returns (account_id) values (${music}) returning id`);
    expect(await drifted()).toEqual([]);
    expect(await row(made!.id)).toMatchObject({ id: made!.id, returnStatus: { name: 'Open' }, noteCount: 0 });
  });

  it("follows the order's new number, status and date", async () => {
    const demo = await aReturn();
    const [other] = await rows<{ status: number }>(sql`
      select system_order_status_id as status from channel_orders
      where system_order_status_id <> (select system_order_status_id from channel_orders where id = ${demo.order_id})
      limit 1`);
    await run(sql`update channel_orders set channel_order_number = 'RENUMBERED-0031',
      system_order_status_id = ${other!.status}, ordered_at = now() + interval '3 days' where id = ${demo.order_id}`);
    expect(await drifted()).toEqual([]);
    expect(await row(demo.id)).toMatchObject({
      channelOrderNumber: 'RENUMBERED-0031',
      systemOrderStatus: { id: other!.status },
    });
    // Newest order now: first in the list.
    expect(ids(await search({}))[0]).toBe(demo.id);
    expect(ids(await search({ search: 'RENUMBERED-0031', type: 'orderNumber' }))).toContain(demo.id);
  });

  it("follows the customer's new name, a change of case alone too", async () => {
    const demo = await aReturn();
    const [customer] = await rows<{ id: number }>(
      sql`select customer_id as id from inbound_returns where id = ${demo.id}`,
    );
    await run(
      sql`update customers set first_name = 'Zenobia', last_name = 'Okonkwo' where id = ${customer!.id}`,
    );
    expect(await drifted()).toEqual([]);
    expect((await row(demo.id)).customerName).toBe('Zenobia Okonkwo');
    await run(sql`update customers set last_name = 'OKONKWO' where id = ${customer!.id}`);
    expect(await drifted()).toEqual([]);
    expect((await row(demo.id)).customerName).toBe('Zenobia OKONKWO');
    // Written as the screen's rule says: first and last name, trimmed as String.prototype.trim does, null when empty.
    await run(
      sql`update customers set first_name = ${'\u00a0Zé "Zed"\t'}, last_name = '' where id = ${customer!.id}`,
    );
    expect((await row(demo.id)).customerName).toBe('Zé "Zed"');
    await run(sql`update customers set first_name = ' ', last_name = ${'\u3000'} where id = ${customer!.id}`);
    expect((await row(demo.id)).customerName).toBeNull();
  });

  it("follows the channel's new name, on every return of its orders", async () => {
    const demo = await aReturn(sql`ch.site_id = 1`);
    const [channel] = await rows<{ id: number; name: string }>(sql`
      select ch.id, ch.name from channel_orders o join sales_channels ch on ch.id = o.channel_id
      where o.id = ${demo.order_id}`);
    try {
      await run(sql`update sales_channels set name = 'Amazon Renamed' where id = ${channel!.id}`);
      expect(await drifted()).toEqual([]);
      expect(await row(demo.id)).toMatchObject({ channelName: 'Amazon Renamed', siteId: 1 });
    } finally {
      await run(sql`update sales_channels set name = ${channel!.name} where id = ${channel!.id}`);
    }
    expect(await drifted()).toEqual([]);
    expect((await row(demo.id)).channelName).toBe(channel!.name);
  });

  it('follows a return linked to another channel return, and a channel return moved to another order', async () => {
    const demo = await aReturn();
    const [another] = await rows<{
      return_id: number;
      order_id: number;
      number: string;
      rma: string | null;
    }>(sql`
      select r.id as return_id, o.id as order_id, o.channel_order_number as number, r.reference_id as rma
      from channel_order_returns r join channel_orders o on o.id = r.channel_order_id
      where r.account_id = ${music} and o.id <> ${demo.order_id} order by r.id desc limit 1`);
    await run(sql`update inbound_returns set channel_order_return_id = ${another!.return_id}, reference_id = null
      where id = ${demo.id}`);
    expect(await drifted()).toEqual([]);
    expect(await row(demo.id)).toMatchObject({
      channelOrderId: another!.order_id,
      channelOrderNumber: another!.number,
      referenceId: another!.rma,
    });

    const [third] = await rows<{ id: number; number: string }>(sql`
      select id, channel_order_number as number from channel_orders
      where account_id = ${music} and id not in (${demo.order_id}, ${another!.order_id}) order by id limit 1`);
    await run(sql`update channel_order_returns set channel_order_id = ${third!.id}, reference_id = 'RELINKED-RMA'
      where id = ${another!.return_id}`);
    expect(await drifted()).toEqual([]);
    expect(await row(demo.id)).toMatchObject({
      channelOrderId: third!.id,
      channelOrderNumber: third!.number,
      referenceId: 'RELINKED-RMA',
    });
    expect(ids(await search({ search: 'relinked-rma' }))).toContain(demo.id);
  });
});
