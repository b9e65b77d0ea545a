import { describe, expect, it } from 'vitest';
import {
  formatOunces,
  formatPounds,
  isScaleVendor,
  OUNCES_PER_POUND,
  ouncesToPounds,
  parseScaleReport,
  SCALE_POLL_MS,
  SCALE_REPORT_LENGTH,
  SCALE_UNSUPPORTED_MESSAGE,
  SCALE_VENDOR_IDS,
  scaleEndpointFor,
} from './usb-scale';

describe('scale constants', () => {
  it('matches the spec', () => {
    expect(SCALE_VENDOR_IDS).toEqual([3768, 2338, 1241]);
    expect(SCALE_POLL_MS).toBe(100);
    expect(OUNCES_PER_POUND).toBe(16);
    expect(SCALE_REPORT_LENGTH).toBe(6);
    expect(SCALE_UNSUPPORTED_MESSAGE).toBe(
      'This version of your browser does not support USB. Please update to the latest version!',
    );
  });

  it.each([
    [3768, true],
    [2338, true],
    [1241, true],
    [1240, false],
    [0, false],
  ])('vendor %i is a scale vendor: %s', (vendorId, expected) => {
    expect(isScaleVendor(vendorId)).toBe(expected);
  });

  it.each([
    [32771, 2],
    [32770, 1],
    [32772, 1],
    [0, 1],
  ])('product %i reads endpoint %i', (productId, endpoint) => {
    expect(scaleEndpointFor(productId)).toBe(endpoint);
  });
});

describe('parseScaleReport', () => {
  it('reads (byte5 * 256 + byte4) / 100 from a 6-byte reading', () => {
    // 0x04d2 = 1234 hundredths; bytes 0-3 (report id, status, unit, scaling) do not count.
    expect(parseScaleReport(new Uint8Array([3, 4, 11, 255, 0xd2, 0x04]))).toBe(12.34);
    expect(parseScaleReport(new Uint8Array([9, 9, 9, 9, 0xd2, 0x04]))).toBe(12.34);
  });

  it.each([
    [[0, 0], 0],
    [[1, 0], 0.01],
    [[255, 0], 2.55],
    [[0, 1], 2.56],
    [[0x39, 0x30], 123.45],
    [[255, 255], 655.35],
  ])('low/high bytes %j give %d oz', ([low, high], ounces) => {
    expect(parseScaleReport(new Uint8Array([3, 4, 11, 254, low!, high!]))).toBe(ounces);
  });

  it('reads a DataView, honouring its offset into a larger buffer', () => {
    const buffer = new Uint8Array([99, 99, 3, 4, 11, 255, 0x10, 0x27, 99]).buffer;
    expect(parseScaleReport(new DataView(buffer, 2, 6))).toBe(100);
  });

  it('reads a 5-byte WebHID input report whose report id arrived separately', () => {
    const data = new DataView(new Uint8Array([4, 11, 255, 0xd2, 0x04]).buffer);
    expect(parseScaleReport(data, 3)).toBe(12.34);
    expect(parseScaleReport(new Uint8Array([4, 11, 255, 0x01, 0x01]), 3)).toBe(2.57);
  });

  it('treats report id 0 (no numbered reports) as a whole 6-byte reading', () => {
    expect(parseScaleReport(new Uint8Array([0, 4, 11, 255, 0xd2, 0x04]), 0)).toBe(12.34);
    expect(parseScaleReport(new Uint8Array([4, 11, 255, 0xd2, 0x04]), 0)).toBeNull();
  });

  it.each([
    ['empty', [], undefined],
    ['5 bytes without a report id', [4, 11, 255, 0xd2, 0x04], undefined],
    ['7 bytes', [3, 4, 11, 255, 0xd2, 0x04, 0], undefined],
    ['6 bytes after a stripped report id', [3, 4, 11, 255, 0xd2, 0x04], 3],
    ['4 bytes after a stripped report id', [4, 11, 255, 0xd2], 3],
  ])('answers null for %s', (_label, bytes, reportId) => {
    expect(parseScaleReport(new Uint8Array(bytes), reportId)).toBeNull();
  });

  it.each([-1, 256, 1.5, Number.NaN])('refuses report id %d', (reportId) => {
    expect(() => parseScaleReport(new Uint8Array(5), reportId)).toThrow(RangeError);
  });
});

describe('weight formatting', () => {
  it.each([
    [0, '0.00'],
    [12.34, '12.34'],
    [12.3, '12.30'],
    [7, '7.00'],
    [0.01, '0.01'],
    [655.35, '655.35'],
    [1.234, '1.23'],
    [1.236, '1.24'],
    [-2.5, '-2.50'],
    [-0.001, '0.00'],
  ])('%d oz prints as %s', (ounces, text) => {
    expect(formatOunces(ounces)).toBe(text);
  });

  it('converts 16 ounces to the pound', () => {
    expect(ouncesToPounds(16)).toBe(1);
    expect(ouncesToPounds(40)).toBe(2.5);
  });

  it.each([
    [0, '0.00'],
    [16, '1.00'],
    [12.34, '0.77'],
    [0.08, '0.01'], // 0.005 lb exactly: halves round up
    [0.07, '0.00'],
    [655.35, '40.96'],
    [40, '2.50'],
  ])('%d oz prints as %s lb', (ounces, text) => {
    expect(formatPounds(ounces)).toBe(text);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (value) => {
    expect(() => formatOunces(value)).toThrow(RangeError);
    expect(() => formatPounds(value)).toThrow(RangeError);
  });
});
