import { describe, expect, it } from 'vitest';
import {
  aboveOnHandWarning,
  belowPhysicalQuantityMessage,
  editQuantityAvailable,
  type ProductInventory,
  parseQuantityAvailable,
  QUANTITY_AVAILABLE_WHOLE_MESSAGE,
} from './inventory-edit';

describe('parseQuantityAvailable', () => {
  it.each([
    ['5', 5],
    [' 7 ', 7],
    [0, 0],
    ['0', 0],
    [1_000_000, 1_000_000],
  ])('takes %j as %s', (value, quantity) => {
    expect(parseQuantityAvailable(value)).toEqual({ ok: true, quantity });
  });

  it.each([
    ['5.6'],
    [2.4],
    ['-4'],
    [-3],
    ['1e3'],
    ['0x10'],
    ['+3'],
    [''],
    [' '],
    ['abc'],
    [null],
    [undefined],
    [Number.POSITIVE_INFINITY],
    [Number.NaN],
  ])('refuses %j: whole numbers only, never rounded or made 0', (value) => {
    expect(parseQuantityAvailable(value)).toEqual({ ok: false, message: QUANTITY_AVAILABLE_WHOLE_MESSAGE });
  });

  it('refuses more than a million', () => {
    expect(parseQuantityAvailable('1000001')).toEqual({ ok: false, message: 'At most 1,000,000' });
  });
});

describe('aboveOnHandWarning', () => {
  it('warns only above what is physically at the location', () => {
    expect(aboveOnHandWarning(6, 3)).toBe(
      '6 available is more than the 3 on hand at this location: the channels may sell units that are not there.',
    );
    expect(aboveOnHandWarning(3, 3)).toBeNull();
    expect(aboveOnHandWarning(0, 3)).toBeNull();
  });
});

describe('editQuantityAvailable', () => {
  const inventory: ProductInventory & { productId: number } = {
    productId: 10,
    totalQuantityAvailable: 9,
    locations: [
      { id: 1, warehouseId: 1, productId: 10, quantityAvailable: 5, totals: { physicalQuantity: 4 } },
      { id: 2, warehouseId: 2, productId: 10, quantityAvailable: 4, totals: null },
    ],
  };

  it.each([
    // [location, value, location available after, total after, difference]
    [1, 8, 8, 12, 3],
    [1, 4, 4, 8, -1],
    [1, 0, 0, 4, -5],
    [2, 1, 1, 6, -3],
    [2, 0, 0, 5, -4],
  ] as const)('location %s set to %j: %s there, total %s', (locationId, value, quantity, total, difference) => {
    const result = editQuantityAvailable(inventory, locationId, value, 77);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.difference).toBe(difference);
    expect(result.inventory.totalQuantityAvailable).toBe(total);
    expect(result.inventory.productId).toBe(10);
    const location = result.inventory.locations.find((item) => item.id === locationId);
    expect(location).toMatchObject({ quantityAvailable: quantity, modifiedBy: 77 });
  });

  it.each([3, 1])('refuses %j: above 0 but below the physical quantity 4', (quantity) => {
    expect(editQuantityAvailable(inventory, 1, quantity)).toEqual({
      ok: false,
      reason: 'belowPhysicalQuantity',
      quantityAvailable: quantity,
      physicalQuantity: 4,
    });
  });

  it('leaves the other locations and the input alone', () => {
    const result = editQuantityAvailable(inventory, 1, 6);
    expect(result.ok && result.inventory.locations[1]).toBe(inventory.locations[1]);
    expect(inventory.locations[0]?.quantityAvailable).toBe(5);
    expect(inventory.totalQuantityAvailable).toBe(9);
    expect(result.ok && 'modifiedBy' in (result.inventory.locations[0] ?? {})).toBe(false);
  });

  it('refuses an unknown location', () => {
    expect(() => editQuantityAvailable(inventory, 3, 1)).toThrow('No inventory location 3');
  });
});

describe('belowPhysicalQuantityMessage', () => {
  it('names the refused value and the physical quantity, and what may be entered', () => {
    expect(belowPhysicalQuantityMessage(2, 5)).toBe(
      'Quantity available cannot be 2: it may not be below the 5 physically at this location. Enter 0 or at least 5.',
    );
  });
});
