import { customerSchema } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app';

// A customer on a point-of-sale order (issue 16 #4): search by name, e-mail or phone, create, edit; the
// order's customer and its shipping address (orders-warehouse.md §4 Edit shipping address, §5 Address for
// shipping); each refused for another account's rows (404) and for bad input (400), changing nothing.

let t: TestApp;
const FP = '/api/v1/backroom/channelOrder/firstParty';
const customersOf = z.object({ code: z.literal(200), data: z.array(customerSchema) });
let music: number;
let outlet: number;
let texas: { id: number; code: string };
let salesCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('sales', 'outlet');
  salesCookie = await t.login('sales@backroom.local');
  [music, outlet] = (await t.rows<{ id: number }>(sql`select id from accounts order by id`)).map(
    (a) => a.id,
  ) as [number, number];
  [texas] = (await t.rows<{ id: number; code: string }>(
    sql`select s.id, s.code from states s join countries c on c.id = s.country_id where c.code = 'US' and s.code = 'TX'`,
  )) as [{ id: number; code: string }];
});
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) => (await t.rows<{ n: number }>(query))[0]!.n;
const address = () => ({
  name: 'Dana Whitfield',
  addressLine1: '500 Congress Ave',
  city: 'Austin',
  stateId: texas.id,
  postalCode: '78701',
  country: 'US',
  phone: '5125550147',
  email: 'dana.whitfield@example.com',
});

