import { describe, expect, it } from 'vitest';
import {
  computeOrderTotals,
  formatBasisPoints,
  formatItemDiscount,
  formatOrderDiscount,
  type MoneyItemDiscount,
  type MoneyOrder,
  type MoneyOrderItem,
} from './order-money';

const flat = (discount: number, sortOrder = 1, id?: number): MoneyItemDiscount => ({
  id,
  discount,
  isFlat: 1,
  sortOrder,
});
const perUnit = (discount: number, sortOrder = 1, id?: number): MoneyItemDiscount => ({
  id,
  discount,
  isFlat: 1,
  isUnit: 1,
  sortOrder,
});
const percent = (basisPoints: number, sortOrder = 1, id?: number): MoneyItemDiscount => ({
  id,
  discount: basisPoints,
  isPercent: true,
  sortOrder,
});
const item = (
  quantityOrdered: number,
  unitPrice: number,
  extra: Partial<MoneyOrderItem> = {},
): MoneyOrderItem => ({
  quantityOrdered,
  unitPrice,
  ...extra,
});

describe('computeOrderTotals: one line and its item discounts', () => {
  it.each<
    [
      string,
      MoneyOrderItem,
      { lineTotal: number; lineDiscount: number; lineSubtotal: number; lineTax: number },
    ]
  >([
    ['no discounts', item(2, 1000), { lineTotal: 2000, lineDiscount: 0, lineSubtotal: 2000, lineTax: 0 }],
    [
      'zero quantity with every kind of discount',
      item(0, 1999, { discounts: [flat(500), perUnit(100), percent(1000)], taxPercent: 8 }),
      { lineTotal: 0, lineDiscount: 0, lineSubtotal: 0, lineTax: 0 },
    ],
    [
      '100% off',
      item(3, 999, { discounts: [percent(10000)], taxPercent: 8 }),
      { lineTotal: 2997, lineDiscount: 2997, lineSubtotal: 0, lineTax: 0 },
    ],
    [
      'over 100% off is capped',
      item(1, 999, { discounts: [percent(15000)] }),
      { lineTotal: 999, lineDiscount: 999, lineSubtotal: 0, lineTax: 0 },
    ],
    [
      'flat discount larger than the line',
      item(1, 500, { discounts: [flat(800)] }),
      { lineTotal: 500, lineDiscount: 500, lineSubtotal: 0, lineTax: 0 },
    ],
    [
      'per-unit discount larger than the line',
      item(2, 300, { discounts: [perUnit(400)] }),
      { lineTotal: 600, lineDiscount: 600, lineSubtotal: 0, lineTax: 0 },
    ],
    [
      'per-unit discount times quantity',
      item(3, 1000, { discounts: [perUnit(150)] }),
      { lineTotal: 3000, lineDiscount: 450, lineSubtotal: 2550, lineTax: 0 },
    ],
    [
      'flat is per line, not per unit',
      item(3, 1000, { discounts: [flat(150)] }),
      { lineTotal: 3000, lineDiscount: 150, lineSubtotal: 2850, lineTax: 0 },
    ],
    [
      'a third off 10.00 rounds 3.333 down',
      item(1, 1000, { discounts: [percent(3333)] }),
      { lineTotal: 1000, lineDiscount: 333, lineSubtotal: 667, lineTax: 0 },
    ],
    [
      'two thirds off 10.00 rounds 6.666 up',
      item(1, 1000, { discounts: [percent(6667)] }),
      { lineTotal: 1000, lineDiscount: 667, lineSubtotal: 333, lineTax: 0 },
    ],
    [
      'a half cent rounds up',
      item(1, 15, { discounts: [percent(5000)] }),
      { lineTotal: 15, lineDiscount: 8, lineSubtotal: 7, lineTax: 0 },
    ],
    [
      'a third off twice, each rounded at its step',
      item(1, 1000, { discounts: [percent(3333, 1), percent(3333, 2)] }),
      // 1000 − 333 = 667; 667 × 33.33 % = 222.31 → 222; 667 − 222 = 445
      { lineTotal: 1000, lineDiscount: 555, lineSubtotal: 445, lineTax: 0 },
    ],
    [
      'flat, then percent, then per unit, by sortOrder not by position; inactive skipped',
      item(2, 5000, {
        discounts: [
          percent(1000, 2),
          perUnit(250, 3),
          { discount: 9999, isFlat: 1, sortOrder: 0, isActive: 0 },
          flat(1000, 1),
        ],
      }),
      // 10000 − 1000 = 9000; − 10 % = 8100; − 2 × 250 = 7600
      { lineTotal: 10000, lineDiscount: 2400, lineSubtotal: 7600, lineTax: 0 },
    ],
    [
      'percent before flat gives a different result',
      item(2, 5000, { discounts: [percent(1000, 1), flat(1000, 2)] }),
      { lineTotal: 10000, lineDiscount: 2000, lineSubtotal: 8000, lineTax: 0 },
    ],
    [
      'equal sortOrder keeps the given order; missing sortOrder is 99',
      item(1, 1000, { discounts: [{ discount: 100, isFlat: true }, percent(5000, 5), flat(100, 5)] }),
      // 1000 − 50 % = 500; − 100 = 400; then the sortOrder-99 flat 100 = 300
      { lineTotal: 1000, lineDiscount: 700, lineSubtotal: 300, lineTax: 0 },
    ],
    [
      'a discount after the line reaches 0 takes nothing',
      item(1, 500, { discounts: [flat(500, 1), perUnit(100, 2), percent(5000, 3)] }),
      { lineTotal: 500, lineDiscount: 500, lineSubtotal: 0, lineTax: 0 },
    ],
    [
      'tax percent of the net line',
      item(1, 10000, { taxPercent: 8.25, tax: 999 }),
      { lineTotal: 10000, lineDiscount: 0, lineSubtotal: 10000, lineTax: 825 },
    ],
    [
      'tax percent after the discounts, rounded half up',
      item(1, 10000, { taxPercent: 8.25, discounts: [percent(1000)] }),
      { lineTotal: 10000, lineDiscount: 1000, lineSubtotal: 9000, lineTax: 743 },
    ],
    [
      'fixed tax when tax percent is 0, whatever the discounts',
      item(2, 1000, { taxPercent: 0, tax: 123, discounts: [flat(500)] }),
      { lineTotal: 2000, lineDiscount: 500, lineSubtotal: 1500, lineTax: 123 },
    ],
    [
      'fixed tax when tax percent is missing',
      item(1, 1000, { tax: 77 }),
      { lineTotal: 1000, lineDiscount: 0, lineSubtotal: 1000, lineTax: 77 },
    ],
    [
      'a third of a percent of tax',
      item(1, 100, { taxPercent: 33.3333 }),
      { lineTotal: 100, lineDiscount: 0, lineSubtotal: 100, lineTax: 33 },
    ],
  ])('%s', (_name, line, expected) => {
    const totals = computeOrderTotals({ items: [line] });
    const [result] = totals.lines;
    expect(result).toMatchObject({
      ...expected,
      proportionalOrderDiscount: 0,
      lineNet: expected.lineSubtotal,
    });
    expect(totals).toMatchObject({
      unitTotal: expected.lineTotal,
      discountTotal: expected.lineDiscount,
      subtotal: expected.lineSubtotal,
      taxTotal: expected.lineTax,
      orderTotal: expected.lineSubtotal + expected.lineTax,
      shippingTotal: 0,
    });
  });

  it('reports what each item discount took, in the order applied', () => {
    const totals = computeOrderTotals({
      items: [item(2, 5000, { discounts: [percent(1000, 2, 11), perUnit(250, 3, 12), flat(1000, 1, 13)] })],
    });
    expect(totals.lines[0]!.appliedDiscounts).toEqual([
      { id: 13, amount: 1000 },
      { id: 11, amount: 900 },
      { id: 12, amount: 500 },
    ]);
  });
});

