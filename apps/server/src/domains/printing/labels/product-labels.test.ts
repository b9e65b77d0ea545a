import { parseScan } from '@backroom/shared';
import { describe, expect, it } from 'vitest';
import type { BarcodeElement, Label } from './label-layout';
import {
  buildMiniPackageLabel,
  buildPguLabel,
  buildProductBarcodeLabel,
  buildReceivedItemLabel,
  buildRetailProductLabel,
  buildReturnBarcodeLabel,
} from './product-labels';
import { type ResolvedBarcode, resolveLabel } from './resolve-label';

const NAME = 'Fender Player Stratocaster Electric Guitar, Maple Fingerboard, Polar White';

function texts(label: Label): string[] {
  return label.elements.flatMap((e) => (e.kind === 'text' ? [e.text] : []));
}

function barcodes(label: Label): BarcodeElement[] {
  return label.elements.filter((e): e is BarcodeElement => e.kind === 'barcode');
}

function resolvedBarcode(label: Label): ResolvedBarcode {
  const found = resolveLabel(label).elements.find((e): e is ResolvedBarcode => e.kind === 'barcode');
  if (!found) throw new Error('no barcode');
  return found;
}

function resolvedLines(label: Label): string[][] {
  return resolveLabel(label).elements.flatMap((e) => (e.kind === 'text' ? [e.lines] : []));
}

describe('product barcode label (3" x 1")', () => {
  const label = buildProductBarcodeLabel({ barcode: '0000036000291452', sku: 'SKU-12345', name: NAME });

  it('is 3" x 1" with the SKU, the name cut to one line and the UPC with its digits', () => {
    expect([label.widthIn, label.heightIn]).toEqual([3, 1]);
    expect(resolvedLines(label)).toEqual([
      ['SKU-12345'],
      ['Fender Player Stratocaster Electric Guitar, Maple...'],
    ]);
    expect(resolvedBarcode(label)).toMatchObject({
      symbology: 'upca',
      value: '036000291452',
      moduleWidth: 3,
      x: 162,
      humanReadable: { text: '036000291452', y: 162, fontSize: 27 },
    });
  });
});

describe('retail product label (2.25" x 1")', () => {
  it('shows the name on two lines beside the price', () => {
    const label = buildRetailProductLabel({ barcode: '036000291452', name: NAME, priceCents: 79999 });
    expect([label.widthIn, label.heightIn]).toEqual([2.25, 1]);
    expect(resolvedLines(label)).toEqual([
      ['Fender Player Stratocaster', 'Electric Guitar, Maple...'],
      ['$799.99'],
    ]);
  });

  it('uses the full width for the name without a price', () => {
    const label = buildRetailProductLabel({ barcode: '036000291452', name: NAME });
    expect(texts(label)).toEqual([NAME]);
    expect(label.elements[0]).toMatchObject({ width: 433 });
  });
});

describe('mini package label (paper 37, 2.25" x 1.25")', () => {
  it('prints an EAN-13 code as EAN-13', () => {
    const label = buildMiniPackageLabel({ barcode: '4006381333931', sku: 'SKU-1', name: 'Capo' });
    expect([label.widthIn, label.heightIn]).toEqual([2.25, 1.25]);
    expect(resolvedBarcode(label)).toMatchObject({ symbology: 'ean13', value: '4006381333931' });
  });
});

describe('PGU label (4" x 2.5")', () => {
  it('shows the product, condition and PGU code over its Code 128', () => {
    const label = buildPguLabel({
      barcode: 'MAIN-VIRTUAL-Q01',
      sku: 'SKU-1',
      name: 'Amp',
      conditionName: 'Used - Good',
    });
    expect([label.widthIn, label.heightIn]).toEqual([4, 2.5]);
    expect(texts(label)).toEqual(['SKU-1', 'Used - Good', 'Amp', 'MAIN-VIRTUAL-Q01']);
    expect(barcodes(label).map((b) => [b.value, b.symbology])).toEqual([['MAIN-VIRTUAL-Q01', 'code128']]);
  });

  it('needs only the barcode', () => {
    expect(texts(buildPguLabel({ barcode: 'MAIN-VIRTUAL-Q01' }))).toEqual(['MAIN-VIRTUAL-Q01']);
    expect(() => buildPguLabel({ barcode: '///' })).toThrow(RangeError);
  });
});

describe('return barcode label (2.25" x 1")', () => {
  it('encodes the scan code /IBR-{id}/ and prints IBR-{id} under it', () => {
    const label = buildReturnBarcodeLabel({ inboundReturnId: 123 });
    expect([label.widthIn, label.heightIn]).toEqual([2.25, 1]);
    expect(texts(label)).toEqual(['Return #123', 'IBR-123']);
    expect(resolvedBarcode(label).value).toBe('/IBR-123/');
    expect(parseScan(resolvedBarcode(label).value)).toEqual({ type: 'inboundReturn', id: 123 });
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses return id %s', (id) => {
    expect(() => buildReturnBarcodeLabel({ inboundReturnId: id })).toThrow(RangeError);
  });
});

describe('received item label (4" x 2.5")', () => {
  it('shows what, from which return, when and by whom, with the UPC', () => {
    const label = buildReceivedItemLabel({
      sku: 'USED-4411',
      name: 'Amp',
      upc: '036000291452',
      conditionName: 'Used - Fair',
      inboundReturnId: 12,
      receivedAt: '2025-01-02 10:30',
      receivedBy: 'Ann',
    });
    expect(texts(label)).toEqual([
      'USED-4411',
      'Used - Fair',
      'Amp',
      'Return #12  Received 2025-01-02 10:30  by Ann',
    ]);
    expect(resolvedBarcode(label)).toMatchObject({
      symbology: 'upca',
      value: '036000291452',
      moduleWidth: 4,
    });
  });

  it('falls back to the SKU as Code 128 without a UPC', () => {
    const label = buildReceivedItemLabel({ sku: 'USED-4411', name: 'Amp' });
    expect(texts(label)).toEqual(['USED-4411', 'Amp']);
    expect(resolvedBarcode(label)).toMatchObject({ symbology: 'code128', value: 'USED-4411' });
  });
});
