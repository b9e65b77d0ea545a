import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildDivisionLabel } from './division-labels';
import { buildRetailProductLabel, buildReturnBarcodeLabel } from './product-labels';
import { renderPdf } from './render-pdf';

describe('renderPdf', () => {
  it('makes one page per label at the label size in points', async () => {
    const bytes = await renderPdf([
      buildDivisionLabel('largeDivisionLabel', { barcode: 'MAIN-01AA02AB-B05' }),
      buildRetailProductLabel({ barcode: '036000291452', name: 'Picks', priceCents: 499 }),
      buildDivisionLabel('miniThinDivisionLabel', { barcode: 'MAIN-01AA02AB-B05' }),
    ]);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPages().map((page) => [page.getWidth(), page.getHeight()])).toEqual([
      [288, 180],
      [162, 72],
      [162, 54],
    ]);
    expect(doc.getTitle()).toBe('Labels');
  });

  it('embeds each barcode as a PNG image', async () => {
    const doc = await PDFDocument.load(
      await renderPdf([
        buildReturnBarcodeLabel({ inboundReturnId: 1 }),
        buildReturnBarcodeLabel({ inboundReturnId: 2 }),
      ]),
    );
    const imagesPerPage = doc.getPages().map((page) => {
      const xObjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
      if (!xObjects) return [];
      return xObjects.keys().map((key) => xObjects.lookup(key, PDFStream).dict.get(PDFName.of('Subtype')));
    });
    expect(imagesPerPage).toEqual([[PDFName.of('Image')], [PDFName.of('Image')]]);
  });

  it('keeps going when text has characters Helvetica cannot show', async () => {
    const bytes = await renderPdf([
      buildRetailProductLabel({ barcode: '036000291452', name: 'Gitarre 日本 ✓' }),
    ]);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });

  it('refuses an empty list', async () => {
    await expect(renderPdf([])).rejects.toThrow(RangeError);
  });
});
