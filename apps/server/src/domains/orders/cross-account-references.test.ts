import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFingerprint } from '../../test/cross-account-links';
import { createTestApp, type TestApp } from '../../test/test-app';

// Orders that name another account's rows (issue 13 §2): a first-party order's customer, a refund's return.
// Every refusal changes nothing, in either account; a first-party order refused for its first item leaves
// no empty order behind; concurrent imports of one new customer make one customer.

let t: TestApp;
const FP = '/api/v1/backroom/channelOrder/firstParty';
let music: number;
let outlet: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin');
  [music, outlet] = (await t.rows<{ id: number }>(sql`select id from accounts order by id`)).map(
    (a) => a.id,
  ) as [number, number];
});
afterAll(() => t.close());

const one = async <T>(query: ReturnType<typeof sql>) => (await t.rows<T>(query))[0]!;
const count = async (query: ReturnType<typeof sql>) => (await one<{ n: number }>(query)).n;
const ordersOf = (accountId: number) =>
  count(sql`select count(*)::int as n from channel_orders where account_id = ${accountId}`);
const outletCustomer = () =>
  one<{ id: number; email: string }>(
    sql`select id, email from customers where account_id = ${outlet} order by id limit 1`,
  );
const musicCustomer = () =>
  one<{ id: number; email: string }>(
    sql`select id, email from customers where account_id = ${music} order by id limit 1`,
  );

