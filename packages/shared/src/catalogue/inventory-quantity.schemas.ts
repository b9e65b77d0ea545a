import { z } from 'zod';
import { idSchema, text } from '../api/text';
import { parseQuantityAvailable } from './inventory-edit';

const id = idSchema;

/**
 * PATCH /api/backroom/product/inventory: one location's quantityAvailable (catalogue-admin.md §4.1; the
 * spec does not show this call). A whole number of units, 0 or more, sent as a number or as the digits typed;
 * anything else is refused (parseQuantityAvailable), never rounded. The server also refuses a value below the
 * location's physical quantity.
 */
export const inventoryQuantityPatchSchema = z.object({
  productId: id,
  warehouseId: id,
  quantityAvailable: z.union([z.number(), text().max(30)]).transform((value, ctx) => {
    const parsed = parseQuantityAvailable(value);
    if (parsed.ok) return parsed.quantity;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }),
});
export type InventoryQuantityPatch = z.input<typeof inventoryQuantityPatchSchema>;
