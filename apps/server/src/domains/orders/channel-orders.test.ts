import type { ChannelOrderListRow } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AuthContext } from '../auth/auth-cache';
import { loadOrderDetail } from './order-detail';
import { type SearchOptions, searchOrders } from './order-search';
import { orderListReply } from './orders.routes';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'sales', 'outlet', 'warehouse');
});
afterAll(() => t.close());

const call = (who: string, method: string, url: string, payload?: unknown) => t.as(who, method, url, payload);
// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field by the assertions
const data = async (res: ReturnType<typeof call>) => (await res).json().data as Record<string, any>[];
const rows = <T>(query: ReturnType<typeof sql>) => t.rows<T>(query);

/** searchOrders with its JSON page read back. */
async function search(auth: AuthContext, query: Parameters<typeof searchOrders>[2], options?: SearchOptions) {
  const page = await searchOrders(t.deps, auth, query, options);
  return { hasMore: page.hasMore, orders: JSON.parse(page.json) as ChannelOrderListRow[] };
}

async function aSku(who = 'admin') {
  const [p] = await rows<{ sku: string }>(sql`
    select p.sku from products p join accounts a on a.id = p.account_id
    where a.name = ${who === 'outlet' ? 'Demo Outlet' : 'Demo Music Co'} and p.type_id = 0 and p.is_active = 1 order by p.id limit 1`);
  return p!.sku;
}

function amazonOrder(number: string, sku: string, extra: Record<string, unknown> = {}) {
  return {
    siteId: 1,
    channelOrderNumber: number,
    orderedAt: '2026-11-20T15:30:00Z',
    deliverBy: '2026-11-25T20:00:00Z',
    isPrime: 1,
    customer: {
      firstName: 'Quinn',
      lastName: 'Importer',
      email: `quinn.${number}@example.com`,
      address: {
        name: 'Quinn Importer',
        addressLine1: '1 Main St',
        city: 'Austin',
        postalCode: '78701',
        country: 'US',
      },
    },
    shipTo: {
      name: 'Quinn Importer',
      addressLine1: '1 Main St',
      city: 'Austin',
      postalCode: '78701',
      country: 'US',
    },
    items: [{ sku, quantityOrdered: 2, unitPrice: 19.99, taxPercent: 8.25 }],
    payments: [{ amount: 43.28, referenceId: `AMZ-${number}` }],
    ...extra,
  };
}

