import type { InventorySummary } from '@backroom/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import {
  inventoryAvailableOverrides,
  inventoryLocationItems,
  users,
  warehouseDivisions,
  warehouses,
  warehouseTypes,
} from '../../db/schema';

/**
 * Each product's inventory, computed from its units (one query for any number of products): a unit in a bin
 * counts as physical; it is available unless picked or in a withheld bin; units in warehouses that do not
 * fulfil count as non-fulfillable. Purchase orders do not exist yet, so on-order and inbound are 0.
 * A quantity available set by hand (§4.1) replaces the computed one of its warehouse, and the totals move by
 * the difference; a warehouse with such a quantity but no units shows with a physical quantity of 0.
 */
export async function inventorySummaries(
  db: Db,
  accountId: number,
  productIds: number[],
): Promise<Map<number, InventorySummary>> {
  const result = new Map<number, InventorySummary>();
  if (productIds.length === 0) return result;
  // One after another: `db` may be a transaction, whose one connection runs one query at a time.
  const rows = await unitCounts(db, accountId, productIds);
  const overrides = await availableOverrides(db, accountId, productIds);
  const summaryOf = (productId: number) => {
    const summary =
      result.get(productId) ??
      ({
        id: productId,
        totalQuantityAvailable: 0,
        totalNonFulfillableQuantityAvailable: 0,
        totalQuantityOnHand: 0,
        totalQuantityOnOrder: 0,
        totalNonfulfillableQuantityOnHand: 0,
        totalNonfulfillableQuantityInbound: 0,
        locations: [],
      } satisfies InventorySummary);
    result.set(productId, summary);
    return summary;
  };
  for (const row of rows) {
    const summary = summaryOf(row.productId);
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
      modifiedBy: null,
      modifiedByName: null,
      modifiedAt: null,
    });
  }
  for (const override of overrides) {
    const summary = summaryOf(override.productId);
    let location = summary.locations.find((l) => l.warehouseId === override.warehouseId);
    if (!location) {
      location = {
        id: override.warehouseId,
        warehouseId: override.warehouseId,
        productId: override.productId,
        quantityAvailable: 0,
        totals: { physicalQuantity: 0 },
        modifiedBy: null,
        modifiedByName: null,
        modifiedAt: null,
      };
      summary.locations.push(location);
    }
    const difference = override.quantityAvailable - location.quantityAvailable;
    if (override.fulfils) summary.totalQuantityAvailable += difference;
    else summary.totalNonFulfillableQuantityAvailable += difference;
    location.quantityAvailable = override.quantityAvailable;
    location.modifiedBy = override.modifiedBy;
    location.modifiedByName = override.modifiedByName;
    location.modifiedAt = override.modifiedAt.toISOString();
  }
  for (const summary of result.values()) summary.locations.sort((a, b) => a.warehouseId - b.warehouseId);
  return result;
}

/** The products' units per warehouse: physical and available counts, with whether the warehouse fulfils. */
function unitCounts(db: Db, accountId: number, productIds: number[]) {
  return db
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
}

/** The quantities available set by hand for these products, with whether their warehouse fulfils. */
function availableOverrides(db: Db, accountId: number, productIds: number[]) {
  return db
    .select({
      productId: inventoryAvailableOverrides.productId,
      warehouseId: inventoryAvailableOverrides.warehouseId,
      quantityAvailable: inventoryAvailableOverrides.quantityAvailable,
      modifiedBy: inventoryAvailableOverrides.modifiedBy,
      modifiedByName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      modifiedAt: inventoryAvailableOverrides.modifiedAt,
      fulfils: warehouseTypes.hasFulfillment,
    })
    .from(inventoryAvailableOverrides)
    .innerJoin(warehouses, eq(warehouses.id, inventoryAvailableOverrides.warehouseId))
    .innerJoin(warehouseTypes, eq(warehouseTypes.id, warehouses.warehouseTypeId))
    .leftJoin(users, eq(users.id, inventoryAvailableOverrides.modifiedBy))
    .where(
      and(
        eq(inventoryAvailableOverrides.accountId, accountId),
        inIds(inventoryAvailableOverrides.productId, productIds),
      ),
    );
}
