import { describe, expect, it } from 'vitest';
import {
  buildUsedVariantDraft,
  canPrintProductBarcodeLabel,
  isLabelButtonEnabled,
  isVariantFormValid,
  isVariantSkuEditable,
  labelPrinters,
  PRODUCT_LABEL_BUTTONS,
  shouldRebuildDraft,
  type UsedVariantSource,
  usedVariantName,
  usedVariantSku,
  variantPrintButton,
} from './used-variant';

const source: UsedVariantSource = {
  id: 501,
  typeId: 0,
  priceCost: 40,
  priceMAP: 79.99,
  priceSale: 89.99,
  categoryId: 12,
  name: 'Trail Backpack 30L',
  mpn: 'TB-30',
  packageLengthInch: 20,
  packageWidthInch: 12,
  packageHeightInch: 8,
  packageWeightOunce: 36,
  productListingData: {
    bulletPoints: ['Light'],
    wearConditionDescription: 'old',
    conditionDescription: 'x',
    seo: { handle: 'fender-strat' },
  },
  statusId: 3,
  warehousePackagingId: 6,
};

describe('buildUsedVariantDraft', () => {
  it('rebuilds the draft from the source for Open Box', () => {
    expect(buildUsedVariantDraft(source, 5, { id: 8, accountId: 2 })).toEqual({
      accountId: 2,
      typeId: 0,
      priceCost: 40,
      priceMAP: 79.99,
      priceSale: 89.99,
      brandId: 8,
      sourceProductId: 501,
      categoryId: 12,
      isActive: 1,
      name: 'Open Box Trail Backpack 30L',
      mpn: 'TB-30',
      packageLengthInch: 20,
      packageWidthInch: 12,
      packageHeightInch: 8,
      packageWeightOunce: 36,
      productListingData: { bulletPoints: ['Light'] },
      pricingStrategyId: 41,
      productConditionId: 5,
      purchasingStatusId: 7,
      sku: '',
      statusId: 3,
      upc: '',
      normalizedUPC: '',
      warehousePackagingId: 6,
    });
  });

  it('does not prefix twice', () => {
    const draft = buildUsedVariantDraft({ ...source, name: 'Good Trail Backpack' }, 15, {
      id: 8,
      accountId: 2,
    });
    expect(draft.name).toBe('Good Trail Backpack');
  });

  it.each([1, 2, 0])('refuses condition %s', (conditionId) => {
    expect(() => buildUsedVariantDraft(source, conditionId, { id: 8, accountId: 2 })).toThrow(RangeError);
  });

  it.each([
    [1, 5, true],
    [1, 35, true],
    [1, 1, false],
    [5, 10, false],
    [5, 1, false],
  ])('condition %s -> %s rebuilds: %s', (previous, next, rebuild) => {
    expect(shouldRebuildDraft(previous, next)).toBe(rebuild);
  });
});

describe('usedVariantName', () => {
  it.each([
    ['Trail Backpack', 'Open Box', 'Open Box Trail Backpack'],
    ['Open Box Trail Backpack', 'Open Box', 'Open Box Trail Backpack'],
    ['open box trail backpack', 'Open Box', 'open box trail backpack'],
    ['Good', 'Good', 'Good'],
    ['Good - Trail Backpack', 'Good', 'Good - Trail Backpack'],
    ['Goodyear Tire', 'Good', 'Good Goodyear Tire'],
    ['B-Stock Amp', 'B-Stock', 'B-Stock Amp'],
    ['  Amp ', 'Fair', 'Fair Amp'],
    ['', 'Fair', 'Fair'],
  ])('%j with %j -> %j', (name, condition, result) => {
    expect(usedVariantName(name, condition)).toBe(result);
  });
});

