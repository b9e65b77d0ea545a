import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeBarcodePng } from './decode-barcode.test-support';
import { buildDivisionLabel, DIVISION_LABEL_SIZES, type DivisionLabelType } from './division-labels';
import type { Label } from './label-layout';
import {
  buildMiniPackageLabel,
  buildPguLabel,
  buildProductBarcodeLabel,
  buildReceivedItemLabel,
  buildRetailProductLabel,
  buildReturnBarcodeLabel,
} from './product-labels';
import { renderPng } from './render-png';

const TYPES = Object.keys(DIVISION_LABEL_SIZES) as DivisionLabelType[];
const DIVISION = 'MAIN-01AA02AB-B05';
// The longest division code the scan parser accepts: 5-char alias, full location, 6-char bin.
const LONGEST = 'ABCDE-99ZZ99ZZ-N12345';

describe('renderPng', () => {
  it('is a PNG of the label size at 203 dpi, and scaled at 300 dpi', async () => {
    const label = buildDivisionLabel('largeDivisionLabel', { barcode: DIVISION });
    const at203 = PNG.sync.read(await renderPng(label));
    const at300 = PNG.sync.read(await renderPng(label, { dpi: 300 }));
    expect([at203.width, at203.height]).toEqual([812, 508]);
    expect([at300.width, at300.height]).toEqual([1200, 750]);
  });

  it('draws black pixels on white', async () => {
    const png = PNG.sync.read(await renderPng(buildReturnBarcodeLabel({ inboundReturnId: 7 })));
    expect(png.data[0]).toBe(255); // top-left corner is blank
    let dark = 0;
    for (let i = 0; i < png.data.length; i += 4) if (png.data[i]! < 128) dark++;
    expect(dark).toBeGreaterThan(2000);
  });

  it('gives the decoder nothing to find on a label without a barcode', async () => {
    const label: Label = {
      widthIn: 2,
      heightIn: 1,
      elements: [{ kind: 'text', x: 10, y: 10, text: 'No barcode here', fontSize: 30 }],
    };
    const png = await renderPng(label);
    expect(() => decodeBarcodePng(png)).toThrow();
  });

  describe.each([203, 300])('barcodes decode back at %i dpi', (dpi) => {
    it.each(
      TYPES.flatMap((type) => [DIVISION, LONGEST, 'WH1-VIRTUAL'].map((code) => [type, code] as const)),
    )('%s %s', async (type, code) => {
      const png = await renderPng(buildDivisionLabel(type, { barcode: code, warehouseName: 'Main' }), {
        dpi,
      });
      expect(decodeBarcodePng(png)).toEqual({ text: code, format: 'CODE_128' });
    });

    it.each<[string, Label, string, string]>([
      [
        'product barcode (UPC-A from a padded UPC)',
        buildProductBarcodeLabel({ barcode: '0000036000291452', sku: 'SKU-100', name: 'Guitar strings' }),
        '036000291452',
        'UPC_A',
      ],
      [
        'product barcode (not a GTIN: Code 128)',
        buildProductBarcodeLabel({ barcode: '12345678901', sku: 'SKU-100', name: 'Guitar strings' }),
        '12345678901',
        'CODE_128',
      ],
      [
        'retail label (EAN-13)',
        buildRetailProductLabel({ barcode: '4006381333931', name: 'Picks', priceCents: 499 }),
        '4006381333931',
        'EAN_13',
      ],
      [
        'mini package label',
        buildMiniPackageLabel({ barcode: '036000291452', sku: 'SKU-100', name: 'Capo' }),
        '036000291452',
        'UPC_A',
      ],
      [
        'PGU label',
        buildPguLabel({ barcode: 'MAIN-VIRTUAL-Q01', sku: 'SKU-1' }),
        'MAIN-VIRTUAL-Q01',
        'CODE_128',
      ],
      [
        'received item label without UPC (SKU)',
        buildReceivedItemLabel({ sku: 'USED-4411', name: 'Amp', inboundReturnId: 12 }),
        'USED-4411',
        'CODE_128',
      ],
      [
        'return barcode (the scan code)',
        buildReturnBarcodeLabel({ inboundReturnId: 123 }),
        '/IBR-123/',
        'CODE_128',
      ],
    ])('%s', async (_name, label, text, format) => {
      expect(decodeBarcodePng(await renderPng(label, { dpi }))).toEqual({ text, format });
    });
  });
});