describe('computeOrderTotals: order discounts', () => {
  const twoLines = (): MoneyOrderItem[] => [
    item(1, 3000, { taxPercent: 10 }),
    item(2, 1000, { taxPercent: 0, tax: 50 }),
  ];

  it('applies 52, 57, 47 and 60 in sortOrder, spreads them over the lines and taxes each line net', () => {
    const order: MoneyOrder = {
      items: twoLines(),
      discounts: [
        { id: 4, discountTypeId: 60, discount: 1000, sortOrder: 4 },
        { id: 3, discountTypeId: 47, discount: 1000, sortOrder: 3 },
        { id: 1, discountTypeId: 52, discount: 500, sortOrder: 1 },
        { id: 2, discountTypeId: 57, discount: 100, sortOrder: 2 },
      ],
    };
    // 5000 − 500 = 4500; − 100 × 3 units = 4200; − 10 % = 3780; − 1000 = 2780
    expect(computeOrderTotals(order)).toEqual({
      unitTotal: 5000,
      itemsTotal: 5000,
      orderDiscountTotal: 2220,
      discountTotal: 2220,
      subtotal: 2780,
      shippingTotal: 0,
      taxableTotal: 2780,
      // line 1 net 3000 − 1332 = 1668, 10 % = 166.8 → 167; line 2 fixed 50
      taxTotal: 217,
      orderTotal: 2997,
      appliedOrderDiscounts: [
        { id: 1, discountTypeId: 52, amount: 500 },
        { id: 2, discountTypeId: 57, amount: 300 },
        { id: 3, discountTypeId: 47, amount: 420 },
        { id: 4, discountTypeId: 60, amount: 1000 },
      ],
      lines: [
        {
          lineTotal: 3000,
          lineDiscount: 0,
          lineSubtotal: 3000,
          proportionalOrderDiscount: 1332,
          lineNet: 1668,
          lineTax: 167,
          appliedDiscounts: [],
        },
        {
          lineTotal: 2000,
          lineDiscount: 0,
          lineSubtotal: 2000,
          proportionalOrderDiscount: 888,
          lineNet: 1112,
          lineTax: 50,
          appliedDiscounts: [],
        },
      ],
    });
  });

  it.each<
    [string, MoneyOrder, { subtotal: number; orderDiscountTotal: number; shares: number[]; taxTotal: number }]
  >([
    [
      'an order discount larger than the items is capped at them',
      { items: twoLines(), discounts: [{ discountTypeId: 52, discount: 99999, sortOrder: 1 }] },
      { subtotal: 0, orderDiscountTotal: 5000, shares: [3000, 2000], taxTotal: 50 },
    ],
    [
      '100 % off the order',
      { items: twoLines(), discounts: [{ discountTypeId: 47, discount: 10000 }] },
      { subtotal: 0, orderDiscountTotal: 5000, shares: [3000, 2000], taxTotal: 50 },
    ],
    [
      'percent after a capped flat takes nothing',
      {
        items: twoLines(),
        discounts: [
          { discountTypeId: 52, discount: 6000, sortOrder: 1 },
          { discountTypeId: 47, discount: 5000, sortOrder: 2 },
        ],
      },
      { subtotal: 0, orderDiscountTotal: 5000, shares: [3000, 2000], taxTotal: 50 },
    ],
    [
      'inactive and unknown types take nothing',
      {
        items: twoLines(),
        discounts: [
          { discountTypeId: 52, discount: 500, isActive: 0 },
          { discountTypeId: 4, discount: 700 },
          { discountTypeId: 47, discount: 1000, isActive: false },
        ],
      },
      { subtotal: 5000, orderDiscountTotal: 0, shares: [0, 0], taxTotal: 350 },
    ],
    [
      'a third off three equal lines: the odd cent goes to the first',
      {
        items: [
          item(1, 100, { taxPercent: 10 }),
          item(1, 100, { taxPercent: 10 }),
          item(1, 100, { taxPercent: 10 }),
        ],
        discounts: [{ discountTypeId: 52, discount: 100 }],
      },
      // nets 66, 67, 67 → tax 6.6 → 7, 6.7 → 7, 7
      { subtotal: 200, orderDiscountTotal: 100, shares: [34, 33, 33], taxTotal: 21 },
    ],
    [
      '33.33 % off the order of 10.00 + 5.00',
      {
        items: [item(1, 1000), item(1, 500)],
        discounts: [{ discountTypeId: 47, discount: 3333 }],
      },
      // 1500 × 33.33 % = 499.95 → 500; shares 333.33 / 166.67 → 333 + 1 leftover to the larger remainder
      { subtotal: 1000, orderDiscountTotal: 500, shares: [333, 167], taxTotal: 0 },
    ],
    [
      'per unit counts every unit of every line, after item discounts',
      {
        items: [item(2, 1000, { discounts: [flat(500)] }), item(3, 100)],
        discounts: [{ discountTypeId: 57, discount: 50 }],
      },
      // items 1500 + 300 = 1800; − 5 units × 50 = 1550; shares 250 × 1500/1800 = 208.33, 41.67 → 208, 42
      { subtotal: 1550, orderDiscountTotal: 250, shares: [208, 42], taxTotal: 0 },
    ],
    [
      'a line already free gets no share of the order discount',
      {
        items: [item(1, 1000, { discounts: [percent(10000)] }), item(1, 1000)],
        discounts: [{ discountTypeId: 52, discount: 300 }],
      },
      { subtotal: 700, orderDiscountTotal: 300, shares: [0, 300], taxTotal: 0 },
    ],
    [
      'no items: an order discount takes nothing',
      { items: [], discounts: [{ discountTypeId: 52, discount: 300 }] },
      { subtotal: 0, orderDiscountTotal: 0, shares: [], taxTotal: 0 },
    ],
    [
      'zero quantity lines: nothing to discount or tax',
      { items: [item(0, 1000, { taxPercent: 10 })], discounts: [{ discountTypeId: 57, discount: 100 }] },
      { subtotal: 0, orderDiscountTotal: 0, shares: [0], taxTotal: 0 },
    ],
  ])('%s', (_name, order, expected) => {
    const totals = computeOrderTotals(order);
    expect(totals.subtotal).toBe(expected.subtotal);
    expect(totals.orderDiscountTotal).toBe(expected.orderDiscountTotal);
    expect(totals.lines.map((line) => line.proportionalOrderDiscount)).toEqual(expected.shares);
    expect(totals.taxTotal).toBe(expected.taxTotal);
    expect(totals.orderTotal).toBe(expected.subtotal + expected.taxTotal);
    expect(totals.taxableTotal).toBe(totals.subtotal);
    expect(totals.discountTotal).toBe(totals.unitTotal - totals.subtotal);
    for (const line of totals.lines) {
      expect(line.lineNet).toBeGreaterThanOrEqual(0);
      expect(line.lineNet).toBe(line.lineSubtotal - line.proportionalOrderDiscount);
    }
  });

  it.each<[string, MoneyOrderItem]>([
    ['unit price in dollars', item(1, 10.5)],
    ['negative price', item(1, -100)],
    ['fractional quantity', item(1.5, 100)],
    ['negative quantity', item(-1, 100)],
    ['fractional discount', item(1, 100, { discounts: [flat(0.5)] })],
    ['negative discount', item(1, 100, { discounts: [flat(-5)] })],
    ['fractional fixed tax', item(1, 100, { tax: 1.25 })],
  ])('refuses %s: money is whole cents', (_name, line) => {
    expect(() => computeOrderTotals({ items: [line] })).toThrow(RangeError);
  });
});