describe('import', () => {
  it('creates an order with customer, items, payment and a system note, and updates it when sent again', async () => {
    const sku = await aSku();
    const first = await data(
      call('admin', 'POST', '/api/v1/backroom/channelOrders/import', {
        orders: [amazonOrder('111-0000001-0000001', sku)],
      }),
    );
    expect(first).toEqual([
      expect.objectContaining({ channelOrderNumber: '111-0000001-0000001', created: true }),
    ]);
    const again = await data(
      call('admin', 'POST', '/api/v1/backroom/channelOrders/import', {
        orders: [amazonOrder('111-0000001-0000001', sku, { systemOrderStatusId: 20 })],
      }),
    );
    expect(again).toEqual([expect.objectContaining({ id: first[0]!.id, created: false })]);
    const [order] = await data(
      call('admin', 'GET', `/api/v1/backroom/channelOrder?channelOrderId=${first[0]!.id}`),
    );
    expect(order).toMatchObject({
      channelOrderNumber: '111-0000001-0000001',
      isPrime: 1,
      systemOrderStatusId: 20,
      isFulfilled: true,
      channel: { siteId: 1, name: 'Amazon' },
      link: {
        href: 'https://sellercentral.amazon.com/orders-v3/order/111-0000001-0000001',
        isExternal: true,
      },
      customer: { firstName: 'Quinn', email: 'quinn.111-0000001-0000001@example.com' },
      shipTo: { address: { addressLine1: '1 Main St', city: 'Austin' } },
    });
    expect(order!.items).toHaveLength(1);
    expect(order!.items[0]).toMatchObject({
      quantityOrdered: 2,
      unitPrice: 19.99,
      lineTotal: 39.98,
      lineTax: 3.3,
    });
    expect(order!.totals).toMatchObject({ unitTotal: 39.98, taxTotal: 3.3, orderTotal: 43.28 });
    // The same payment reference is not recorded twice; the status change left a system note.
    expect(order!.payments).toHaveLength(1);
    expect(order!.notes.map((n: { text: string }) => n.text)).toEqual([
      expect.stringContaining('Status changed from New to Fulfilled'),
      'Order imported from Amazon.',
    ]);
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int n from channel_orders where channel_order_number = '111-0000001-0000001'`,
    );
    expect(count!.n).toBe(1);
  });

  it('never duplicates an order sent twice at the same time', async () => {
    const sku = await aSku();
    const body = { orders: [amazonOrder('111-0000002-0000002', sku)] };
    const replies = await Promise.all(
      [1, 2, 3].map(() => call('admin', 'POST', '/api/v1/backroom/channelOrders/import', body)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int n from channel_orders where channel_order_number = '111-0000002-0000002'`,
    );
    expect(count!.n).toBe(1);
    const [items] = await rows<{ n: number }>(sql`
      select count(*)::int n from channel_order_items i join channel_orders o on o.id = i.channel_order_id
      where o.channel_order_number = '111-0000002-0000002'`);
    expect(items!.n).toBe(1);
  });

  it('refuses an unknown site and a batch without the orders permission', async () => {
    const sku = await aSku();
    const res = await call('admin', 'POST', '/api/v1/backroom/channelOrders/import', {
      orders: [{ ...amazonOrder('X-1', sku), siteId: 5 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('No sales channel for site id 5');
    const denied = await call('warehouse', 'POST', '/api/v1/backroom/channelOrders/import', {
      orders: [amazonOrder('X-2', sku)],
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('search and detail', () => {
  it('pages newest first and finds by order number, customer and SKU', async () => {
    const page = await call('admin', 'POST', '/api/v1/backroom/channelOrders', { limit: 25 });
    expect(page.headers['content-type']).toMatch(/^application\/json/);
    // PostgreSQL writes the rows: the reply still has the documented shape.
    const list = orderListReply.parse(page.json());
    expect(list.error).toBeNull();
    expect(list.data).toHaveLength(25);
    expect(list.hasMore).toBe(true);
    const dates = list.data.map((o: { orderedAt: string }) => o.orderedAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const byNumber = await data(
      call('admin', 'POST', '/api/v1/backroom/channelOrders', { searchTerm: '111-0000001' }),
    );
    expect(byNumber.map((o) => o.channelOrderNumber)).toEqual(['111-0000001-0000001']);
    const [imported] = await rows<{ id: number; customer_id: number }>(sql`
      select id, customer_id from channel_orders where channel_order_number = '111-0000001-0000001'`);
    expect(byNumber[0]).toEqual({
      id: imported!.id,
      channelOrderNumber: '111-0000001-0000001',
      channelOrderTypeId: 1,
      systemOrderStatusId: expect.any(Number),
      orderedAt: '2026-11-20T15:30:00.000Z',
      billedOrderTotal: expect.any(Number),
      isPrime: 1,
      isFBA: 0,
      itemCount: 1,
      channelId: expect.any(Number),
      channel: { id: expect.any(Number), name: 'Amazon', siteId: 1, channelTypeId: expect.any(Number) },
      customerId: imported!.customer_id,
      customer: {
        id: imported!.customer_id,
        firstName: 'Quinn',
        lastName: 'Importer',
        email: 'quinn.111-0000001-0000001@example.com',
      },
    });
    const byCustomer = await data(
      call('admin', 'POST', '/api/v1/backroom/channelOrders', { searchTerm: 'quinn.111-0000002' }),
    );
    expect(byCustomer.map((o) => o.channelOrderNumber)).toEqual(['111-0000002-0000002']);
    const sku = await aSku();
    const bySku = await data(
      call('admin', 'POST', '/api/v1/backroom/channelOrders', { searchTerm: sku, limit: 250 }),
    );
    expect(bySku.map((o) => o.channelOrderNumber)).toContain('111-0000001-0000001');

    // A UPC, scanned or typed, finds the orders holding the product, whatever GTIN length it comes in.
    const [line] = await rows<{ upc: string; id: number; account_id: number }>(sql`
      select p.upc, o.id, o.account_id from channel_order_items i join products p on p.id = i.product_id
        join channel_orders o on o.id = i.channel_order_id
       where p.upc is not null and length(p.upc) = 12 and o.account_id = (select id from accounts where name = 'Demo Music Co')
       order by o.ordered_at desc, o.id desc limit 1`);
    for (const upc of [line!.upc, `00${line!.upc}`]) {
      const byUpc = await data(
        call('admin', 'POST', '/api/v1/backroom/channelOrders', { searchTerm: upc, limit: 250 }),
      );
      expect(byUpc.map((o) => o.id)).toContain(line!.id);
    }
    // A tracking number finds its order, in any case; another account's finds nothing here.
    await t.deps.db.execute(sql`insert into channel_order_shipments (account_id, channel_order_id, tracking_number)
      values (${line!.account_id}, ${line!.id}, '1ZTRACKSEARCH0000001')`);
    const byTracking = await data(
      call('admin', 'POST', '/api/v1/backroom/channelOrders', { searchTerm: '1ztracksearch0000001' }),
    );
    expect(byTracking.map((o) => o.id)).toEqual([line!.id]);
    const [foreign] = await rows<{ id: number; account_id: number }>(sql`
      select o.id, o.account_id from channel_orders o where o.account_id <> ${line!.account_id} limit 1`);
    expect(foreign, 'an order of another account').toBeDefined();
    if (foreign) {
      await t.deps.db.execute(sql`insert into channel_order_shipments (account_id, channel_order_id, tracking_number)
        values (${foreign.account_id}, ${foreign.id}, '1ZFOREIGNTRACK000001')`);
      expect(
        await data(
          call('admin', 'POST', '/api/v1/backroom/channelOrders', { searchTerm: '1ZFOREIGNTRACK000001' }),
        ),
      ).toEqual([]);
    }

    const held = await data(
      call('admin', 'POST', '/api/v1/backroom/channelOrders', { systemOrderStatusIds: [40, 41] }),
    );
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((o) => [40, 41].includes(o.systemOrderStatusId))).toBe(true);
  });

  it('finds the same pages whichever way it takes: ids gathered or orders walked, merged here or by the database', async () => {
    const [account] = await rows<{ id: number }>(sql`select id from accounts where name = 'Demo Music Co'`);
    const auth = { accountId: account!.id } as AuthContext;
    const sku = await aSku();
    for (const query of [
      { searchTerm: '111-', limit: 5, offset: 0 },
      { searchTerm: '111-', limit: 5, offset: 3 },
      { searchTerm: 'quinn', limit: 50, offset: 0 },
      { searchTerm: sku, limit: 7, offset: 2 },
      { searchTerm: sku, limit: 250, offset: 0, systemOrderStatusIds: [10, 20, 40] },
      { searchTerm: 'no such order anywhere', limit: 10, offset: 0 },
      { searchTerm: 'example.com', limit: 30, offset: 5 },
      { searchTerm: 'EXAMPLE', limit: 20, offset: 0, systemOrderStatusIds: [20] },
    ]) {
      const expected = await search(auth, query);
      // Every way of matching narrowed to ids, or left to PostgreSQL as a condition; a customer's name or
      // e-mail walked once, walked again further, or looked up among the customers first.
      for (const options of [
        { deepWindow: 0 },
        { gatherLimit: 0 },
        { deepWindow: 0, gatherLimit: 0 },
        { customerWalk: 3, customerWalkMax: 1e6 },
        { customerWalk: 1, customerWalkMax: 0 },
      ]) {
        expect(await search(auth, query, options)).toEqual(expected);
      }
    }
    const many = await search(auth, { searchTerm: sku, limit: 250, offset: 0 });
    expect(many.orders.length).toBeGreaterThan(1);
  });

  it('finds an order by its customer’s new name once the customer is renamed, whichever way it looks', async () => {
    const [account] = await rows<{ id: number }>(sql`select id from accounts where name = 'Demo Music Co'`);
    const auth = { accountId: account!.id } as AuthContext;
    const [customer] = await rows<{ id: number }>(sql`
      select customer_id as id from channel_orders where account_id = ${account!.id} and customer_id is not null
      order by ordered_at limit 1`);
    const theirs = await rows<{ id: number }>(sql`
      select id from channel_orders where customer_id = ${customer!.id} order by ordered_at desc, id desc`);
    const query = { searchTerm: 'Zyxwvutsrq', limit: 25, offset: 0 };
    expect((await search(auth, query)).orders).toEqual([]);

    await t.deps.db.execute(sql`update customers set last_name = 'Zyxwvutsrq' where id = ${customer!.id}`);
    for (const ways of [{}, { customerWalk: 1, customerWalkMax: 0 }, { customerWalk: 100_000 }]) {
      const found = await search(auth, query, ways);
      expect(found.orders.map((o) => o.id)).toEqual(theirs.map((o) => o.id));
    }
    // An order written for that customer carries the new name too.
    const [copied] = await rows<{ customer_search: string }>(sql`
      select customer_search from channel_orders where id = ${theirs[0]!.id}`);
    expect(copied!.customer_search).toContain('zyxwvutsrq');
  });

  it('packing search finds the orders holding a scanned UPC, oldest first, in the given statuses', async () => {
    // A product of Demo Music Co that is on some orders, scanned as the 12-digit code on its box.
    const [product] = await rows<{ id: number; upc: string; account_id: number }>(sql`
      select p.id, ltrim(p.normalized_upc, '0') as upc, p.account_id from products p
      join accounts a on a.id = p.account_id
      where a.name = 'Demo Music Co' and p.normalized_upc is not null
        and exists (select 1 from channel_order_items i where i.product_id = p.id)
      order by p.id limit 1`);
    const expected = await rows<{ id: number; system_order_status_id: number }>(sql`
      select o.id, o.system_order_status_id from channel_orders o
      where o.id in (select channel_order_id from channel_order_items where product_id = ${product!.id})
      order by o.ordered_at, o.id`);
    const scanned = product!.upc.padStart(12, '0');
    const all = await data(
      call('warehouse', 'POST', '/api/backroom/warehouse/channelOrder/packing/search', { upc: scanned }),
    );
    expect(all.map((o) => o.id)).toEqual(expected.map((o) => o.id).slice(0, 100));

    const status = expected[0]!.system_order_status_id;
    const filtered = await data(
      call('warehouse', 'POST', '/api/backroom/warehouse/channelOrder/packing/search', {
        upc: scanned,
        systemOrderStatusId: [status],
      }),
    );
    expect(filtered.map((o) => o.id)).toEqual(
      expected.filter((o) => o.system_order_status_id === status).map((o) => o.id),
    );
    expect(filtered[0]).toMatchObject({ systemOrderStatusId: status, itemCount: expect.any(Number) });

    // Another account's scan of the same code finds none of these orders; an empty scan is refused.
    const outlet = await data(
      call('outlet', 'POST', '/api/backroom/warehouse/channelOrder/packing/search', { upc: scanned }),
    );
    expect(outlet.filter((o) => expected.some((e) => e.id === o.id))).toEqual([]);
    const empty = await call('warehouse', 'POST', '/api/backroom/warehouse/channelOrder/packing/search', {
      upc: ' ',
    });
    expect(empty.statusCode).toBe(400);
    const salesPerson = await call('sales', 'POST', '/api/backroom/warehouse/channelOrder/packing/search', {
      upc: scanned,
    });
    expect(salesPerson.statusCode).toBe(403);
  });

  it('answers an order of another account with 404 and keeps it out of searches', async () => {
    const [outletOrder] = await rows<{ id: number; channel_order_number: string }>(sql`
      select o.id, o.channel_order_number from channel_orders o join accounts a on a.id = o.account_id
      where a.name = 'Demo Outlet' limit 1`);
    expect((await call('admin', 'GET', `/api/backroom/channelOrder/${outletOrder!.id}`)).statusCode).toBe(
      404,
    );
    expect(
      await data(
        call('admin', 'POST', '/api/v1/backroom/channelOrders', {
          searchTerm: outletOrder!.channel_order_number,
        }),
      ),
    ).toEqual([]);
    expect((await call('outlet', 'GET', `/api/backroom/channelOrder/${outletOrder!.id}`)).statusCode).toBe(
      200,
    );
  });

  it('shows related orders both ways, with their type', async () => {
    const [replacement] = await rows<{ id: number; related_order_id: number }>(sql`
      select id, related_order_id from channel_orders where related_order_id is not null order by id limit 1`);
    const [original] = await data(
      call('admin', 'GET', `/api/backroom/channelOrder/${replacement!.related_order_id}`),
    );
    expect(original!.relatedOrders).toEqual([
      expect.objectContaining({ id: replacement!.id, type: { name: 'Replacement' } }),
    ]);
    const [made] = await data(call('admin', 'GET', `/api/backroom/channelOrder/${replacement!.id}`));
    expect(made!.relatedOrders).toEqual([
      expect.objectContaining({ id: original!.id, type: { name: 'Original' } }),
    ]);
  });
});

describe('notes and actions', () => {
  it('adds a person’s note and lets only its author change it', async () => {
    const [order] = await rows<{ id: number }>(sql`select id from channel_orders order by id limit 1`);
    const saved = await data(
      call('sales', 'PATCH', '/api/backroom/warehouse/channelOrder/note', [
        { channelOrderId: order!.id, text: 'Called the customer.' },
      ]),
    );
    const mine = saved.find((n) => n.text === 'Called the customer.')!;
    expect(mine).toMatchObject({ noteTypeId: 0, user: { firstName: expect.any(String) } });
    const edit = await call('admin', 'PATCH', '/api/backroom/warehouse/channelOrder/note', [
      { id: mine.id, channelOrderId: order!.id, text: 'Changed by someone else' },
    ]);
    expect(edit.statusCode).toBe(403);
    const empty = await call('sales', 'PATCH', '/api/backroom/warehouse/channelOrder/note', [
      { channelOrderId: order!.id, text: '  ' },
    ]);
    expect(empty.statusCode).toBe(400);
  });

  it('enforces the action rules on the server and leaves a system note', async () => {
    const [backordered] = await rows<{ id: number }>(
      sql`select id from channel_orders where system_order_status_id = 30 order by id limit 1`,
    );
    const [made] = await data(
      call('admin', 'POST', '/api/backroom/warehouse/channelOrder/makeShippableBackorder', {
        channelOrderId: backordered!.id,
      }),
    );
    expect(made).toMatchObject({ systemOrderStatusId: 10 });
    expect(made!.notes[0].text).toContain('backorder made shippable');
    const twice = await call('admin', 'POST', '/api/backroom/warehouse/channelOrder/makeShippableBackorder', {
      channelOrderId: backordered!.id,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Only a backordered order can be made shippable');

    const [marketplace] = await rows<{ id: number }>(sql`
      select o.id from channel_orders o join sales_channels c on c.id = o.channel_id
      where c.channel_type_id = 3 and o.system_order_status_id = 4 order by o.id limit 1`);
    const cancel = await call('admin', 'POST', '/api/backroom/warehouse/channelOrder/cancel', {
      channelOrderId: marketplace!.id,
    });
    expect(cancel.statusCode).toBe(409);

    // Nothing picked yet (Awaiting Allocation, Picking at a packing warehouse): nothing to ship, nothing recorded.
    for (const status of [10, 12]) {
      const [unpicked] = await rows<{ id: number }>(sql`
        select o.id from channel_orders o left join warehouses w on w.id = o.override_warehouse_id
         where o.system_order_status_id = ${status} and coalesce(w.is_packing_required, 1) = 1 order by o.id limit 1`);
      expect(unpicked, `a demo order in status ${status}`).toBeDefined();
      if (!unpicked) continue;
      const before = await rows<{ n: number }>(
        sql`select count(*)::int as n from channel_order_shipments where channel_order_id = ${unpicked.id}`,
      );
      const early = await call('admin', 'POST', '/api/v1/backroom/warehouse/shipment/markShipped', {
        channelOrderId: unpicked.id,
        trackingNumbers: [],
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toMatch(/has nothing picked to ship yet$/);
      const after = await rows<{ n: number }>(
        sql`select count(*)::int as n from channel_order_shipments where channel_order_id = ${unpicked.id}`,
      );
      expect(after[0]!.n).toBe(before[0]!.n);
    }

    const [shippable] = await rows<{ id: number }>(
      sql`select id from channel_orders where system_order_status_id = 14 order by id limit 1`,
    );
    const [shipped] = await data(
      call('admin', 'POST', '/api/v1/backroom/warehouse/shipment/markShipped', {
        channelOrderId: shippable!.id,
        trackingNumbers: ['1Z999AA10123456784'],
      }),
    );
    expect(shipped).toMatchObject({ systemOrderStatusId: 20, isFulfilled: true });
    expect(shipped!.shipments.at(-1)).toMatchObject({ trackingNumber: '1Z999AA10123456784' });
    // The package being prepared is the one that went out: no open shipment is left behind without a number.
    const left = await rows<{ n: number }>(sql`
      select count(*)::int as n from channel_order_shipments
       where channel_order_id = ${shippable!.id} and (is_purchased = 0 or tracking_number is null) and is_voided = 0`);
    expect(left[0]!.n).toBe(0);
  });
});

describe('reference lists', () => {
  it('answers statuses, payment types without Venmo, delivery types, channels and sales people', async () => {
    const statuses = await data(call('sales', 'GET', '/api/backroom/warehouse/system/statuses'));
    expect(statuses.find((s) => s.id === 20)).toEqual({ id: 20, name: 'Fulfilled' });
    const types = await data(call('sales', 'GET', '/api/backroom/warehouse/channelOrder/paymentTypes'));
    expect(types.map((p) => p.name)).not.toContain('Venmo');
    expect(types.map((p) => p.id)).toContain(45);
    expect(
      (await data(call('sales', 'GET', '/api/backroom/warehouse/deliveryTypes'))).length,
    ).toBeGreaterThan(0);
    const channels = await data(call('sales', 'GET', '/api/backroom/warehouse/salesChannels'));
    expect(channels.map((c) => c.siteId).sort((a, b) => a - b)).toEqual([1, 2, 14, 99, 99]);
    const people = await data(call('sales', 'GET', '/api/v1/backroom/user?roleList=salesperson'));
    expect(people.map((p) => p.email)).toContain('sales@backroom.local');
  });
});

describe('the order detail', () => {
  /** The database handle, counting the queries a call starts (select, selectDistinct, execute). */
  function counting(db: Db) {
    const counter = { queries: 0 };
    const proxy = new Proxy(db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value === 'function' && ['select', 'selectDistinct', 'execute'].includes(String(key))) {
          return (...args: unknown[]) => {
            counter.queries++;
            return value.apply(target, args);
          };
        }
        return value;
      },
    });
    return { db: proxy as Db, counter };
  }

  it('costs the same few queries for 1 item as for 50 items, 10 payments and 10 shipments (no N+1)', async () => {
    const [small] = await rows<{ id: number; account_id: number }>(sql`
      select o.id, o.account_id from channel_orders o where (select count(*) from channel_order_items i where i.channel_order_id = o.id) = 1
        and exists (select 1 from channel_order_payments p where p.channel_order_id = o.id)
        and exists (select 1 from channel_order_shipments s where s.channel_order_id = o.id) order by o.id limit 1`);
    const accountId = small!.account_id;
    const [big] = await rows<{ id: number }>(sql`
      insert into channel_orders (account_id, channel_order_number, channel_id, ordered_at)
      select ${accountId}, 'N1-BIG', id, now() from sales_channels where account_id = ${accountId} and site_id = 1 returning id`);
    await t.deps.db.execute(sql`
      insert into channel_order_items (account_id, channel_order_id, product_id, description, quantity_ordered, unit_price, tax_percent)
      select ${accountId}, ${big!.id}, p.id, p.name, 1, 10, 8.25 from products p where p.account_id = ${accountId} order by p.id limit 50`);
    await t.deps.db.execute(sql`
      insert into item_discounts (account_id, channel_order_item_id, discount, is_flat) select ${accountId}, id, 1, 1 from channel_order_items where channel_order_id = ${big!.id}`);
    await t.deps.db.execute(sql`
      insert into channel_order_payments (account_id, channel_order_id, channel_order_payment_type_id, amount)
      select ${accountId}, ${big!.id}, 35, 10 from generate_series(1, 10)`);
    await t.deps.db.execute(sql`
      insert into payment_refunds (account_id, channel_order_payment_id, amount, destination_payment_type_id)
      select ${accountId}, id, 1, 35 from channel_order_payments where channel_order_id = ${big!.id}`);
    await t.deps.db.execute(sql`
      insert into channel_order_shipments (account_id, channel_order_id, is_shipped, tracking_number, shipped_at)
      select ${accountId}, ${big!.id}, 1, 'T' || n, now() from generate_series(1, 10) n`);
    await t.deps.db.execute(sql`
      insert into channel_order_shipment_items (channel_order_shipment_id, product_id, quantity)
      select s.id, i.product_id, 1 from channel_order_shipments s join channel_order_items i on i.channel_order_id = s.channel_order_id
      where s.channel_order_id = ${big!.id}`);
    // Five returns of the big order, each with a label, two payments and an appeal.
    await t.deps.db.execute(sql`
      insert into channel_order_returns (account_id, channel_order_id) select ${accountId}, ${big!.id} from generate_series(1, 5)`);
    await t.deps.db.execute(sql`
      insert into inbound_returns (account_id, channel_order_return_id)
      select ${accountId}, id from channel_order_returns where channel_order_id = ${big!.id}`);
    const returnsOfBig = sql`(select ir.id from inbound_returns ir join channel_order_returns r on r.id = ir.channel_order_return_id
      where r.channel_order_id = ${big!.id})`;
    await t.deps.db.execute(sql`
      insert into inbound_return_shipments (account_id, inbound_return_id, tracking_number)
      select ${accountId}, id, 'RT' || id from inbound_returns where id in ${returnsOfBig}`);
    await t.deps.db.execute(sql`
      insert into inbound_return_payments (account_id, inbound_return_id, amount)
      select ${accountId}, id, 5 from inbound_returns, generate_series(1, 2) where id in ${returnsOfBig}`);
    await t.deps.db.execute(sql`
      insert into inbound_return_appeals (account_id, inbound_return_id, claim_amount_dollar)
      select ${accountId}, id, 9 from inbound_returns where id in ${returnsOfBig}`);

    const forSmall = counting(t.deps.db);
    const smallDetail = await loadOrderDetail(forSmall.db, accountId, small!.id);
    const forBig = counting(t.deps.db);
    const bigDetail = await loadOrderDetail(forBig.db, accountId, big!.id);
    expect(smallDetail!.items).toHaveLength(1);
    expect(bigDetail!.items).toHaveLength(50);
    expect(bigDetail!.payments).toHaveLength(10);
    expect(bigDetail!.shipments).toHaveLength(10);
    expect(bigDetail?.shipments[0]?.items).toHaveLength(50);
    expect(bigDetail!.totals).toMatchObject({ unitTotal: 500, discountTotal: 50 });
    expect(bigDetail!.returns).toHaveLength(5);
    expect(
      bigDetail!.returns.every((r) => r.payments.length === 2 && r.appeal?.claimAmountDollar === 9),
    ).toBe(true);
    expect(forBig.counter.queries).toBe(forSmall.counter.queries);
    // A fixed number whatever the order holds: one more than before returns were listed.
    expect(forBig.counter.queries).toBeLessThanOrEqual(13);
  });
});