describe('usedVariantSku', () => {
  it.each([
    ['ACM', '012345678905', 'OB', 'ACM012345678905OB'],
    [' ACM ', ' 4006381333931 ', 'NF', 'ACM4006381333931NF'],
    ['ACM', '012345678905', null, 'ACM012345678905'],
    ['', '012345678905', 'VG', '012345678905VG'],
  ])('%j + %j + %j = %j', (brand, upc, alias, sku) => {
    expect(usedVariantSku(brand, upc, alias)).toBe(sku);
  });
});

describe('form validity', () => {
  const primary = [{ isPrimaryImage: 0 }, { isPrimaryImage: 1 }];
  it.each([
    ['used, complete', { productConditionId: 5, upc: '1', sku: 'S', images: primary }, true],
    [
      'used, no primary image',
      { productConditionId: 5, upc: '1', sku: 'S', images: [{ isPrimaryImage: false }] },
      false,
    ],
    ['used, no images', { productConditionId: 5, upc: '1', sku: 'S' }, false],
    ['used, no UPC', { productConditionId: 5, upc: '', sku: 'S', images: primary }, false],
    ['used, blank SKU', { productConditionId: 5, upc: '1', sku: '  ', images: primary }, false],
    ['new, no images', { productConditionId: 1, upc: '1', sku: 'S' }, true],
    ['new, no SKU', { productConditionId: 1, upc: '1', sku: '' }, false],
    ['new, no UPC', { productConditionId: 1, upc: '', sku: 'S', images: primary }, false],
  ])('%s: %s', (_name, form, valid) => {
    expect(isVariantFormValid(form)).toBe(valid);
  });

  it.each([
    [1, true],
    [5, false],
    [30, false],
  ])('condition %s SKU editable: %s', (conditionId, editable) => {
    expect(isVariantSkuEditable(conditionId)).toBe(editable);
  });
});

describe('printing', () => {
  it.each([
    ['ACM1234', '12345678901', true, { visible: true, disabled: false }],
    ['ACM1234', '12345678901', false, { visible: true, disabled: true }],
    ['ACM123', '12345678901', true, { visible: false, disabled: false }],
    ['ACM1234', '1234567890', true, { visible: false, disabled: false }],
    [' ACM1234 ', ' 12345678901 ', true, { visible: true, disabled: false }],
  ])('variant button for SKU %j, UPC %j, printer %s: %j', (sku, upc, hasBarcodeLabelPrinter, button) => {
    expect(variantPrintButton({ sku, upc, hasBarcodeLabelPrinter })).toEqual(button);
  });

  it.each([
    ['12345678901', 'ABCDE', 'Widget', true, true],
    ['1234567890', 'ABCDE', 'Widget', true, false],
    ['12345678901', 'ABCD', 'Widget', true, false],
    ['12345678901', 'ABCDE', ' ', true, false],
    ['12345678901', 'ABCDE', 'Widget', false, false],
    [null, 'ABCDE', 'Widget', true, false],
  ])('product barcode label for upc %j sku %j name %j printer %s: %s', (upc, sku, name, printer, can) => {
    expect(canPrintProductBarcodeLabel({ upc, sku, name, hasProductLabelPrinter: printer })).toBe(can);
  });

  it('maps the editor buttons to papers 32, 64 and 37', () => {
    expect(PRODUCT_LABEL_BUTTONS.map((button) => [button.label, button.paperId])).toEqual([
      ['Print Barcode', 32],
      ['Print Retail Product Label', 64],
      ['Print Product Label', 37],
    ]);
  });

  it.each([
    [32, { paperId: 32 }, true],
    [32, { paperId: 37 }, false],
    [64, { paperId: null }, false],
    [37, null, false],
  ])('button paper %s with printer %j enabled: %s', (paperId, printer, enabled) => {
    expect(isLabelButtonEnabled(paperId, printer)).toBe(enabled);
  });

  it('lists only printers with papers 32, 37 and 64', () => {
    const printers = [{ paperId: 32 }, { paperId: 12 }, { paperId: null }, { paperId: 64 }, { paperId: 37 }];
    expect(labelPrinters(printers).map((printer) => printer.paperId)).toEqual([32, 64, 37]);
  });
});
