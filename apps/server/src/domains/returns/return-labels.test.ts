import { errorEnvelopeSchema, returnShipmentSchema } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { newShippableOrder } from '../orders/test/shippable-order';

// Return labels (returns.md §Add shipment modal, §Shipment panel, §4 Shipments, §5, §7).

let t: TestApp;
let music: number;
let main: number;
let thirdParty: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'warehouse', 'sales', 'outlet');
  [{ id: music }] = (await t.rows<{ id: number }>(
    sql`select id from accounts where name = 'Demo Music Co'`,
  )) as [{ id: number }];
  const warehouses = await t.rows<{ id: number; name: string }>(
    sql`select id, name from warehouses where account_id = ${music}`,
  );
  main = warehouses.find((w) => w.name === 'Main Warehouse')!.id;
  thirdParty = warehouses.find((w) => w.name === 'FBA Third Party')!.id;
}, 120_000);
afterAll(() => t?.close());

const R = '/api/v1/backroom/returns';
/** A reply as the test app answers it (its json() is checked field by field). */
type Reply = LightMyRequestResponse;
const shipmentsOf = (res: Reply) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as unknown[]).map((s) => returnShipmentSchema.parse(s));
};
const refusal = (res: Reply) => {
  const body = errorEnvelopeSchema.parse(res.json());
  return [res.statusCode, body.error.code, body.error.message] as const;
};
/** The first shipment of a reply. */
const first = (res: Reply) => shipmentsOf(res)[0]!;
const returnNotes = (id: number) =>
  t.rows<{ text: string }>(
    sql`select text from inbound_return_notes where inbound_return_id = ${id} and note_type_id <> 0 order by id`,
  );

/** A return of a new order shipped to Portland (the customer sends it back from there). */
async function newReturn() {
  const order = await newShippableOrder(t, music);
  const res = await t.as('admin', 'PUT', R, { channelOrderId: order.id });
  expect(res.statusCode, res.body).toBe(200);
  const created = res.json().data[0] as { id: number; channelOrderReturnId: number };
  return { ...created, order };
}
const box = { packageLengthInch: 12, packageWidthInch: 9, packageHeightInch: 6, packageWeightOunce: 40 };

describe('POST …/returns/shipments/new', () => {
  it('adds existing labels (tracking number and cost) bound for the chosen warehouse, with a note', async () => {
    const ret = await newReturn();
    const made = shipmentsOf(
      await t.as('warehouse', 'POST', `${R}/shipments/new`, {
        channelOrderReturnId: ret.channelOrderReturnId,
        inboundReturnId: ret.id,
        trackingNumbers: [
          { trackingNumber: '1Z999AA10123456784', carrierFeeBilled: 8.45 },
          { trackingNumber: '9400100000000000000000', carrierFeeBilled: 0 },
        ],
        destinationAddressId: main,
      }),
    );
    expect(made).toHaveLength(2);
    expect(made[0]).toMatchObject({
      trackingNumber: '1Z999AA10123456784',
      carrierFeeBilled: 8.45,
      isExternalShipment: 1,
      hasLabel: true,
      warehouseId: main,
      destinationAddress: { city: 'Austin', stateOrProvidence: 'TX', postalCode: '78701' },
    });
    expect((await returnNotes(ret.id)).at(-1)!.text).toBe(
      'Existing labels added: 1Z999AA10123456784 ($8.45), 9400100000000000000000 ($0.00).',
    );
    // The return shows them the same way.
    const detail = (await t.as('warehouse', 'GET', `${R}/${ret.id}`)).json().data[0];
    expect(detail.shipments.map((s: unknown) => returnShipmentSchema.parse(s))).toEqual(made);
  });

  it('refuses a warehouse that cannot receive, another return’s channel return and another account’s return', async () => {
    const ret = await newReturn();
    const other = await newReturn();
    const send = (body: Record<string, unknown>, who = 'warehouse') =>
      t.as(who, 'POST', `${R}/shipments/new`, { inboundReturnId: ret.id, ...body });
    expect(refusal(await send({ destinationAddressId: thirdParty }))).toEqual([
      409,
      'conflict',
      'FBA Third Party does not receive returns; choose an active warehouse that receives.',
    ]);
    expect(refusal(await send({ channelOrderReturnId: other.channelOrderReturnId }))[0]).toBe(409);
    expect(refusal(await send({}, 'outlet'))).toEqual([404, 'not_found', `Return ${ret.id} not found.`]);
    expect(refusal(await send({}, 'sales'))[0]).toBe(403);
    expect(refusal(await send({ trackingNumbers: [{ trackingNumber: '', carrierFeeBilled: 1 }] }))[0]).toBe(
      400,
    );
    expect(
      await t.rows(sql`select id from inbound_return_shipments where inbound_return_id = ${ret.id}`),
    ).toEqual([]);
  });
});

