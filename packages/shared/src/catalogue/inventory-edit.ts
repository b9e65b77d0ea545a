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

/** The largest available quantity one location may be given (the column is a 32-bit integer). */
export const QUANTITY_AVAILABLE_MAX = 1_000_000;

export const QUANTITY_AVAILABLE_WHOLE_MESSAGE = 'Enter a whole number of units: 0 or more.';
export const QUANTITY_AVAILABLE_MAX_MESSAGE = `At most ${QUANTITY_AVAILABLE_MAX.toLocaleString('en-US')}`;

/**
 * A typed available quantity: a whole number of units, 0 or more (digits only, or a whole JS number). §4.1
 * coerced what was typed ('5.6' became 6, '-4' became 0, 'abc' 0), so a slip of the keyboard changed what the
 * channels may sell without a word (issue 27 #28): now such input is refused, client and server alike.
 */
export function parseQuantityAvailable(
  value: unknown,
): { ok: true; quantity: number } | { ok: false; message: string } {
  const quantity =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+\s*$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isSafeInteger(quantity) || quantity < 0)
    return { ok: false, message: QUANTITY_AVAILABLE_WHOLE_MESSAGE };
  if (quantity > QUANTITY_AVAILABLE_MAX) return { ok: false, message: QUANTITY_AVAILABLE_MAX_MESSAGE };
  return { ok: true, quantity };
}

/** More available than is physically at the location: allowed, with a warning (channels may oversell). */
export function aboveOnHandWarning(quantityAvailable: number, physicalQuantity: number): string | null {
  if (quantityAvailable <= physicalQuantity) return null;
  return `${quantityAvailable} available is more than the ${physicalQuantity} on hand at this location: the channels may sell units that are not there.`;
}

export type QuantityEditResult<I extends ProductInventory> =
  | { ok: true; inventory: I; quantityAvailable: number; difference: number }
  | { ok: false; reason: 'belowPhysicalQuantity'; quantityAvailable: number; physicalQuantity: number };

/**
 * Sets a location's quantityAvailable (a whole number: parseQuantityAvailable) and adjusts
 * totalQuantityAvailable by the difference.
 * "It is not allowed below the physical quantity at the location when available is above 0": we read
 * "available" as the new value, so a location can be zeroed or set to at least its physical quantity,
 * never to a number in between. A location without totals has a physical quantity of 0.
 * Throws a RangeError for an unknown location id.
 */
export function editQuantityAvailable<I extends ProductInventory>(
  inventory: I,
  locationId: number,
  quantityAvailable: number,
  modifiedBy?: number,
): QuantityEditResult<I> {
  const location = inventory.locations.find((item) => item.id === locationId);
  if (!location) throw new RangeError(`No inventory location ${locationId}`);
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

/** The refusal of a value between 0 and the location's physical quantity, as the user reads it. */
export function belowPhysicalQuantityMessage(quantityAvailable: number, physicalQuantity: number): string {
  return `Quantity available cannot be ${quantityAvailable}: it may not be below the ${physicalQuantity} physically at this location. Enter 0 or at least ${physicalQuantity}.`;
}
