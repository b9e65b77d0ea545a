import { describe, expect, it } from 'vitest';
import { parseScan } from '../scanner/parse-scan';
import {
  hasValidTrackingCheckDigit,
  makeFedexTracking,
  makeUpsTracking,
  makeUspsTracking,
  trackingBarcodeValue,
  upsCheckDigit,
} from './tracking-numbers';

describe('check digits', () => {
  it.each([
    // UPS's well-known test number 1Z999AA10123456784.
    ['999AA1012345678', 4],
  ])('UPS %s -> %i', (body, digit) => {
    expect(upsCheckDigit(body)).toBe(digit);
  });
});

describe('generated numbers are in their carrier’s format and scan as that carrier', () => {
  const ups = Array.from({ length: 50 }, (_, i) => makeUpsTracking('SBX4A7', i % 2 ? '03' : '02', i * 7919));
  const usps = Array.from({ length: 50 }, (_, i) => makeUspsTracking('94', '001', 901234567, i * 104729));
  const fedex = Array.from({ length: 50 }, (_, i) => makeFedexTracking('12019', i * 15485863));

  it.each([
    ['UPS', ups, /^1Z[A-Z0-9]{16}$/],
    ['USPS', usps, /^94\d{20}$/],
    ['FedEx', fedex, /^96\d{20}$/],
  ] as const)('%s', (carrier, numbers, format) => {
    for (const trackingNumber of numbers) {
      expect(trackingNumber).toMatch(format);
      expect(hasValidTrackingCheckDigit(carrier, trackingNumber)).toBe(true);
      expect(parseScan(trackingNumber)).toEqual({ type: 'trackingNumber', carrier, trackingNumber });
    }
  });

  it('a wrong check digit is found', () => {
    const good = makeUpsTracking('SBX4A7', '02', 1234567);
    const bad = `${good.slice(0, -1)}${(Number(good.at(-1)) + 1) % 10}`;
    expect(hasValidTrackingCheckDigit('UPS', bad)).toBe(false);
    const fedexGood = makeFedexTracking('12019', 42);
    expect(
      hasValidTrackingCheckDigit('FedEx', `${fedexGood.slice(0, -1)}${(Number(fedexGood.at(-1)) + 3) % 10}`),
    ).toBe(false);
    const uspsGood = makeUspsTracking('94', '055', 1, 2);
    expect(
      hasValidTrackingCheckDigit('USPS', `${uspsGood.slice(0, -1)}${(Number(uspsGood.at(-1)) + 1) % 10}`),
    ).toBe(false);
  });

  it('a USPS label barcode carries 420 + ZIP before the IMpb, and scans back to the tracking number', () => {
    const trackingNumber = makeUspsTracking('94', '001', 901234567, 1);
    const barcode = trackingBarcodeValue('USPS', trackingNumber, '78701-1234');
    expect(barcode).toBe(`42078701${trackingNumber}`);
    expect(parseScan(barcode)).toEqual({ type: 'trackingNumber', carrier: 'USPS', trackingNumber });
    expect(trackingBarcodeValue('UPS', ups[0]!, '78701')).toBe(ups[0]);
  });

  it('refuses parts of the wrong shape', () => {
    expect(() => makeUpsTracking('short', '02', 1)).toThrow(RangeError);
    expect(() => makeUspsTracking('94', '1', 1, 1)).toThrow(RangeError);
    expect(() => makeFedexTracking('1', 1)).toThrow(RangeError);
  });
});
