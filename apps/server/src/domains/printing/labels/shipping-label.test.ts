import {
  makeFedexTracking,
  makeUpsTracking,
  makeUspsTracking,
  parseScan,
  trackingBarcodeValue,
} from '@backroom/shared';
import { describe, expect, it } from 'vitest';
import { decodeBarcodePng } from './decode-barcode.test-support';
import { renderPdf } from './render-pdf';
import { renderPng } from './render-png';
import { renderZpl } from './render-zpl';
import { resolveLabel } from './resolve-label';
import { buildShippingLabel, type ShippingLabelData, spacedTrackingNumber } from './shipping-label';

const from = {
  name: 'Demo Music Co Warehouse',
  company: 'Demo Music Co',
  street1: '500 Warehouse Row',
  street2: null,
  city: 'Austin',
  state: 'TX',
  postalCode: '78744',
  country: 'US',
};
const to = {
  name: 'Quinn Buyer',
  company: null,
  street1: '22 Harbour Street',
  street2: 'Apt 4',
  city: 'Portland',
  state: 'OR',
  postalCode: '97205-1234',
  country: 'US',
};

const CASES = [
  ['USPS', 'Ground Advantage', makeUspsTracking('94', '001', 901234567, 4321)],
  ['UPS', 'Ground', makeUpsTracking('SBX4A7', '03', 7654321)],
  ['FedEx', 'Ground', makeFedexTracking('12019', 98765432101234)],
] as const;

function labelFor(carrier: string, serviceName: string, trackingNumber: string): ShippingLabelData {
  return {
    from,
    to,
    carrier,
    serviceName,
    trackingNumber,
    barcodeValue: trackingBarcodeValue(carrier, trackingNumber, to.postalCode),
    weightOunce: 40,
    shipDate: '2026-03-02',
    reference: 'Order 111-0000001',
    footer: 'SANDBOX LABEL - NO POSTAGE',
  };
}

describe('shipping label 4" x 6"', () => {
  it.each(
    CASES,
  )('%s: the barcode in the PNG scans as the tracking number of its carrier', async (carrier, service, trackingNumber) => {
    const label = buildShippingLabel(labelFor(carrier, service, trackingNumber));
    expect([label.widthIn, label.heightIn]).toEqual([4, 6]);
    const decoded = decodeBarcodePng(Buffer.from(await renderPng(label)));
    expect(decoded.format).toBe('CODE_128');
    expect(parseScan(decoded.text)).toEqual({ type: 'trackingNumber', carrier, trackingNumber });
  });

  it('prints both addresses, the carrier and service, and the tracking number in groups of four', () => {
    const [carrier, service, trackingNumber] = CASES[1];
    const lines = resolveLabel(
      buildShippingLabel(labelFor(carrier, service, trackingNumber)),
    ).elements.flatMap((e) => (e.kind === 'text' ? e.lines : []));
    expect(lines).toEqual(
      expect.arrayContaining([
        'Demo Music Co Warehouse',
        '500 Warehouse Row',
        'Austin, TX 78744',
        'Quinn Buyer',
        '22 Harbour Street',
        'Apt 4',
        'Portland, OR 97205-1234',
        'UPS GROUND',
        spacedTrackingNumber(trackingNumber),
        'Weight: 2.50 lb',
        'Ref: Order 111-0000001',
      ]),
    );
    expect(spacedTrackingNumber('1Z12345E0205271688')).toBe('1Z12 345E 0205 2716 88');
  });

  it('renders to ZPL for the printer (the barcode as ^BC with the value) and to a one-page PDF', async () => {
    const [carrier, service, trackingNumber] = CASES[0];
    const label = buildShippingLabel(labelFor(carrier, service, trackingNumber));
    const zpl = renderZpl(label);
    expect(zpl).toMatch(/^\^XA/);
    expect(zpl).toContain('^BC');
    expect(zpl).toContain(`42097205${trackingNumber}`);
    const pdf = Buffer.from(await renderPdf([label]));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
