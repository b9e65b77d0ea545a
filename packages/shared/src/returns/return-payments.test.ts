import { describe, expect, it } from 'vitest';
import {
  canAddReturnPayment,
  DEFAULT_RETURN_PAYMENT_STATUS_ID,
  DEFAULT_RETURN_PAYMENT_TYPE_ID,
  RETURN_PAYMENT_TYPE_AFTER_ADD,
  returnPaymentAmountOf,
  returnPaymentCreateSchema,
  returnPaymentErrorText,
  returnPaymentStatusName,
  returnPaymentTypeName,
} from './return-payments';

describe('return payment editor (returns.md §Return payment row/editor, §5, §9)', () => {
  it('starts on type 35 and resets to 5 after adding; a new payment is Needed', () => {
    expect(DEFAULT_RETURN_PAYMENT_TYPE_ID).toBe(35);
    expect(RETURN_PAYMENT_TYPE_AFTER_ADD).toBe(5);
    expect(returnPaymentTypeName(35)).toBe('Sales Channel');
    expect(returnPaymentTypeName(5)).toBe('Cash');
    expect(DEFAULT_RETURN_PAYMENT_STATUS_ID).toBe(1);
  });

  it('names the five payment statuses of §3', () => {
    expect([1, 5, 10, 15, 20].map(returnPaymentStatusName)).toEqual([
      'Needed',
      'Submitted',
      'Approved',
      'Denied',
      'Dispute',
    ]);
  });

  it.each([
    ['12.5', 12.5],
    ['abc', 0],
    ['', 0],
    [null, 0],
    [undefined, 0],
    [7, 7],
    [Number.NaN, 0],
  ])('reads %j as the amount %j (non-numeric becomes 0)', (input, amount) => {
    expect(returnPaymentAmountOf(input)).toBe(amount);
  });

  it.each([
    [0, false],
    [0.009, false],
    [0.01, true],
    [25.5, true],
    [10_000_000, true],
    [10_000_000.01, false],
    [1.234, false],
    [-5, false],
  ])('an amount of %d can be added: %s', (amount, ok) => {
    expect(canAddReturnPayment(amount)).toBe(ok);
  });

  it('the call takes the same bounds and defaults', () => {
    const parsed = returnPaymentCreateSchema.parse({ inboundReturnId: 3, amount: 0.01 });
    expect(parsed).toMatchObject({ inboundReturnPaymentTypeId: 35, inboundReturnPaymentStatusId: 1 });
    for (const amount of [0, 10_000_000.01, 1.005])
      expect(returnPaymentCreateSchema.safeParse({ inboundReturnId: 3, amount }).success).toBe(false);
    expect(returnPaymentCreateSchema.safeParse({ inboundReturnId: 3, amount: 10_000_000 }).success).toBe(
      true,
    );
    expect(
      returnPaymentCreateSchema.safeParse({ inboundReturnId: 3, amount: 1, inboundReturnPaymentTypeId: 7 })
        .success,
    ).toBe(false);
    expect(
      returnPaymentCreateSchema.safeParse({ inboundReturnId: 3, amount: 1, inboundReturnPaymentStatusId: 3 })
        .success,
    ).toBe(false);
  });

  it('words the failure as §8 does', () => {
    expect(returnPaymentErrorText(12)).toBe('Error Adding Return Payment for Return #12');
  });
});
