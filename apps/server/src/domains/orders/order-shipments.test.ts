import { boughtShipmentSchema, errorEnvelopeSchema, orderShipmentSchema } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ensureBuiltinServer } from '../printing/printers.service';
import { sandboxDeliveryTime } from '../shipping/sandbox-carrier';
import { trackLabels } from '../shipping/tracking';
import { newShippableOrder, type ShippableOrder } from './test/shippable-order';

// The order shipment calls (orders-warehouse.md §7 Shipments) with the §4 rules the server enforces.

let t: TestApp;
let music: number;
let shippingPrinter: number;
let box: { id: number; commonName: string };

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'warehouse', 'sales', 'outlet');
  [{ id: music }] = (await t.rows<{ id: number }>(
    sql`select id from accounts where name = 'Demo Music Co'`,
  )) as [{ id: number }];
  await ensureBuiltinServer(t.deps.db, music);
  [{ id: shippingPrinter }] = (await t.rows<{ id: number }>(
    sql`select id from printers where account_id = ${music} and uri = 'builtin://shipping'`,
  )) as [{ id: number }];
  [box] = (await t.rows<{ id: number; commonName: string }>(
    sql`select id, common_name as "commonName" from packaging where account_id = ${music} and common_name = 'Pedal Box'`,
  )) as [{ id: number; commonName: string }];
}, 120_000);
afterAll(() => t?.close());

const W = '/api/v1/backroom/warehouse';
/** A reply as the test app answers it (its json() is checked field by field). */
type Reply = LightMyRequestResponse;
const shipmentsOf = (res: Reply) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  return (res.json().data as unknown[]).map((s) => orderShipmentSchema.parse(s));
};
const refusal = (res: Reply) => {
  const body = errorEnvelopeSchema.parse(res.json());
  return [res.statusCode, body.error.code, body.error.message] as const;
};
const notes = (orderId: number) =>
  t.rows<{ text: string }>(
    sql`select text from order_notes where channel_order_id = ${orderId} and note_type_id <> 0 order by id`,
  );

const packed = (order: ShippableOrder, weightOunce = 40) =>
  t.as('warehouse', 'POST', `${W}/shipments/package/pack`, {
    shipment: { id: order.shipmentId, warehousePackagingId: box.id, packageWeightOunce: weightOunce },
  });
const rate = (order: ShippableOrder, extra: Record<string, unknown> = {}) =>
  t.as('warehouse', 'POST', `${W}/shipment/package/rates`, {
    channelOrderId: order.id,
    channelOrderShipmentId: order.shipmentId,
    ...extra,
  });
const buy = (order: ShippableOrder, selectedRateId: string, extra: Record<string, unknown> = {}) =>
  t.as('warehouse', 'POST', `${W}/shipment/package/buy`, {
    channelOrderId: order.id,
    channelOrderShipmentId: order.shipmentId,
    selectedRateId,
    ...extra,
  });

describe('GET …/warehouse/shipments', () => {
  it('lists the order’s shipments for the packer; another account’s order is not found', async () => {
    const order = await newShippableOrder(t, music);
    const [listed] = shipmentsOf(await t.as('warehouse', 'GET', `${W}/shipments?channelOrderId=${order.id}`));
    expect(listed).toMatchObject({ id: order.shipmentId, isPacked: 0, flags: { canPack: true } });
    expect(refusal(await t.as('outlet', 'GET', `${W}/shipments?channelOrderId=${order.id}`))).toEqual([
      404,
      'not_found',
      `Order ${order.id} not found.`,
    ]);
    expect(refusal(await t.as('sales', 'GET', `${W}/shipments?channelOrderId=${order.id}`))[0]).toBe(403);
  });
});

