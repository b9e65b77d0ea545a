import { describe, expect, it } from 'vitest';
import {
  BULK_DIMENSION_MAX,
  CATALOGUE_DEBOUNCE_MS,
  CATALOGUE_PAGE_SIZES,
  DEFAULT_USED_PRICING_STRATEGY_ID,
  DEFAULT_USED_PURCHASING_STATUS_ID,
  HARMONIZED_CODE_LENGTH,
  isUsedCondition,
  OUNCES_PER_POUND,
  PRODUCT_CONDITIONS,
  productConditionById,
  UPC_LENGTH,
  USED_CONDITIONS,
} from './product-conditions';

describe('product conditions', () => {
  it('is the table of §3, in id order', () => {
    expect(PRODUCT_CONDITIONS.map((c) => [c.id, c.name, c.alias])).toEqual([
      [1, 'New', null],
      [5, 'Open Box', 'OB'],
      [8, 'Excellent', 'EX'],
      [10, 'Very Good', 'VG'],
      [15, 'Good', 'GD'],
      [20, 'Fair', 'FR'],
      [25, 'Seller Refurbished', 'SR'],
      [30, 'B-Stock', 'BS'],
      [35, 'Not Functional', 'NF'],
    ]);
  });

  it('offers every condition but New as a used condition', () => {
    expect(USED_CONDITIONS.map((c) => c.id)).toEqual([5, 8, 10, 15, 20, 25, 30, 35]);
  });

  it.each([
    [1, false],
    [5, true],
    [10, true],
    [35, true],
    [0, true],
  ])('isUsedCondition(%s) = %s', (id, used) => {
    expect(isUsedCondition(id)).toBe(used);
  });

  it.each([
    [15, 'Good'],
    [30, 'B-Stock'],
    [2, undefined],
    [null, undefined],
  ])('productConditionById(%s) is %s', (id, name) => {
    expect(productConditionById(id)?.name).toBe(name);
  });

  it('carries the constants of §9', () => {
    expect([
      DEFAULT_USED_PRICING_STRATEGY_ID,
      DEFAULT_USED_PURCHASING_STATUS_ID,
      UPC_LENGTH,
      HARMONIZED_CODE_LENGTH,
      OUNCES_PER_POUND,
      BULK_DIMENSION_MAX,
    ]).toEqual([41, 7, 16, 9, 16, 10000]);
    expect(CATALOGUE_PAGE_SIZES).toEqual({
      brandProducts: 100,
      pricingReport: 250,
      search: 250,
      familyTable: 250,
      collectionsFamilyTable: 25,
      collectionsFamilyTablePagination: 250,
    });
    expect(CATALOGUE_DEBOUNCE_MS).toEqual({
      productSave: 250,
      productLoad: 250,
      harmonizedCode: 750,
      brandEdit: 750,
      search: 500,
      attributeInput: 250,
      shipmentChange: 650,
      autocompleteFocus: 500,
      usedVariantSearch: 250,
    });
  });
});
