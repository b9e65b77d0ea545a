import { describe, expect, it } from 'vitest';
import {
  MERCHANT_CREDIT_TYPE,
  NO_LINK_SITE_IDS,
  ORDER_DISCOUNT_TYPES,
  ORDER_STATUS,
  ORDER_STATUS_NAMES,
  orderDiscountKind,
  orderStatusName,
  PAYMENT_TYPES,
  PICKER_PAYMENT_TYPES,
  paymentTypeName,
  REFUND_REASONS,
  SITE_ID,
  SYSTEM_ORDER_STATUSES,
  USER_ADDABLE_DISCOUNT_TYPES,
  USER_NOTE_TYPE_ID,
} from './order-constants';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('sites', () => {
  it('has the spec ids', () => {
    expect(SITE_ID).toEqual({ AMAZON: 1, EBAY: 2, REVERB: 14, OWN_STORE: 99 });
    expect(NO_LINK_SITE_IDS).toEqual([5, 7]);
  });
});

describe('system order statuses', () => {
  const specIds = [
    1,
    2,
    3,
    4,
    5,
    6,
    ...range(10, 14),
    19,
    20,
    21,
    30,
    ...range(40, 49),
    ...range(50, 59),
    60,
  ];

  it('names every id the spec lists, and no other', () => {
    expect(Object.keys(ORDER_STATUS_NAMES).map(Number)).toEqual(specIds);
    expect(SYSTEM_ORDER_STATUSES.map((status) => status.id)).toEqual(specIds);
    expect(new Set(Object.values(ORDER_STATUS_NAMES)).size).toBe(specIds.length);
    expect(Object.values(ORDER_STATUS).sort((a, b) => a - b)).toEqual(specIds);
  });

  it.each([
    [1, 'New'],
    [2, 'Pending'],
    [3, 'Awaiting Payment'],
    [4, 'Ready'],
    [5, 'Completed'],
    [6, 'Closed'],
    [10, 'Awaiting Allocation'],
    [11, 'Allocated'],
    [12, 'Picking'],
    [13, 'Packing'],
    [14, 'Packed'],
    [19, 'Partially Shipped'],
    [20, 'Fulfilled'],
    [21, 'Partially Shipped (Packing)'],
    [30, 'Backordered'],
    [40, 'On Hold'],
    [41, 'On Hold: Payment Review'],
    [50, 'Canceled'],
    [51, 'Cancellation Requested'],
    [60, 'Returned'],
    [7, 'Status 7'],
  ])('status %s is %s', (id, name) => {
    expect(orderStatusName(id)).toBe(name);
  });

  it('names every hold On Hold… and every cancellation Cancel…', () => {
    for (const id of range(40, 49)) expect(orderStatusName(id)).toMatch(/^On Hold/);
    for (const id of range(50, 59)) expect(orderStatusName(id)).toMatch(/^Cancel/);
  });
});

describe('payment types', () => {
  it.each([
    [5, 'Cash'],
    [9, 'Venmo'],
    [10, 'Check'],
    [15, 'Money Order'],
    [20, 'Wire Transfer'],
    [25, 'Manual Credit Card'],
    [30, 'Stripe'],
    [35, 'Sales Channel'],
    [40, 'PayPal'],
    [45, 'Merchant Credit'],
    [99, 'Payment Type 99'],
  ])('type %s is %s', (id, name) => {
    expect(paymentTypeName(id)).toBe(name);
  });

  it('lists all ten; pickers omit only Venmo', () => {
    expect(PAYMENT_TYPES).toHaveLength(10);
    expect(PICKER_PAYMENT_TYPES.map((type) => type.id)).toEqual([5, 10, 15, 20, 25, 30, 35, 40, 45]);
  });
});

describe('refund reasons', () => {
  it('are the spec list', () => {
    expect(REFUND_REASONS).toEqual([
      { id: 0, description: 'Unknown' },
      { id: 5, description: 'Duplicate' },
      { id: 10, description: 'Fraud' },
      { id: 15, description: 'Customer Requested' },
      { id: 20, description: 'Return' },
    ]);
  });
});

describe('order discount types', () => {
  it.each([
    [47, 'percent'],
    [52, 'flat'],
    [57, 'flatPerUnit'],
    [60, 'flat'],
    [4, undefined],
  ])('type %s is %s', (id, kind) => {
    expect(orderDiscountKind(id)).toBe(kind);
  });

  it('names them as the spec does; a promotion is not user-addable', () => {
    expect(ORDER_DISCOUNT_TYPES.map((type) => type.name)).toEqual([
      '% Off',
      '$ Off',
      '$ Off / ea',
      'Promotion',
    ]);
    expect(USER_ADDABLE_DISCOUNT_TYPES.map((type) => type.id)).toEqual([47, 52, 57]);
  });
});

describe('other constants', () => {
  it('has merchant credit and note types', () => {
    expect(MERCHANT_CREDIT_TYPE).toEqual({ GIFT_CARD: 3, E_GIFT_CARD: 10 });
    expect(USER_NOTE_TYPE_ID).toBe(0);
  });
});
