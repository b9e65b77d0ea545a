import {
  belowPhysicalQuantityMessage,
  editQuantityAvailable,
  type InventorySummary,
  PRODUCT_TYPE_SIMPLE,
} from '@backroom/shared';
import { and, eq } from 'drizzle-orm';
import { inventoryAvailableOverrides, products, warehouses } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { inventorySummaries } from './inventory-summary';
import { emptyInventory } from './product-dto';

/**
 * PATCH product/inventory: sets one location's quantityAvailable by the shared §4.1 rule (coerced, negatives
 * become 0, rounded; never between 0 and the physical quantity there) and answers the product's inventory
 * with the new totals. The product row is locked, so two edits of one product apply one after the other.
 */
export async function patchInventoryAvailable(
  deps: AppDeps,
  auth: AuthContext,
  body: { productId: number; warehouseId: number; quantityAvailable: number },
): Promise<InventorySummary> {
  const { productId, warehouseId } = body;
  return deps.db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, sku: products.sku, typeId: products.typeId })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.accountId, auth.accountId)))
      .for('update');
    if (!product) throw notFound(`Product ${productId} not found.`);
    if (product.typeId !== PRODUCT_TYPE_SIMPLE) {
      throw badRequest(`${product.sku} is not a simple product, so it carries no inventory of its own.`);
    }
    const [warehouse] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.id, warehouseId), eq(warehouses.accountId, auth.accountId)));
    if (!warehouse) throw notFound(`Warehouse ${warehouseId} not found.`);

    const current = (await inventorySummaries(tx, auth.accountId, [productId])).get(productId);
    const inventory = current ?? emptyInventory(productId);
    // A warehouse holding none of the product yet is a location with nothing in it.
    const locations = inventory.locations.some((l) => l.warehouseId === warehouseId)
      ? inventory.locations
      : [
          ...inventory.locations,
          {
            id: warehouseId,
            warehouseId,
            productId,
            quantityAvailable: 0,
            totals: { physicalQuantity: 0 },
            modifiedBy: null,
            modifiedByName: null,
            modifiedAt: null,
          },
        ];
    const result = editQuantityAvailable(
      { ...inventory, locations },
      warehouseId,
      body.quantityAvailable,
      auth.userId,
    );
    if (!result.ok) {
      const message = belowPhysicalQuantityMessage(result.quantityAvailable, result.physicalQuantity);
      throw badRequest(message, [{ field: 'quantityAvailable', message }]);
    }
    const now = new Date();
    await tx
      .insert(inventoryAvailableOverrides)
      .values({
        accountId: auth.accountId,
        productId,
        warehouseId,
        quantityAvailable: result.quantityAvailable,
        modifiedBy: auth.userId,
        modifiedAt: now,
      })
      .onConflictDoUpdate({
        target: [inventoryAvailableOverrides.productId, inventoryAvailableOverrides.warehouseId],
        set: { quantityAvailable: result.quantityAvailable, modifiedBy: auth.userId, modifiedAt: now },
      });
    return (await inventorySummaries(tx, auth.accountId, [productId])).get(productId)!;
  });
}