describe("another account's customer on a first-party order", () => {
  it('PUT …/firstParty refuses it with 404, makes no order and shows nothing of the customer', async () => {
    const foreign = await outletCustomer();
    const before = await ordersOf(music);
    const outletBefore = await accountFingerprint(t, outlet);
    const res = await t.as('admin', 'PUT', FP, { customerId: foreign.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(`Customer ${foreign.id} not found.`);
    expect(res.body).not.toContain(foreign.email);
    expect(await ordersOf(music)).toBe(before);
    expect(await accountFingerprint(t, outlet)).toEqual(outletBefore);

    // The account's own customer is taken.
    const own = await musicCustomer();
    const made = await t.as('admin', 'PUT', FP, { customerId: own.id });
    expect(made.statusCode).toBe(200);
    expect(made.json().data[0].customer).toMatchObject({ id: own.id, email: own.email });
  });

  it('PATCH …/firstParty refuses it with 404 and leaves the order as it was', async () => {
    const order = (await t.as('admin', 'PUT', FP, {})).json().data[0];
    const foreign = await outletCustomer();
    const notesBefore = await count(
      sql`select count(*)::int as n from order_notes where channel_order_id = ${order.id}`,
    );
    const res = await t.as('admin', 'PATCH', FP, {
      channelOrderId: order.id,
      patch: { customerId: foreign.id },
      sourceModifiedAt: order.sourceModifiedAt,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(`Customer ${foreign.id} not found.`);
    expect(res.body).not.toContain(foreign.email);
    const after = await one<{ customerId: number | null; modifiedAt: Date }>(
      sql`select customer_id as "customerId", modified_at as "modifiedAt" from channel_orders where id = ${order.id}`,
    );
    expect(after.customerId).toBeNull();
    expect(new Date(after.modifiedAt).toISOString()).toBe(new Date(order.sourceModifiedAt).toISOString());
    expect(
      await count(sql`select count(*)::int as n from order_notes where channel_order_id = ${order.id}`),
    ).toBe(notesBefore);
    // Nothing links it now, so the outbox, searches and returns cannot show it either.
    const search = await t.as('admin', 'POST', '/api/v1/backroom/channelOrders', { customerId: foreign.id });
    expect(search.statusCode).toBe(404);

    const own = await musicCustomer();
    const changed = await t.as('admin', 'PATCH', FP, {
      channelOrderId: order.id,
      patch: { customerId: own.id },
      sourceModifiedAt: order.sourceModifiedAt,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data[0].customer).toMatchObject({ id: own.id });
  });

  it('cannot be linked even by a statement that skips the server: the database refuses it', async () => {
    const foreign = await outletCustomer();
    const order = (await t.as('admin', 'PUT', FP, {})).json().data[0];
    const error = await t
      .rows(sql`update channel_orders set customer_id = ${foreign.id} where id = ${order.id}`)
      .catch((e: { cause?: { code?: string }; code?: string }) => e.cause?.code ?? e.code);
    expect(error).toBe('23503');
  });
});

describe("a refund naming another account's return", () => {
  it('is refused with 404 and stores nothing; a return of the order is stored', async () => {
    const [product] = await t.rows<{ upc: string }>(sql`
      select p.upc from products p join inventory_location_items u on u.product_id = p.id
      where p.account_id = ${music} and p.type_id = 0 and p.is_active = 1 and p.upc is not null and p.price_sale > 1
        and u.is_deleted = 0 and u.picked_at is null
        and not exists (select 1 from pick_request_items pi where pi.inventory_location_item_id = u.id)
      order by p.id limit 1`);
    const order = (await t.as('admin', 'PUT', FP, {})).json().data[0];
    await t.as('admin', 'PUT', `${FP}/item`, { channelOrderId: order.id, barcode: product!.upc });
    const paid = await t.as('admin', 'PUT', `${FP}/manualPayment`, {
      channelOrderId: order.id,
      payment: { channelOrderPaymentTypeId: 5, amount: 1 },
    });
    const payment = paid.json().data[0].payments[0];
    const refund = (inboundReturnId: number) =>
      t.as('admin', 'PUT', `${FP}/refund`, {
        channelOrderId: order.id,
        channelOrderPaymentId: payment.id,
        destinationPaymentTypeId: 5,
        destinationPaymentRecordId: payment.id,
        amount: 1,
        refundReasonId: 20,
        inboundReturnId,
      });
    // Demo Outlet has no returns of its own yet.
    const foreign = await one<{ id: number }>(
      sql`insert into inbound_returns (account_id) values (${outlet}) returning id`,
    );
    const refused = await refund(foreign.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(`Return ${foreign.id} not found.`);
    expect(
      await count(
        sql`select count(*)::int as n from payment_refunds where channel_order_payment_id = ${payment.id}`,
      ),
    ).toBe(0);

    // The account's own return, but of another order: not this refund's.
    const otherOrders = await one<{ id: number }>(
      sql`select id from inbound_returns where account_id = ${music} order by id limit 1`,
    );
    const elsewhere = await refund(otherOrders.id);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error.message).toBe(
      `Return ${otherOrders.id} is not a return of order ${order.id}.`,
    );

    const started = await t.as('admin', 'PUT', '/api/v1/backroom/returns', { channelOrderId: order.id });
    expect(started.statusCode).toBe(200);
    const own = { id: started.json().data[0].id as number };
    expect((await refund(own.id)).statusCode).toBe(200);
    expect(
      await t.rows(
        sql`select inbound_return_id as "inboundReturnId" from payment_refunds where channel_order_payment_id = ${payment.id}`,
      ),
    ).toEqual([{ inboundReturnId: own.id }]);
  });
});

describe('a first-party order refused for its first item', () => {
  it('leaves no empty order behind: a listing of another channel', async () => {
    const listing = await one<{ id: number }>(sql`
      select l.id from channel_listings l join sales_channels c on c.id = l.channel_id
      where l.account_id = ${music} and c.channel_type_id = 3 order by l.id limit 1`);
    const before = await ordersOf(music);
    const notesBefore = await count(sql`select count(*)::int as n from order_notes`);
    const res = await t.as('admin', 'PUT', FP, { channelListingId: listing.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`Listing ${listing.id} is not on this order's channel.`);
    expect(await ordersOf(music)).toBe(before);
    expect(await count(sql`select count(*)::int as n from order_notes`)).toBe(notesBefore);
  });

  it('leaves no empty order behind: a product with no units free to sell', async () => {
    const listing = await one<{ id: number; sku: string }>(sql`
      select l.id, p.sku from channel_listings l join sales_channels c on c.id = l.channel_id
      join products p on p.id = l.product_id
      where l.account_id = ${music} and c.channel_type_id = 2 and l.is_active = 1 and p.is_active = 1 and p.type_id = 0
        and not exists (select 1 from inventory_location_items u where u.product_id = p.id)
      order by l.id limit 1`);
    const before = await ordersOf(music);
    const res = await t.as('admin', 'PUT', FP, { channelListingId: listing.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`${listing.sku} has no units free to sell in this warehouse.`);
    expect(await ordersOf(music)).toBe(before);
  });

  it('is made with its first item in one go when the item is allowed', async () => {
    const listing = await one<{ id: number; sku: string }>(sql`
      select l.id, l.listing_sku as sku from channel_listings l join sales_channels c on c.id = l.channel_id
      join products p on p.id = l.product_id
      where l.account_id = ${music} and c.channel_type_id = 2 and l.is_active = 1 and p.is_active = 1 and p.type_id = 0
        and exists (select 1 from inventory_location_items u where u.product_id = p.id and u.is_deleted = 0
          and u.picked_at is null and u.warehouse_id = (select min(id) from warehouses where account_id = ${music})
          and not exists (select 1 from pick_request_items pi where pi.inventory_location_item_id = u.id))
      order by l.id limit 1`);
    const res = await t.as('admin', 'PUT', FP, { channelListingId: listing.id });
    expect(res.statusCode).toBe(200);
    const order = res.json().data[0];
    expect(order.items.map((i: { listingSKU: string }) => i.listingSKU)).toEqual([listing.sku]);
    expect(order.notes.map((n: { text: string }) => n.text)).toEqual(
      expect.arrayContaining([`Order ${order.channelOrderNumber} created.`]),
    );
  });
});

describe('concurrent imports of orders sharing a new customer e-mail', () => {
  it('make exactly one customer, whom every order names', async () => {
    const [product] = await t.rows<{ sku: string }>(
      sql`select sku from products where account_id = ${music} order by id limit 1`,
    );
    const email = 'race.buyer@example.com';
    const order = (n: number) => ({
      siteId: 1,
      channelOrderNumber: `RACE-${n}`,
      orderedAt: '2026-11-20T15:30:00Z',
      customer: {
        firstName: 'Race',
        lastName: `Buyer ${n}`,
        // The same e-mail, whatever its case.
        email: n % 2 ? email : email.toUpperCase(),
        address: { name: 'Race Buyer', addressLine1: '1 Main St', city: 'Austin', country: 'US' },
      },
      items: [{ sku: product!.sku, quantityOrdered: 1, unitPrice: 10 }],
    });
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        t.as('admin', 'POST', '/api/v1/backroom/channelOrders/import', { orders: [order(n)] }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const customers = await t.rows<{ id: number; addressId: number | null }>(
      sql`select id, address_id as "addressId" from customers where account_id = ${music} and lower(email) = ${email}`,
    );
    expect(customers).toHaveLength(1);
    expect(customers[0]!.addressId).not.toBeNull();
    expect(
      await t.rows(sql`select distinct customer_id as "customerId" from channel_orders
        where account_id = ${music} and channel_order_number like 'RACE-%'`),
    ).toEqual([{ customerId: customers[0]!.id }]);
    expect(
      await count(
        sql`select count(*)::int as n from channel_orders where channel_order_number like 'RACE-%'`,
      ),
    ).toBe(10);
  });
});
