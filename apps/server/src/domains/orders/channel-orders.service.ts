import {
  type ActionCheck,
  canMakeShippableBackorder,
  canMarkPackingDelayed,
  canMarkShipped,
  canPrePack,
  firstPartyTransition,
  ORDER_STATUS,
  orderStatusName,
  USER_NOTE_TYPE_ID,
} from '@backroom/shared';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import * as repo from './channel-orders.repository';
import { insertNote } from './first-party-orders.repository';
import { loadOrderDetail } from './order-detail';
import { firstPartyFactsOf, lockOrderWithChannel } from './order-edit';
import { updateOrder } from './order-edit.repository';
import { addSystemNote } from './order-notes';
import { updateShipment } from './order-shipments.repository';

/** The order, or 404 when it is not this account's. */
export async function getOrder(deps: AppDeps, auth: AuthContext, channelOrderId: number) {
  const order = await loadOrderDetail(deps.db, auth.accountId, channelOrderId);
  if (!order) throw notFound(`Order ${channelOrderId} not found.`);
  return order;
}

/**
 * PATCH …/warehouse/channelOrder/note: new notes are the user's own (noteTypeId 0); a note with an id is an
 * edit, allowed only to its author and only on a person's note.
 */
export async function saveNotes(
  deps: AppDeps,
  auth: AuthContext,
  notes: { id?: number; channelOrderId: number; text: string }[],
) {
  const orderIds = [...new Set(notes.map((n) => n.channelOrderId))];
  await deps.db.transaction(async (tx) => {
    for (const orderId of orderIds) await lockOrderWithChannel(tx, auth.accountId, orderId);
    for (const note of notes) {
      if (note.id === undefined) {
        await insertNote(tx, {
          accountId: auth.accountId,
          channelOrderId: note.channelOrderId,
          userId: auth.userId,
          noteTypeId: USER_NOTE_TYPE_ID,
          text: note.text,
          modifiedBy: auth.userId,
        });
        continue;
      }
      const current = await repo.findOrderNote(tx, note.id, note.channelOrderId);
      if (!current) throw notFound(`Note ${note.id} not found.`);
      if (current.noteTypeId !== USER_NOTE_TYPE_ID) throw forbidden('System notes cannot be changed.');
      if (current.userId !== auth.userId) throw forbidden('Only its author can change a note.');
      await repo.updateNoteText(tx, note.id, note.text, auth.userId);
    }
  });
  const saved = await Promise.all(orderIds.map((id) => repo.findNotes(deps.db, id)));
  return saved.flat().map(({ note, firstName, lastName }) => ({
    id: note.id,
    channelOrderId: note.channelOrderId,
    userId: note.userId,
    noteTypeId: note.noteTypeId,
    text: note.text,
    modifiedBy: note.modifiedBy,
    createdAt: note.createdAt.toISOString(),
    user: note.userId ? { firstName, lastName } : null,
  }));
}

type ChannelAction = 'cancel' | 'packingDelayed' | 'prePack' | 'makeShippableBackorder';

/** Status each action moves the order to (orders-warehouse.md §4 status ids). */
const ACTION_TARGET: Record<ChannelAction, number | null> = {
  cancel: 50,
  packingDelayed: 41,
  prePack: null,
  makeShippableBackorder: 10,
};

/** Whether the order's warehouse packs before shipping (§4 packing rule); an order without one is treated as packing. */
async function warehouseRequiresPacking(tx: Db, warehouseId: number | null) {
  if (!warehouseId) return true;
  const warehouse = await repo.findWarehousePacking(tx, warehouseId);
  return warehouse ? warehouse.isPackingRequired === 1 : true;
}

/**
 * POST …/warehouse/channelOrder/{cancel,packingDelayed,prePack,makeShippableBackorder}: the §4 action rules
 * decide (checked under the order's row lock, so two clicks cannot both pass), then the change and its
 * system note are written together.
 */
