import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AuthContext } from '../auth/auth-cache';
import { EASYPOST_WEBHOOK_PATH } from './easypost-webhook';
import { buyLabel, findLabel, rateShipment, voidLabel } from './shipping.service';
import { easypostSignature, FakeEasyPost } from './test/fake-easypost';
import { authOf, rateRequest } from './test/shipping-fixtures';
import { trackLabels } from './tracking';

const SECRET = 'whsec_backroom_test';
let fake: FakeEasyPost;
let t: TestApp;
let admin: AuthContext;

beforeAll(async () => {
  fake = new FakeEasyPost();
  const baseUrl = await fake.start();
  t = await createTestApp({
    easypostApiKey: fake.apiKey,
    easypostBaseUrl: baseUrl,
    // Long enough for the local stand-in to answer on a loaded machine (400 ms timed out in CI), short enough
    // for the timeout test below to wait it out.
    easypostTimeoutMs: 3_000,
    easypostWebhookSecret: SECRET,
  });
  await t.signIn('warehouse');
  admin = await authOf(t, 'admin@backroom.local');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

const lastCall = (match: (call: FakeEasyPost['calls'][number]) => boolean) =>
  [...fake.calls].reverse().find(match);

const ledger = async (ownerId: number) =>
  (
    await t.rows<{ state: string; tracking_status: string | null; delivered_at: string | null }>(
      sql`select state, tracking_status, delivered_at from shipping_labels where owner_kind = 'oneOff' and owner_id = ${ownerId} order by id`,
    )
  ).map((row) => ({ ...row, delivered_at: row.delivered_at && new Date(row.delivered_at).toISOString() }));

async function bought(ownerId: number, insuredCents = 0) {
  const rated = await rateShipment(t.deps, admin, rateRequest());
  const rate = rated.rates.find((r) => r.service === 'Priority')!;
  const label = await buyLabel(t.deps, admin, {
    owner: { kind: 'oneOff', id: ownerId },
    providerShipmentId: rated.providerShipmentId,
    rateId: rate.id,
    insuredCents,
  });
  return { rated, label };
}

describe('EasyPost adapter against a local stand-in', () => {
  it('lists the carrier accounts as shippers of the easypost adapter', async () => {
    const res = await t.as('warehouse', 'GET', '/api/v1/shipping/shippers');
    expect(res.json().data).toEqual([
      { id: 'ca_usps', carrier: 'USPS', description: 'USPS Account', adapter: 'easypost' },
      { id: 'ca_ups', carrier: 'UPS', description: 'UPS Account', adapter: 'easypost' },
      { id: 'ca_amazon', carrier: 'Amazon MWS', description: 'Amazon Buy Shipping', adapter: 'easypost' },
    ]);
  });

  it('creates a Shipment with addresses and the parcel, and answers its rates by the shared rules', async () => {
    const rated = await rateShipment(
      t.deps,
      admin,
      rateRequest({ shipperIds: ['ca_usps', 'ca_ups', 'ca_amazon'] }),
    );
    expect(rated.adapter).toBe('easypost');
    expect(rated.rates.map((r) => [r.carrier, r.service, r.rateCents])).toEqual([
      ['USPS', 'GroundAdvantage', 610],
      ['UPS (AMZN)', 'UPS Ground', 875],
      ['USPS', 'Priority', 940],
      ['UPS', 'Ground', 1125],
    ]);
    expect((rated.providerJson as { id: string }).id).toBe(rated.providerShipmentId);
    const create = lastCall((c) => c.method === 'POST' && c.path === '/v2/shipments')!;
    expect(create.body).toMatchObject({
      shipment: {
        from_address: {
          street1: '500 Warehouse Row',
          city: 'Austin',
          state: 'TX',
          zip: '78744',
          country: 'US',
        },
        to_address: { name: 'Quinn Buyer', zip: '97205' },
        parcel: { length: 12, width: 9, height: 6, weight: 40 },
        carrier_accounts: ['ca_usps', 'ca_ups', 'ca_amazon'],
        reference: 'Order 1001',
        options: { label_format: 'ZPL' },
      },
    });
  });

  it('buys with insurance: the ZPL label as bought, the PDF by a label format conversion, postage plus insurance as the fee', async () => {
    const { rated, label } = await bought(8001, 10_000);
    expect(label).toMatchObject({
      adapter: 'easypost',
      providerShipmentId: rated.providerShipmentId,
      carrier: 'USPS',
      service: 'Priority',
      trackingNumber: '9400100000000000000017',
      feeCents: 940 + 50,
      insuranceFeeCents: 50,
      insuredCents: 10_000,
      labelLayout: null,
    });
    expect(label.labelZpl).toContain(`${rated.providerShipmentId}.zpl`);
    expect(Buffer.from(label.labelPdfBase64, 'base64').toString()).toContain('%PDF-1.4');
    const buy = lastCall((c) => c.path.endsWith('/buy'))!;
    expect(buy.body).toEqual({ rate: { id: label.rateId }, insurance: '100.00' });
    expect(
      fake.calls.some(
        (c) => c.method === 'GET' && c.path === `/v2/shipments/${rated.providerShipmentId}/label`,
      ),
    ).toBe(true);
  });

  it('a buy that times out after EasyPost recorded the purchase is reconciled by the next buy, never bought again', async () => {
    const rated = await rateShipment(t.deps, admin, rateRequest());
    const input = {
      owner: { kind: 'oneOff' as const, id: 8002 },
      providerShipmentId: rated.providerShipmentId,
      rateId: rated.rates[0]!.id,
      insuredCents: 0,
    };
    const buys = new RegExp(`^/v2/shipments/${rated.providerShipmentId}/buy$`);
    fake.buyDelayMs = 4_500;
    try {
      await expect(buyLabel(t.deps, admin, input)).rejects.toMatchObject({ statusCode: 502 });
    } finally {
      fake.buyDelayMs = 0;
    }
    expect(fake.count('POST', buys)).toBe(1);
    expect(fake.shipments.get(rated.providerShipmentId)!.tracking_code).toBeTruthy();
    expect(await ledger(8002)).toMatchObject([{ state: 'pending' }]);

    const label = await buyLabel(t.deps, admin, input);
    expect(fake.count('POST', buys)).toBe(1);
    expect(fake.count('GET', new RegExp(`^/v2/shipments/${rated.providerShipmentId}$`))).toBe(1);
    expect(label).toMatchObject({
      state: 'bought',
      trackingNumber: fake.shipments.get(rated.providerShipmentId)!.tracking_code,
    });
    expect(await ledger(8002)).toMatchObject([{ state: 'bought' }]);
  });

  it('voids by a refund request: submitted, the fee as the refund', async () => {
    const { label } = await bought(8003);
    const voided = await voidLabel(t.deps, admin, { kind: 'oneOff', id: 8003 });
    expect(voided).toMatchObject({
      status: 'submitted',
      refundCents: label.feeCents,
      label: { state: 'voided', refundStatus: 'submitted' },
    });
    expect(fake.count('POST', new RegExp(`^/v2/shipments/${label.providerShipmentId}/refund$`))).toBe(1);
  });

  it('tracks with a Tracker now and then: delivered sets deliveredAt from the delivered event', async () => {
    await bought(8004);
    fake.trackerStatus = 'delivered';
    try {
      // Just bought: EasyPost's webhook keeps it current, the job does not ask yet.
      await trackLabels(t.deps);
      expect((await ledger(8004))[0]).toMatchObject({ tracking_status: 'pre_transit', delivered_at: null });
      t.deps.carriers.setClock(() => new Date(Date.now() + 7 * 3_600_000));
      await trackLabels(t.deps);
    } finally {
      t.deps.carriers.setClock(() => new Date());
      fake.trackerStatus = 'in_transit';
    }
    expect((await ledger(8004))[0]).toMatchObject({
      tracking_status: 'delivered',
      delivered_at: '2026-03-05T18:21:00.000Z',
    });
    expect(lastCall((c) => c.path === '/v2/trackers')!.body).toMatchObject({
      tracker: { tracking_code: '9400100000000000000017', carrier: 'USPS' },
    });
  });
});

describe('POST /api/v1/shipping/webhooks/easypost', () => {
  // EasyPost writes a float weight as 40.0 (the client library signs it that way too).
  const event = (trackingCode: string, status: string) =>
    JSON.stringify({
      id: 'evt_1',
      object: 'Event',
      mode: 'test',
      description: 'tracker.updated',
      previous_attributes: { status: 'pre_transit' },
      result: {
        id: 'trk_1',
        object: 'Tracker',
        mode: 'test',
        tracking_code: trackingCode,
        status,
        carrier: 'USPS',
        weight: 40,
        est_delivery_date: '2026-03-06T17:00:00Z',
        tracking_details: [
          { object: 'TrackingDetail', status, message: 'Arrived', datetime: '2026-03-04T11:00:00Z' },
        ],
      },
      status: 'pending',
      created_at: '2026-03-04T11:00:05Z',
    }).replace('"weight":40', '"weight":40.0');
  const post = (body: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: EASYPOST_WEBHOOK_PATH,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('refuses a wrong signature (401) and a missing one (400), changing nothing', async () => {
    await bought(8005);
    const body = event('9400100000000000000017', 'in_transit');
    const wrong = await post(body, { 'x-hmac-signature': easypostSignature(body, 'not-the-secret') });
    expect([wrong.statusCode, wrong.json().error.message]).toEqual([
      401,
      'The webhook signature does not match.',
    ]);
    const tampered = await post(body.replace('in_transit', 'delivered'), {
      'x-hmac-signature': easypostSignature(body, SECRET),
    });
    expect(tampered.statusCode).toBe(401);
    expect((await post(body, {})).statusCode).toBe(400);
    expect((await ledger(8005))[0]).toMatchObject({ tracking_status: 'pre_transit' });
  });

  it('takes a signed tracker event and updates the label with that tracking number', async () => {
    const [before] = await ledger(8005);
    expect(before!.delivered_at).toBeNull();
    const body = event('9400100000000000000017', 'in_transit');
    const res = await post(body, { 'x-hmac-signature': easypostSignature(body, SECRET) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].received).toBe(true);
    expect(res.json().data[0].updated).toBeGreaterThan(0);
    expect((await ledger(8005))[0]).toMatchObject({ tracking_status: 'in_transit', delivered_at: null });
    const done = event('9400100000000000000017', 'delivered');
    await post(done, { 'x-hmac-signature': easypostSignature(done, SECRET) });
    expect((await ledger(8005))[0]).toMatchObject({
      tracking_status: 'delivered',
      delivered_at: '2026-03-04T11:00:00.000Z',
    });
    expect((await findLabel(t.deps, admin, { kind: 'oneOff', id: 8005 }))!.deliveredAt).toBe(
      '2026-03-04T11:00:00.000Z',
    );
  });
});
