import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ensureBuiltinServer } from '../printing/printers.service';
import { newShippableOrder } from './test/shippable-order';

// Exactly once (issue 14 §1): ten clerks (or ten clicks) buying the same order shipment at the same moment buy
// one label, bill one fee, write one note and print one label. Meant for PostgreSQL (TEST_DB=postgres), where
// the requests really run side by side on separate connections; on PGlite they take turns and must agree too.

let t: TestApp;
let music: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'warehouse');
  [{ id: music }] = (await t.rows<{ id: number }>(
    sql`select id from accounts where name = 'Demo Music Co'`,
  )) as [{ id: number }];
  await ensureBuiltinServer(t.deps.db, music);
}, 120_000);
afterAll(() => t?.close());

const W = '/api/v1/backroom/warehouse';

describe('10 simultaneous buys of one order shipment', () => {
  it('buy exactly one label, bill one fee, write one note and print once', async () => {
    const order = await newShippableOrder(t, music);
    const [{ id: box }] = (await t.rows<{ id: number }>(
      sql`select id from packaging where account_id = ${music} order by id limit 1`,
    )) as [{ id: number }];
    const [{ id: printer }] = (await t.rows<{ id: number }>(
      sql`select id from printers where account_id = ${music} and uri = 'builtin://shipping'`,
    )) as [{ id: number }];
    const packed = await t.as('warehouse', 'POST', `${W}/shipments/package/pack`, {
      shipment: { id: order.shipmentId, warehousePackagingId: box, packageWeightOunce: 40 },
    });
    expect(packed.statusCode).toBe(200);
    const rated = await t.as('warehouse', 'POST', `${W}/shipment/package/rates`, {
      channelOrderId: order.id,
      channelOrderShipmentId: order.shipmentId,
    });
    const rateId = rated.json().data[0].rates[0].id as string;

    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.as(i % 2 ? 'admin' : 'warehouse', 'POST', `${W}/shipment/package/buy`, {
          channelOrderId: order.id,
          channelOrderShipmentId: order.shipmentId,
          selectedRateId: rateId,
          serverPrinterId: printer,
        }),
      ),
    );
    // Each answers the one label (200), or refuses a shipment that already has it (409): never a second.
    const codes = replies.map((r) => r.statusCode);
    expect(
      codes.every((c) => c === 200 || c === 409),
      JSON.stringify(replies.map((r) => r.json())),
    ).toBe(true);
    expect(codes).toContain(200);
    const ok = replies.filter((r) => r.statusCode === 200).map((r) => r.json().data[0]);
    expect(new Set(ok.map((s) => s.trackingNumber)).size).toBe(1);
    for (const refused of replies.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error.code).toBe('shipment_has_label');
    }

    const labels = await t.rows<{ state: string; fee: string }>(
      sql`select state, fee from shipping_labels where owner_kind = 'orderShipment' and owner_id = ${order.shipmentId}`,
    );
    expect(labels).toHaveLength(1);
    expect(labels[0]!.state).toBe('bought');
    const [shipment] = await t.rows<{ fee: string; tracking: string }>(
      sql`select carrier_fee_billed as fee, tracking_number as tracking from channel_order_shipments where id = ${order.shipmentId}`,
    );
    expect(shipment!.fee).toBe(labels[0]!.fee);
    const purchaseNotes = await t.rows(
      sql`select id from order_notes where channel_order_id = ${order.id} and text like 'Label purchased%'`,
    );
    expect(purchaseNotes).toHaveLength(1);
    const jobs = await t.rows(
      sql`select id from print_jobs where account_id = ${music} and label_kind = 'shippingLabel' and description like ${`%${shipment!.tracking}`}`,
    );
    expect(jobs).toHaveLength(1);
    expect(ok.filter((s) => s.printJobId !== null)).toHaveLength(1);
  }, 60_000);
});
