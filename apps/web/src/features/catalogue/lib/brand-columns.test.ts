import { describe, expect, it } from 'vitest';
import { columnsShowing, dimText, trainedShippingText } from './brand-columns';

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
