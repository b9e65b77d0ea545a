import { describe, expect, it } from 'vitest';
import { barcodeSearchType } from './barcode-search';
import { usedVariantSku } from './used-variant';

describe('barcode search type (catalogue-admin.md §5 Search)', () => {
  it('a UPC pattern sets UPC', () => {
    expect(barcodeSearchType('012345678905')).toBe('upc');
    expect(barcodeSearchType(' 0000012345678905 ')).toBe('upc');
    expect(barcodeSearchType('4006381333931', 'sku')).toBe('upc');
  });

  it('a used-SKU pattern sets SKU, whatever the last scan was', () => {
    expect(barcodeSearchType(usedVariantSku('GIB', '012345678905', 'VG'))).toBe('sku');
    expect(barcodeSearchType('fen0000012345678905ob', 'upc')).toBe('sku');
  });

  it("anything else keeps the last scan type, or 'general'", () => {
    expect(barcodeSearchType('Les Paul')).toBe('general');
    expect(barcodeSearchType('GTR-LP-CHR', 'upc')).toBe('upc');
    // A number too short for a UPC, and a SKU whose ending is no condition alias.
    expect(barcodeSearchType('12345')).toBe('general');
    expect(barcodeSearchType('GIB012345678905XX')).toBe('general');
  });
});
