import { describe, expect, it } from 'vitest';
import {
  belowPhysicalQuantityMessage,
  coerceQuantityAvailable,
  editQuantityAvailable,
  type ProductInventory,
} from './inventory-edit';

describe('coerceQuantityAvailable', () => {
  it.each([
    ['5', 5],
    [' 7 ', 7],
    [2.4, 2],
    [2.5, 3],
    ['3.6', 4],
    [-3, 0],
    ['-0.2', 0],
    ['', 0],
    ['abc', 0],
    [null, 0],
    [undefined, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('%j -> %s', (value, quantity) => {
    expect(coerceQuantityAvailable(value)).toBe(quantity);
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
    [1, '8', 8, 12, 3],
    [1, 4, 4, 8, -1],
    [1, '0', 0, 4, -5],
    [1, -2, 0, 4, -5],
    [2, '1.4', 1, 6, -3],
    [2, 'x', 0, 5, -4],
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

  it.each([
    ['3', 3],
    [1, 1],
    ['3.4', 3],
  ])('refuses %j: above 0 but below the physical quantity 4', (value, quantity) => {
    expect(editQuantityAvailable(inventory, 1, value)).toEqual({
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
