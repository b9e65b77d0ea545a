import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import { inventoryLocationItems, warehouseDivisions, warehouses, warehouseTypes } from '../../db/schema';

export interface InventoryLocation {
  id: number;
  warehouseId: number;
  productId: number;
  quantityAvailable: number;
  totals: { physicalQuantity: number };
}

export interface InventorySummary {
  id: number;
  totalQuantityAvailable: number;
  totalNonFulfillableQuantityAvailable: number;
  totalQuantityOnHand: number;
  totalQuantityOnOrder: number;
  totalNonfulfillableQuantityOnHand: number;
  totalNonfulfillableQuantityInbound: number;
  locations: InventoryLocation[];
}

/**
 * Each product's inventory, computed from its units (one query for any number of products): a unit in a bin
 * counts as physical; it is available unless picked or in a withheld bin; units in warehouses that do not
 * fulfil count as non-fulfillable. Purchase orders do not exist yet, so on-order and inbound are 0.
 */
export async function inventorySummaries(
  db: Db,
  accountId: number,
  productIds: number[],
): Promise<Map<number, InventorySummary>> {
  const result = new Map<number, InventorySummary>();
  if (productIds.length === 0) return result;
  const rows = await db
    .select({
      productId: inventoryLocationItems.productId,
      warehouseId: inventoryLocationItems.warehouseId,
      fulfils: warehouseTypes.hasFulfillment,
      physical: sql<number>`count(*)::int`,
      available: sql<number>`count(*) filter (where ${inventoryLocationItems.pickedAt} is null and ${warehouseDivisions.isWithheld} = 0)::int`,
    })
    .from(inventoryLocationItems)
    .innerJoin(warehouseDivisions, eq(warehouseDivisions.id, inventoryLocationItems.inventoryLocationId))
    .innerJoin(warehouses, eq(warehouses.id, inventoryLocationItems.warehouseId))
    .innerJoin(warehouseTypes, eq(warehouseTypes.id, warehouses.warehouseTypeId))
    .where(
      and(
        eq(inventoryLocationItems.accountId, accountId),
        eq(inventoryLocationItems.isDeleted, 0),
        inIds(inventoryLocationItems.productId, productIds),
      ),
    )
    .groupBy(
      inventoryLocationItems.productId,
      inventoryLocationItems.warehouseId,
      warehouseTypes.hasFulfillment,
    );
  for (const row of rows) {
    const summary =
      result.get(row.productId) ??
      ({
        id: row.productId,
        totalQuantityAvailable: 0,
        totalNonFulfillableQuantityAvailable: 0,
        totalQuantityOnHand: 0,
        totalQuantityOnOrder: 0,
        totalNonfulfillableQuantityOnHand: 0,
        totalNonfulfillableQuantityInbound: 0,
        locations: [],
      } satisfies InventorySummary);
    if (row.fulfils) {
      summary.totalQuantityAvailable += row.available;
      summary.totalQuantityOnHand += row.physical;
    } else {
      summary.totalNonFulfillableQuantityAvailable += row.available;
      summary.totalNonfulfillableQuantityOnHand += row.physical;
    }
    summary.locations.push({
      id: row.warehouseId,
      warehouseId: row.warehouseId,
      productId: row.productId,
      quantityAvailable: row.available,
      totals: { physicalQuantity: row.physical },
    });
    result.set(row.productId, summary);
  }
  return result;
}
