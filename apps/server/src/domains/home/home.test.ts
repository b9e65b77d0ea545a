import {
  type HomeSummary,
  homeCardsFor,
  homeSummaryReplySchema,
  lastSevenDays,
  meSchema,
} from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

// The home page's figures (issue 19 §3), checked for each demo role against the database.

let t: TestApp;
const ROLES = ['admin', 'manager', 'sales', 'warehouse', 'outlet'] as const;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn(...ROLES);
});
afterAll(() => t.close());

async function home(who: string): Promise<HomeSummary> {
  const res = await t.as(who, 'GET', '/api/v1/backroom/home');
  expect(res.statusCode, res.body).toBe(200);
  return homeSummaryReplySchema.parse(res.json()).data[0]!;
}

async function me(who: string) {
  const body = (await t.as(who, 'GET', '/api/v1/backroom/auth/me')).json();
  return meSchema.parse(Array.isArray(body.data) ? body.data[0] : body.data);
}

const count = async (query: ReturnType<typeof sql>) => (await t.rows<{ n: number }>(query))[0]!.n;

/** What each card must count, in the account, as its list filters. */
function expectedCount(key: string, accountId: number) {
  switch (key) {
    case 'returnsPending':
      return count(
        sql`select count(*)::int as n from inbound_returns where account_id = ${accountId} and return_status_id = 5`,
      );
    case 'returnsInProcess':
      return count(
        sql`select count(*)::int as n from inbound_returns where account_id = ${accountId} and return_status_id = 10`,
      );
    case 'ordersToShip':
      return count(sql`select count(*)::int as n from channel_orders where account_id = ${accountId}
        and system_order_status_id in (10, 11, 12, 13, 14, 19, 21)`);
    case 'posOnHold':
      return count(sql`select count(*)::int as n from channel_orders o join sales_channels ch on ch.id = o.channel_id
        where o.account_id = ${accountId} and o.system_order_status_id between 40 and 49 and ch.channel_type_id = 2`);
    case 'printJobsFailed':
      return count(
        sql`select count(*)::int as n from print_jobs where account_id = ${accountId} and state = 'failed'`,
      );
    case 'printersOffline':
      // The demo's printers sit on the built-in print server, online whenever Backroom runs.
      return count(sql`select count(*)::int as n from printers p join print_servers s on s.id = p.server_id
        where p.account_id = ${accountId} and p.is_active = 1 and (s.is_active <> 1 or (p.status->>'online') = 'false'
          or (s.kind <> 'builtin' and (s.last_heartbeat_at is null or s.last_heartbeat_at < now() - interval '60 seconds')))`);
    case 'productsQueued':
      return count(sql`select count(distinct i.product_id)::int as n from product_queue_items i
        join product_queues q on q.id = i.queue_id where q.account_id = ${accountId}`);
    default:
      throw new Error(key);
  }
}

describe('GET /api/v1/backroom/home', () => {
  it.each(
    ROLES,
  )('shows %s the cards of their permission groups, each counted in their account', async (who) => {
    const user = await me(who);
    const summary = await home(who);
    expect(summary.cards.map((c) => c.key)).toEqual(homeCardsFor(user.permissionGroups));
    expect(summary.cards.length).toBeGreaterThan(0);
    for (const card of summary.cards) {
      expect(card.count, card.key).toBe(await expectedCount(card.key, user.currentAccount.id));
    }
    expect(summary.week.days).toEqual(lastSevenDays(new Date(), user.currentAccount.utcOffset).days);
    expect(summary.week.returnsReceived === null).toBe(!user.permissionGroups.includes('returns'));
  });

  it('links each card to its list with the same filter', async () => {
    const summary = await home('admin');
    const href = Object.fromEntries(summary.cards.map((c) => [c.key, c.href]));
    expect(href.returnsInProcess).toBe('/returns?inboundReturnStatusId=10');
    expect(href.ordersToShip).toBe('/orders?status=10,11,12,13,14,19,21');
    const [pos] = await t.rows<{ id: number }>(
      sql`select ch.id from sales_channels ch join accounts a on a.id = ch.account_id
        where a.name = 'Demo Music Co' and ch.channel_type_id = 2 order by ch.id limit 1`,
    );
    expect(href.posOnHold).toBe(`/orders?channel=${pos!.id}&status=40,41,42,43,44,45,46,47,48,49`);
    // Warehouse staff pack without the order desk's list: their card leads to the packing station.
    expect((await home('warehouse')).cards.find((c) => c.key === 'ordersToShip')?.href).toBe(
      '/warehouse/packing',
    );
  });

  it("counts the week's returned units and shipped orders by day at the account's offset", async () => {
    const user = await me('admin');
    const before = (await home('admin')).week;
    const accountId = user.currentAccount.id;
    // A unit received from a return now, and an order shipped now: today's figures grow by one each.
    const [unit] = await t.rows<{ id: number }>(sql`select id from inventory_location_items
      where account_id = ${accountId} and return_item_id is null order by id limit 1`);
    const [item] = await t.rows<{ id: number }>(sql`select i.id from inbound_return_items i
      where i.account_id = ${accountId} order by i.id limit 1`);
    await t.rows(sql`update inventory_location_items set return_item_id = ${item!.id}, received_at = now(), quantity = 1
      where id = ${unit!.id}`);
    const [shipment] = await t.rows<{ id: number }>(sql`select s.id from channel_order_shipments s
      where s.account_id = ${accountId} and (s.shipped_at is null or s.shipped_at < now() - interval '8 days')
        and not exists (select 1 from channel_order_shipments o where o.channel_order_id = s.channel_order_id
          and o.id <> s.id and o.shipped_at > now() - interval '8 days') order by s.id limit 1`);
    await t.rows(sql`update channel_order_shipments set shipped_at = now() where id = ${shipment!.id}`);
    const after = (await home('admin')).week;
    expect(after.returnsReceived?.[6]).toBe((before.returnsReceived?.[6] ?? Number.NaN) + 1);
    expect(after.ordersShipped?.[6]).toBe((before.ordersShipped?.[6] ?? Number.NaN) + 1);
    expect(after.returnsReceived?.slice(0, 6)).toEqual(before.returnsReceived?.slice(0, 6));
  });

  it('refuses a visitor who is not signed in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/backroom/home' })).statusCode).toBe(401);
  });
});
