import { returnDetailSchema } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'sales', 'outlet', 'warehouse');
});
afterAll(() => t.close());

const call = (who: string, method: string, url: string, payload?: unknown) => t.as(who, method, url, payload);
// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field by the assertions
const one = async (res: ReturnType<typeof call>) => (await res).json().data[0] as Record<string, any>;
const rows = <T>(query: ReturnType<typeof sql>) => t.rows<T>(query);

interface OrderPick {
  id: number;
  number: string;
}
const picked = new Set<number>();

/** A demo order of the account (with items unless it is another account's), on no return yet, not picked by another test. */
async function anOrder(where: ReturnType<typeof sql>, account = 'Demo Music Co'): Promise<OrderPick> {
  const withItems = account === 'Demo Music Co';
  const found = await rows<OrderPick>(sql`
    select o.id, o.channel_order_number as number from channel_orders o
    join accounts a on a.id = o.account_id join sales_channels c on c.id = o.channel_id
    where a.name = ${account} and ${where}
      and (${!withItems} or exists (select 1 from channel_order_items i where i.channel_order_id = o.id))
      and not exists (select 1 from channel_order_returns r where r.channel_order_id = o.id)
    order by o.id limit 20`);
  const order = found.find((o) => !picked.has(o.id));
  if (!order) throw new Error('no demo order fits');
  picked.add(order.id);
  return order;
}
const notCancelled = sql`o.system_order_status_id not between 50 and 59`;

