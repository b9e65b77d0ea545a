import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  channelOrderItems,
  inventoryLocationItems,
  inventoryUnitEvents,
  pickRequestItems,
  pickRequests,
  products,
  warehouseDivisions,
} from '../../db/schema';

// The SQL of order-allocation.service.ts: units, the pick requests that hold them for order items, and the
// divisions they are freed into.

type Division = typeof warehouseDivisions.$inferSelect;

/** The account's units of the products not picked (nor, unless asked, withheld), free or among `unitIds`. */
export async function findSelectableUnits(
  db: Db,
  accountId: number,
  filter: {
    productIds: number[];
    warehouseIds?: number[];
    inventoryLocationItemIds?: number[];
    allowIsWithheld?: boolean;
    limit?: number;
  },
) {
  return db
    .select({
      id: inventoryLocationItems.id,
      productId: inventoryLocationItems.productId,
      warehouseId: inventoryLocationItems.warehouseId,
      inventoryLocationId: inventoryLocationItems.inventoryLocationId,
      barcode: warehouseDivisions.barcode,
      displayName: warehouseDivisions.displayName,
      isWithheld: warehouseDivisions.isWithheld,
      inventoryConditionId: inventoryLocationItems.inventoryConditionId,
      priceCost: inventoryLocationItems.priceCost,
      receivedAt: inventoryLocationItems.receivedAt,
      allocatedTo: pickRequestItems.channelOrderItemId,
    })
    .from(inventoryLocationItems)
    .innerJoin(warehouseDivisions, eq(warehouseDivisions.id, inventoryLocationItems.inventoryLocationId))
    .leftJoin(pickRequestItems, eq(pickRequestItems.inventoryLocationItemId, inventoryLocationItems.id))
    .where(
      and(
        eq(inventoryLocationItems.accountId, accountId),
        inArray(inventoryLocationItems.productId, filter.productIds.length ? filter.productIds : [0]),
        filter.warehouseIds?.length
          ? inArray(inventoryLocationItems.warehouseId, filter.warehouseIds)
          : undefined,
        eq(inventoryLocationItems.isDeleted, 0),
        isNull(inventoryLocationItems.pickedAt),
        filter.allowIsWithheld ? undefined : eq(warehouseDivisions.isWithheld, 0),
        filter.inventoryLocationItemIds?.length
          ? sql`(${pickRequestItems.id} is null or ${inventoryLocationItems.id} = any(${`{${filter.inventoryLocationItemIds.join(',')}}`}::int[]))`
          : isNull(pickRequestItems.id),
      ),
    )
    .orderBy(asc(warehouseDivisions.barcode), asc(inventoryLocationItems.id))
    .limit(filter.limit ?? 999);
}

/** The order's pick request in the warehouse, made when it has none yet. */
export async function pickRequestFor(db: Db, accountId: number, channelOrderId: number, warehouseId: number) {
  await db
    .insert(pickRequests)
    .values({ accountId, channelOrderId, warehouseId })
    .onConflictDoNothing({ target: [pickRequests.channelOrderId, pickRequests.warehouseId] });
  const [row] = await db
    .select({ id: pickRequests.id })
    .from(pickRequests)
    .where(and(eq(pickRequests.channelOrderId, channelOrderId), eq(pickRequests.warehouseId, warehouseId)));
  return row!.id;
}

export async function findItemsOfOrder(db: Db, channelOrderId: number) {
  return db.select().from(channelOrderItems).where(eq(channelOrderItems.channelOrderId, channelOrderId));
}

export async function findItem(db: Db, channelOrderItemId: number) {
  const [item] = await db
    .select()
    .from(channelOrderItems)
    .where(eq(channelOrderItems.id, channelOrderItemId));
  return item ?? null;
}