describe('PATCH …/warehouse/shipments', () => {
  it('makes a shipment of the order’s items, from its warehouse to its address, and changes its package', async () => {
    const order = await newShippableOrder(t, music, { createShipment: false });
    const [created] = shipmentsOf(
      await t.as('warehouse', 'PATCH', `${W}/shipments`, { shipments: [{ channelOrderId: order.id }] }),
    );
    expect(created).toMatchObject({
      channelOrderId: order.id,
      warehouseId: order.warehouseId,
      addressId: order.addressId,
      isPacked: 0,
      items: [{ productId: order.productId, quantity: 2 }],
      flags: { canPack: true, canRecalculateRates: false, hasValidAddress: true, hasShippableItems: true },
      rateState: 'unshipped',
      label: null,
    });
    // Choosing a box fills its dimensions; the weight is in ounces (the screen's pounds × 16).
    const [changed] = shipmentsOf(
      await t.as('warehouse', 'PATCH', `${W}/shipments`, {
        shipments: [
          {
            id: created!.id,
            channelOrderId: order.id,
            warehousePackagingId: box.id,
            packageWeightOunce: 2.5 * 16,
            isTrainingShipment: true,
            sourceModifiedAt: created!.sourceModifiedAt,
          },
        ],
      }),
    );
    expect(changed).toMatchObject({
      warehousePackagingId: box.id,
      package: { id: box.id, commonName: 'Pedal Box', package: { packageLengthInch: 8 } },
      packageLengthInch: 8,
      packageWidthInch: 6,
      packageHeightInch: 4,
      packageWeightOunce: 40,
      isTrainingShipment: 1,
      flags: { hasValidPackage: true, canRecalculateRates: false },
    });
    expect(changed!.sourceModifiedAt > created!.sourceModifiedAt).toBe(true);
    // A second shipment of an order whose items are all in one is refused.
    expect(
      refusal(
        await t.as('warehouse', 'PATCH', `${W}/shipments`, { shipments: [{ channelOrderId: order.id }] }),
      ),
    ).toEqual([409, 'conflict', `Every item of order ${order.id} is already in a shipment.`]);
  });

  it('refuses Unknown Packaging, a stale copy, another order’s shipment and another account’s, changing nothing', async () => {
    const order = await newShippableOrder(t, music);
    const other = await newShippableOrder(t, music);
    const before = await t.rows(sql`select * from channel_order_shipments where id = ${order.shipmentId}`);
    const patch = (body: Record<string, unknown>, who = 'warehouse') =>
      t.as(who, 'PATCH', `${W}/shipments`, {
        shipments: [{ id: order.shipmentId, channelOrderId: order.id, ...body }],
      });
    const unknown = await patch({ warehousePackagingId: 0 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields[0]).toMatchObject({
      field: 'shipments.0.warehousePackagingId',
      message: "'Unknown Packaging' cannot be chosen; choose the box the shipment is in",
    });
    expect(
      refusal(await patch({ packageWeightOunce: 20, sourceModifiedAt: '2020-01-01T00:00:00.000Z' }))[1],
    ).toBe('stale');
    expect(
      refusal(
        await t.as('warehouse', 'PATCH', `${W}/shipments`, {
          shipments: [{ id: other.shipmentId, channelOrderId: order.id, packageWeightOunce: 20 }],
        }),
      ),
    ).toEqual([404, 'not_found', `Shipment ${other.shipmentId} not found on order ${order.id}.`]);
    expect(refusal(await patch({ packageWeightOunce: 20 }, 'outlet'))).toEqual([
      404,
      'not_found',
      `Shipment ${order.shipmentId} not found.`,
    ]);
    expect((await patch({ packageWeightOunce: 301 * 16 })).statusCode).toBe(400);
    expect(await t.rows(sql`select * from channel_order_shipments where id = ${order.shipmentId}`)).toEqual(
      before,
    );
  });

  it('is the shipping permission’s: a salesperson gets 403', async () => {
    const order = await newShippableOrder(t, music);
    const res = await t.as('sales', 'PATCH', `${W}/shipments`, {
      shipments: [{ id: order.shipmentId, channelOrderId: order.id, packageWeightOunce: 20 }],
    });
    expect(refusal(res)[0]).toBe(403);
  });
});

describe('pack', () => {
  it('saves the box and weight, marks the shipment packed and notes it on the order', async () => {
    const order = await newShippableOrder(t, music);
    const [shipment] = shipmentsOf(await packed(order, 2.25 * 16));
    expect(shipment).toMatchObject({
      isPacked: 1,
      warehousePackagingId: box.id,
      packageWeightOunce: 36,
      flags: { canRecalculateRates: true, isReadyToShip: true, ratesBlockedReason: null },
    });
    expect((await notes(order.id)).map((n) => n.text)).toContain(
      `Shipment ${order.shipmentId} packed in Pedal Box (8 x 6 x 4 in, 2.25 lb).`,
    );
  });

  it('needs items and a warehouse (§4 can pack)', async () => {
    const order = await newShippableOrder(t, music);
    await t.rows(sql`update channel_order_shipments set warehouse_id = null where id = ${order.shipmentId}`);
    expect(refusal(await packed(order))).toEqual([
      409,
      'shipment_not_packable',
      `Shipment ${order.shipmentId}: The shipment has no warehouse to pack it in.`,
    ]);
    expect((await notes(order.id)).length).toBe(0);
  });
});

describe('rates', () => {
  it('are refused until the shipment is packed with a valid package to a valid address', async () => {
    const order = await newShippableOrder(t, music);
    expect(refusal(await rate(order))).toEqual([
      409,
      'shipment_not_packed',
      `Shipment ${order.shipmentId}: Pack the shipment before calculating rates.`,
    ]);
    shipmentsOf(await packed(order, 0.5));
    expect(refusal(await rate(order))[1]).toBe('invalid_package');
    shipmentsOf(await packed(order, 40));
    await t.rows(sql`update addresses set state_id = null where id = ${order.addressId}`);
    expect(refusal(await rate(order))[1]).toBe('invalid_address');
    await t.rows(sql`update channel_order_shipments set address_id = null where id = ${order.shipmentId}`);
    expect(refusal(await rate(order))[1]).toBe('invalid_address');
  });

  it('from the warehouse to the address, cheapest first, kept for the buy and dropped when the package changes', async () => {
    const order = await newShippableOrder(t, music);
    shipmentsOf(await packed(order));
    const rated = shipmentsOf(await rate(order))[0]!;
    expect(rated.rates.length).toBeGreaterThan(3);
    const prices = rated.rates.map((r) => r.rate);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(rated.rates.some((r) => r.service.includes('Envelope'))).toBe(false);
    expect(rated.rateShipmentId).toMatch(/^shp_/);
    // The screen's copy must show the saved package.
    const stale = await rate(order, { shipment: { id: order.shipmentId, packageWeightOunce: 41 } });
    expect(refusal(stale)[1]).toBe('stale');
    const [changed] = shipmentsOf(
      await t.as('warehouse', 'PATCH', `${W}/shipments`, {
        shipments: [{ id: order.shipmentId, channelOrderId: order.id, packageWeightOunce: 48 }],
      }),
    );
    expect(changed).toMatchObject({ rates: [], rateShipmentId: null, ratedAt: null });
  });
});

describe('buy and void', () => {
  it('buys the chosen rate once, prints it on the printer with a preview, fulfils the order and notes it', async () => {
    const order = await newShippableOrder(t, music);
    shipmentsOf(await packed(order));
    const rated = shipmentsOf(await rate(order))[0]!;
    const chosen = rated.rates[0]!;
    expect(refusal(await buy(order, 'rate_not_offered'))[1]).toBe('rates_outdated');
    const res = await buy(order, chosen.id, { serverPrinterId: shippingPrinter, insuredAmount: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const bought = boughtShipmentSchema.parse(res.json().data[0]);
    expect(bought).toMatchObject({
      isPurchased: 1,
      isShipped: 1,
      rateState: 'shipped',
      shipService: { name: chosen.service, carrier: { name: chosen.carrier } },
      label: { state: 'bought', carrier: chosen.carrier, service: chosen.service, insured: 100 },
      shipmentRate: { shippingServiceOfferId: chosen.id, voidedAt: null },
      flags: { canRecalculateRates: false, isReadyToShip: true },
      printError: null,
    });
    expect(bought.trackingNumber).toBe(bought.label!.trackingNumber);
    expect(bought.carrierFeeBilled).toBe(bought.label!.fee);
    expect(bought.label!.fee).toBeGreaterThan(chosen.rate);
    const [job] = await t.rows<{ id: number; labelKind: string; printerId: number }>(
      sql`select id, label_kind as "labelKind", printer_id as "printerId" from print_jobs where id = ${bought.printJobId}`,
    );
    expect(job).toMatchObject({ labelKind: 'shippingLabel', printerId: shippingPrinter });
    await t.builtinPrintServer.drain();
    const preview = await t.as('warehouse', 'GET', `/api/v1/backroom/print/jobs/${job!.id}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toContain('image/png');
    const [row] = await t.rows<{ status: number }>(
      sql`select system_order_status_id as status from channel_orders where id = ${order.id}`,
    );
    expect(row!.status).toBe(20);
    expect((await notes(order.id)).at(-1)!.text).toBe(
      `Label purchased for shipment ${order.shipmentId}: ${chosen.carrier} ${chosen.service}, tracking ${bought.trackingNumber}, fee $${bought.label!.fee.toFixed(2)} (insured for $100.00). Status changed from Packing to Fulfilled.`,
    );
    // Bought already: a second buy is refused and charges nothing.
    expect(refusal(await buy(order, chosen.id))).toEqual([
      409,
      'shipment_has_label',
      `Shipment ${order.shipmentId} already has a label (tracking ${bought.trackingNumber}).`,
    ]);
    expect(refusal(await rate(order))[1]).toBe('shipment_has_label');
    expect(refusal(await packed(order))[1]).toBe('shipment_has_label');
    const labels = await t.rows(
      sql`select id from shipping_labels where owner_kind = 'orderShipment' and owner_id = ${order.shipmentId}`,
    );
    expect(labels).toHaveLength(1);
    // Print prints it again, as a new job of the same label.
    const print = (serverPrinterId: number, who = 'warehouse') =>
      t.as(who, 'POST', `${W}/shipment/printLabel`, {
        serverPrinterId,
        channelOrderShipmentId: order.shipmentId,
      });
    const reprint = await print(shippingPrinter);
    expect(reprint.statusCode, reprint.body).toBe(200);
    expect(reprint.json().data[0]).toMatchObject({
      channelOrderShipmentId: order.shipmentId,
      labelId: bought.label!.id,
    });
    expect(reprint.json().data[0].printJobId).not.toBe(bought.printJobId);
    expect(refusal(await print(shippingPrinter, 'outlet'))[0]).toBe(404);
    expect(refusal(await print(shippingPrinter, 'sales'))[0]).toBe(403);
    // The order detail shows the same shipment.
    const detail = (await t.as('admin', 'GET', `/api/backroom/channelOrder/${order.id}`)).json().data[0];
    const { printJobId: _job, printError: _error, ...shipment } = bought;
    expect(orderShipmentSchema.parse(detail.shipments[0])).toEqual({
      ...shipment,
      sourceModifiedAt: detail.sourceModifiedAt,
    });
  });

  it('voids the label (refund requested), replaces the shipment and puts the order back to packing', async () => {
    const order = await newShippableOrder(t, music);
    shipmentsOf(await packed(order));
    const rated = shipmentsOf(await rate(order))[0]!;
    const bought = boughtShipmentSchema.parse((await buy(order, rated.rates[0]!.id)).json().data[0]);
    expect(bought.printJobId).toBeNull();
    const [voided, replacement] = shipmentsOf(
      await t.as('warehouse', 'POST', `${W}/shipments/package/void`, {
        channelOrderShipment: { id: order.shipmentId },
      }),
    );
    expect(['submitted', 'refunded']).toContain(voided?.label?.refundStatus);
    expect(voided).toMatchObject({
      isVoided: 1,
      isShipped: 0,
      rateState: 'voided',
      label: { state: 'voided', refund: bought.label!.fee },
      flags: { canRecalculateRates: false, canPack: false },
    });
    expect(replacement).toMatchObject({
      channelOrderId: order.id,
      isPacked: 0,
      isVoided: 0,
      isPurchased: 0,
      trackingNumber: null,
      warehousePackagingId: box.id,
      packageWeightOunce: 40,
      items: voided!.items,
      label: null,
    });
    const texts = (await notes(order.id)).map((n) => n.text);
    expect(texts.at(-1)).toBe(
      `Label voided for shipment ${order.shipmentId} (${bought.label!.carrier} ${bought.label!.service}, tracking ${bought.trackingNumber}): refund of $${bought.label!.fee.toFixed(2)} requested. Shipment ${replacement!.id} replaces it (Pedal Box, 2.50 lb). Status changed from Fulfilled to Packing.`,
    );
    // Voided: nothing more to do with it.
    const again = await t.as('warehouse', 'POST', `${W}/shipments/package/void`, {
      channelOrderShipment: { id: order.shipmentId },
    });
    expect(refusal(again)).toEqual([
      409,
      'shipment_voided',
      `Shipment ${order.shipmentId} is already voided.`,
    ]);
    expect(refusal(await rate(order))[1]).toBe('shipment_voided');
    expect(refusal(await buy(order, rated.rates[0]!.id))[1]).toBe('shipment_voided');
    expect(refusal(await packed(order))[1]).toBe('shipment_voided');
    const print = await t.as('warehouse', 'POST', `${W}/shipment/printLabel`, {
      serverPrinterId: shippingPrinter,
      channelOrderShipmentId: order.shipmentId,
    });
    expect(refusal(print)).toEqual([
      409,
      'shipment_voided',
      `Shipment ${order.shipmentId} has no label to print (its label is voided).`,
    ]);
    // The replacement ships as any other.
    const next = { ...order, shipmentId: replacement!.id };
    shipmentsOf(await packed(next));
    const nextRated = shipmentsOf(await rate(next))[0]!;
    expect((await buy(next, nextRated.rates[0]!.id)).statusCode).toBe(200);
  });

  it('a shipment without a label has nothing to void; another account’s is not found', async () => {
    const order = await newShippableOrder(t, music);
    const body = { channelOrderShipment: { id: order.shipmentId } };
    expect(refusal(await t.as('warehouse', 'POST', `${W}/shipments/package/void`, body))).toEqual([
      409,
      'conflict',
      `Shipment ${order.shipmentId} has no label to void.`,
    ]);
    expect(refusal(await t.as('outlet', 'POST', `${W}/shipments/package/void`, body))[0]).toBe(404);
    expect(refusal(await t.as('sales', 'POST', `${W}/shipments/package/void`, body))[0]).toBe(403);
  });

  it('refuses a printer that cannot take the label before buying', async () => {
    const order = await newShippableOrder(t, music);
    shipmentsOf(await packed(order));
    const rated = shipmentsOf(await rate(order))[0]!;
    const [receipt] = await t.rows<{ id: number }>(
      sql`select id from printers where account_id = ${music} and uri = 'builtin://receipt'`,
    );
    const res = await buy(order, rated.rates[0]!.id, { serverPrinterId: receipt!.id });
    expect(res.statusCode).toBe(400);
    expect(
      await t.rows(
        sql`select id from shipping_labels where owner_kind = 'orderShipment' and owner_id = ${order.shipmentId}`,
      ),
    ).toEqual([]);
  });

  it('is refused for an order that cannot ship (on hold)', async () => {
    const order = await newShippableOrder(t, music);
    shipmentsOf(await packed(order));
    await t.rows(sql`update channel_orders set system_order_status_id = 40 where id = ${order.id}`);
    expect(refusal(await rate(order))).toEqual([
      409,
      'conflict',
      `Order ${order.id} is On Hold and cannot be shipped.`,
    ]);
  });
});

describe('delivery', () => {
  it('the tracking job marks the bought shipment delivered at the carrier’s time, with a note on the order', async () => {
    await t.trackingJob.stop();
    const order = await newShippableOrder(t, music);
    shipmentsOf(await packed(order));
    const rated = shipmentsOf(await rate(order))[0]!;
    const chosen = rated.rates[0]!;
    const bought = boughtShipmentSchema.parse((await buy(order, chosen.id)).json().data[0]);
    const purchasedAt = new Date(bought.label!.purchasedAt);
    const deliverAt = sandboxDeliveryTime(purchasedAt, chosen.deliveryDays ?? 1);
    try {
      t.deps.carriers.setClock(() => new Date(deliverAt.getTime() + 60_000));
      await trackLabels(t.deps);
    } finally {
      t.deps.carriers.setClock(() => new Date());
    }
    const detail = (await t.as('admin', 'GET', `/api/backroom/channelOrder/${order.id}`)).json().data[0];
    const shipment = orderShipmentSchema.parse(detail.shipments[0]);
    expect(shipment).toMatchObject({
      isDelivered: 1,
      deliveredAt: deliverAt.toISOString(),
      label: { trackingStatus: 'delivered', deliveredAt: deliverAt.toISOString() },
    });
    expect((await notes(order.id)).at(-1)!.text).toBe(
      `Shipment ${order.shipmentId} delivered (${bought.label!.carrier} tracking ${bought.trackingNumber}).`,
    );
  });
});
