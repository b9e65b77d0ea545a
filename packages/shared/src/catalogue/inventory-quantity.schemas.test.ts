import { describe, expect, it } from 'vitest';
import { inventoryQuantityPatchSchema } from './inventory-quantity.schemas';

describe('inventoryQuantityPatchSchema', () => {
  it.each([
    [5, 5],
    ['7', 7],
    [0, 0],
  ])('takes the whole number %j as %s', (quantityAvailable, expected) => {
    const parsed = inventoryQuantityPatchSchema.parse({ productId: 1, warehouseId: 2, quantityAvailable });
    expect(parsed).toEqual({ productId: 1, warehouseId: 2, quantityAvailable: expected });
  });

  it.each([
    [2.5],
    ['5.6'],
    [-4],
    ['-4'],
    ['abc'],
    [''],
  ])('refuses %j rather than rounding it', (quantityAvailable) => {
    const parsed = inventoryQuantityPatchSchema.safeParse({
      productId: 1,
      warehouseId: 2,
      quantityAvailable,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Enter a whole number of units: 0 or more.');
  });

  it('refuses more than a million, missing ids and other types', () => {
    const bad = [
      { productId: 1, warehouseId: 2, quantityAvailable: 1_000_001 },
      { productId: 1, quantityAvailable: 1 },
      { productId: 0, warehouseId: 2, quantityAvailable: 1 },
      { productId: 1, warehouseId: 2, quantityAvailable: true },
      { productId: 1, warehouseId: 2 },
    ];
    for (const body of bad) expect(inventoryQuantityPatchSchema.safeParse(body).success).toBe(false);
  });
});