export async function runChannelAction(
  deps: AppDeps,
  auth: AuthContext,
  action: ChannelAction,
  channelOrderId: number,
) {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrderWithChannel(tx, auth.accountId, channelOrderId);
    const requiresPacking = await warehouseRequiresPacking(tx, order.overrideWarehouseId);
    // Cancel by the first-party status machine (canceled outright, or asked for while units or money are held).
    const cancel =
      action === 'cancel'
        ? firstPartyTransition(order, 'cancel', await firstPartyFactsOf(tx, order.id))
        : null;
    const check: ActionCheck = cancel
      ? cancel
      : action === 'packingDelayed'
        ? canMarkPackingDelayed(order, requiresPacking)
        : action === 'prePack'
          ? canPrePack(order, requiresPacking)
          : canMakeShippableBackorder(order);
    if (!check.allowed) throw conflict(check.reason ?? 'This action is not allowed for the order now.');
    const target = cancel?.statusId ?? ACTION_TARGET[action];
    const now = new Date();
    await updateOrder(tx, order.id, {
      ...(target === null ? {} : { systemOrderStatusId: target }),
      ...(action === 'prePack' ? { prePackedAt: now, prePackedBy: auth.userId } : {}),
      modifiedBy: auth.userId,
      modifiedAt: now,
    });
    await addSystemNote(
      tx,
      order,
      auth.userId,
      target === null
        ? `Packing assigned to ${auth.user.firstName} ${auth.user.lastName}.`
        : `Status changed from ${orderStatusName(order.systemOrderStatusId)} to ${orderStatusName(target)} (${ACTION_LABELS[action]}).`,
    );
  });
  return getOrder(deps, auth, channelOrderId);
}

const ACTION_LABELS: Record<ChannelAction, string> = {
  cancel: 'canceled',
  packingDelayed: 'packing delayed',
  prePack: 'pre-packed',
  makeShippableBackorder: 'backorder made shippable',
};

/**
 * POST /v1/backroom/warehouse/shipment/markShipped: records a shipment per tracking number (or one without)
 * and marks the order fulfilled.
 */
export async function markShipped(
  deps: AppDeps,
  auth: AuthContext,
  body: { channelOrderId: number; trackingNumbers: string[] },
) {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrderWithChannel(tx, auth.accountId, body.channelOrderId);
    const check = canMarkShipped(order, await warehouseRequiresPacking(tx, order.overrideWarehouseId));
    if (!check.allowed) throw conflict(check.reason ?? 'This order cannot be marked shipped.');
    const now = new Date();
    const numbers: (string | null)[] = body.trackingNumbers.length ? [...body.trackingNumbers] : [null];
    // The packages already being prepared (not bought, not voided) are the ones that went out: they take
    // the tracking numbers first and keep their box and weight; any number left over is a further package.
    const open = await repo.findOpenShipments(tx, order.id);
    for (const [index, shipment] of open.entries()) {
      await updateShipment(tx, shipment.id, {
        isShipped: 1,
        isPurchased: 1,
        shippedAt: now,
        trackingNumber: numbers[index] ?? null,
      });
    }
    const further = numbers.slice(open.length);
    if (further.length) {
      await repo.insertShipments(
        tx,
        further.map((trackingNumber) => ({
          accountId: auth.accountId,
          channelOrderId: order.id,
          addressId: order.defaultShipAddressId,
          isShipped: 1,
          isPurchased: 1,
          trackingNumber,
          shippedAt: now,
        })),
      );
    }
    await updateOrder(tx, order.id, {
      systemOrderStatusId: ORDER_STATUS.FULFILLED,
      latestShippedAt: now,
      modifiedBy: auth.userId,
      modifiedAt: now,
    });
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Marked shipped${body.trackingNumbers.length ? ` (tracking ${body.trackingNumbers.join(', ')})` : ''}; status changed from ${orderStatusName(order.systemOrderStatusId)} to ${orderStatusName(ORDER_STATUS.FULFILLED)}.`,
    );
  });
  return getOrder(deps, auth, body.channelOrderId);
}
