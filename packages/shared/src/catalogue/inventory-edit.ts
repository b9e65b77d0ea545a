// Editing quantityAvailable of one inventory location from the product list (catalogue-admin.md §4.1).

export interface InventoryLocation {
  id: number;
  warehouseId: number;
  productId: number;
  quantityAvailable: number;
  totals?: { physicalQuantity: number } | null;
  modifiedBy?: number | null;
}

export interface ProductInventory {
  totalQuantityAvailable: number;
  locations: readonly InventoryLocation[];
}

/** "The value is coerced to a number, negatives become 0, and it is rounded." Non-numeric becomes 0. */
export function coerceQuantityAvailable(value: unknown): number {
  const n = typeof value === 'string' && value.trim() === '' ? 0 : Number(value);
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.round(n);
}

export type QuantityEditResult<I extends ProductInventory> =
  | { ok: true; inventory: I; quantityAvailable: number; difference: number }
  | { ok: false; reason: 'belowPhysicalQuantity'; quantityAvailable: number; physicalQuantity: number };

/**
 * Sets a location's quantityAvailable and adjusts totalQuantityAvailable by the difference.
 * "It is not allowed below the physical quantity at the location when available is above 0": we read
 * "available" as the new value, so a location can be zeroed or set to at least its physical quantity,
 * never to a number in between. A location without totals has a physical quantity of 0.
 * Throws a RangeError for an unknown location id.
 */
export function editQuantityAvailable<I extends ProductInventory>(
  inventory: I,
  locationId: number,
  value: unknown,
  modifiedBy?: number,
): QuantityEditResult<I> {
  const location = inventory.locations.find((item) => item.id === locationId);
  if (!location) throw new RangeError(`No inventory location ${locationId}`);
  const quantityAvailable = coerceQuantityAvailable(value);
  const physicalQuantity = location.totals?.physicalQuantity ?? 0;
  if (quantityAvailable > 0 && quantityAvailable < physicalQuantity) {
    return { ok: false, reason: 'belowPhysicalQuantity', quantityAvailable, physicalQuantity };
  }
  const difference = quantityAvailable - location.quantityAvailable;
  const locations = inventory.locations.map((item) =>
    item.id === locationId
      ? { ...item, quantityAvailable, ...(modifiedBy === undefined ? {} : { modifiedBy }) }
      : item,
  );
  return {
    ok: true,
    inventory: {
      ...inventory,
      locations,
      totalQuantityAvailable: inventory.totalQuantityAvailable + difference,
    },
    quantityAvailable,
    difference,
  };
}

/** The largest available quantity one location may be given (the column is a 32-bit integer). */
export const QUANTITY_AVAILABLE_MAX = 1_000_000;

/** The refusal of a value between 0 and the location's physical quantity, as the user reads it. */
export function belowPhysicalQuantityMessage(quantityAvailable: number, physicalQuantity: number): string {
  return `Quantity available cannot be ${quantityAvailable}: it may not be below the ${physicalQuantity} physically at this location. Enter 0 or at least ${physicalQuantity}.`;
}
