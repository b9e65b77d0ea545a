import {
  errorEnvelopeSchema,
  ONE_OFF_ADDRESS_MESSAGE,
  ONE_OFF_PARCEL_MESSAGE,
  oneOffBuyReplySchema,
  oneOffShipmentSchema,
  oneOffVoidReplySchema,
} from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ensureBuiltinServer } from '../printing/printers.service';

// One-off manual shipments (catalogue-admin.md §2.12, §3, §4.7, §5, §7, §9): rate, buy, void.

let t: TestApp;
let states: { TX: number; OR: number; ON: number };
let main: number;
let thirdParty: number;
let music: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'warehouse', 'sales', 'outlet');
  const rows = await t.rows<{ id: number; code: string; country: number }>(
    sql`select id, code, country_id as country from states where code in ('TX', 'OR', 'ON')`,
  );
  const of = (code: string) => rows.find((r) => r.code === code)!.id;
  states = { TX: of('TX'), OR: of('OR'), ON: of('ON') };
  const warehouses = await t.rows<{ id: number; name: string }>(
    sql`select w.id, w.name from warehouses w join accounts a on a.id = w.account_id where a.name = 'Demo Music Co'`,
  );
  main = warehouses.find((w) => w.name === 'Main Warehouse')!.id;
  music = (await t.rows<{ id: number }>(sql`select id from accounts where name = 'Demo Music Co'`))[0]!.id;
  thirdParty = warehouses.find((w) => w.name === 'FBA Third Party')!.id;
}, 120_000);
afterAll(() => t?.close());

const V1 = '/api/v1/shipping/oneOffShipment';
const shipFrom = () => ({
  name: 'Shipping Desk',
  company: 'Demo Music Co',
  addressLine1: '1200 Congress Ave',
  city: 'Austin',
  stateId: states.TX,
  postalCode: '78701',
  phone: '5125550142',
});
const shipTo = () => ({
  name: 'Quinn Buyer',
  addressLine1: '22 Harbour Street',
  city: 'Portland',
  stateId: states.OR,
  postalCode: '97205',
});
const parcel = { name: 'Box', width: 9, height: 6, length: 12, weight: 2.5 };
// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
const refusal = (res: { statusCode: number; json(): any }) => {
  const body = errorEnvelopeSchema.parse(res.json());
  return [res.statusCode, body.error.code, body.error.message] as const;
};