describe('customers', () => {
  it('creates a customer with a billing address, finds it by name, e-mail or phone, and edits it', async () => {
    const made = await t.as('sales', 'PUT', '/api/v1/backroom/customer', {
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: 'Dana.Whitfield@Example.com',
      phone: '(512) 555-0147',
      address: address(),
    });
    expect(made.statusCode).toBe(200);
    const customer = customersOf.parse(made.json()).data[0]!;
    expect(customer).toMatchObject({
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: 'dana.whitfield@example.com',
      address: {
        addressLine1: '500 Congress Ave',
        stateId: texas.id,
        stateOrProvidence: 'TX',
        country: 'US',
      },
    });
    for (const term of ['whitf', 'dana.whitfield@ex', '555-0147', 'Dana W']) {
      const found = await t.as(
        'sales',
        'GET',
        `/api/v1/backroom/customers?searchTerm=${encodeURIComponent(term)}`,
      );
      expect(found.statusCode, term).toBe(200);
      expect(
        customersOf.parse(found.json()).data.map((c) => c.id),
        term,
      ).toContain(customer.id);
    }
    // Another account sees none of it.
    const elsewhere = await t.as('outlet', 'GET', '/api/v1/backroom/customers?searchTerm=whitfield');
    expect(elsewhere.json().data).toEqual([]);

    const edited = await t.as('sales', 'PATCH', '/api/v1/backroom/customer', {
      id: customer.id,
      patch: { phone: '512 555 0199', address: { ...address(), addressLine1: '1 Main St' } },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data[0]).toMatchObject({
      phone: '512 555 0199',
      address: { addressLine1: '1 Main St' },
    });
  });

  it('refuses bad input with 400 and a taken e-mail with 409, making nothing', async () => {
    const before = await count(sql`select count(*)::int as n from customers where account_id = ${music}`);
    for (const body of [
      { firstName: '', lastName: '' },
      { lastName: 'Nobody', email: 'not-an-address' },
      { lastName: 'X'.repeat(81) },
    ]) {
      const res = await t.as('sales', 'PUT', '/api/v1/backroom/customer', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    expect((await t.as('sales', 'GET', '/api/v1/backroom/customers?searchTerm=a')).statusCode).toBe(400);
    const [taken] = await t.rows<{ email: string }>(
      sql`select email from customers where account_id = ${music} and email is not null order by id limit 1`,
    );
    const dup = await t.as('sales', 'PUT', '/api/v1/backroom/customer', {
      lastName: 'Twice',
      email: taken!.email.toUpperCase(),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(
      `A customer with the e-mail ${taken!.email.toLowerCase()} already exists.`,
    );
    expect(await count(sql`select count(*)::int as n from customers where account_id = ${music}`)).toBe(
      before,
    );
  });

  it("refuses to edit another account's customer with 404", async () => {
    const [foreign] = await t.rows<{ id: number; last_name: string }>(
      sql`select id, last_name from customers where account_id = ${outlet} order by id limit 1`,
    );
    const res = await t.as('sales', 'PATCH', '/api/v1/backroom/customer', {
      id: foreign!.id,
      patch: { lastName: 'Taken Over' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(`Customer ${foreign!.id} not found.`);
    const [after] = await t.rows<{ last_name: string }>(
      sql`select last_name from customers where id = ${foreign!.id}`,
    );
    expect(after!.last_name).toBe(foreign!.last_name);
  });
});

describe('the customer and shipping address of a first-party order', () => {
  it('sets both while the order is on hold; the detail shows them, the e-mail goes to the customer', async () => {
    const customer = (
      await t.as('sales', 'PUT', '/api/v1/backroom/customer', {
        firstName: 'Mo',
        lastName: 'Counter',
        email: 'mo.counter@example.com',
        address: address(),
      })
    ).json().data[0];
    let order = (await t.as('sales', 'PUT', FP, {})).json().data[0];
    const set = await t.as('sales', 'PATCH', FP, {
      channelOrderId: order.id,
      patch: {
        customerId: customer.id,
        shipTo: { ...address(), name: 'Mo Counter', stateId: null, stateOrProvidence: 'tx' },
      },
      sourceModifiedAt: order.sourceModifiedAt,
    });
    expect(set.statusCode).toBe(200);
    order = set.json().data[0];
    expect(order.customer).toMatchObject({
      id: customer.id,
      email: 'mo.counter@example.com',
      address: { addressLine1: '500 Congress Ave' },
    });
    // The state typed by its code is completed with its id, as §5 needs both.
    expect(order.shipTo.address).toMatchObject({
      name: 'Mo Counter',
      stateId: texas.id,
      stateOrProvidence: 'TX',
      countryId: 1,
      country: 'US',
    });
    expect(order.notes.map((n: { text: string }) => n.text)).toEqual(
      expect.arrayContaining([
        'Customer set to Mo Counter (mo.counter@example.com).',
        'Shipping address set to Mo Counter, 500 Congress Ave, Austin, TX, 78701.',
      ]),
    );
    const [row] = await t.rows<{ customer_id: number; default_ship_address_id: number }>(
      sql`select customer_id, default_ship_address_id from channel_orders where id = ${order.id}`,
    );
    expect(row!.customer_id).toBe(customer.id);
    expect(row!.default_ship_address_id).toBe(order.shipTo.address.id);

    // The confirmation e-mail of the counter sale goes to the customer, shipping to the order's address.
    const mailed = await t.app.inject({
      method: 'POST',
      url: '/api/v2/vsf/checkout/sendConfirmationEmail',
      headers: { cookie: salesCookie, 'x-site-id': '99', 'x-channel-id': String(order.channel.id) },
      payload: { channelOrderId: order.id },
    });
    expect(mailed.statusCode).toBe(200);
    expect(mailed.json().data[0]).toMatchObject({ to: 'mo.counter@example.com', status: 'outbox' });
    const [mail] = await t.rows<{ text: string }>(
      sql`select text from mail_outbox where channel_order_id = ${order.id} order by id desc limit 1`,
    );
    expect(mail!.text).toContain('Shipping to:\nMo Counter\n500 Congress Ave\nAustin TX 78701');
  });

  it('refuses a shipping address missing what §5 requires (400) and one set off hold (409), changing nothing', async () => {
    const order = (await t.as('sales', 'PUT', FP, {})).json().data[0];
    const missing = await t.as('sales', 'PATCH', FP, {
      channelOrderId: order.id,
      patch: { shipTo: { name: 'No Where', addressLine1: '1 Main St', country: 'US' } },
      sourceModifiedAt: order.sourceModifiedAt,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('The shipping address needs its city, zip code, state.');
    const released = (
      await t.as('sales', 'PATCH', FP, {
        channelOrderId: order.id,
        patch: { systemOrderStatusId: 4 },
        sourceModifiedAt: order.sourceModifiedAt,
      })
    ).json().data[0];
    const late = await t.as('sales', 'PATCH', FP, {
      channelOrderId: order.id,
      patch: { shipTo: address() },
      sourceModifiedAt: released.sourceModifiedAt,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Put the order on hold to change its shipping address');
    const [row] = await t.rows<{ default_ship_address_id: number | null }>(
      sql`select default_ship_address_id from channel_orders where id = ${order.id}`,
    );
    expect(row!.default_ship_address_id).toBeNull();
  });

  it("refuses another account's customer on the order with 404", async () => {
    const order = (await t.as('sales', 'PUT', FP, {})).json().data[0];
    const [foreign] = await t.rows<{ id: number }>(
      sql`select id from customers where account_id = ${outlet} order by id limit 1`,
    );
    const res = await t.as('sales', 'PATCH', FP, {
      channelOrderId: order.id,
      patch: { customerId: foreign!.id },
      sourceModifiedAt: order.sourceModifiedAt,
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.rows<{ customer_id: number | null }>(
      sql`select customer_id from channel_orders where id = ${order.id}`,
    );
    expect(row!.customer_id).toBeNull();
  });
});
