import {
  canCompleteCancellation,
  canEditItems,
  formatMoney,
  ORDER_STATUS,
  orderStatusName,
} from '@backroom/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  channelOrderItems,
  channelOrders,
  inventoryLocationItems,
  inventoryUnitEvents,
  pickRequestItems,
  pickRequests,
  products,
  warehouseDivisions,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { editOrder, type LockedOrder, paidCents } from './order-edit';
import { addSystemNote } from './order-notes';

// Which physical units an order item gets (orders-warehouse.md §First-party order management: allocate,
// deallocate into a division, mark picked, complete a cancellation). A unit belongs to at most one order
// item: the unique index on pick_request_items.inventory_location_item_id decides between two clerks.

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** POST /v1/backroom/inventory/getAvailableUnitSelectionData: units free to allocate, by location. */
export async function availableUnitSelection(
  deps: AppDeps,
  auth: AuthContext,
  body: {
    productIds: number[];
    warehouseIds?: number[];
    inventoryLocationItemIds?: number[];
    allowIsWithheld?: boolean;
    limit?: number;
  },
) {
  const rows = await deps.db
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
        eq(inventoryLocationItems.accountId, auth.accountId),
        inArray(inventoryLocationItems.productId, body.productIds.length ? body.productIds : [0]),
        body.warehouseIds?.length
          ? inArray(inventoryLocationItems.warehouseId, body.warehouseIds)
          : undefined,
        eq(inventoryLocationItems.isDeleted, 0),
        isNull(inventoryLocationItems.pickedAt),
        body.allowIsWithheld ? undefined : eq(warehouseDivisions.isWithheld, 0),
        body.inventoryLocationItemIds?.length
          ? sql`(${pickRequestItems.id} is null or ${inventoryLocationItems.id} = any(${`{${body.inventoryLocationItemIds.join(',')}}`}::int[]))`
          : isNull(pickRequestItems.id),
      ),
    )
    .orderBy(asc(warehouseDivisions.barcode), asc(inventoryLocationItems.id))
    .limit(body.limit ?? 999);
  return rows.map((r) => ({
    ...r,
    priceCost: Number(r.priceCost),
    receivedAt: r.receivedAt?.toISOString() ?? null,
  }));
}

async function pickRequestFor(tx: Db, accountId: number, channelOrderId: number, warehouseId: number) {
  await tx
    .insert(pickRequests)
    .values({ accountId, channelOrderId, warehouseId })
    .onConflictDoNothing({ target: [pickRequests.channelOrderId, pickRequests.warehouseId] });
  const [row] = await tx
    .select({ id: pickRequests.id })
    .from(pickRequests)
    .where(and(eq(pickRequests.channelOrderId, channelOrderId), eq(pickRequests.warehouseId, warehouseId)));
  return row!.id;
}

/**
 * PATCH …/firstParty/allocateSelectedProductUnits: gives the chosen units to the order's items, up to each
 * item's quantity. Of two clerks taking the same unit, the second gets a clear 409.
 */