async function rated(who = 'warehouse', extra: Record<string, unknown> = {}) {
  const res = await t.as(who, 'POST', V1, {
    shipFrom: shipFrom(),
    shipTo: shipTo(),
    parcels: [parcel],
    warehouseId: main,
    notes: 'Replacement strings for a customer',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return oneOffShipmentSchema.parse(res.json().data[0]);
}

describe('POST …/oneOffShipment', () => {
  it('answers the provider JSON with rates cheapest first and keeps the shipment for the label', async () => {
    const shipment = await rated();
    expect(shipment.id).toMatch(/^shp_/);
    expect(shipment.tracking_code).toBeNull();
    expect(shipment.postage_label).toBeNull();
    const prices = shipment.rates.map((r) => Number(r.rate));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(shipment.rates.some((r) => r.service.includes('Envelope'))).toBe(false);
    expect(shipment.rates[0]).toMatchObject({
      carrier: expect.any(String),
      delivery_date: expect.any(String),
    });
    const [row] = await t.rows<{
      notes: string;
      parcels: unknown;
      shipTo: { state: string };
      warehouseId: number;
    }>(
      sql`select notes, parcels, ship_to as "shipTo", warehouse_id as "warehouseId" from one_off_shipments where id = ${shipment.oneOffShipmentId}`,
    );
    expect(row).toMatchObject({
      notes: 'Replacement strings for a customer',
      parcels: [{ ...parcel }],
      shipTo: { state: 'OR', stateId: states.OR, country: 'US' },
      warehouseId: main,
    });
    // The parcel is rated in ounces: 2.5 pounds is 40 ounces.
    const [quote] = await t.rows<{ request: { parcels: { weightOunce: number }[] } }>(
      sql`select request from shipping_quotes where provider_shipment_id = ${shipment.id}`,
    );
    expect(quote?.request.parcels[0]?.weightOunce).toBe(40);
  });

  it('enforces the §5/§9 parcel and address rules, a known state and a warehouse that fulfils', async () => {
    const send = (body: Record<string, unknown>) =>
      t.as('warehouse', 'POST', V1, { shipFrom: shipFrom(), shipTo: shipTo(), parcels: [parcel], ...body });
    const before = await t.rows(sql`select count(*)::int as n from one_off_shipments`);
    for (const bad of [
      { ...parcel, weight: 0.04 },
      { ...parcel, weight: 150.5 },
      { ...parcel, width: 0 },
      { ...parcel, length: 100.5 },
    ]) {
      const res = await send({ parcels: [bad] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual([{ field: 'parcels.0', message: ONE_OFF_PARCEL_MESSAGE }]);
    }
    expect((await send({ parcels: [{ ...parcel, weight: 150 }] })).statusCode).toBe(200);
    expect((await send({ parcels: [] })).statusCode).toBe(400);
    const noCity = await send({ shipTo: { ...shipTo(), city: '' } });
    expect(noCity.json().error.fields).toEqual([{ field: 'shipTo', message: ONE_OFF_ADDRESS_MESSAGE }]);
    const noName = await send({ shipFrom: { ...shipFrom(), name: null, company: null } });
    expect(noName.json().error.fields).toEqual([{ field: 'shipFrom', message: ONE_OFF_ADDRESS_MESSAGE }]);
    expect((await send({ shipTo: { ...shipTo(), stateId: 0 } })).statusCode).toBe(400);
    expect(refusal(await send({ shipTo: { ...shipTo(), stateId: 999_999 } }))).toEqual([
      400,
      'bad_request',
      'Invalid input. shipTo.stateId: There is no state 999999.',
    ]);
    expect(refusal(await send({ shipTo: { ...shipTo(), stateId: states.ON, country: 'US' } }))[2]).toContain(
      `State ${states.ON} is not a state of US.`,
    );
    expect(refusal(await send({ warehouseId: thirdParty }))).toEqual([
      409,
      'conflict',
      'FBA Third Party does not ship orders; choose a warehouse that fulfils orders.',
    ]);
    const after = await t.rows(sql`select count(*)::int as n from one_off_shipments`);
    expect(after).toEqual([{ n: (before[0] as { n: number }).n + 1 }]);
  });

  it('is the shipping permission’s, and another account’s warehouse is not found', async () => {
    expect(
      refusal(
        await t.as('sales', 'POST', V1, { shipFrom: shipFrom(), shipTo: shipTo(), parcels: [parcel] }),
      )[0],
    ).toBe(403);
    const res = await t.as('outlet', 'POST', V1, {
      shipFrom: shipFrom(),
      shipTo: shipTo(),
      parcels: [parcel],
      warehouseId: main,
    });
    expect(refusal(res)).toEqual([404, 'not_found', `Warehouse ${main} not found.`]);
  });
});

describe('buy and void', () => {
  it('buys the chosen rate with insurance, answers the tracking code, label URLs and total fee, then voids it', async () => {
    const shipment = await rated();
    const rate = shipment.rates[1]!;
    const res = await t.as('warehouse', 'POST', `${V1}/buy`, {
      easypostJSON: shipment,
      rateId: rate.id,
      insuredAmount: 200,
    });
    expect(res.statusCode, res.body).toBe(200);
    const bought = oneOffBuyReplySchema.parse(res.json().data[0]);
    expect(bought.easypostJSON.id).toBe(shipment.id);
    expect(bought.easypostJSON.tracking_code).toMatch(/\w{10,}/);
    expect(bought.easypostJSON.postage_label).toMatchObject({
      label_pdf_url: `/api/v1/shipping/labels/${bought.labelId}.pdf`,
      label_zpl_url: `/api/v1/shipping/labels/${bought.labelId}.zpl`,
    });
    // Postage plus the insurance fee.
    expect(bought.totalFee).toBeGreaterThan(Number(rate.rate));
    // A double click (the same rate again) answers the same label; another rate is refused.
    const again = oneOffBuyReplySchema.parse(
      (await t.as('warehouse', 'POST', `${V1}/buy`, { easypostJSON: shipment, rateId: rate.id })).json()
        .data[0],
    );
    expect(again.labelId).toBe(bought.labelId);
    const other = await t.as('warehouse', 'POST', `${V1}/buy`, {
      easypostJSON: shipment,
      rateId: shipment.rates[0]!.id,
    });
    expect(refusal(other)[1]).toBe('shipment_has_label');
    expect(
      await t.rows(
        sql`select id from shipping_labels where owner_kind = 'oneOff' and owner_id = ${shipment.oneOffShipmentId}`,
      ),
    ).toHaveLength(1);
    // Print Label ZPL: the label on the shipping label printer, through the print queue.
    await ensureBuiltinServer(t.deps.db, music);
    const [printer] = await t.rows<{ id: number }>(
      sql`select id from printers where account_id = ${music} and uri = 'builtin://shipping'`,
    );
    const print = (who = 'warehouse') =>
      t.as(who, 'POST', '/api/v1/shipping/label/print', {
        shipmentRateLabelId: bought.labelId,
        serverPrinterId: printer!.id,
      });
    const printed = await print();
    expect(printed.statusCode, printed.body).toBe(200);
    const [job] = await t.rows<{ kind: string }>(
      sql`select label_kind as kind from print_jobs where id = ${printed.json().data[0].printJobId}`,
    );
    expect(job!.kind).toBe('shippingLabel');
    expect(refusal(await print('outlet'))).toEqual([404, 'not_found', `Label ${bought.labelId} not found.`]);
    expect(refusal(await print('sales'))[0]).toBe(403);
    // Another account cannot void it.
    const foreign = await t.as('outlet', 'POST', `${V1}/void`, { shipmentId: shipment.id, integrationId: 0 });
    expect(refusal(foreign)).toEqual([404, 'not_found', `Shipment ${shipment.id} not found.`]);

    const voided = await t.as('warehouse', 'POST', `${V1}/void`, {
      shipmentId: shipment.id,
      integrationId: 0,
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(oneOffVoidReplySchema.parse(voided.json().data[0])).toMatchObject({
      id: shipment.id,
      totalRefund: bought.totalFee,
    });
    expect(refusal(await t.as('warehouse', 'POST', `${V1}/void`, { shipmentId: shipment.id }))).toEqual([
      409,
      'shipment_voided',
      `Shipment ${shipment.id} is already voided.`,
    ]);
    expect(
      refusal(await t.as('warehouse', 'POST', `${V1}/buy`, { easypostJSON: shipment, rateId: rate.id }))[1],
    ).toBe('shipment_voided');
    expect(refusal(await print())[0]).toBe(409);
  });

  it('refuses a rate the shipment does not have, an unknown shipment, insurance over 5000 and a void before buying', async () => {
    const shipment = await rated();
    expect(
      refusal(await t.as('warehouse', 'POST', `${V1}/buy`, { easypostJSON: shipment, rateId: 'rate_other' })),
    ).toEqual([
      409,
      'rates_outdated',
      `Rate rate_other is not one of shipment ${shipment.id}'s rates; calculate the rates again.`,
    ]);
    expect(
      refusal(
        await t.as('warehouse', 'POST', `${V1}/buy`, { easypostJSON: { id: 'shp_nope' }, rateId: 'x' }),
      ),
    ).toEqual([404, 'not_found', 'Shipment shp_nope not found.']);
    const tooMuch = await t.as('warehouse', 'POST', `${V1}/buy`, {
      easypostJSON: shipment,
      rateId: shipment.rates[0]!.id,
      insuredAmount: 5001,
    });
    expect(refusal(tooMuch)[0]).toBe(400);
    expect(refusal(await t.as('warehouse', 'POST', `${V1}/void`, { shipmentId: shipment.id }))).toEqual([
      409,
      'conflict',
      `Shipment ${shipment.id} has no label to void.`,
    ]);
    expect(
      await t.rows(
        sql`select id from shipping_labels where owner_kind = 'oneOff' and owner_id = ${shipment.oneOffShipmentId}`,
      ),
    ).toEqual([]);
  });
});
