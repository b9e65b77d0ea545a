import { describe, expect, it } from 'vitest';
import { inventoryQuantityPatchSchema } from './inventory-quantity.schemas';

describe('inventoryQuantityPatchSchema', () => {
  it.each([
    [5, 5],
    ['7', 7],
    [2.5, 3],
    [-4, 0],
    ['abc', 0],
    ['', 0],
  ])('takes %j as typed and coerces it to %s (§4.1)', (quantityAvailable, expected) => {
    const parsed = inventoryQuantityPatchSchema.parse({ productId: 1, warehouseId: 2, quantityAvailable });
    expect(parsed).toEqual({ productId: 1, warehouseId: 2, quantityAvailable: expected });
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
