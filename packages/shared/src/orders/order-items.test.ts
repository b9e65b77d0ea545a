import { describe, expect, it } from 'vitest';
import {
  type AddItemDecision,
  addItemDecision,
  type ExistingOrderLine,
  lineQuantityChange,
  removeLineQuestion,
} from './order-items';

const lines: ExistingOrderLine[] = [
  { id: 1, productId: 100, quantityOrdered: 2 },
  { id: 2, productId: 200, quantityOrdered: 5 },
  { id: 3, productId: null, quantityOrdered: 1 },
  { id: 4, productId: 100, quantityOrdered: 9 },
];
const simple = (id: number) => ({ id, typeId: 0 });

describe('addItemDecision', () => {
  it.each<
    [string, ExistingOrderLine[], { id: number; typeId: number }, number, number | null, AddItemDecision]
  >([
    ['new product', lines, simple(300), 1, 10, { kind: 'newLine' }],
    ['new product, no limit', lines, simple(300), 50, null, { kind: 'newLine' }],
    ['new product exactly at the limit', lines, simple(300), 10, 10, { kind: 'newLine' }],
    [
      'new product over the limit',
      lines,
      simple(300),
      11,
      10,
      { kind: 'refused', reason: 'At most 10 of this product can be added' },
    ],
    ['empty order', [], simple(100), 1, 1, { kind: 'newLine' }],
    ['same product, stays below', lines, simple(100), 3, 10, { kind: 'increase', lineId: 1, newQuantity: 5 }],
    [
      'same product, reaches the limit',
      lines,
      simple(200),
      5,
      10,
      { kind: 'increase', lineId: 2, newQuantity: 10 },
    ],
    [
      'same product, no limit',
      lines,
      simple(200),
      500,
      null,
      { kind: 'increase', lineId: 2, newQuantity: 505 },
    ],
    [
      'same product, one over the limit',
      lines,
      simple(200),
      6,
      10,
      {
        kind: 'refused',
        reason: 'The order already has 5 of this product; at most 5 more can be added (limit 10)',
      },
    ],
    [
      'same product, already at the limit',
      lines,
      simple(200),
      1,
      5,
      { kind: 'refused', reason: 'The order already has 5 of this product, the most allowed (5)' },
    ],
    [
      'same product, already over a lowered limit',
      lines,
      simple(200),
      1,
      3,
      { kind: 'refused', reason: 'The order already has 5 of this product, the most allowed (3)' },
    ],
    ['type 22 with an existing line', lines, { id: 100, typeId: 22 }, 1, 10, { kind: 'newLine' }],
    ['type 22 over the limit still adds a line', lines, { id: 100, typeId: 22 }, 99, 1, { kind: 'newLine' }],
    [
      'zero quantity',
      lines,
      simple(100),
      0,
      10,
      { kind: 'refused', reason: 'Quantity must be a whole number of at least 1' },
    ],
    [
      'fractional quantity',
      lines,
      simple(100),
      1.5,
      10,
      { kind: 'refused', reason: 'Quantity must be a whole number of at least 1' },
    ],
    [
      'zero quantity of type 22',
      lines,
      { id: 1, typeId: 22 },
      0,
      10,
      { kind: 'refused', reason: 'Quantity must be a whole number of at least 1' },
    ],
  ])('%s', (_name, existing, product, quantity, maxQuantity, decision) => {
    expect(addItemDecision(existing, product, quantity, maxQuantity)).toEqual(decision);
  });
});

describe('lineQuantityChange: one rule for a typed quantity', () => {
  it.each<[number | string, ReturnType<typeof lineQuantityChange>]>([
    [3, { kind: 'set', quantity: 3 }],
    ['4', { kind: 'set', quantity: 4 }],
    [2, { kind: 'unchanged' }],
    [0, { kind: 'remove' }],
    ['0', { kind: 'remove' }],
    [-2, { kind: 'refused', reason: 'Quantity cannot be negative' }],
    ['-2', { kind: 'refused', reason: 'Quantity cannot be negative' }],
    [1.5, { kind: 'refused', reason: 'Quantity must be a whole number' }],
    [1000, { kind: 'refused', reason: 'Quantity cannot be above 999' }],
    ['', { kind: 'refused', reason: 'Enter a quantity' }],
    ['abc', { kind: 'refused', reason: 'Enter a quantity' }],
  ])('%s on a line of 2', (typed, expected) => {
    expect(lineQuantityChange(2, typed)).toEqual(expected);
  });

  it('asks before removing', () => {
    expect(removeLineQuestion('GTR-STRAT-SB')).toBe('Remove GTR-STRAT-SB from the order?');
  });
});
