// orders-warehouse.md §5 Adding an item to an order: "The same product increases the existing quantity only
// if the total stays at or below maxQuantity. Product type 22 always adds a new line."

/** A product of type 22 is never merged into an existing line: every addition is its own line. */
export const ALWAYS_NEW_LINE_PRODUCT_TYPE_ID = 22;

export interface ExistingOrderLine {
  id: number;
  productId: number | null;
  quantityOrdered: number;
}

export interface ProductToAdd {
  id: number;
  typeId: number;
}

export type AddItemDecision =
  | { kind: 'increase'; lineId: number; newQuantity: number }
  | { kind: 'newLine' }
  | { kind: 'refused'; reason: string };

/**
 * What adding `quantity` of `product` does to an order whose lines are `existingLines`:
 * - quantity must be a whole number of at least 1;
 * - type 22 → always a new line;
 * - a line of the same product (the first, if several) → its quantity rises to existing + quantity, only if
 *   that stays ≤ maxQuantity; otherwise refused, saying how many more fit;
 * - no such line → a new line, refused only when quantity alone exceeds maxQuantity.
 * maxQuantity null means no limit.
 */
export function addItemDecision(
  existingLines: readonly ExistingOrderLine[],
  product: ProductToAdd,
  quantity: number,
  maxQuantity: number | null,
): AddItemDecision {
  if (!Number.isInteger(quantity) || quantity < 1) {
    return { kind: 'refused', reason: 'Quantity must be a whole number of at least 1' };
  }
  if (product.typeId === ALWAYS_NEW_LINE_PRODUCT_TYPE_ID) return { kind: 'newLine' };
  const limit = maxQuantity ?? Number.POSITIVE_INFINITY;
  const line = existingLines.find((existing) => existing.productId === product.id);
  if (!line) {
    return quantity <= limit
      ? { kind: 'newLine' }
      : { kind: 'refused', reason: `At most ${maxQuantity} of this product can be added` };
  }
  const newQuantity = line.quantityOrdered + quantity;
  if (newQuantity <= limit) return { kind: 'increase', lineId: line.id, newQuantity };
  const room = Math.max(0, limit - line.quantityOrdered);
  return {
    kind: 'refused',
    reason:
      room === 0
        ? `The order already has ${line.quantityOrdered} of this product, the most allowed (${maxQuantity})`
        : `The order already has ${line.quantityOrdered} of this product; at most ${room} more can be added (limit ${maxQuantity})`,
  };
}

/** The most a line may hold (the quantity field's bound, §7 PATCH …firstParty/item). */
export const MAX_LINE_QUANTITY = 999;

export type LineQuantityChange =
  | { kind: 'unchanged' }
  | { kind: 'set'; quantity: number }
  | { kind: 'remove' }
  | { kind: 'refused'; reason: string };

/**
 * What typing `typed` into a line's quantity means, one rule for every screen: a negative or fractional
 * number is refused (never turned positive), 0 removes the line — which the screen asks about first, as it
 * does for the remove button — and anything above MAX_LINE_QUANTITY is refused.
 */
export function lineQuantityChange(current: number, typed: number | string): LineQuantityChange {
  const value = typeof typed === 'number' ? typed : Number(String(typed).trim());
  if (String(typed).trim() === '' || !Number.isFinite(value))
    return { kind: 'refused', reason: 'Enter a quantity' };
  if (value < 0) return { kind: 'refused', reason: 'Quantity cannot be negative' };
  if (!Number.isInteger(value)) return { kind: 'refused', reason: 'Quantity must be a whole number' };
  if (value > MAX_LINE_QUANTITY)
    return { kind: 'refused', reason: `Quantity cannot be above ${MAX_LINE_QUANTITY}` };
  if (value === current) return { kind: 'unchanged' };
  return value === 0 ? { kind: 'remove' } : { kind: 'set', quantity: value };
}

/** The question asked before a line leaves the order. */
export const removeLineQuestion = (sku: string) => `Remove ${sku} from the order?`;
