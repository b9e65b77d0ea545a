import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NEW_PRINTER_LABEL_KIND,
  DEFAULT_PAPER_FOR_LABEL_KIND,
  DEFAULT_PRINT_DPI,
  DEFAULT_PRINT_FORMAT,
  DEFAULT_PRINT_RATE,
  DIVISION_LABEL_TYPES,
  divisionLabelTypeSchema,
  isPrinterAllowedForLabelKind,
  LABEL_KIND_KEYS,
  LABEL_KINDS,
  LABEL_PAPER_CODES,
  type LabelKindKey,
  PAPER_ID,
  PAPERS,
  paperById,
  paperSchema,
  papersForLabelKind,
  printersForLabelKind,
} from './papers';

describe('paper catalogue', () => {
  it('has unique ids, in ascending order, each a valid Paper', () => {
    const ids = PAPERS.map((paper) => paper.id);
    expect(ids).toEqual([2, 12, 13, 14, 15, 16, 17, 20, 32, 37, 50, 64]);
    for (const paper of PAPERS) expect(paperSchema.parse(paper)).toEqual(paper);
  });

  it.each([
    [32, 'Product Barcode [3" x 1"]', 3, 1, 25],
    [64, 'Retail Product Label [2.25" x 1"]', 2.25, 1, 25],
    [12, 'PGU Label [4" x 2.5"]', 4, 2.5, 10],
    [37, 'Mini Package Label [2.25" x 1.25"]', 2.25, 1.25, 25],
    [20, 'Shipping Label [4" x 6"]', 4, 6, 20],
  ])('paper %i is %s', (id, name, width, length, typeId) => {
    expect(paperById(id)).toMatchObject({
      name,
      paperWidth: width,
      paperLength: length,
      paperTypeId: typeId,
    });
  });

  it('prints labels as ZPL at 203 dpi and rate 14 by default', () => {
    expect([DEFAULT_PRINT_FORMAT, DEFAULT_PRINT_DPI, DEFAULT_PRINT_RATE]).toEqual(['ZPL', 203, 14]);
    const labelPapers = PAPERS.filter((paper) => paper.paperTypeId !== 1 && paper.paperTypeId !== 5);
    for (const paper of labelPapers) {
      expect([paper.type, paper.printDPI, paper.printRate]).toEqual(['ZPL', 203, 14]);
    }
  });

  it('answers null for unknown or missing ids', () => {
    expect(paperById(999)).toBeNull();
    expect(paperById(null)).toBeNull();
    expect(paperById(undefined)).toBeNull();
  });

  it('maps every label paper code to a catalogue paper, division codes to warehouse-label paper', () => {
    for (const paperId of Object.values(LABEL_PAPER_CODES)) expect(paperById(paperId)).not.toBeNull();
    for (const code of DIVISION_LABEL_TYPES) expect(paperById(LABEL_PAPER_CODES[code])?.paperTypeId).toBe(10);
    expect(LABEL_PAPER_CODES.standardUPCLabel).toBe(32);
    expect(paperById(LABEL_PAPER_CODES.shipLabel)?.paperTypeId).toBe(20);
  });

  it('validates division label types', () => {
    expect(divisionLabelTypeSchema.parse('miniThinDivisionLabel')).toBe('miniThinDivisionLabel');
    expect(divisionLabelTypeSchema.safeParse('standardUPCLabel').success).toBe(false);
  });
});

describe('label kinds', () => {
  it('lists the spec kinds with their paper types and papers', () => {
    expect(
      LABEL_KIND_KEYS.map((key) => [key, LABEL_KINDS[key].paperTypeId, LABEL_KINDS[key].paperIds]),
    ).toEqual([
      ['productBarcodeLabel', 25, [32]],
      ['retailBarcodeLabel', 25, [64]],
      ['pguLabel', 10, [12]],
      ['divisionLabel', 10, null],
      ['shippingLabel', 20, null],
      ['letterPaper', 1, [2]],
      ['receipts', 5, null],
      ['inboundReturnLabel', 10, [17]],
    ]);
    expect(LABEL_KIND_KEYS.filter((key) => !LABEL_KINDS[key].isActive)).toEqual(['letterPaper']);
    expect(LABEL_KINDS.productBarcodeLabel.name).toBe('Product Barcode [3" x 1"]');
    expect(LABEL_KINDS.retailBarcodeLabel.name).toBe('Retail Product Label [2.25" x 1"]');
    expect(LABEL_KINDS.pguLabel.name).toBe('PGU Label [4" x 2.5"]');
    expect(LABEL_KINDS.inboundReturnLabel.name).toBe('Inbound Return Label [2.25" x 1"]');
    expect(paperById(17)).toMatchObject({ paperWidth: 2.25, paperLength: 1, paperTypeId: 10 });
  });
});

