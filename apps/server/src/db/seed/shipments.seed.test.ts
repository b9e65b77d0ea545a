import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

// The demo data's order shipments (issue 14): the shipment panel and the packing station show each state at once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('warehouse');
}, 120_000);
afterAll(() => t?.close());

const countOf = async (where: ReturnType<typeof sql>) =>
  (
    await t.rows<{ n: number }>(sql`
      select count(*)::int as n from channel_order_shipments s join accounts a on a.id = s.account_id
      join channel_orders o on o.id = s.channel_order_id
      where a.name = 'Demo Music Co' and ${where}`)
  )[0]!.n;

describe('demo order shipments', () => {
  it('include unpacked, packed (box and weight), rated, bought with a sandbox label, and voided shipments', async () => {
    expect(
      await countOf(sql`s.is_packed = 0 and s.is_voided = 0 and o.system_order_status_id = 13`),
    ).toBeGreaterThan(2);
    expect(
      await countOf(
        sql`s.is_packed = 1 and s.is_purchased = 0 and s.warehouse_packaging_id is not null and s.package_weight_ounce > 0`,
      ),
    ).toBeGreaterThan(2);
    expect(await countOf(sql`s.rates is not null and s.is_purchased = 0`)).toBe(1);
    const bought = await t.rows<{ orderId: number; status: number; adapter: string; state: string }>(sql`
      select s.channel_order_id as "orderId", o.system_order_status_id as status, l.adapter, l.state
      from channel_order_shipments s join channel_orders o on o.id = s.channel_order_id
      join shipping_labels l on l.owner_kind = 'orderShipment' and l.owner_id = s.id
      order by l.id`);
    expect(bought.map(({ adapter, state, status }) => ({ adapter, state, status }))).toEqual([
      { adapter: 'sandbox', state: 'bought', status: 20 },
      { adapter: 'sandbox', state: 'voided', status: 13 },
    ]);
    // The voided one's order has the replacement waiting to be packed, and notes of both events.
    expect(await countOf(sql`o.id = ${bought[1]!.orderId} and s.is_voided = 0 and s.is_packed = 0`)).toBe(1);
    const notes = await t.rows<{ text: string }>(
      sql`select text from order_notes where channel_order_id = ${bought[1]!.orderId} and note_type_id <> 0 order by id`,
    );
    expect(notes.map((n) => n.text.split(' ')[1])).toEqual(expect.arrayContaining(['purchased', 'voided']));
  });

  it('a packed one loads for the packer and can be rated at once', async () => {
    const [packed] = await t.rows<{ id: number; orderId: number }>(sql`
      select s.id, s.channel_order_id as "orderId" from channel_order_shipments s join accounts a on a.id = s.account_id
      where a.name = 'Demo Music Co' and s.is_packed = 1 and s.is_purchased = 0 and s.rates is null order by s.id limit 1`);
    const shipments = await t.as(
      'warehouse',
      'GET',
      `/api/v1/backroom/warehouse/shipments?channelOrderId=${packed!.orderId}`,
    );
    expect(shipments.statusCode).toBe(200);
    expect(shipments.json().data[0].flags).toMatchObject({ canRecalculateRates: true });
    const res = await t.as('warehouse', 'POST', '/api/v1/backroom/warehouse/shipment/package/rates', {
      channelOrderId: packed!.orderId,
      channelOrderShipmentId: packed!.id,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
