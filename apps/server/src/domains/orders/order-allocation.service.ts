import {
  canCompleteCancellation,
  canEditItems,
  formatMoney,
  ORDER_STATUS,
  orderStatusName,
} from '@backroom/shared';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import {
  countAllocatedByItem,
  countPickedUnits,
  findActiveBins,
  findAllocatedPickItemIds,
  findDivision,
  findItem,
  findItemsOfOrder,
  findPickRequest,
  findPickRequestItem,
  findPickRequestUnits,
  findSelectableUnits,
  freeUnits,
  insertPickRequestItem,
  insertUnitEvents,
  lockAllocatedUnits,
  lockUnits,
  markUnitPicked,
  moveUnits,
  pickRequestFor,
  setItemsPicked,
} from './order-allocation.repository';
import { editOrder, type LockedOrder, paidCents } from './order-edit';
import { updateOrder } from './order-edit.repository';
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
  const rows = await findSelectableUnits(deps.db, auth.accountId, body);
  return rows.map((r) => ({
    ...r,
    priceCost: Number(r.priceCost),
    receivedAt: r.receivedAt?.toISOString() ?? null,
  }));
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
      const items = await findItemsOfOrder(tx, order.id);
      const unitIds = body.selectedProductUnits.map((s) => s.inventoryLocationItemId);
      const units = await lockUnits(tx, auth.accountId, unitIds);
      const pickRequestId = await pickRequestFor(tx, auth.accountId, order.id, body.warehouseId);
      const counts = await countAllocatedByItem(
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
        await insertPickRequestItem(tx, {
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

function refuseIfDone(order: LockedOrder) {
  const check = canEditItems(order);
  if (!check.allowed) throw conflict(check.reason ?? 'The order cannot be changed now.');
}

/** POST /v1/backroom/inventory/getDeallocationUnitOptions: a pick request's units and where they can go. */
export async function deallocationOptions(deps: AppDeps, auth: AuthContext, pickRequestId: number) {
  const request = await findPickRequest(deps.db, auth.accountId, pickRequestId);
  if (!request) throw notFound(`Pick request ${pickRequestId} not found.`);
  const units = await findPickRequestUnits(deps.db, pickRequestId);
  const divisions = await findActiveBins(deps.db, request.warehouseId);
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
  const row = await findDivision(tx, accountId, division);
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
  const rows = await lockAllocatedUnits(tx, order.id, pickItemIds);
  if (rows.length !== pickItemIds.length) throw notFound('A chosen unit is not allocated to this order.');
  const now = new Date();
  for (const { unit } of rows) {
    if (unit.warehouseId !== division.warehouseId)
      throw badRequest(`${division.barcode} is in another warehouse than unit ${unit.id}.`);
  }
  // Every released unit is free again, picked or not — also one already in the chosen division, which
  // does not move (and so gets no 'moved' event).
  await freeUnits(
    tx,
    pickItemIds,
    rows.map(({ unit }) => unit.id),
    auth.userId,
    now,
  );
  const moved = rows.filter(({ unit }) => unit.inventoryLocationId !== division.id);
  if (moved.length) {
    await moveUnits(
      tx,
      moved.map(({ unit }) => unit.id),
      division,
    );
    await insertUnitEvents(
      tx,
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
  await setItemsPicked(tx, items, 0);
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
  const row = await findPickRequestItem(deps.db, auth.accountId, body.pickRequestItem);
  if (!row || row.pickItem.inventoryLocationItemId !== body.inventoryLocationItem) {
    throw notFound(
      `Unit ${body.inventoryLocationItem} is not allocated to pick request item ${body.pickRequestItem}.`,
    );
  }
  return editOrder(deps, auth, row.channelOrderId, undefined, async (tx, order) => {
    const now = new Date();
    const unit = await markUnitPicked(tx, body.inventoryLocationItem, row.pickItem.id, auth.userId, now);
    if (!unit) throw conflict(`Unit ${body.inventoryLocationItem} is already picked.`);
    await insertUnitEvents(tx, [
      {
        accountId: auth.accountId,
        inventoryLocationItemId: unit.id,
        eventType: 'picked',
        fromDivisionId: unit.from,
        toDivisionId: unit.from,
        note: `Picked for order ${order.channelOrderNumber}`,
        userId: auth.userId,
      },
    ]);
    const item = (await findItem(tx, row.pickItem.channelOrderItemId))!;
    if ((await countPickedUnits(tx, item.id)) >= item.quantityOrdered) await setItemsPicked(tx, [item.id], 1);
    await addSystemNote(tx, order, auth.userId, `Unit ${unit.id} of ${item.listingSKU} marked picked.`);
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
    const allocated = await findAllocatedPickItemIds(tx, order.id);
    const count = await releaseUnits(tx, auth, order, allocated, body.unpickedUnitWarehouseDivision);
    await updateOrder(tx, order.id, { systemOrderStatusId: ORDER_STATUS.CANCELED });
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Cancellation completed; ${count} unit(s) released. Status changed from ${orderStatusName(status)} to ${orderStatusName(ORDER_STATUS.CANCELED)}.`,
    );
  });
}