/** The account's units, locked until the transaction ends. */
export async function lockUnits(db: Db, accountId: number, unitIds: number[]) {
  if (!unitIds.length) return [];
  return db
    .select()
    .from(inventoryLocationItems)
    .where(and(inArray(inventoryLocationItems.id, unitIds), eq(inventoryLocationItems.accountId, accountId)))
    .for('update');
}

/** How many units each of the items holds, by item id. */
export async function countAllocatedByItem(db: Db, itemIds: number[]) {
  const counts = new Map<number, number>();
  if (!itemIds.length) return counts;
  const rows = await db
    .select({ itemId: pickRequestItems.channelOrderItemId, n: sql<number>`count(*)::int` })
    .from(pickRequestItems)
    .where(inArray(pickRequestItems.channelOrderItemId, itemIds))
    .groupBy(pickRequestItems.channelOrderItemId);
  for (const r of rows) counts.set(r.itemId, r.n);
  return counts;
}

/** Gives a unit to an order item (the unique index on the unit refuses a second item: 23505). */
export async function insertPickRequestItem(db: Db, values: typeof pickRequestItems.$inferInsert) {
  await db.insert(pickRequestItems).values(values);
}

export async function findPickRequest(db: Db, accountId: number, pickRequestId: number) {
  const [request] = await db
    .select()
    .from(pickRequests)
    .where(and(eq(pickRequests.id, pickRequestId), eq(pickRequests.accountId, accountId)));
  return request ?? null;
}

/** A pick request's units with their SKU and the barcode of where they are. */
export async function findPickRequestUnits(db: Db, pickRequestId: number) {
  return db
    .select({
      pickRequestItemId: pickRequestItems.id,
      channelOrderItemId: pickRequestItems.channelOrderItemId,
      inventoryLocationItemId: pickRequestItems.inventoryLocationItemId,
      pickedAt: pickRequestItems.pickedAt,
      sku: products.sku,
      barcode: warehouseDivisions.barcode,
    })
    .from(pickRequestItems)
    .innerJoin(
      inventoryLocationItems,
      eq(inventoryLocationItems.id, pickRequestItems.inventoryLocationItemId),
    )
    .innerJoin(products, eq(products.id, inventoryLocationItems.productId))
    .leftJoin(warehouseDivisions, eq(warehouseDivisions.id, inventoryLocationItems.inventoryLocationId))
    .where(eq(pickRequestItems.pickRequestId, pickRequestId));
}

/** The warehouse's active bins by barcode (at most 500). */
export async function findActiveBins(db: Db, warehouseId: number) {
  return db
    .select({
      id: warehouseDivisions.id,
      barcode: warehouseDivisions.barcode,
      displayName: warehouseDivisions.displayName,
    })
    .from(warehouseDivisions)
    .where(
      and(
        eq(warehouseDivisions.warehouseId, warehouseId),
        eq(warehouseDivisions.level, 'bin'),
        eq(warehouseDivisions.isActive, 1),
      ),
    )
    .orderBy(asc(warehouseDivisions.barcode))
    .limit(500);
}

/** A division of the account by id or by barcode (any case, scanned slashes around it ignored). */
export async function findDivision(db: Db, accountId: number, division: number | string) {
  const [row] = await db
    .select()
    .from(warehouseDivisions)
    .where(
      and(
        eq(warehouseDivisions.accountId, accountId),
        typeof division === 'number'
          ? eq(warehouseDivisions.id, division)
          : sql`upper(${warehouseDivisions.barcode}) = ${division.replace(/^\/|\/$/g, '').toUpperCase()}`,
      ),
    );
  return row ?? null;
}

/** The order's pick request items among `pickItemIds` with their units, the units locked. */
export async function lockAllocatedUnits(db: Db, channelOrderId: number, pickItemIds: number[]) {
  return db
    .select({ pickItem: pickRequestItems, unit: inventoryLocationItems })
    .from(pickRequestItems)
    .innerJoin(pickRequests, eq(pickRequests.id, pickRequestItems.pickRequestId))
    .innerJoin(
      inventoryLocationItems,
      eq(inventoryLocationItems.id, pickRequestItems.inventoryLocationItemId),
    )
    .where(and(inArray(pickRequestItems.id, pickItemIds), eq(pickRequests.channelOrderId, channelOrderId)))
    .for('update', { of: inventoryLocationItems });
}