export async function allocateUnits(
  deps: AppDeps,
  auth: AuthContext,
  body: {
    channelOrderId: number;
    warehouseId: number;
    selectedProductUnits: { channelOrderItemId: number; inventoryLocationItemId: number }[];
  },
) {
  try {
    return await editOrder(deps, auth, body.channelOrderId, undefined, async (tx, order) => {
      refuseIfDone(order);
      const items = await tx
        .select()
        .from(channelOrderItems)
        .where(eq(channelOrderItems.channelOrderId, order.id));
      const unitIds = body.selectedProductUnits.map((s) => s.inventoryLocationItemId);
      const units = unitIds.length
        ? await tx
            .select()
            .from(inventoryLocationItems)
            .where(
              and(
                inArray(inventoryLocationItems.id, unitIds),
                eq(inventoryLocationItems.accountId, auth.accountId),
              ),
            )
            .for('update')
        : [];
      const pickRequestId = await pickRequestFor(tx, auth.accountId, order.id, body.warehouseId);
      const counts = await allocatedCounts(
        tx,
        items.map((i) => i.id),
      );
      for (const selected of body.selectedProductUnits) {
        const item = items.find((i) => i.id === selected.channelOrderItemId);
        if (!item) throw notFound(`Order item ${selected.channelOrderItemId} is not on order ${order.id}.`);
        const unit = units.find((u) => u.id === selected.inventoryLocationItemId);
        if (!unit || unit.isDeleted) throw notFound(`Unit ${selected.inventoryLocationItemId} not found.`);
        if (unit.productId !== item.productId)
          throw badRequest(`Unit ${unit.id} is not a unit of ${item.listingSKU}.`);
        if (unit.warehouseId !== body.warehouseId)
          throw badRequest(`Unit ${unit.id} is not in the chosen warehouse.`);
        const taken = (counts.get(item.id) ?? 0) + 1;
        if (taken > item.quantityOrdered)
          throw conflict(`${item.listingSKU} needs only ${item.quantityOrdered} unit(s).`);
        counts.set(item.id, taken);
        await tx.insert(pickRequestItems).values({
          pickRequestId,
          channelOrderItemId: item.id,
          inventoryLocationItemId: unit.id,
          createdBy: auth.userId,
        });
      }
      await addSystemNote(
        tx,
        order,
        auth.userId,
        `${body.selectedProductUnits.length} unit(s) allocated: ${unitIds.join(', ')}.`,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('A chosen unit was just allocated to another order. Reload the units and choose again.');
    }
    throw error;
  }
}

async function allocatedCounts(tx: Db, itemIds: number[]) {
  const counts = new Map<number, number>();
  if (!itemIds.length) return counts;
  const rows = await tx
    .select({ itemId: pickRequestItems.channelOrderItemId, n: sql<number>`count(*)::int` })
    .from(pickRequestItems)
    .where(inArray(pickRequestItems.channelOrderItemId, itemIds))
    .groupBy(pickRequestItems.channelOrderItemId);
  for (const r of rows) counts.set(r.itemId, r.n);
  return counts;
}

function refuseIfDone(order: LockedOrder) {
  const check = canEditItems(order);
  if (!check.allowed) throw conflict(check.reason ?? 'The order cannot be changed now.');
}

/** POST /v1/backroom/inventory/getDeallocationUnitOptions: a pick request's units and where they can go. */
export async function deallocationOptions(deps: AppDeps, auth: AuthContext, pickRequestId: number) {
  const [request] = await deps.db
    .select()
    .from(pickRequests)
    .where(and(eq(pickRequests.id, pickRequestId), eq(pickRequests.accountId, auth.accountId)));
  if (!request) throw notFound(`Pick request ${pickRequestId} not found.`);
  const units = await deps.db
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
  const divisions = await deps.db
    .select({
      id: warehouseDivisions.id,
      barcode: warehouseDivisions.barcode,
      displayName: warehouseDivisions.displayName,
    })
    .from(warehouseDivisions)
    .where(
      and(
        eq(warehouseDivisions.warehouseId, request.warehouseId),
        eq(warehouseDivisions.level, 'bin'),
        eq(warehouseDivisions.isActive, 1),
      ),
    )
    .orderBy(asc(warehouseDivisions.barcode))
    .limit(500);
  return [
    {
      pickRequestId,
      warehouseId: request.warehouseId,
      units: units.map((u) => ({ ...u, pickedAt: u.pickedAt?.toISOString() ?? null })),
      divisions,
    },
  ];
}

/** A division of the account by id or scanned barcode. */
async function divisionOf(tx: Db, accountId: number, division: number | string) {
  const [row] = await tx
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
  if (!row) throw notFound(`Location ${division} not found.`);
  if (row.isActive !== 1) throw conflict(`Location ${row.barcode} is not active.`);
  return row;
}

/** Frees units from their order item and puts them into `destination` (the division the clerk chose). */
async function releaseUnits(
  tx: Db,
  auth: AuthContext,
  order: LockedOrder,
  pickItemIds: number[],
  destination: number | string,
) {
  if (!pickItemIds.length) return 0;
  const division = await divisionOf(tx, auth.accountId, destination);
  const rows = await tx
    .select({ pickItem: pickRequestItems, unit: inventoryLocationItems })
    .from(pickRequestItems)
    .innerJoin(pickRequests, eq(pickRequests.id, pickRequestItems.pickRequestId))
    .innerJoin(
      inventoryLocationItems,
      eq(inventoryLocationItems.id, pickRequestItems.inventoryLocationItemId),
    )
    .where(and(inArray(pickRequestItems.id, pickItemIds), eq(pickRequests.channelOrderId, order.id)))
    .for('update', { of: inventoryLocationItems });
  if (rows.length !== pickItemIds.length) throw notFound('A chosen unit is not allocated to this order.');
  const now = new Date();
  for (const { unit } of rows) {
    if (unit.warehouseId !== division.warehouseId)
      throw badRequest(`${division.barcode} is in another warehouse than unit ${unit.id}.`);
  }
  await tx.delete(pickRequestItems).where(inArray(pickRequestItems.id, pickItemIds));
  // Every released unit is free again, picked or not — also one already in the chosen division, which
  // does not move (and so gets no 'moved' event).
  await tx
    .update(inventoryLocationItems)
    .set({
      pickedAt: null,
      pickedBy: null,
      pickRequestItemId: null,
      modifiedBy: auth.userId,
      modifiedAt: now,
    })
    .where(
      inArray(
        inventoryLocationItems.id,
        rows.map(({ unit }) => unit.id),
      ),
    );
  const moved = rows.filter(({ unit }) => unit.inventoryLocationId !== division.id);
  if (moved.length) {
    await tx
      .update(inventoryLocationItems)
      .set({
        inventoryLocationId: division.id,
        chaosZone: division.chaosZone,
        chaosRow: division.chaosRow,
        chaosSection: division.chaosSection,
        chaosShelf: division.chaosShelf,
        chaosBin: division.chaosBin,
      })
      .where(
        inArray(
          inventoryLocationItems.id,
          moved.map(({ unit }) => unit.id),
        ),
      );
    await tx.insert(inventoryUnitEvents).values(
      moved.map(({ unit }) => ({
        accountId: auth.accountId,
        inventoryLocationItemId: unit.id,
        eventType: 'moved' as const,
        fromDivisionId: unit.inventoryLocationId,
        toDivisionId: division.id,
        note: `Deallocated from order ${order.channelOrderNumber}`,
        userId: auth.userId,
      })),
    );
  }
  const items = [...new Set(rows.map(({ pickItem }) => pickItem.channelOrderItemId))];
  await tx.update(channelOrderItems).set({ isPicked: 0 }).where(inArray(channelOrderItems.id, items));
  return rows.length;
}

/** PATCH …/firstParty/deallocateSelectedUnits: selectedUnits are pick request item ids. */
export async function deallocateUnits(
  deps: AppDeps,
  auth: AuthContext,
  body: { channelOrderId: number; selectedUnits: number[]; destinationDivision: number | string },
) {
  return editOrder(deps, auth, body.channelOrderId, undefined, async (tx, order) => {
    const count = await releaseUnits(tx, auth, order, body.selectedUnits, body.destinationDivision);
    await addSystemNote(tx, order, auth.userId, `${count} unit(s) deallocated.`);
  });
}

/** PATCH /backroom/chaos/markPicked: the unit is in hand; the item is picked once all its units are. */
export async function markPicked(
  deps: AppDeps,
  auth: AuthContext,
  body: { inventoryLocationItem: number; pickRequestItem: number },
) {
  const [row] = await deps.db
    .select({ pickItem: pickRequestItems, channelOrderId: pickRequests.channelOrderId })
    .from(pickRequestItems)
    .innerJoin(pickRequests, eq(pickRequests.id, pickRequestItems.pickRequestId))
    .where(and(eq(pickRequestItems.id, body.pickRequestItem), eq(pickRequests.accountId, auth.accountId)));
  if (!row || row.pickItem.inventoryLocationItemId !== body.inventoryLocationItem) {
    throw notFound(
      `Unit ${body.inventoryLocationItem} is not allocated to pick request item ${body.pickRequestItem}.`,
    );
  }
  return editOrder(deps, auth, row.channelOrderId, undefined, async (tx, order) => {
    const now = new Date();
    const [unit] = await tx
      .update(inventoryLocationItems)
      .set({
        pickedAt: now,
        pickedBy: auth.userId,
        pickRequestItemId: row.pickItem.id,
        modifiedBy: auth.userId,
        modifiedAt: now,
      })
      .where(
        and(
          eq(inventoryLocationItems.id, body.inventoryLocationItem),
          isNull(inventoryLocationItems.pickedAt),
        ),
      )
      .returning({ id: inventoryLocationItems.id, from: inventoryLocationItems.inventoryLocationId });
    if (!unit) throw conflict(`Unit ${body.inventoryLocationItem} is already picked.`);
    await tx
      .update(pickRequestItems)
      .set({ pickedAt: now, pickedBy: auth.userId })
      .where(eq(pickRequestItems.id, row.pickItem.id));
    await tx.insert(inventoryUnitEvents).values({
      accountId: auth.accountId,
      inventoryLocationItemId: unit.id,
      eventType: 'picked',
      fromDivisionId: unit.from,
      toDivisionId: unit.from,
      note: `Picked for order ${order.channelOrderNumber}`,
      userId: auth.userId,
    });
    const [item] = await tx
      .select()
      .from(channelOrderItems)
      .where(eq(channelOrderItems.id, row.pickItem.channelOrderItemId));
    const [picked] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(pickRequestItems)
      .where(
        and(eq(pickRequestItems.channelOrderItemId, item!.id), sql`${pickRequestItems.pickedAt} is not null`),
      );
    if ((picked?.n ?? 0) >= item!.quantityOrdered) {
      await tx.update(channelOrderItems).set({ isPicked: 1 }).where(eq(channelOrderItems.id, item!.id));
    }
    await addSystemNote(tx, order, auth.userId, `Unit ${unit.id} of ${item!.listingSKU} marked picked.`);
  });
}

/**
 * PATCH …/firstParty/completeCancellation: cancels a point-of-sale order for good. Its allocated units are
 * freed and moved into the chosen division (unpickedUnitWarehouseDivision). Money taken must be refunded
 * first, so nothing is lost.
 */
export async function completeCancellation(
  deps: AppDeps,
  auth: AuthContext,
  body: { channelOrderId: number; unpickedUnitWarehouseDivision: number | string },
) {
  return editOrder(deps, auth, body.channelOrderId, undefined, async (tx, order) => {
    const status = order.systemOrderStatusId;
    const check = canCompleteCancellation(order);
    if (!check.allowed) throw conflict(check.reason ?? 'The cancellation cannot be completed now.');
    const paid = await paidCents(tx, order.id);
    if (paid > 0) throw conflict(`Refund the ${formatMoney(paid)} paid before completing the cancellation.`);
    const allocated = await tx
      .select({ id: pickRequestItems.id })
      .from(pickRequestItems)
      .innerJoin(pickRequests, eq(pickRequests.id, pickRequestItems.pickRequestId))
      .where(eq(pickRequests.channelOrderId, order.id));
    const count = await releaseUnits(
      tx,
      auth,
      order,
      allocated.map((a) => a.id),
      body.unpickedUnitWarehouseDivision,
    );
    await tx
      .update(channelOrders)
      .set({ systemOrderStatusId: ORDER_STATUS.CANCELED })
      .where(eq(channelOrders.id, order.id));
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Cancellation completed; ${count} unit(s) released. Status changed from ${orderStatusName(status)} to ${orderStatusName(ORDER_STATUS.CANCELED)}.`,
    );
  });
}
