import { formatMoney } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../test/test-app';

// First-party orders end to end through the API: the point-of-sale flow, every refusal, tenancy, and the
// money races (refunds, gift cards, unit allocation) that must come out right to the cent.

let t: TestApp;
const FP = '/api/v1/backroom/channelOrder/firstParty';

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'manager', 'sales', 'outlet');
});
afterAll(() => t.close());

const call = (
  who: string,
  method: string,
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => t.as(who, method, url, payload, headers);
// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field by the assertions
type Order = Record<string, any>;
async function orderOf(res: ReturnType<typeof call>, status = 200): Promise<Order> {
  const reply = await res;
  if (reply.statusCode !== status) throw new Error(`${reply.statusCode}: ${reply.body}`);
  return reply.json().data[0];
}
const rows = <T>(query: ReturnType<typeof sql>) => t.rows<T>(query);

/** Two products of Demo Music Co with free units in its POS warehouse, with their UPC and SKU. */
async function stockedProducts() {
  return rows<{ id: number; sku: string; upc: string; price: string; warehouse_id: number }>(sql`
    select p.id, p.sku, p.upc, p.price_sale::text as price, u.warehouse_id from products p
    join inventory_location_items u on u.product_id = p.id and u.is_deleted = 0 and u.picked_at is null
    join accounts a on a.id = p.account_id
    where a.name = 'Demo Music Co' and p.type_id = 0 and p.is_active = 1 and p.upc is not null and p.price_sale > 0
      and not exists (select 1 from pick_request_items pi where pi.inventory_location_item_id = u.id)
    group by p.id, u.warehouse_id having count(*) >= 3 order by p.id limit 2`);
}

async function newOrder(who = 'sales') {
  return orderOf(call(who, 'PUT', FP, {}));
}

describe('a point-of-sale sale', () => {
  it('creates, scans, discounts, takes cash and a gift card, finalizes and refunds to a new e-gift card, with notes', async () => {
    const [a, b] = await stockedProducts();
    let order = await newOrder();
    expect(order).toMatchObject({
      systemOrderStatusId: 40,
      state: 'On Hold',
      channel: { siteId: 99, channelTypeId: 2 },
    });
    expect(order.channelOrderNumber).toMatch(/^POS-\d{6}$/);

    order = await orderOf(call('sales', 'PUT', `${FP}/item`, { channelOrderId: order.id, barcode: a!.upc }));
    order = await orderOf(
      call('sales', 'PUT', `${FP}/item`, { channelOrderId: order.id, barcode: b!.sku.toLowerCase() }),
    );
    // The same product again raises its line's quantity.
    order = await orderOf(call('sales', 'PUT', `${FP}/item`, { channelOrderId: order.id, barcode: a!.upc }));
    expect(order.items.map((i: Order) => [i.product.sku, i.quantityOrdered])).toEqual([
      [a!.sku, 2],
      [b!.sku, 1],
    ]);

    order = await orderOf(
      call('sales', 'PUT', `${FP}/discount`, { channelOrderId: order.id, discountTypeId: 47, discount: 10 }),
    );
    order = await orderOf(
      call('sales', 'POST', `${FP}/applyPromotion`, { channelOrderId: order.id, redemptionCode: 'take10' }),
    );
    expect(order.discounts.map((d: Order) => [d.discountTypeId, d.discount])).toEqual([
      [47, 10],
      [60, 10],
    ]);
    // §5 Money, in cents: items, then 10 % of them, then $10; tax 8.25 % per line on its share of the net.
    const cents = (v: string | number) => Math.round(Number(v) * 100);
    const unitTotal = 2 * cents(a!.price) + cents(b!.price);
    const afterPercent = unitTotal - Math.round(unitTotal * 0.1);
    const subtotal = afterPercent - 1000;
    expect(cents(order.totals.unitTotal)).toBe(unitTotal);
    expect(cents(order.totals.discountTotal)).toBe(unitTotal - subtotal);
    const taxes = order.items.map((i: Order) => cents(i.lineTax));
    expect(cents(order.totals.taxTotal)).toBe(taxes[0] + taxes[1]);
    expect(cents(order.totals.orderTotal)).toBe(subtotal + taxes[0] + taxes[1]);
    const total = cents(order.totals.orderTotal);

    order = await orderOf(
      call('sales', 'PUT', `${FP}/manualPayment`, {
        channelOrderId: order.id,
        payment: { channelOrderPaymentTypeId: 5, amount: (total - 5000) / 100 },
      }),
    );
    order = await orderOf(
      call('sales', 'PUT', `${FP}/redeemMerchantCredit`, {
        channelOrderId: order.id,
        merchantCreditId: '//GC10000000000001//',
        verificationCode: '1234',
        amount: 50,
      }),
    );
    const [card] = await rows<{ balance: string }>(
      sql`select balance::text from merchant_credits where number = '10000000000001'`,
    );
    expect(card!.balance).toBe('50.00');

    order = await orderOf(
      call('sales', 'PATCH', `${FP}/finalize`, {
        channelOrderId: order.id,
        sourceModifiedAt: order.sourceModifiedAt,
      }),
    );
    expect(order.systemOrderStatusId).toBe(4);
    // The Orders list shows the total the money rules give, as the detail does (issue: POS orders at $0.00).
    const listed = await call('sales', 'POST', '/api/v1/backroom/channelOrders', {
      searchTerm: order.channelOrderNumber,
    });
    expect(listed.json().data.map((o: Order) => [o.id, o.billedOrderTotal])).toEqual([
      [order.id, total / 100],
    ]);

    const cash = order.payments.find((p: Order) => p.channelOrderPaymentTypeId === 5);
    const refunded = await call('manager', 'PUT', `${FP}/refund`, {
      channelOrderId: order.id,
      channelOrderPaymentId: cash.id,
      destinationPaymentTypeId: 45,
      destinationPaymentRecordId: null,
      amount: 7.5,
      refundReasonId: 15,
    });
    expect(refunded.statusCode).toBe(200);
    const after = refunded.json().data[0];
    expect(after.newMerchantCredit.number).toMatch(/^\d{13}$/);
    const [egc] = await rows<{ balance: string; merchant_credit_type_id: number }>(
      sql`select balance::text, merchant_credit_type_id from merchant_credits where number = ${after.newMerchantCredit.number}`,
    );
    expect(egc).toEqual({ balance: '7.50', merchant_credit_type_id: 10 });
    expect(after.payments.find((p: Order) => p.id === cash.id)).toMatchObject({
      refunded: 7.5,
      unrefunded: (total - 5000 - 750) / 100,
    });

    const notes = after.notes.map((n: Order) => n.text).join('\n');
    for (const expected of [
      'created',
      `Added 1 x ${a!.sku}`,
      'quantity raised to 2',
      'Order discount added: 10.00% Off',
      'Promotion TAKE10 applied',
      'Cash payment of',
      'Gift card ending 0001 redeemed',
      'Order finalized',
      'Status changed from On Hold to Ready',
      'Refund of $7.50',
      'Customer Requested',
    ]) {
      expect(notes).toContain(expected);
    }
  });

  it('refuses what the rules forbid', async () => {
    const [a] = await stockedProducts();
    const order = await newOrder();
    const stale = await call('sales', 'PATCH', `${FP}/finalize`, {
      channelOrderId: order.id,
      sourceModifiedAt: '2020-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('stale');
    expect(stale.json().error.message).toContain('changed by someone else');
    const empty = await call('sales', 'PATCH', `${FP}/finalize`, {
      channelOrderId: order.id,
      sourceModifiedAt: order.sourceModifiedAt,
    });
    expect(empty.json().error.message).toBe('An order without items cannot be finalized.');
    const unknown = await call('sales', 'PUT', `${FP}/item`, {
      channelOrderId: order.id,
      barcode: 'NO-SUCH-SKU',
    });
    expect(unknown.statusCode).toBe(404);

    let withItem = await orderOf(
      call('sales', 'PUT', `${FP}/item`, { channelOrderId: order.id, barcode: a!.sku }),
    );
    const tooMuch = await call('sales', 'PUT', `${FP}/manualPayment`, {
      channelOrderId: order.id,
      payment: { channelOrderPaymentTypeId: 5, amount: 999999 },
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toMatch(/is more than the \$[\d,.]+ due/);
    const overdraw = await call('sales', 'PUT', `${FP}/redeemMerchantCredit`, {
      channelOrderId: order.id,
      merchantCreditId: '1000000000002',
      verificationCode: '4567',
      amount: 1,
    });
    expect(overdraw.json().error.message).toBe(
      'Error Redeeming Merchant Credit: the card has $0.00, less than $1.00.',
    );
    const wrongCode = await call('sales', 'PUT', `${FP}/redeemMerchantCredit`, {
      channelOrderId: order.id,
      merchantCreditId: '1000000000001',
      verificationCode: '0000',
      amount: 1,
    });
    expect(wrongCode.json().error.message).toContain('verification code does not match');
    expect(
      (
        await call('sales', 'POST', `${FP}/applyPromotion`, {
          channelOrderId: order.id,
          redemptionCode: 'EXPIRED5',
        })
      ).json().error.message,
    ).toBe('Promotion code EXPIRED5 is not valid today.');
    expect(
      (
        await call('sales', 'PUT', `${FP}/discount`, {
          channelOrderId: order.id,
          discountTypeId: 60,
          discount: 5,
        })
      ).statusCode,
    ).toBe(400);

    withItem = await orderOf(
      call('sales', 'PUT', `${FP}/manualPayment`, {
        channelOrderId: order.id,
        payment: { channelOrderPaymentTypeId: 10, amount: 1 },
      }),
    );
    const payment = withItem.payments[0];
    const refund = (who: string, amount: number) =>
      call(who, 'PUT', `${FP}/refund`, {
        channelOrderId: order.id,
        channelOrderPaymentId: payment.id,
        destinationPaymentTypeId: 10,
        destinationPaymentRecordId: payment.id,
        amount,
        refundReasonId: 5,
      });
    expect((await refund('sales', 0.5)).statusCode).toBe(403);
    const above = await refund('manager', 1.01);
    expect(above.statusCode).toBe(409);
    expect(above.json().error.message).toBe('Refund cannot exceed the unrefunded total of $1.00');
    expect((await refund('manager', 1)).statusCode).toBe(200);
    expect((await refund('manager', 0.01)).json().error.message).toBe(
      'Refund cannot exceed the unrefunded total of $0.00',
    );

    // Finalize with money still due is refused with what to do, and changes nothing; Activate releases the
    // order to Awaiting Payment, which takes no new items (edit items only On Hold).
    const due = await orderOf(call('sales', 'GET', `/api/backroom/channelOrder/${order.id}`));
    const early = await call('sales', 'PATCH', `${FP}/finalize`, {
      channelOrderId: order.id,
      sourceModifiedAt: due.sourceModifiedAt,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      `${formatMoney(Math.round(due.totals.orderTotal * 100))} is still due. Take the payment before finalizing.`,
    );
    const unchanged = await orderOf(call('sales', 'GET', `/api/backroom/channelOrder/${order.id}`));
    expect(unchanged).toMatchObject({ systemOrderStatusId: 40, sourceModifiedAt: due.sourceModifiedAt });
    const released = await orderOf(
      call('sales', 'PATCH', FP, {
        channelOrderId: order.id,
        patch: { systemOrderStatusId: 4 },
        sourceModifiedAt: due.sourceModifiedAt,
      }),
    );
    expect(released.systemOrderStatusId).toBe(3);
    const late = await call('sales', 'PUT', `${FP}/item`, {
      channelOrderId: order.id,
      barcode: a!.sku,
    });
    expect(late.statusCode).toBe(409);
  });

  it('keeps each account to its own orders, cards and promotions', async () => {
    const order = await newOrder();
    expect((await call('outlet', 'GET', `/api/backroom/channelOrder/${order.id}`)).statusCode).toBe(404);
    expect(
      (await call('outlet', 'PUT', `${FP}/note`, { channelOrderId: order.id, noteText: 'x' })).statusCode,
    ).toBe(404);
    const outletOrder = await newOrder('outlet');
    const redeem = await call('outlet', 'PUT', `${FP}/redeemMerchantCredit`, {
      channelOrderId: outletOrder.id,
      merchantCreditId: '10000000000002',
      verificationCode: '2345',
      amount: 1,
    });
    expect(redeem.statusCode).toBe(409);
  });
});

describe('the status machine (first-party-status.ts) through the API', () => {
  const statusOf = async (id: number) =>
    (await rows<{ s: number }>(sql`select system_order_status_id s from channel_orders where id = ${id}`))[0]!
      .s;
  const pay = (id: number, amount: number, type = 5) =>
    orderOf(
      call('sales', 'PUT', `${FP}/manualPayment`, {
        channelOrderId: id,
        payment: { channelOrderPaymentTypeId: type, amount },
      }),
    );

  it('activated with money due, paid in two tenders: the payment that settles it makes it Ready', async () => {
    const [a] = await stockedProducts();
    let order = await orderOf(call('sales', 'PUT', FP, { barcode: a!.sku }));
    order = await orderOf(
      call('sales', 'PATCH', FP, {
        channelOrderId: order.id,
        patch: { systemOrderStatusId: 4 },
        sourceModifiedAt: order.sourceModifiedAt,
      }),
    );
    expect(order).toMatchObject({ systemOrderStatusId: 3, state: 'Awaiting Payment' });
    const total = Math.round(order.totals.orderTotal * 100);
    order = await pay(order.id, 10);
    expect(order).toMatchObject({ systemOrderStatusId: 3, state: 'Awaiting Payment' });
    order = await pay(order.id, (total - 1000) / 100, 25);
    expect(order).toMatchObject({ systemOrderStatusId: 4, state: 'Active' });
    expect(order.notes.map((n: Order) => n.text)).toContain(
      'Status changed from Awaiting Payment to Ready (paid in full).',
    );
    // Nothing more to take, and nothing left to finalize.
    expect((await pay(order.id, 0.01).catch((e: Error) => e)).toString()).toContain('409');
    const again = await call('sales', 'PATCH', `${FP}/finalize`, {
      channelOrderId: order.id,
      sourceModifiedAt: order.sourceModifiedAt,
    });
    expect(again.json().error.message).toBe('Only an order on hold or awaiting payment can be finalized');
  });

  it('paid in full on hold stays on hold until Finalize, which then completes the sale', async () => {
    const [a] = await stockedProducts();
    let order = await orderOf(call('sales', 'PUT', FP, { barcode: a!.sku }));
    order = await pay(order.id, order.totals.orderTotal);
    expect(order.systemOrderStatusId).toBe(40);
    order = await orderOf(
      call('sales', 'PATCH', `${FP}/finalize`, {
        channelOrderId: order.id,
        sourceModifiedAt: order.sourceModifiedAt,
      }),
    );
    expect(order).toMatchObject({ systemOrderStatusId: 4, state: 'Active' });
    expect(await statusOf(order.id)).toBe(4);
  });

  it('refuses to finalize an order paid beyond its total, and finishes one left awaiting payment though paid', async () => {
    const [a] = await stockedProducts();
    let order = await orderOf(call('sales', 'PUT', FP, { barcode: a!.sku }));
    order = await pay(order.id, order.totals.orderTotal);
    // The price comes down by half after the payment: too much was taken.
    order = await orderOf(
      call('sales', 'PATCH', `${FP}/item`, {
        channelOrderItemId: order.items[0].id,
        patch: { unitPrice: Math.round(order.items[0].unitPrice * 50) / 100 },
        sourceModifiedAt: order.sourceModifiedAt,
      }),
    );
    const over = await call('sales', 'PATCH', `${FP}/finalize`, {
      channelOrderId: order.id,
      sourceModifiedAt: order.sourceModifiedAt,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toMatch(
      /^\$[\d,]+\.\d\d was paid beyond the order total\. Refund it before finalizing\.$/,
    );
    expect(await statusOf(order.id)).toBe(40);

    // An order the old rules left Awaiting Payment with nothing due is finalized to Ready.
    const [b] = await stockedProducts();
    let stuck = await orderOf(call('sales', 'PUT', FP, { barcode: b!.sku }));
    stuck = await pay(stuck.id, stuck.totals.orderTotal);
    await t.deps.db.execute(sql`update channel_orders set system_order_status_id = 3 where id = ${stuck.id}`);
    stuck = await orderOf(call('sales', 'GET', `/api/backroom/channelOrder/${stuck.id}`));
    stuck = await orderOf(
      call('sales', 'PATCH', `${FP}/finalize`, {
        channelOrderId: stuck.id,
        sourceModifiedAt: stuck.sourceModifiedAt,
      }),
    );
    expect(stuck.systemOrderStatusId).toBe(4);
  });
});

describe('the first scan makes the order', () => {
  it('creates the order with its first item by UPC or SKU; a barcode nothing matches leaves no order', async () => {
    const [a] = await stockedProducts();
    const order = await orderOf(call('sales', 'PUT', FP, { barcode: a!.upc }));
    expect(order.items.map((i: Order) => [i.product.sku, i.quantityOrdered])).toEqual([[a!.sku, 1]]);
    expect(order.totals.unitTotal).toBe(Number(a!.price));
    const count = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from channel_orders`))[0]!.n;
    const before = await count();
    const refused = await call('sales', 'PUT', FP, { barcode: 'NO-SUCH-PRODUCT-ANYWHERE' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await count()).toBe(before);
  });
});

describe('listings', () => {
  it('lists a product on each channel; a listing id adds the item at the listing’s price', async () => {
    const [a] = await stockedProducts();
    const listings = (
      await call('sales', 'POST', '/api/backroom/products/listings', { productId: a!.id })
    ).json().data;
    expect(listings.map((l: Order) => l.channelName)).toEqual([
      'Amazon',
      'eBay',
      'Reverb',
      'Web Store',
      'Point of Sale',
    ]);
    const pos = listings.find((l: Order) => l.channelName === 'Point of Sale');
    const amazon = listings.find((l: Order) => l.channelName === 'Amazon');
    await t.deps.db.execute(sql`update channel_listings set price = 123.45 where id = ${pos.id}`);
    let order = await newOrder();
    order = await orderOf(
      call('sales', 'PUT', `${FP}/item`, { channelOrderId: order.id, channelListingId: pos.id }),
    );
    expect(order.items[0]).toMatchObject({ unitPrice: 123.45, product: { id: a!.id } });
    const elsewhere = await call('sales', 'PUT', `${FP}/item`, {
      channelOrderId: order.id,
      channelListingId: amazon.id,
    });
    expect(elsewhere.statusCode).toBe(400);
    // A scan is priced by the channel's listing too.
    order = await orderOf(
      call('sales', 'PUT', `${FP}/item`, { channelOrderId: (await newOrder()).id, barcode: a!.upc }),
    );
    expect(order.items[0].unitPrice).toBe(123.45);
    await t.deps.db.execute(
      sql`update channel_listings set price = ${a!.price}::numeric where id = ${pos.id}`,
    );
  });
});

describe('editing a sale', () => {
  it('changes and removes lines, item discounts, sales people, holds and activates, and counts promotion uses', async () => {
    const [a, b] = await stockedProducts();
    let order = await newOrder();
    order = await orderOf(call('sales', 'PUT', `${FP}/item`, { channelOrderId: order.id, barcode: a!.sku }));
    order = await orderOf(call('sales', 'PUT', `${FP}/item`, { channelOrderId: order.id, barcode: b!.sku }));
    const [lineA, lineB] = order.items;
    order = await orderOf(
      call('sales', 'PATCH', `${FP}/item`, {
        channelOrderItemId: lineA.id,
        patch: { unitPrice: 100, quantityOrdered: 2 },
        sourceModifiedAt: order.sourceModifiedAt,
      }),
    );
    expect(order.items[0]).toMatchObject({ unitPrice: 100, quantityOrdered: 2, lineTotal: 200 });
    order = await orderOf(
      call('sales', 'PUT', `${FP}/item/discount`, { channelOrderItemId: lineA.id, discount: 5, isUnit: 1 }),
    );
    expect(order.items[0].discounts[0]).toMatchObject({ label: '$5.00/ea' });
    expect(order.items[0].lineDiscount).toBe(10);
    order = await orderOf(
      call('sales', 'PATCH', `${FP}/item/discount`, {
        id: order.items[0].discounts[0].id,
        patch: { isActive: 0 },
      }),
    );
    expect(order.items[0].lineDiscount).toBe(0);
    const [salesUser] = await rows<{ id: number }>(
      sql`select id from users where email = 'sales@backroom.local'`,
    );
    order = await orderOf(
      call('sales', 'PATCH', `${FP}/salesPeople`, { channelOrderItemId: lineA.id, userIds: [salesUser!.id] }),
    );
    expect(order.items[0].salesPeople).toEqual([expect.objectContaining({ id: salesUser!.id })]);
    order = await orderOf(
      call('sales', 'PATCH', `${FP}/item`, {
        channelOrderItemId: lineB.id,
        patch: { quantityOrdered: 0 },
        sourceModifiedAt: order.sourceModifiedAt,
      }),
    );
    expect(order.items).toHaveLength(1);

    // ONCE20 can be used once: applied here, refused elsewhere, free again once removed.
    order = await orderOf(
      call('sales', 'POST', `${FP}/applyPromotion`, { channelOrderId: order.id, redemptionCode: 'ONCE20' }),
    );
    const other = await orderOf(
      call('sales', 'PUT', `${FP}/item`, { channelOrderId: (await newOrder()).id, barcode: a!.sku }),
    );
    const usedUp = await call('sales', 'POST', `${FP}/applyPromotion`, {
      channelOrderId: other.id,
      redemptionCode: 'ONCE20',
    });
    expect(usedUp.json().error.message).toBe('Promotion code ONCE20 has been used up.');
    order = await orderOf(
      call('sales', 'POST', `${FP}/removePromotion`, { channelOrderId: order.id, redemptionCode: 'ONCE20' }),
    );
    expect(order.discounts).toEqual([]);
    await orderOf(
      call('sales', 'POST', `${FP}/applyPromotion`, { channelOrderId: other.id, redemptionCode: 'once20' }),
    );

    // Activate with money due goes to Awaiting Payment; Hold brings it back.
    order = await orderOf(
      call('sales', 'PATCH', FP, {
        channelOrderId: order.id,
        patch: { systemOrderStatusId: 4 },
        sourceModifiedAt: order.sourceModifiedAt,
      }),
    );
    expect(order).toMatchObject({ systemOrderStatusId: 3, state: 'Awaiting Payment' });
    order = await orderOf(
      call('sales', 'PATCH', FP, {
        channelOrderId: order.id,
        patch: { systemOrderStatusId: 40 },
        sourceModifiedAt: order.sourceModifiedAt,
      }),
    );
    expect(order).toMatchObject({ systemOrderStatusId: 40, state: 'On Hold' });
    const again = await call('sales', 'PATCH', FP, {
      channelOrderId: order.id,
      patch: { systemOrderStatusId: 40 },
      sourceModifiedAt: order.sourceModifiedAt,
    });
    expect(again.statusCode).toBe(409);
  });

  it('allocates units, marks one picked, and completes a cancellation that puts them into a chosen bin', async () => {
    const [a] = await stockedProducts();
    let order = await newOrder();
    order = await orderOf(
      call('sales', 'PUT', `${FP}/item`, { channelOrderId: order.id, barcode: a!.sku, quantity: 2 }),
    );
    const units = (
      await call('sales', 'POST', '/api/v1/backroom/inventory/getAvailableUnitSelectionData', {
        productIds: [a!.id],
        warehouseIds: [a!.warehouse_id],
      })
    ).json().data;
    expect(units.length).toBeGreaterThanOrEqual(2);
    order = await orderOf(
      call('sales', 'PATCH', `${FP}/allocateSelectedProductUnits`, {
        channelOrderId: order.id,
        warehouseId: a!.warehouse_id,
        selectedProductUnits: units
          .slice(0, 2)
          .map((u: Order) => ({ channelOrderItemId: order.items[0].id, inventoryLocationItemId: u.id })),
      }),
    );
    expect(order.items[0].quantityAllocated).toBe(2);
    const tooMany = await call('sales', 'PATCH', `${FP}/allocateSelectedProductUnits`, {
      channelOrderId: order.id,
      warehouseId: a!.warehouse_id,
      selectedProductUnits: [
        { channelOrderItemId: order.items[0].id, inventoryLocationItemId: units[2]?.id ?? units[0].id },
      ],
    });
    expect(tooMany.statusCode).toBe(409);
    const [unit] = order.items[0].units;
    order = await orderOf(
      call('sales', 'PATCH', '/api/backroom/chaos/markPicked', {
        inventoryLocationItem: unit.inventoryLocationItemId,
        pickRequestItem: unit.pickRequestItemId,
      }),
    );
    expect(order.items[0].units.filter((u: Order) => u.pickedAt)).toHaveLength(1);

    const options = (
      await call('sales', 'POST', '/api/v1/backroom/inventory/getDeallocationUnitOptions', {
        pickRequestId: unit.pickRequestId,
      })
    ).json().data[0];
    expect(options.units).toHaveLength(2);
    const bin = options.divisions[0];
    order = await orderOf(
      call('sales', 'POST', '/api/backroom/warehouse/channelOrder/cancel', { channelOrderId: order.id }),
    );
    expect(order.systemOrderStatusId).toBe(51);
    order = await orderOf(
      call('sales', 'PATCH', `${FP}/completeCancellation`, {
        channelOrderId: order.id,
        unpickedUnitWarehouseDivision: bin.barcode,
      }),
    );
    expect(order.systemOrderStatusId).toBe(50);
    const back = await rows<{ inventory_location_id: number; picked_at: Date | null }>(sql`
      select inventory_location_id, picked_at from inventory_location_items where id = any(${`{${units
        .slice(0, 2)
        .map((u: Order) => u.id)
        .join(',')}}`}::int[])`);
    expect(back).toEqual([
      { inventory_location_id: bin.id, picked_at: null },
      { inventory_location_id: bin.id, picked_at: null },
    ]);
    expect(
      await rows(
        sql`select 1 from pick_request_items pi join pick_requests pr on pr.id = pi.pick_request_id where pr.channel_order_id = ${order.id}`,
      ),
    ).toEqual([]);
  });
});

describe('the receipt', () => {
  it('prints on receipt paper through the label engine; a gift receipt has no prices', async () => {
    const [a] = await stockedProducts();
    let order = await newOrder();
    order = await orderOf(call('sales', 'PUT', `${FP}/item`, { channelOrderId: order.id, barcode: a!.sku }));
    // Asking for printers makes the account's built-in print server and its receipt printer.
    await call('admin', 'GET', '/api/backroom/warehouse/printers');
    const [printer] = await rows<{ id: number }>(sql`
      select p.id from printers p join accounts a on a.id = p.account_id
      where a.name = 'Demo Music Co' and p.paper_id = 50 and p.is_active = 1 order by p.id limit 1`);
    const print = (isGiftReceipt: boolean) =>
      call('sales', 'POST', '/api/v1/backroom/print/receipt', {
        serverPrinterId: printer!.id,
        channelOrderId: order.id,
        isGiftReceipt,
      });
    const receipt = (await print(false)).json().data[0];
    const gift = (await print(true)).json().data[0];
    const jobs = await rows<{ id: number; content: string }>(
      sql`select id, content from print_jobs where id = any(${`{${receipt.id},${gift.id}}`}::int[]) order by id`,
    );
    expect(jobs[0]!.content).toContain(order.channelOrderNumber);
    expect(jobs[0]!.content).toContain('$');
    expect(jobs[0]!.content).toContain(`{CO:${order.id}}`);
    expect(jobs[1]!.content).toContain('GIFT RECEIPT');
    expect(jobs[1]!.content).not.toContain('$');
  });
});

describe('receipt and e-mail add up to the order', () => {
  it('print the same lines, discounts, tax and total as the order, to the cent', async () => {
    const [a, b] = await stockedProducts();
    let order = await newOrder();
    order = await orderOf(call('sales', 'PUT', `${FP}/item`, { channelOrderId: order.id, barcode: a!.sku }));
    order = await orderOf(call('sales', 'PUT', `${FP}/item`, { channelOrderId: order.id, barcode: b!.sku }));
    const lineA = order.items.find((i: Order) => i.product.sku === a!.sku);
    order = await orderOf(
      call('sales', 'PUT', `${FP}/item/discount`, { channelOrderItemId: lineA.id, discount: 5, isUnit: 1 }),
    );
    order = await orderOf(
      call('sales', 'PUT', `${FP}/discount`, { channelOrderId: order.id, discountTypeId: 47, discount: 10 }),
    );
    const money = (dollars: number) => formatMoney(Math.round(dollars * 100));
    const { renderConfirmation } = await import('./order-confirmation.service');
    const { orderDocumentOf } = await import('./order-receipt.service');
    const { buildReceipt } = await import('../printing/labels');
    const detail = order as Parameters<typeof renderConfirmation>[0];
    const mail = renderConfirmation(detail, 'Demo Music Co', '+00:00').text;
    const receipt = buildReceipt({
      storeName: 'Demo Music Co',
      orderId: order.id,
      orderNumber: order.channelOrderNumber,
      orderedAt: '',
      cashier: 'Sam Sales',
      document: orderDocumentOf(detail),
      payments: [],
      isGiftReceipt: false,
    });
    const printed = receipt.elements.flatMap((e) => ('text' in e ? [String(e.text)] : []));
    const expected = [
      ['Subtotal', money(order.totals.unitTotal)],
      ['Discounts', money(-order.totals.discountTotal)],
      ['Tax', money(order.totals.taxTotal)],
      ['Total', money(order.totals.orderTotal)],
    ];
    for (const [label, amount] of expected) {
      expect(mail).toContain(`${label} ${amount}`);
      expect(printed[printed.indexOf(label!) + 1]).toBe(amount);
    }
    // Each line at its full price with its own discount under it; both add up to the Subtotal.
    const discounted = order.items.find((i: Order) => i.id === lineA.id);
    expect(mail).toContain(
      `1 x ${discounted.description} (${a!.sku}): ${money(discounted.lineTotal)}\n  Discount ${money(-discounted.lineDiscount)}`,
    );
    expect(discounted.lineDiscount).toBe(5);
    const lineAmounts = order.items.reduce((sum: number, i: Order) => sum + Math.round(i.lineTotal * 100), 0);
    expect(lineAmounts).toBe(Math.round(order.totals.unitTotal * 100));
    expect(mail).not.toContain('$0.00\n');
  });
});

describe('the confirmation e-mail', () => {
  it('goes to the Outbox for a web store order only, with the site and channel headers', async () => {
    const [web] = await rows<{ id: number; channel_id: number }>(sql`
      select o.id, o.channel_id from channel_orders o join sales_channels c on c.id = o.channel_id
      join accounts a on a.id = o.account_id
      where a.name = 'Demo Music Co' and c.site_id = 99 and c.channel_type_id = 1 and o.customer_id is not null order by o.id limit 1`);
    const headers = { 'x-site-id': '99', 'x-channel-id': String(web!.channel_id) };
    const sent = await call(
      'sales',
      'POST',
      '/api/v2/vsf/checkout/sendConfirmationEmail',
      { channelOrderId: web!.id },
      headers,
    );
    expect(sent.statusCode).toBe(200);
    const outbox = await call('sales', 'GET', '/api/backroom/mail/outbox');
    const message = outbox.json().data[0];
    expect(message).toMatchObject({ channelOrderId: web!.id, status: 'outbox' });
    const full = (await call('sales', 'GET', `/api/backroom/mail/outbox/${message.id}`)).json().data[0];
    expect(full.html).toContain('Thank you for your order');
    const pos = await newOrder();
    const refused = await call(
      'sales',
      'POST',
      '/api/v2/vsf/checkout/sendConfirmationEmail',
      { channelOrderId: pos.id },
      headers,
    );
    expect(refused.statusCode).toBe(409);
  });
});

describe.runIf(TEST_DB === 'postgres')('races on PostgreSQL', () => {
  it('20 refunds of one payment at once never exceed its amount', async () => {
    const [a] = await stockedProducts();
    let order = await newOrder();
    order = await orderOf(call('sales', 'PUT', `${FP}/item`, { channelOrderId: order.id, barcode: a!.sku }));
    order = await orderOf(
      call('sales', 'PUT', `${FP}/manualPayment`, {
        channelOrderId: order.id,
        payment: { channelOrderPaymentTypeId: 5, amount: 10 },
      }),
    );
    const payment = order.payments[0];
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('manager', 'PUT', `${FP}/refund`, {
          channelOrderId: order.id,
          channelOrderPaymentId: payment.id,
          destinationPaymentTypeId: 5,
          destinationPaymentRecordId: payment.id,
          amount: 0.75,
          refundReasonId: 5,
        }),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(13);
    expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(7);
    const [sum] = await rows<{ total: string }>(
      sql`select sum(amount)::text total from payment_refunds where channel_order_payment_id = ${payment.id}`,
    );
    expect(sum!.total).toBe('9.75');
  });

  it('20 redemptions of one gift card at once never overdraw it', async () => {
    await t.deps.db.execute(sql`
      insert into merchant_credits (account_id, merchant_credit_type_id, number, verification_code, initial_balance, balance)
      select id, 3, 'RACE0000000001', '9999', 10, 10 from accounts where name = 'Demo Music Co'`);
    const [a] = await stockedProducts();
    const orders = [];
    for (let i = 0; i < 20; i++) {
      const o = await newOrder();
      orders.push(
        await orderOf(call('sales', 'PUT', `${FP}/item`, { channelOrderId: o.id, barcode: a!.sku })),
      );
    }
    const replies = await Promise.all(
      orders.map((o) =>
        call('sales', 'PUT', `${FP}/redeemMerchantCredit`, {
          channelOrderId: o.id,
          merchantCreditId: 'RACE0000000001',
          verificationCode: '9999',
          amount: 3,
        }),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const [card] = await rows<{ balance: string }>(
      sql`select balance::text from merchant_credits where number = 'RACE0000000001'`,
    );
    expect(card!.balance).toBe('1.00');
  });

  it('two clerks allocating the same unit: one wins, the other gets a clear error', async () => {
    const [a] = await stockedProducts();
    const first = await orderOf(
      call('sales', 'PUT', `${FP}/item`, { channelOrderId: (await newOrder()).id, barcode: a!.sku }),
    );
    const second = await orderOf(
      call('sales', 'PUT', `${FP}/item`, { channelOrderId: (await newOrder()).id, barcode: a!.sku }),
    );
    const [unit] = await rows<{ id: number }>(sql`
      select u.id from inventory_location_items u where u.product_id = ${a!.id} and u.warehouse_id = ${a!.warehouse_id}
        and u.is_deleted = 0 and u.picked_at is null and u.inventory_location_id is not null
        and not exists (select 1 from pick_request_items pi where pi.inventory_location_item_id = u.id) limit 1`);
    const allocate = (order: Order) =>
      call('sales', 'PATCH', `${FP}/allocateSelectedProductUnits`, {
        channelOrderId: order.id,
        warehouseId: a!.warehouse_id,
        selectedProductUnits: [{ channelOrderItemId: order.items[0].id, inventoryLocationItemId: unit!.id }],
      });
    const replies = await Promise.all([allocate(first), allocate(second)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.statusCode === 409)!.json().error.message).toBe(
      'A chosen unit was just allocated to another order. Reload the units and choose again.',
    );
  });
});