/** The ids of every pick request item of the order. */
export async function findAllocatedPickItemIds(db: Db, channelOrderId: number) {
  const rows = await db
    .select({ id: pickRequestItems.id })
    .from(pickRequestItems)
    .innerJoin(pickRequests, eq(pickRequests.id, pickRequestItems.pickRequestId))
    .where(eq(pickRequests.channelOrderId, channelOrderId));
  return rows.map((r) => r.id);
}

/** Takes the pick request items off and makes their units free again, not picked. */
export async function freeUnits(db: Db, pickItemIds: number[], unitIds: number[], userId: number, now: Date) {
  await db.delete(pickRequestItems).where(inArray(pickRequestItems.id, pickItemIds));
  await db
    .update(inventoryLocationItems)
    .set({ pickedAt: null, pickedBy: null, pickRequestItemId: null, modifiedBy: userId, modifiedAt: now })
    .where(inArray(inventoryLocationItems.id, unitIds));
}

/** Puts the units into the division (its chaos location too). */
export async function moveUnits(db: Db, unitIds: number[], division: Division) {
  await db
    .update(inventoryLocationItems)
    .set({
      inventoryLocationId: division.id,
      chaosZone: division.chaosZone,
      chaosRow: division.chaosRow,
      chaosSection: division.chaosSection,
      chaosShelf: division.chaosShelf,
      chaosBin: division.chaosBin,
    })
    .where(inArray(inventoryLocationItems.id, unitIds));
}

export async function insertUnitEvents(db: Db, events: (typeof inventoryUnitEvents.$inferInsert)[]) {
  await db.insert(inventoryUnitEvents).values(events);
}

export async function setItemsPicked(db: Db, itemIds: number[], isPicked: 0 | 1) {
  await db.update(channelOrderItems).set({ isPicked }).where(inArray(channelOrderItems.id, itemIds));
}

/** The account's pick request item with its order. */
export async function findPickRequestItem(db: Db, accountId: number, pickRequestItemId: number) {
  const [row] = await db
    .select({ pickItem: pickRequestItems, channelOrderId: pickRequests.channelOrderId })
    .from(pickRequestItems)
    .innerJoin(pickRequests, eq(pickRequests.id, pickRequestItems.pickRequestId))
    .where(and(eq(pickRequestItems.id, pickRequestItemId), eq(pickRequests.accountId, accountId)));
  return row ?? null;
}

/** Marks a unit picked for the pick request item, unless it already is: answers it, or null. */
export async function markUnitPicked(
  db: Db,
  unitId: number,
  pickRequestItemId: number,
  userId: number,
  now: Date,
) {
  const [unit] = await db
    .update(inventoryLocationItems)
    .set({ pickedAt: now, pickedBy: userId, pickRequestItemId, modifiedBy: userId, modifiedAt: now })
    .where(and(eq(inventoryLocationItems.id, unitId), isNull(inventoryLocationItems.pickedAt)))
    .returning({ id: inventoryLocationItems.id, from: inventoryLocationItems.inventoryLocationId });
  if (!unit) return null;
  await db
    .update(pickRequestItems)
    .set({ pickedAt: now, pickedBy: userId })
    .where(eq(pickRequestItems.id, pickRequestItemId));
  return unit;
}

/** How many of the item's units are picked. */
export async function countPickedUnits(db: Db, channelOrderItemId: number) {
  const [picked] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pickRequestItems)
    .where(
      and(
        eq(pickRequestItems.channelOrderItemId, channelOrderItemId),
        sql`${pickRequestItems.pickedAt} is not null`,
      ),
    );
  return picked?.n ?? 0;
}
