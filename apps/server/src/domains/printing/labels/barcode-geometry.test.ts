import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import {
  code128Codewords,
  fitModuleWidth,
  quietZoneModules,
  resolveSymbol,
  symbolModules,
} from './barcode-geometry';
import type { BarcodeSymbology } from './label-layout';

describe('resolveSymbol', () => {
  it.each<[string, BarcodeSymbology, string, string]>([
    ['036000291452', 'upca', 'upca', '036000291452'],
    ['0000036000291452', 'upca', 'upca', '036000291452'], // stored UPCs are zero padded to 16
    ['036000291453', 'upca', 'code128', '036000291453'], // bad check digit
    ['4006381333931', 'upca', 'ean13', '4006381333931'], // an EAN-13 asked for as a product barcode
    ['0004006381333931', 'ean13', 'ean13', '4006381333931'],
    ['036000291452', 'ean13', 'ean13', '0036000291452'],
    ['96385074', 'upca', 'code128', '96385074'], // GTIN-8: no UPC-A
    ['1036000291452', 'upca', 'code128', '1036000291452'], // 13 digits, bad EAN check
    ['SKU 12/4', 'upca', 'code128', 'SKU124'],
    ['/IBR-123/', 'code128', 'code128', '/IBR-123/'], // system scan codes keep their delimiters
    ['{sku:5}', 'code128', 'code128', '{SKU:5}'],
    ['/IBR-12', 'code128', 'code128', 'IBR-12'], // not a scan code: sanitised
    ['036000291452', 'code128', 'code128', '036000291452'],
  ])('%s as %s -> %s %s', (value, asked, symbology, printed) => {
    expect(resolveSymbol(value, asked)).toEqual({ symbology, value: printed });
  });

  it('refuses a value with nothing printable', () => {
    expect(() => resolveSymbol('//', 'code128')).toThrow(RangeError);
    expect(() => resolveSymbol('', 'upca')).toThrow(RangeError);
  });
});

describe('Code 128 size', () => {
  it.each([
    ['A', 3],
    ['AB-12', 7],
    ['1234', 4], // start C, 12, 34, check
    ['12345', 6], // odd digit count: one digit goes to subset B
    ['MAIN-01AA02AB-B05', 19],
    ['ABC123456', 9], // start B, A B C, code C, 12 34 56, check
  ])('%s needs %i codewords', (value, codewords) => {
    expect(code128Codewords(value)).toBe(codewords);
  });

  it.each([
    'A',
    'AB-12',
    '1234',
    '12345',
    'MAIN-01AA02AB-B05',
    'ABCDE-99ZZ99ZZ-N12345',
    'WH1-VIRTUAL-T01',
    'IBR-123456789',
    '0123456789012',
    'a1b22c333d4444e55555',
    'sku-000001-x',
  ])('matches bwip-js module count for %s', (value) => {
    const [symbol] = bwipjs.raw({ bcid: 'code128', text: value });
    const bwipModules = symbol && 'sbs' in symbol ? symbol.sbs.reduce((sum, run) => sum + run, 0) : -1;
    expect(symbolModules({ symbology: 'code128', value })).toBe(bwipModules);
  });

  it('counts 95 modules for UPC-A and EAN-13, with their quiet zones', () => {
    expect(symbolModules({ symbology: 'upca', value: '036000291452' })).toBe(95);
    expect(symbolModules({ symbology: 'ean13', value: '4006381333931' })).toBe(95);
    expect([quietZoneModules('code128'), quietZoneModules('upca'), quietZoneModules('ean13')]).toEqual([
      10, 9, 11,
    ]);
  });
});

describe('fitModuleWidth', () => {
  const symbol = { symbology: 'code128' as const, value: 'AB-12' }; // 90 modules + 20 quiet = 110

  it.each([
    [440, 4, 4],
    [439, 4, 3],
    [330, 9, 3],
    [219, 2, 1],
    [50, 2, 1], // never below one dot
  ])('%i dots, up to %i -> %i', (width, max, module) => {
    expect(fitModuleWidth(symbol, width, max)).toBe(module);
  });
});
