import { describe, expect, it } from 'vitest';
import { canCreateReturnRefund, expectedQuantityOf, suggestedRefund } from './return-refund';

describe("'Create Return Refund' (returns.md §5)", () => {
  it.each([
    [true, [{ quantity: 2 }], true],
    [true, [{ quantity: 0 }], false],
    [true, [], false],
    [false, [{ quantity: 2 }], false],
  ])('first party %s, items %j: enabled %s', (isFirstPartyReturn, items, enabled) => {
    expect(canCreateReturnRefund({ isFirstPartyReturn, items })).toBe(enabled);
  });

  it('counts the expected units', () => {
    expect(expectedQuantityOf([{ quantity: 2 }, { quantity: 3 }])).toBe(5);
  });

  it('suggests what is left of the return’s value, never above what the payment holds', () => {
    expect(suggestedRefund(54.13, 0, 100)).toBe(54.13);
    expect(suggestedRefund(54.13, 20, 100)).toBe(34.13);
    expect(suggestedRefund(54.13, 0, 30)).toBe(30);
    expect(suggestedRefund(54.13, 60, 30)).toBe(0);
  });
});
