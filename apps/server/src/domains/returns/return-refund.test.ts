import {
  errorEnvelopeSchema,
  formatMoney,
  returnRefundInfoSchema,
  returnRefundResultSchema,
  toCents,
} from '@backroom/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

// 'Create Return Refund' (returns.md §5, §6): first-party returns, through the orders refund rules.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'manager', 'warehouse', 'outlet');
}, 120_000);
afterAll(() => t?.close());

const R = '/api/v1/backroom/returns';
/** A reply as the test app answers it (its json() is checked field by field). */
type Reply = LightMyRequestResponse;
const refusal = (res: Reply) => {
  const body = errorEnvelopeSchema.parse(res.json());
  return [res.statusCode, body.error.code, body.error.message] as const;
};

interface Candidate {
  id: number;
  order_id: number;
  payment_id: number;
  amount: string;
}
const used = new Set<number>();

/** A demo first-party return of Demo Music Co whose order has one payment, not used by another test. */
async function firstPartyReturn(): Promise<Candidate> {
  const rows = await t.rows<Candidate>(sql`
    select ir.id, o.id as order_id, p.id as payment_id, p.amount
      from inbound_returns ir join channel_order_returns r on r.id = ir.channel_order_return_id
      join channel_orders o on o.id = r.channel_order_id join channel_order_payments p on p.channel_order_id = o.id
      join accounts a on a.id = ir.account_id
     where a.name = 'Demo Music Co' and ir.is_first_party_return = 1
       and p.channel_order_payment_type_id <> 45
       and (select count(*) from channel_order_payments x where x.channel_order_id = o.id) = 1
     order by ir.id`);
  const found = rows.find((row) => !used.has(row.id));
  expect(found, 'a demo first-party return').toBeDefined();
  used.add(found!.id);
  return found!;
}

describe('GET …/returns/{id}/refund', () => {
  it('lists the order’s payments with what each still holds, the units expected and their value', async () => {
    const ret = await firstPartyReturn();
    const res = await t.as('manager', 'GET', `${R}/${ret.id}/refund`);
    expect(res.statusCode, res.body).toBe(200);
    const info = returnRefundInfoSchema.parse(res.json().data[0]);
    const [expected] = await t.rows<{ quantity: number; value: string }>(sql`
      select sum(i.quantity)::int as quantity from inbound_return_items i where i.inbound_return_id = ${ret.id}`);
    expect(info).toMatchObject({
      inboundReturnId: ret.id,
      channelOrderId: ret.order_id,
      expectedQuantity: expected!.quantity,
      refundedForReturn: 0,
      payments: [
        expect.objectContaining({
          id: ret.payment_id,
          amount: Number(ret.amount),
          unrefunded: Number(ret.amount),
        }),
      ],
    });
    // The units expected were billed at most what was paid, and more than nothing.
    expect(info.returnValue).toBeGreaterThan(0);
    expect(toCents(info.returnValue)).toBeLessThanOrEqual(toCents(ret.amount));
  });
});

