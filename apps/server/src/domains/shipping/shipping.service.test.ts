import { hasValidTrackingCheckDigit, parseScan } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AuthContext } from '../auth/auth-cache';
import type { CarrierAdapter } from './carrier';
import { CarrierError } from './carrier-error';
import { buyLabel, findLabel, labelPdf, rateShipment, voidLabel } from './shipping.service';
import type { ShippingLabel } from './shipping-label-row';
import { AUSTIN, authOf, BOX, PORTLAND, rateRequest } from './test/shipping-fixtures';

let t: TestApp;
let admin: AuthContext;
let outlet: AuthContext;
beforeAll(async () => {
  t = await createTestApp();
  admin = await authOf(t, 'admin@backroom.local');
  outlet = await authOf(t, 'outlet@backroom.local', 'Demo Outlet');
}, 120_000);
afterAll(() => t?.close());

const ledger = (ownerId: number) =>
  t.rows<{ state: string; fee: string }>(
    sql`select state, fee from shipping_labels where owner_kind = 'oneOff' and owner_id = ${ownerId} order by id`,
  );

describe('rateShipment (sandbox)', () => {
  it('rates USPS, UPS and FedEx cheapest first, hides Envelope services, and prices the same request the same', async () => {
    const first = await rateShipment(t.deps, admin, rateRequest());
    const again = await rateShipment(t.deps, admin, rateRequest());
    expect(first.adapter).toBe('sandbox');
    expect(new Set(first.rates.map((r) => r.carrier))).toEqual(new Set(['USPS', 'UPS', 'FedEx']));
    const cents = first.rates.map((r) => r.rateCents);
    expect(cents).toEqual([...cents].sort((a, b) => a - b));
    expect(first.rates.some((r) => r.service.includes('Envelope'))).toBe(false);
    // A flat parcel fits the flat rate envelope: rated by the carrier, hidden by the rule.
    const flat = await rateShipment(
      t.deps,
      admin,
      rateRequest({ parcels: [{ lengthInch: 10, widthInch: 6, heightInch: 1, weightOunce: 8 }] }),
    );
    expect((flat.providerJson as { rates: { service: string }[] }).rates.map((r) => r.service)).toContain(
      'PriorityMailFlatRateEnvelope',
    );
    expect(flat.rates.map((r) => r.service)).not.toContain('PriorityMailFlatRateEnvelope');
    expect(again.rates.map((r) => [r.service, r.rateCents])).toEqual(
      first.rates.map((r) => [r.service, r.rateCents]),
    );
    expect(again.providerShipmentId).not.toBe(first.providerShipmentId);
  });

  it('charges more for a heavier, a bulkier and a farther parcel', async () => {
    const price = async (request = rateRequest()) =>
      (await rateShipment(t.deps, admin, request)).rates.find(
        (r) => r.carrier === 'UPS' && r.service === 'Ground',
      )!.rateCents;
    const base = await price();
    expect(await price(rateRequest({ parcels: [{ ...BOX, weightOunce: 160 }] }))).toBeGreaterThan(base);
    expect(
      await price(rateRequest({ parcels: [{ ...BOX, lengthInch: 30, widthInch: 20, heightInch: 20 }] })),
    ).toBeGreaterThan(base);
    expect(
      await price(rateRequest({ to: { ...PORTLAND, postalCode: '78701', city: 'Austin', state: 'TX' } })),
    ).toBeLessThan(base);
    expect(await price(rateRequest({ parcels: [BOX, BOX] }))).toBe(2 * base);
  });

  it('refuses a missing address part or an impossible parcel with 400 naming it', async () => {
    const refused = rateShipment(
      t.deps,
      admin,
      rateRequest({ to: { ...PORTLAND, street1: ' ' }, parcels: [{ ...BOX, weightOunce: 0 }] }),
    );
    await expect(refused).rejects.toMatchObject({
      statusCode: 400,
      fields: [
        { field: 'to.street1', message: 'Required' },
        { field: 'parcels[0].weightOunce', message: 'Must be above 0' },
      ],
    });
    await expect(
      rateShipment(t.deps, admin, rateRequest({ shipperIds: ['ca_nobody'] })),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('buyLabel / voidLabel (sandbox)', () => {
  it('buys once per owner: a second call answers the same label, with one fee and one note', async () => {
    const rated = await rateShipment(t.deps, admin, rateRequest());
    const rate = rated.rates[0]!;
    const notes: ShippingLabel[] = [];
    const buy = () =>
      buyLabel(t.deps, admin, {
        owner: { kind: 'oneOff', id: 9001 },
        providerShipmentId: rated.providerShipmentId,
        rateId: rate.id,
        insuredCents: 25_000,
        note: async (_tx, label) => void notes.push(label),
      });
    const label = await buy();
    expect(label).toMatchObject({
      state: 'bought',
      carrier: rate.carrier,
      service: rate.service,
      insuredCents: 25_000,
      insuranceFeeCents: 300,
    });
    expect(label.feeCents).toBe(rate.rateCents + 300);
    expect(parseScan(label.trackingNumber)).toMatchObject({ type: 'trackingNumber', carrier: rate.carrier });
    expect(hasValidTrackingCheckDigit(rate.carrier as 'UPS', label.trackingNumber)).toBe(true);
    expect(label.labelZpl).toMatch(/^\^XA/);
    expect((await labelPdf(label)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(label.providerJson).toMatchObject({
      tracking_code: label.trackingNumber,
      postage_label: { label_pdf_url: `/api/v1/shipping/labels/${label.id}.pdf` },
    });

    expect(await buy()).toEqual(label);
    expect(notes).toHaveLength(1);
    expect(await ledger(9001)).toHaveLength(1);
    expect(await findLabel(t.deps, admin, { kind: 'oneOff', id: 9001 })).toEqual(label);
  });

  it('voids with a refund and a note; a second void is refused; then a new label may be bought', async () => {
    const owner = { kind: 'oneOff' as const, id: 9002 };
    const rated = await rateShipment(t.deps, admin, rateRequest());
    const bought = await buyLabel(t.deps, admin, {
      owner,
      providerShipmentId: rated.providerShipmentId,
      rateId: rated.rates[1]!.id,
      insuredCents: 0,
    });
    const notes: string[] = [];
    const voided = await voidLabel(t.deps, admin, owner, async (_tx, label) => void notes.push(label.state));
    expect(voided).toMatchObject({
      status: 'refunded',
      refundCents: bought.feeCents,
      label: { id: bought.id, state: 'voided', refundCents: bought.feeCents },
    });
    expect(notes).toEqual(['voided']);
    await expect(voidLabel(t.deps, admin, owner)).rejects.toMatchObject({ statusCode: 409 });
    await expect(voidLabel(t.deps, admin, { kind: 'oneOff', id: 9999 })).rejects.toMatchObject({
      statusCode: 404,
    });
    // The voided shipment cannot be bought again at the carrier; a new rating can.
    const rerated = await rateShipment(t.deps, admin, rateRequest());
    const second = await buyLabel(t.deps, admin, {
      owner,
      providerShipmentId: rerated.providerShipmentId,
      rateId: rerated.rates[0]!.id,
      insuredCents: 0,
    });
    expect(second.id).not.toBe(bought.id);
    expect((await ledger(9002)).map((r) => r.state)).toEqual(['voided', 'bought']);
    expect((await findLabel(t.deps, admin, owner))?.id).toBe(second.id);
  });

  it('refuses another account’s shipment (404), a rate of another shipment and an insured value over $5000 (400), changing nothing', async () => {
    const rated = await rateShipment(t.deps, admin, rateRequest());
    const other = await rateShipment(t.deps, admin, rateRequest());
    const input = {
      owner: { kind: 'oneOff' as const, id: 9003 },
      providerShipmentId: rated.providerShipmentId,
      rateId: rated.rates[0]!.id,
      insuredCents: 0,
    };
    await expect(buyLabel(t.deps, outlet, input)).rejects.toMatchObject({
      statusCode: 404,
      message: `Shipment ${rated.providerShipmentId} not found.`,
    });
    await expect(buyLabel(t.deps, admin, { ...input, rateId: other.rates[0]!.id })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(buyLabel(t.deps, admin, { ...input, insuredCents: 500_001 })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(await ledger(9003)).toEqual([]);
  });

  it('a purchase whose answer never came is looked up at the carrier before buying again, never bought twice', async () => {
    const sandbox = t.deps.carriers.byKind('sandbox')!;
    const calls: string[] = [];
    let timeOut = true;
    const flaky: CarrierAdapter = {
      kind: 'sandbox',
      shippers: () => sandbox.shippers(),
      rate: (request) => sandbox.rate(request),
      async buy(input) {
        calls.push('buy');
        const label = await sandbox.buy(input);
        if (timeOut) throw new CarrierError('socket hang up', { uncertain: true });
        return label;
      },
      async findPurchase(id) {
        calls.push('findPurchase');
        return sandbox.findPurchase(id);
      },
      void: (id) => sandbox.void(id),
      track: (n, c) => sandbox.track(n, c),
    };
    t.deps.carriers.register(flaky);
    try {
      const rated = await rateShipment(t.deps, admin, rateRequest());
      const input = {
        owner: { kind: 'oneOff' as const, id: 9004 },
        providerShipmentId: rated.providerShipmentId,
        rateId: rated.rates[0]!.id,
        insuredCents: 0,
      };
      await expect(buyLabel(t.deps, admin, input)).rejects.toMatchObject({ statusCode: 502 });
      expect(await ledger(9004)).toMatchObject([{ state: 'pending' }]);
      timeOut = false;
      const label = await buyLabel(t.deps, admin, input);
      expect(calls).toEqual(['buy', 'findPurchase']);
      expect(label.state).toBe('bought');
      expect(await ledger(9004)).toMatchObject([{ state: 'bought' }]);
    } finally {
      t.deps.carriers.register(sandbox);
    }
  });

  it('a refused purchase leaves no ledger row', async () => {
    const rated = await rateShipment(t.deps, admin, rateRequest({ from: AUSTIN }));
    const owner = { kind: 'oneOff' as const, id: 9005 };
    await buyLabel(t.deps, admin, {
      owner,
      providerShipmentId: rated.providerShipmentId,
      rateId: rated.rates[0]!.id,
      insuredCents: 0,
    });
    // The same carrier shipment again for another owner: the carrier refuses (already purchased).
    await expect(
      buyLabel(t.deps, admin, {
        owner: { kind: 'oneOff', id: 9006 },
        providerShipmentId: rated.providerShipmentId,
        rateId: rated.rates[0]!.id,
        insuredCents: 0,
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(await ledger(9006)).toEqual([]);
  });
});
