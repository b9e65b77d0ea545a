import { readFileSync } from 'node:fs';
import { parseScan, shipperSchema, statesAndCountriesSchema } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app';
import { decodeBarcodePng } from '../printing/labels/decode-barcode.test-support';
import { buyLabel, printLabel, rateShipment, voidLabel } from './shipping.service';
import type { ShippingLabel } from './shipping-label-row';
import { authOf, rateRequest } from './test/shipping-fixtures';

let t: TestApp;
let label: ShippingLabel;
beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'warehouse', 'sales', 'outlet', 'manager');
  const admin = await authOf(t, 'admin@backroom.local');
  const rated = await rateShipment(t.deps, admin, rateRequest());
  label = await buyLabel(t.deps, admin, {
    owner: { kind: 'oneOff', id: 7001 },
    providerShipmentId: rated.providerShipmentId,
    rateId: rated.rates.find((r) => r.carrier === 'UPS')!.id,
    insuredCents: 0,
  });
}, 120_000);
afterAll(() => t?.close());

describe('GET /api/v1/shipping/shippers', () => {
  it('lists the carrier accounts and their adapter to anyone signed in', async () => {
    const res = await t.as('sales', 'GET', '/api/v1/shipping/shippers');
    expect(res.statusCode).toBe(200);
    const shippers = z.array(shipperSchema).parse(res.json().data);
    expect(shippers.map((s) => [s.carrier, s.adapter])).toEqual([
      ['USPS', 'sandbox'],
      ['UPS', 'sandbox'],
      ['FedEx', 'sandbox'],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/shipping/shippers' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/utilities/statesAndCountries', () => {
  it('answers states and countries with ids and codes in data[0]; country 1 is the US', async () => {
    const res = await t.as('sales', 'GET', '/api/v1/utilities/statesAndCountries');
    expect(res.statusCode).toBe(200);
    const { states, countries } = z.array(statesAndCountriesSchema).parse(res.json().data)[0]!;
    expect(countries[0]).toEqual({ id: 1, code: 'US', code3: 'USA', name: 'United States' });
    expect(countries.find((c) => c.code === 'CA')).toMatchObject({ code3: 'CAN', name: 'Canada' });
    const us = states.filter((s) => s.countryId === 1);
    expect(us.map((s) => s.code)).toEqual(
      expect.arrayContaining(['TX', 'DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'AA', 'AE', 'AP']),
    );
    expect(us.length).toBe(51 + 6 + 3);
    expect(states.filter((s) => s.countryId === 2)).toHaveLength(13);
    expect(states.find((s) => s.code === 'TX')).toEqual({ id: 44, code: 'TX', name: 'Texas', countryId: 1 });
    expect(new Set(states.map((s) => s.id)).size).toBe(states.length);
  });
});

describe('GET /api/v1/shipping/labels/{id}.pdf|.zpl', () => {
  it('downloads the label as PDF and ZPL with the shipping permission', async () => {
    const pdf = await t.as('warehouse', 'GET', `/api/v1/shipping/labels/${label.id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="shipping-label-${label.id}-${label.trackingNumber}.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const zpl = await t.as('manager', 'GET', `/api/v1/shipping/labels/${label.id}.zpl`);
    expect(zpl.statusCode).toBe(200);
    expect(zpl.body).toBe(label.labelZpl);
    expect(zpl.body).toContain(label.trackingNumber);
  });

  it('refuses without the permission (403), another account’s label and an unknown id (404)', async () => {
    expect((await t.as('sales', 'GET', `/api/v1/shipping/labels/${label.id}.pdf`)).statusCode).toBe(403);
    const foreign = await t.as('outlet', 'GET', `/api/v1/shipping/labels/${label.id}.pdf`);
    expect([foreign.statusCode, foreign.json().error.message]).toEqual([404, `Label ${label.id} not found.`]);
    expect((await t.as('admin', 'GET', '/api/v1/shipping/labels/99999.zpl')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/shipping/labels/${label.id}.pdf` })).statusCode,
    ).toBe(401);
  });
});

describe('printLabel', () => {
  it('queues the label on a shipping label printer; the built-in print server’s PNG preview scans as the tracking number', async () => {
    await t.as('warehouse', 'GET', '/api/backroom/warehouse/printers');
    const [printer] = await t.rows<{ id: number }>(sql`
      select p.id from printers p join accounts a on a.id = p.account_id
      where a.name = 'Demo Music Co' and p.common_name = 'Shipping Label Printer'`);
    const admin = await authOf(t, 'admin@backroom.local');
    const { jobId } = await printLabel(t.deps, admin, label.id, printer!.id);
    await t.builtinPrintServer.drain();
    const [job] = await t.rows<{ state: string; label_kind: string; preview_path: string; content: string }>(
      sql`select state, label_kind, preview_path, content from print_jobs where id = ${jobId}`,
    );
    expect(job).toMatchObject({ state: 'printed', label_kind: 'shippingLabel' });
    expect(job!.content).toContain('^PW812');
    const decoded = decodeBarcodePng(readFileSync(job!.preview_path));
    expect(parseScan(decoded.text)).toEqual({
      type: 'trackingNumber',
      carrier: 'UPS',
      trackingNumber: label.trackingNumber,
    });
  });

  it('refuses a printer without shipping label paper, another account’s label and a voided one', async () => {
    const admin = await authOf(t, 'admin@backroom.local');
    const [bench] = await t.rows<{ id: number }>(sql`
      select p.id from printers p join accounts a on a.id = p.account_id
      where a.name = 'Demo Music Co' and p.common_name = 'Bench Label Printer'`);
    await expect(printLabel(t.deps, admin, label.id, bench!.id)).rejects.toMatchObject({ statusCode: 400 });
    const outlet = await authOf(t, 'outlet@backroom.local', 'Demo Outlet');
    await expect(printLabel(t.deps, outlet, label.id, bench!.id)).rejects.toMatchObject({ statusCode: 404 });
    await voidLabel(t.deps, admin, { kind: 'oneOff', id: 7001 });
    await expect(printLabel(t.deps, admin, label.id, bench!.id)).rejects.toMatchObject({ statusCode: 409 });
  });
});
