import { describe, expect, it } from 'vitest';
import {
  attributesText,
  type BrandLabels,
  columnsShowing,
  dimText,
  exportValue,
  trainedShippingText,
} from './brand-columns';
import { toEditable } from './brand-edits';
import { testProduct } from './test-product';

describe('the manage products columns', () => {
  it('DIM shows the three sides in inches and the weight, stored in ounces, in pounds', () => {
    expect(
      dimText({ productLengthInch: 12, productWidthInch: 4.5, productHeightInch: 3, productWeightOunce: 40 }),
    ).toBe('12 × 4.5 × 3 in, 2.5 lb');
    expect(
      dimText({ productLengthInch: 0, productWidthInch: 0, productHeightInch: 0, productWeightOunce: 0 }),
    ).toBe('');
  });

  it('Trained Shipping shows its cost and box, nothing until trained', () => {
    const box = { packageLengthInch: 8, packageWidthInch: 6, packageHeightInch: 4.25 };
    expect(trainedShippingText({ trainedShippingCost: 12.5, ...box })).toBe('12.50 · 8 × 6 × 4.25 in');
    expect(trainedShippingText({ trainedShippingCost: null, ...box })).toBe('');
  });
});

describe('the Attributes column', () => {
  const labels: BrandLabels = {
    category: () => '',
    pricingStrategy: () => '',
    purchasingStatus: () => '',
    attribute: (id) => ({ 1: 'Color', 2: 'Finish' })[id] ?? `#${id}`,
  };
  const product = testProduct(7);
  const local = (ids: number[]) => ({
    ...toEditable(product),
    attributes: ids.map((attributeId) => ({ attributeId, valueJSON: {} })),
  });

  it('reads the same on screen and in the export: the count, then the names', () => {
    expect(attributesText(local([1, 2]), labels)).toBe('2 · Color, Finish');
    expect(attributesText(local([]), labels)).toBe('0');
    expect(exportValue('attributes', product, local([1, 2]), labels)).toBe('2 · Color, Finish');
  });
});

describe('columnsShowing', () => {
  it('names the columns that show the changed fields', () => {
    expect(columnsShowing([{ id: 1, changes: { harmonizedCode: '851890000' } }])).toEqual(['harmonizedCode']);
    expect(
      columnsShowing([
        { id: 1, changes: { priceCost: 3, productWeightOunce: 12 } },
        { id: 2, changes: { isCloseout: 1 } },
      ]).sort(),
    ).toEqual(['clearance', 'cost', 'dim']);
    expect(columnsShowing([])).toEqual([]);
  });
});