describe('formatting discounts', () => {
  it.each<[Parameters<typeof formatItemDiscount>[0], string]>([
    [{ discount: 500, isFlat: 1 }, '$5.00'],
    [{ discount: 0, isFlat: 1 }, '$0.00'],
    [{ discount: 123456, isFlat: true }, '$1,234.56'],
    [{ discount: 250, isFlat: 1, isUnit: 1 }, '$2.50/ea'],
    [{ discount: 5, isUnit: true }, '$0.05/ea'],
    [{ discount: 1250, isPercent: 1 }, '12.50%'],
    [{ discount: 3333, isPercent: true }, '33.33%'],
    [{ discount: 10000, isPercent: 1 }, '100.00%'],
    [{ discount: 5, isPercent: 1 }, '0.05%'],
  ])('item discount %j shows as %s', (discount, text) => {
    expect(formatItemDiscount(discount)).toBe(text);
  });

  it.each([
    [47, 1500, '15.00%'],
    [52, 1500, '$15.00'],
    [57, 1500, '$15.00/ea'],
    [60, 1500, '$15.00'],
    [4, 1500, '$15.00'],
  ])('order discount type %s of %s shows as %s', (discountTypeId, discount, text) => {
    expect(formatOrderDiscount({ discountTypeId, discount })).toBe(text);
  });

  it.each([
    [0, '0.00%'],
    [1, '0.01%'],
    [99, '0.99%'],
    [12345, '123.45%'],
  ])('formatBasisPoints(%s) = %s', (basisPoints, text) => {
    expect(formatBasisPoints(basisPoints)).toBe(text);
  });
});
