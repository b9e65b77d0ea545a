import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AuthContext } from '../auth/auth-cache';
import { sandboxDeliveryTime } from './sandbox-carrier';
import { buyLabel, rateShipment } from './shipping.service';
import { authOf, rateRequest } from './test/shipping-fixtures';
import { trackLabels } from './tracking';

let t: TestApp;
let admin: AuthContext;
beforeAll(async () => {
  t = await createTestApp();
  await t.trackingJob.stop();
  admin = await authOf(t, 'admin@backroom.local');
}, 120_000);
afterAll(() => t?.close());

describe('the tracking job (sandbox)', () => {
  it('moves a label through pre-transit, in transit and out for delivery to delivered, and marks the order shipment delivered', async () => {
    const [shipment] = await t.rows<{ id: number }>(sql`
      select id from channel_order_shipments where account_id = ${admin.accountId} and is_delivered = 0 order by id desc limit 1`);
    const bought = new Date('2026-03-02T15:00:00Z'); // a Monday
    t.deps.carriers.setClock(() => bought);
    const rated = await rateShipment(t.deps, admin, rateRequest());
    const rate = rated.rates.find((r) => r.carrier === 'UPS' && r.service === 'Ground')!;
    const label = await buyLabel(t.deps, admin, {
      owner: { kind: 'orderShipment', id: shipment!.id },
      providerShipmentId: rated.providerShipmentId,
      rateId: rate.id,
      insuredCents: 0,
    });
    const deliverAt = sandboxDeliveryTime(bought, rate.deliveryDays!);
    const state = async () =>
      (
        await t.rows<{ status: string; delivered: string | null; shipmentDelivered: number }>(sql`
          select l.tracking_status as status, l.delivered_at::text as delivered, s.is_delivered as "shipmentDelivered"
          from shipping_labels l join channel_order_shipments s on s.id = l.owner_id where l.id = ${label.id}`)
      )[0]!;
    const at = async (time: Date) => {
      t.deps.carriers.setClock(() => time);
      await trackLabels(t.deps);
      return state();
    };
    try {
      expect(await at(new Date(bought.getTime() + 3_600_000))).toMatchObject({
        status: 'pre_transit',
        delivered: null,
      });
      expect(await at(new Date(bought.getTime() + 5 * 3_600_000))).toMatchObject({
        status: 'in_transit',
        delivered: null,
      });
      expect(await at(new Date(deliverAt.getTime() - 3_600_000))).toMatchObject({
        status: 'out_for_delivery',
        shipmentDelivered: 0,
      });
      const delivered = await at(new Date(deliverAt.getTime() + 60_000));
      expect(delivered).toMatchObject({ status: 'delivered', shipmentDelivered: 1 });
      expect(new Date(delivered.delivered!).toISOString()).toBe(deliverAt.toISOString());
      // Delivered is final: later passes leave it alone (other labels, such as the demo data's, may still move).
      await trackLabels(t.deps);
      expect(await state()).toEqual(delivered);
    } finally {
      t.deps.carriers.setClock(() => new Date());
    }
  });

  it('runs once at a time: a pass asked for while one runs is skipped', async () => {
    const first = t.trackingJob.runOnce();
    const second = t.trackingJob.runOnce();
    expect(second).toBe(first);
    await first;
    expect(await t.deps.events.runExclusive('shippingTracking', async () => {})).toBe(true);
  });
});