describe('PUT …/returns/refund', () => {
  it('refunds a payment for the return as a store manager, records it on the return and the order', async () => {
    const ret = await firstPartyReturn();
    const res = await t.as('manager', 'PUT', `${R}/refund`, {
      inboundReturnId: ret.id,
      channelOrderPaymentId: ret.payment_id,
      destinationPaymentTypeId: (
        await t.rows<{ t: number }>(
          sql`select channel_order_payment_type_id as t from channel_order_payments where id = ${ret.payment_id}`,
        )
      )[0]!.t,
      destinationPaymentRecordId: ret.payment_id,
      amount: 12.34,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = returnRefundResultSchema.parse(res.json().data[0]);
    expect(result).toMatchObject({ inboundReturnId: ret.id, amount: 12.34, newMerchantCredit: null });
    expect(
      await t.rows(sql`select amount, refund_reason_id as reason, inbound_return_id as "returnId"
        from payment_refunds where id = ${result.refundId}`),
    ).toEqual([{ amount: '12.34', reason: 20, returnId: ret.id }]);
    expect(
      await t.rows(sql`select payment_number as number, amount, inbound_return_payment_status_id as status
        from inbound_return_payments where inbound_return_id = ${ret.id} and reference_id = ${`refund-${result.refundId}`}`),
    ).toEqual([{ number: `Refund #${result.refundId}`, amount: '12.34', status: 10 }]);
    const [note] = await t.rows<{ text: string }>(
      sql`select text from inbound_return_notes where inbound_return_id = ${ret.id} order by id desc limit 1`,
    );
    expect(note!.text).toMatch(
      new RegExp(`^Refund #${result.refundId} of \\$12\\.34 from payment ${ret.payment_id}`),
    );
    const [orderNote] = await t.rows<{ text: string }>(
      sql`select text from order_notes where channel_order_id = ${ret.order_id} order by id desc limit 1`,
    );
    expect(orderNote!.text).toMatch(/^Refund of \$12\.34 .* reason: Return\.$/);
    // The info now counts it.
    const info = returnRefundInfoSchema.parse(
      (await t.as('manager', 'GET', `${R}/${ret.id}/refund`)).json().data[0],
    );
    expect(info.refundedForReturn).toBe(12.34);
    expect(info.payments[0]!.unrefunded).toBe((toCents(ret.amount) - 1234) / 100);

    // The same click again at once is refused whole.
    const again = await t.as('manager', 'PUT', `${R}/refund`, {
      inboundReturnId: ret.id,
      channelOrderPaymentId: ret.payment_id,
      destinationPaymentTypeId: 45,
      amount: 12.34,
    });
    expect(refusal(again)[0]).toBe(409);
    expect(
      await t.rows(sql`select id from payment_refunds where inbound_return_id = ${ret.id}`),
    ).toHaveLength(1);
  });

  it('refunds to a New Electronic Gift Card and shows its number once', async () => {
    const ret = await firstPartyReturn();
    const res = await t.as('admin', 'PUT', `${R}/refund`, {
      inboundReturnId: ret.id,
      channelOrderPaymentId: ret.payment_id,
      destinationPaymentTypeId: 45,
      amount: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = returnRefundResultSchema.parse(res.json().data[0]);
    expect(result.newMerchantCredit?.number).toMatch(/^\d{13}$/);
    expect(
      await t.rows(
        sql`select balance from merchant_credits where number = ${result.newMerchantCredit!.number}`,
      ),
    ).toEqual([{ balance: '5.00' }]);
  });

  it('never refunds above what the payment still holds, nor for others than store managers', async () => {
    const ret = await firstPartyReturn();
    const body = {
      inboundReturnId: ret.id,
      channelOrderPaymentId: ret.payment_id,
      destinationPaymentTypeId: 45,
      amount: (toCents(ret.amount) + 1) / 100,
    };
    expect(refusal(await t.as('manager', 'PUT', `${R}/refund`, body))).toEqual([
      409,
      'conflict',
      `Refund cannot exceed the unrefunded total of ${formatMoney(toCents(ret.amount))}`,
    ]);
    // Warehouse staff do not hold orderRefunds.
    expect(refusal(await t.as('warehouse', 'PUT', `${R}/refund`, { ...body, amount: 1 }))).toEqual([
      403,
      'forbidden',
      'You need the orderRefunds permission to do that.',
    ]);
    expect(refusal(await t.as('warehouse', 'GET', `${R}/${ret.id}/refund`))[0]).toBe(403);
    // Another account's return (its administrator holds every right there), a bad id, a zero amount.
    expect(refusal(await t.as('outlet', 'PUT', `${R}/refund`, { ...body, amount: 1 }))).toEqual([
      404,
      'not_found',
      `Return ${ret.id} not found.`,
    ]);
    expect(refusal(await t.as('outlet', 'GET', `${R}/${ret.id}/refund`))[0]).toBe(404);
    expect(refusal(await t.as('manager', 'PUT', `${R}/refund`, { ...body, inboundReturnId: 0 }))[0]).toBe(
      400,
    );
    expect(refusal(await t.as('manager', 'PUT', `${R}/refund`, { ...body, amount: 0 }))[0]).toBe(400);
    expect(refusal(await t.as('manager', 'GET', `${R}/abc/refund`))[0]).toBe(400);
    expect(await t.rows(sql`select id from payment_refunds where inbound_return_id = ${ret.id}`)).toEqual([]);
  });

  it('refuses a payment of another order, a marketplace return and a return expecting nothing', async () => {
    const ret = await firstPartyReturn();
    const other = await firstPartyReturn();
    const body = {
      inboundReturnId: ret.id,
      channelOrderPaymentId: ret.payment_id,
      destinationPaymentTypeId: 45,
      amount: 1,
    };
    expect(
      refusal(
        await t.as('manager', 'PUT', `${R}/refund`, { ...body, channelOrderPaymentId: other.payment_id }),
      ),
    ).toEqual([404, 'not_found', `Payment ${other.payment_id} not found on order ${ret.order_id}.`]);
    const [marketplace] = await t.rows<{ id: number }>(sql`
      select ir.id from inbound_returns ir join accounts a on a.id = ir.account_id
       where a.name = 'Demo Music Co' and ir.is_first_party_return = 0 order by ir.id limit 1`);
    expect(
      refusal(await t.as('manager', 'PUT', `${R}/refund`, { ...body, inboundReturnId: marketplace!.id })),
    ).toEqual([
      409,
      'conflict',
      `Return #${marketplace!.id} is not a first-party return: its channel refunds the buyer.`,
    ]);
    await t.rows(sql`update inbound_return_items set quantity = 0 where inbound_return_id = ${ret.id}`);
    expect(refusal(await t.as('manager', 'PUT', `${R}/refund`, body))).toEqual([
      409,
      'conflict',
      `Return #${ret.id} expects no units back: there is nothing to refund.`,
    ]);
    expect(await t.rows(sql`select id from payment_refunds where inbound_return_id = ${ret.id}`)).toEqual([]);
  });
});
