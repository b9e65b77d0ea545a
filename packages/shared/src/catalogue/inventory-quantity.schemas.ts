import { z } from 'zod';
import { idSchema, text } from '../api/text';
import { coerceQuantityAvailable, QUANTITY_AVAILABLE_MAX } from './inventory-edit';

const id = idSchema;

/**
 * PATCH /api/backroom/product/inventory: one location's quantityAvailable (catalogue-admin.md §4.1; the
 * spec does not show this call). The value is taken as typed and coerced by the §4.1 rule (negatives
 * become 0, rounded); the server refuses a value below the location's physical quantity.
 */
export const inventoryQuantityPatchSchema = z.object({
  productId: id,
  warehouseId: id,
  quantityAvailable: z
    .union([z.number(), text().max(30)])
    .transform(coerceQuantityAvailable)
    .pipe(
      z.number().max(QUANTITY_AVAILABLE_MAX, `At most ${QUANTITY_AVAILABLE_MAX.toLocaleString('en-US')}`),
    ),
});
export type InventoryQuantityPatch = z.input<typeof inventoryQuantityPatchSchema>;