describe('PUT /api/v1/backroom/returns (Start Return on the order detail)', () => {
  it('creates an open return expecting every ordered unit, shown in the order detail with notes on both', async () => {
    const order = await anOrder(sql`c.site_id = 1 and ${notCancelled}`);
    const lines = await rows<{
      id: number;
      product_id: number;
      quantity_ordered: number;
      unit_price: string;
    }>(sql`
      select id, product_id, quantity_ordered, unit_price from channel_order_items
      where channel_order_id = ${order.id} order by sort_order, id`);

    const res = await call('warehouse', 'PUT', '/api/v1/backroom/returns', { channelOrderId: order.id });
    expect(res.statusCode).toBe(200);
    const created = await one(Promise.resolve(res));
    expect(created.status).toEqual({ id: 1, name: 'Open' });
    expect(created.isOpen).toBe(true);
    expect(created.isFirstPartyReturn).toBe(false);
    expect(created.channelOrderReturn.channelOrderId).toBe(order.id);
    expect(created.channelOrderReturn.order.channelOrderNumber).toBe(order.number);
    expect(created.channelOrderReturn.order.channel.siteId).toBe(1);
    expect(
      created.items.map((i: Record<string, number>) => [
        i.channelOrderItemId,
        i.productId,
        i.quantity,
        i.quantityReceived,
      ]),
    ).toEqual(lines.map((l) => [l.id, l.product_id, l.quantity_ordered, 0]));
    expect(created.items.every((i: { status: { name: string } }) => i.status.name === 'New')).toBe(true);
    const units = lines.reduce((sum, l) => sum + l.quantity_ordered, 0);
    expect(created.notes.map((n: { text: string }) => n.text)).toEqual([
      `Return created from order ${order.number}, expecting ${units} unit${units === 1 ? '' : 's'}.`,
    ]);

    const detail = await one(call('admin', 'GET', `/api/backroom/channelOrder/${order.id}`));
    const amount =
      lines.reduce((sum, l) => sum + l.quantity_ordered * Math.round(Number(l.unit_price) * 100), 0) / 100;
    expect(detail.returns).toEqual([
      {
        id: created.id,
        referenceId: null,
        returnStatusId: 1,
        status: { id: 1, name: 'Open' },
        requestedAt: created.requestedAt,
        amount,
        shipments: [],
        payments: [],
        appeal: null,
      },
    ]);
    expect(detail.notes.map((n: { text: string }) => n.text)).toContain(
      `Return #${created.id} started, expecting ${units} unit${units === 1 ? '' : 's'}.`,
    );
  });

  it('makes one return per unit: a second click is refused, and a cancelled return frees its units again', async () => {
    const order = await anOrder(sql`c.site_id = 2 and ${notCancelled}`);
    const first = await one(call('admin', 'PUT', '/api/v1/backroom/returns', { channelOrderId: order.id }));
    const again = await call('admin', 'PUT', '/api/v1/backroom/returns', { channelOrderId: order.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`Every item of order ${order.number} is already on a return.`);

    await t.deps.db.execute(sql`update inbound_returns set return_status_id = 25 where id = ${first.id}`);
    const second = await call('admin', 'PUT', '/api/v1/backroom/returns', { channelOrderId: order.id });
    expect(second.statusCode).toBe(200);
    const detail = await one(call('admin', 'GET', `/api/backroom/channelOrder/${order.id}`));
    expect(
      detail.returns.map((r: { id: number; status: { name: string } }) => [r.id, r.status.name]),
    ).toEqual([
      [first.id, 'Cancelled'],
      [second.json().data[0].id, 'Open'],
    ]);
  });

  it("names the replacement issued for the return's order", async () => {
    const order = await anOrder(
      sql`${notCancelled} and exists (select 1 from channel_orders r where r.related_order_id = o.id and r.related_order_type_id = 1)`,
    );
    const [replacement] = await rows<{ id: number; number: string }>(sql`
      select id, channel_order_number as number from channel_orders where related_order_id = ${order.id}`);
    const created = await one(call('admin', 'PUT', '/api/v1/backroom/returns', { channelOrderId: order.id }));
    expect(created.channelOrderReturn.order.relatedOrders).toEqual([
      { id: replacement!.id, channelOrderNumber: replacement!.number, type: { id: 1, name: 'Replacement' } },
    ]);
  });

  it('marks a return of the own store first party', async () => {
    const order = await anOrder(sql`c.site_id = 99 and ${notCancelled}`);
    const created = await one(call('admin', 'PUT', '/api/v1/backroom/returns', { channelOrderId: order.id }));
    expect(created.isFirstPartyReturn).toBe(true);
  });

  it('refuses a cancelled order, an unknown or foreign order, bad input and a user without the returns permission', async () => {
    const cancelled = await anOrder(sql`o.system_order_status_id between 50 and 59`);
    const refused = await call('admin', 'PUT', '/api/v1/backroom/returns', { channelOrderId: cancelled.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/a cancelled order has nothing to return/);

    const foreign = await anOrder(sql`true`, 'Demo Outlet');
    expect(
      (await call('admin', 'PUT', '/api/v1/backroom/returns', { channelOrderId: foreign.id })).statusCode,
    ).toBe(404);
    expect(
      (await call('admin', 'PUT', '/api/v1/backroom/returns', { channelOrderId: 99_999_999 })).statusCode,
    ).toBe(404);
    expect(
      (await call('admin', 'PUT', '/api/v1/backroom/returns', { channelOrderId: 'abc' })).statusCode,
    ).toBe(400);
    expect((await call('admin', 'PUT', '/api/v1/backroom/returns', {})).statusCode).toBe(400);

    const order = await anOrder(sql`c.site_id = 14 and ${notCancelled}`);
    expect(
      (await call('sales', 'PUT', '/api/v1/backroom/returns', { channelOrderId: order.id })).statusCode,
    ).toBe(403);
    const [count] = await rows<{ n: number }>(sql`
      select count(*)::int as n from channel_order_returns where channel_order_id in (${cancelled.id}, ${foreign.id}, ${order.id})`);
    expect(count!.n).toBe(0);
  });
});

describe('GET /api/v1/backroom/returns/{id}', () => {
  it('reads a return with its labels, payments and appeal, which the order detail sums up', async () => {
    const order = await anOrder(sql`c.site_id = 1 and ${notCancelled}`);
    const created = await one(call('admin', 'PUT', '/api/v1/backroom/returns', { channelOrderId: order.id }));
    await t.deps.db.execute(sql`
      insert into inbound_return_shipments (account_id, inbound_return_id, tracking_number, carrier_fee_billed)
      select account_id, id, '1Z999AA10123456784', 7.25 from inbound_returns where id = ${created.id}`);
    await t.deps.db.execute(sql`
      insert into inbound_return_payments (account_id, inbound_return_id, amount, payment_number)
      select account_id, id, amount, 'R-' || amount from inbound_returns, (values (12.5), (3.25)) v(amount)
      where id = ${created.id}`);
    await t.deps.db.execute(sql`
      insert into inbound_return_appeals (account_id, inbound_return_id, claim_amount_dollar, reimbursement_amount_dollar)
      select account_id, id, 40, 15.75 from inbound_returns where id = ${created.id}`);
    await t.deps.db.execute(sql`
      update channel_order_returns set reference_id = 'RMA-778' where id = ${created.channelOrderReturn.id}`);

    const read = await one(call('warehouse', 'GET', `/api/v1/backroom/returns/${created.id}`));
    expect(read.referenceId).toBe('RMA-778');
    expect(
      read.shipments.map((s: Record<string, unknown>) => [s.trackingNumber, s.carrierFeeBilled]),
    ).toEqual([['1Z999AA10123456784', 7.25]]);
    expect(
      read.payments.map((p: Record<string, unknown>) => [p.amount, p.inboundReturnPaymentTypeId]),
    ).toEqual([
      [12.5, 35],
      [3.25, 35],
    ]);
    expect(read.appeal).toMatchObject({ claimAmountDollar: 40, reimbursementAmountDollar: 15.75 });

    const detail = await one(call('admin', 'GET', `/api/backroom/channelOrder/${order.id}`));
    expect(detail.returns[0]).toMatchObject({
      referenceId: 'RMA-778',
      shipments: [{ trackingNumber: '1Z999AA10123456784' }],
      payments: [{ amount: 12.5 }, { amount: 3.25 }],
      appeal: { claimAmountDollar: 40, reimbursementAmountDollar: 15.75 },
    });
  });

  it("groups items under the channel's return lines with the reason the customer gave the channel", async () => {
    // A demo marketplace return: its lines carry the channel's reason and, on some, the customer's words.
    const [seeded] = await rows<{ id: number; reasons: number }>(sql`
      select ir.id, count(cri.return_reason_note)::int as reasons from inbound_returns ir
      join accounts a on a.id = ir.account_id
      join inbound_return_items i on i.inbound_return_id = ir.id
      join channel_order_return_items cri on cri.id = i.channel_order_return_item_id
      where a.name = 'Demo Music Co' and ir.is_first_party_return = 0
      group by ir.id having count(cri.return_reason_note) > 0 order by ir.id limit 1`);
    const read = returnDetailSchema.parse(
      (await call('warehouse', 'GET', `/api/v1/backroom/returns/${seeded!.id}`)).json().data[0],
    );
    const stored = await rows<{
      item_id: number;
      line_id: number;
      reason_id: number;
      note: string | null;
    }>(sql`
      select i.id as item_id, cri.id as line_id, cri.return_reason_id as reason_id, cri.return_reason_note as note
      from inbound_return_items i join channel_order_return_items cri on cri.id = i.channel_order_return_item_id
      where i.inbound_return_id = ${seeded!.id} order by i.id`);
    expect(
      read.items.map((i) => [
        i.id,
        i.channelOrderReturnItemId,
        i.channelOrderReturnItem?.returnReasonId,
        i.channelOrderReturnItem?.returnReasonNote,
      ]),
    ).toEqual(stored.map((s) => [s.item_id, s.line_id, s.reason_id, s.note]));
    expect(read.items[0]!.channelOrderReturnItem?.returnReason?.name).toMatch(/^[A-Z]/);

    // Started here: one channel line per order line, no channel reason.
    const order = await anOrder(sql`c.site_id = 1 and ${notCancelled}`);
    const created = await one(call('admin', 'PUT', '/api/v1/backroom/returns', { channelOrderId: order.id }));
    for (const item of created.items) {
      expect(item.channelOrderReturnItem).toMatchObject({ quantity: item.quantity, returnReason: null });
    }
    const lines = await rows<{ n: number }>(sql`
      select count(*)::int as n from channel_order_return_items where channel_order_return_id = ${created.channelOrderReturn.id}`);
    expect(lines[0]!.n).toBe(created.items.length);
  });

  it("names a bad id in its refusal and keeps other accounts' returns out of reach", async () => {
    const bad = await call('admin', 'GET', '/api/v1/backroom/returns/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Return #abc is not a valid return id.');
    expect((await call('admin', 'GET', '/api/v1/backroom/returns/0')).json().error.message).toBe(
      'Return #0 is not a valid return id.',
    );

    const order = await anOrder(sql`c.site_id = 1 and ${notCancelled}`);
    const created = await one(call('admin', 'PUT', '/api/v1/backroom/returns', { channelOrderId: order.id }));
    const foreign = await call('outlet', 'GET', `/api/v1/backroom/returns/${created.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(`Return #${created.id} not found.`);
    expect((await call('sales', 'GET', `/api/v1/backroom/returns/${created.id}`)).statusCode).toBe(403);
  });

  it('lists the return and item statuses', async () => {
    const statuses = (await call('warehouse', 'GET', '/api/v1/backroom/returns/status')).json().data;
    expect(statuses.map((s: { name: string }) => s.name)).toEqual([
      'Open',
      'Pending Return',
      'In Process',
      'Hold',
      'Closed',
      'Cancelled',
      'Channel Appeal',
    ]);
    const itemStatuses = (await call('warehouse', 'GET', '/api/v1/backroom/returns/item/status')).json().data;
    expect(itemStatuses.map((s: { id: number }) => s.id)).toEqual([1, 5, 10, 15, 20, 25, 30]);
  });
});

describe.runIf(TEST_DB === 'postgres')('races on PostgreSQL', () => {
  it('ten simultaneous Start Return clicks on one order make exactly one return', async () => {
    const order = await anOrder(sql`c.site_id = 1 and ${notCancelled}`);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('admin', 'PUT', '/api/v1/backroom/returns', { channelOrderId: order.id }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const [count] = await rows<{ n: number }>(sql`
      select count(*)::int as n from channel_order_returns where channel_order_id = ${order.id}`);
    expect(count!.n).toBe(1);
  });
});