describe('a new return label: rate, buy, download', () => {
  it('rates from the customer to the warehouse, buys the chosen rate insured, and downloads the PDF by name', async () => {
    const ret = await newReturn();
    const started = first(
      await t.as('warehouse', 'POST', `${R}/shipments/new`, { inboundReturnId: ret.id, trackingNumbers: [] }),
    );
    expect(started).toMatchObject({
      hasLabel: false,
      hasRates: 0,
      warehouseId: main,
      sourceAddress: { city: 'Portland', stateOrProvidence: 'OR' },
      destinationAddress: { city: 'Austin' },
      easypostJSON: null,
    });
    const rateRes = await t.as('warehouse', 'POST', `${R}/shipment/rate`, {
      shipment: { id: started!.id, inboundReturnId: ret.id, ...box },
    });
    const rated = first(rateRes);
    expect(rated).toMatchObject({ hasRates: 1, hasRatesAttempted: 1, hasSelectedRate: 0, ...box });
    const prices = rated!.rates.map((r) => r.rate);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(rated!.rates.some((r) => r.service.includes('Envelope'))).toBe(false);
    expect(rated.easypostJSON!.rates.map((r) => r.id)).toEqual(rated!.rates.map((r) => r.id));
    const chosen = rated.rates[0]!;

    const buy = (body: Record<string, unknown> = {}) =>
      t.as('warehouse', 'POST', `${R}/shipment/buy`, {
        inboundReturnId: ret.id,
        inboundReturnShipmentId: started!.id,
        selectedRateId: chosen.id,
        insuredAmount: 50,
        ...body,
      });
    expect((await buy({ insuredAmount: 50.5 })).statusCode).toBe(400);
    expect((await buy({ insuredAmount: 5001 })).statusCode).toBe(400);
    expect(refusal(await buy({ selectedRateId: 'rate_gone' }))[1]).toBe('rates_outdated');
    const bought = first(await buy());
    expect(bought).toMatchObject({
      isPurchased: 1,
      hasLabel: true,
      hasSelectedRate: 1,
      carrier: chosen.carrier,
      service: chosen.service,
      label: { state: 'bought', insured: 50 },
    });
    expect(bought!.trackingNumber).toBe(bought.label!.trackingNumber);
    expect(bought!.carrierFeeBilled).toBe(bought.label!.fee);
    expect(bought.rates.find((r) => r.isSelectedRate)!.id).toBe(chosen.id);
    expect(bought.easypostJSON!.tracking_code).toBe(bought!.trackingNumber);
    expect((await returnNotes(ret.id)).at(-1)!.text).toBe(
      `Return label purchased for shipment ${started!.id}: ${chosen.carrier} ${chosen.service}, tracking ${bought!.trackingNumber}, fee $${bought.label!.fee.toFixed(2)} (insured for $50.00).`,
    );
    // Bought: rating or buying again is refused.
    expect(refusal(await buy())[1]).toBe('shipment_has_label');
    expect(
      refusal(
        await t.as('warehouse', 'POST', `${R}/shipment/rate`, {
          shipment: { id: started!.id, inboundReturnId: ret.id, ...box },
        }),
      )[1],
    ).toBe('shipment_has_label');

    const labelId = bought.label!.id;
    expect(bought!.labelDownloadUrl).toBe(`${R}/${ret.id}/labels/${labelId}`);
    const pdf = await t.as('warehouse', 'GET', bought.labelDownloadUrl!);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="return-${ret.id}-label-${labelId}.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Under another return, or for another account, the label is not found.
    const other = await newReturn();
    expect(refusal(await t.as('warehouse', 'GET', `${R}/${other.id}/labels/${labelId}`))[0]).toBe(404);
    expect(refusal(await t.as('outlet', 'GET', `${R}/${ret.id}/labels/${labelId}`))[0]).toBe(404);
  });

  it('refuses an invalid package or a sender without a state, saving nothing', async () => {
    const ret = await newReturn();
    const started = first(await t.as('warehouse', 'POST', `${R}/shipments/new`, { inboundReturnId: ret.id }));
    const rate = (shipment: Record<string, unknown>) =>
      t.as('warehouse', 'POST', `${R}/shipment/rate`, {
        shipment: { id: started!.id, inboundReturnId: ret.id, ...box, ...shipment },
      });
    expect(refusal(await rate({ packageWeightOunce: 0.5 }))[1]).toBe('invalid_package');
    expect(refusal(await rate({ packageWidthInch: 1 }))[1]).toBe('invalid_package');
    const noState = { name: 'Quinn', addressLine1: '1 Main St', city: 'Portland', postalCode: '97205' };
    expect(refusal(await rate({ sourceAddress: noState }))[1]).toBe('invalid_address');
    // The sender's state is found from its code as well as its id.
    const withCode = first(await rate({ sourceAddress: { ...noState, stateOrProvidence: 'wa' } }));
    expect(withCode!.sourceAddress).toMatchObject({
      stateOrProvidence: 'WA',
      countryId: 1,
      city: 'Portland',
    });
    const before = await t.rows(sql`select * from inbound_return_shipments where id = ${started!.id}`);
    expect(refusal(await rate({ packageWeightOunce: 0 }))[1]).toBe('invalid_package');
    expect(await t.rows(sql`select * from inbound_return_shipments where id = ${started!.id}`)).toEqual(
      before,
    );
    // A shipment of another return is not found.
    const other = await newReturn();
    expect(
      refusal(
        await t.as('warehouse', 'POST', `${R}/shipment/rate`, {
          shipment: { id: started!.id, inboundReturnId: other.id, ...box },
        }),
      ),
    ).toEqual([404, 'not_found', `Shipment ${started!.id} not found on return #${other.id}.`]);
  });
});
