import { ORDER_DISCOUNT_TYPE } from '@backroom/shared';
import { describe, expect, it } from 'vitest';
import { discountTypeName, promotionCodeOf, readDiscountDraft } from './order-discount-draft';

const PERCENT = String(ORDER_DISCOUNT_TYPE.PERCENT_OFF);
const DOLLARS = String(ORDER_DISCOUNT_TYPE.AMOUNT_OFF);

describe('readDiscountDraft', () => {
  it.each([
    [PERCENT, 10, true],
    [PERCENT, 100, true],
    [PERCENT, 100.01, false],
    [PERCENT, 0, false],
    [PERCENT, '', false],
    [PERCENT, '12.5', true],
    [DOLLARS, 250, true],
    [DOLLARS, '0', false],
    [DOLLARS, 'abc', false],
  ] as const)('type %s, amount %s: valid %s', (typeId, amount, valid) => {
    expect(readDiscountDraft(typeId, amount).valid).toBe(valid);
  });

  it('reads text amounts as numbers and tells a percentage from dollars', () => {
    expect(readDiscountDraft(PERCENT, '12.5')).toMatchObject({ percent: true, value: 12.5 });
    expect(readDiscountDraft(DOLLARS, 3)).toMatchObject({
      percent: false,
      value: 3,
      discountTypeId: ORDER_DISCOUNT_TYPE.AMOUNT_OFF,
    });
  });
});

describe('promotionCodeOf', () => {
  it('takes the code before the colon of the note the server writes', () => {
    expect(promotionCodeOf({ note: 'SPRING10: Spring sale' })).toBe('SPRING10');
    expect(promotionCodeOf({ note: null })).toBe('');
  });
});

describe('discountTypeName', () => {
  it('names known types and numbers unknown ones', () => {
    expect(discountTypeName(ORDER_DISCOUNT_TYPE.PERCENT_OFF)).not.toMatch(/^Type /);
    expect(discountTypeName(9999)).toBe('Type 9999');
  });
});
