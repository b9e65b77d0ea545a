import { describe, expect, it } from 'vitest';
import {
  isRefundButtonDisabled,
  type RefundablePayment,
  refundDestinations,
  unrefundedCents,
  validateRefund,
} from './refund-rules';

const payment = (amount: number, refunds: number[] = [], typeId = 30): RefundablePayment => ({
  id: 7,
  channelOrderPaymentTypeId: typeId,
  amount,
  refunds: refunds.map((refund) => ({ amount: refund })),
});

describe('unrefundedCents', () => {
  it.each([
    [payment(5000), 5000],
    [payment(5000, [1000]), 4000],
    [payment(5000, [1000, 2500]), 1500],
    [payment(5000, [5000]), 0],
    [payment(5000, [3000, 3000]), 0],
    [{ amount: 1234, refunds: null }, 1234],
    [{ amount: 1234 }, 1234],
  ])('%j → %s', (subject, cents) => {
    expect(unrefundedCents(subject)).toBe(cents);
  });
});

describe('validateRefund', () => {
  const manager = { isStoreManager: true };
  it.each([
    ['part of the payment', 1000, payment(5000), manager, { ok: true }],
    ['exactly what is left', 1500, payment(5000, [3500]), manager, { ok: true }],
    ['one cent', 1, payment(5000), manager, { ok: true }],
    ['zero', 0, payment(5000), manager, { ok: false, error: 'Refund amount must be above 0' }],
    ['negative', -100, payment(5000), manager, { ok: false, error: 'Refund amount must be above 0' }],
    [
      'not a number',
      Number.NaN,
      payment(5000),
      manager,
      { ok: false, error: 'Refund amount must be above 0' },
    ],
    ['not whole cents', 10.5, payment(5000), manager, { ok: false, error: 'Refund amount must be above 0' }],
    [
      'one cent more than is left',
      1501,
      payment(5000, [3500]),
      manager,
      { ok: false, error: 'Refund cannot exceed the unrefunded total of $15.00' },
    ],
    [
      'anything from a fully refunded payment',
      1,
      payment(5000, [5000]),
      manager,
      { ok: false, error: 'Refund cannot exceed the unrefunded total of $0.00' },
    ],
    [
      'a large payment',
      200_000,
      payment(123_456),
      manager,
      { ok: false, error: 'Refund cannot exceed the unrefunded total of $1,234.56' },
    ],
    [
      'not a store manager',
      1000,
      payment(5000),
      { isStoreManager: false },
      { ok: false, error: 'Only a store manager can refund' },
    ],
    [
      'not a store manager, bad amount too',
      0,
      payment(5000),
      { isStoreManager: false },
      { ok: false, error: 'Only a store manager can refund' },
    ],
  ])('%s', (_name, amount, subject, user, result) => {
    expect(validateRefund(amount, subject, user)).toEqual(result);
  });
});

describe('isRefundButtonDisabled', () => {
  it.each([
    [false, false, true, false],
    [true, false, true, true],
    [false, true, true, true],
    [false, false, false, true],
  ])('form disabled %s, working %s, store manager %s → %s', (formDisabled, working, isStoreManager, disabled) => {
    expect(isRefundButtonDisabled({ formDisabled, working, isStoreManager })).toBe(disabled);
  });
});

describe('refundDestinations', () => {
  const egc = {
    key: 'newEGiftCard',
    label: 'New Electronic Gift Card',
    destinationPaymentTypeId: 45,
    destinationPaymentRecordId: null,
  };
  it.each([
    [30, 'Stripe', true],
    [5, 'Cash', true],
    [35, 'Sales Channel', true],
    [9, 'Venmo', true],
    [45, 'Merchant Credit', false],
  ])('payment type %s: back to %s, new e-gift card %s', (typeId, label, offersEgc) => {
    const original = {
      key: 'original',
      label,
      destinationPaymentTypeId: typeId,
      destinationPaymentRecordId: 7,
    };
    expect(refundDestinations(payment(100, [], typeId))).toEqual(offersEgc ? [original, egc] : [original]);
  });
});