describe('isPrinterAllowedForLabelKind', () => {
  const paper = (id: number) => paperById(id)!;

  it.each<[LabelKindKey, number, boolean]>([
    ['productBarcodeLabel', 32, true],
    ['productBarcodeLabel', 64, false], // right type, paper not allowed
    ['productBarcodeLabel', 37, false],
    ['retailBarcodeLabel', 64, true],
    ['retailBarcodeLabel', 32, false],
    ['pguLabel', 12, true],
    ['pguLabel', 13, false],
    ['divisionLabel', 12, true],
    ['divisionLabel', 13, true],
    ['divisionLabel', 16, true],
    ['divisionLabel', 32, false], // wrong type
    ['shippingLabel', 20, true],
    ['shippingLabel', 15, false], // same size, but a division paper
    ['letterPaper', 2, true],
    ['receipts', 50, true],
    ['receipts', 2, false],
  ])('%s with paper %i -> %s', (kind, paperId, allowed) => {
    expect(isPrinterAllowedForLabelKind(kind, paper(paperId))).toBe(allowed);
    expect(isPrinterAllowedForLabelKind(LABEL_KINDS[kind], paper(paperId))).toBe(allowed);
  });

  it('needs the paper type to match even when the id is allowed', () => {
    expect(isPrinterAllowedForLabelKind('productBarcodeLabel', { id: 32, paperTypeId: 10 })).toBe(false);
  });

  it('refuses a printer without paper', () => {
    expect(isPrinterAllowedForLabelKind('divisionLabel', null)).toBe(false);
    expect(isPrinterAllowedForLabelKind('divisionLabel', undefined)).toBe(false);
  });
});

describe('printersForLabelKind', () => {
  it('keeps every printer in order and disables the ones whose paper does not suit', () => {
    const printers = [
      { id: 1, paperId: 32 },
      { id: 2, paperId: 64 },
      { id: 3, paperId: null },
      { id: 4, paperId: 999 },
      { id: 5, paperId: 32 },
    ];
    expect(
      printersForLabelKind('productBarcodeLabel', printers).map((o) => [o.printer.id, o.disabled]),
    ).toEqual([
      [1, false],
      [2, true],
      [3, true],
      [4, true],
      [5, false],
    ]);
  });

  it('uses the given paper lookup', () => {
    const printers = [{ paperId: 7 }];
    const options = printersForLabelKind('pguLabel', printers, () => ({ id: 12, paperTypeId: 10 }));
    expect(options[0]?.disabled).toBe(false);
  });
});

describe('the paper a new printer is offered first', () => {
  it.each(LABEL_KIND_KEYS)('%s: its default suits the kind and comes first', (kind) => {
    const paper = paperById(DEFAULT_PAPER_FOR_LABEL_KIND[kind])!;
    expect(isPrinterAllowedForLabelKind(kind, paper)).toBe(true);
    expect(papersForLabelKind(kind)[0]).toEqual(paper);
    expect(papersForLabelKind(kind).every((p) => isPrinterAllowedForLabelKind(kind, p))).toBe(true);
  });

  it('4" x 6" for shipping, 2.25" x 1.25" for bin labels', () => {
    expect(paperById(DEFAULT_PAPER_FOR_LABEL_KIND.shippingLabel)).toMatchObject({
      paperWidth: 4,
      paperLength: 6,
    });
    expect(paperById(DEFAULT_PAPER_FOR_LABEL_KIND[DEFAULT_NEW_PRINTER_LABEL_KIND])).toMatchObject({
      paperWidth: 2.25,
      paperLength: 1.25,
    });
    expect(papersForLabelKind('divisionLabel').map((p) => p.id)).toContain(PAPER_ID.pguLabel);
  });
});
