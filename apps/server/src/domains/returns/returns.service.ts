import {
  invalidReturnIdMessage,
  isCanceledStatus,
  isFirstPartyReturn,
  orderStatusName,
  parseReturnId,
  quantitiesToReturn,
  type ReturnPatch,
} from '@backroom/shared';
import {
  channelOrderReturnItems,
  channelOrderReturns,
  inboundReturnItems,
  inboundReturnNotes,
  inboundReturns,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { lockOrderWithChannel } from '../orders/order-edit';
import { addSystemNote, SYSTEM_NOTE_TYPE_ID } from '../orders/order-notes';
import { loadReturnDetail } from './return-detail';
import { lockReturn } from './return-panel-rows';
import { receiveUnit } from './return-receiving';
import { saveReturnEdits } from './return-saving';
import * as repo from './returns.repository';

// Inbound returns (returns.md §3, §7): created from an order's detail page, read, saved and received into
// by the return's own page.

/**
 * PUT …/returns { channelOrderId }: a return expecting back every unit of the order that no other return
 * expects yet. The order row is locked for the whole transaction, so a double click makes one return and the
 * second click is told every item is already on it. Both the order and the return get a system note.
 */
export async function createReturnForOrder(deps: AppDeps, auth: AuthContext, channelOrderId: number) {
  const id = await deps.db.transaction(async (tx) => {
    const order = await lockOrderWithChannel(tx, auth.accountId, channelOrderId);
    if (isCanceledStatus(order.systemOrderStatusId)) {
      throw conflict(
        `Order ${order.channelOrderNumber} is ${orderStatusName(order.systemOrderStatusId)}: a cancelled order has nothing to return.`,
      );
    }
    const lines = await repo.findOrderLines(tx, order.id);
    if (lines.length === 0) throw conflict(`Order ${order.channelOrderNumber} has no items to return.`);
    const expected = await repo.findExpectedByOrderLine(
      tx,
      auth.accountId,
      lines.map((line) => line.channelOrderItemId),
    );
    const toReturn = quantitiesToReturn(lines, expected);
    if (toReturn.length === 0) {
      throw conflict(`Every item of order ${order.channelOrderNumber} is already on a return.`);
    }

    const [channelReturn] = await tx
      .insert(channelOrderReturns)
      .values({
        accountId: auth.accountId,
        channelId: order.channelId,
        channelOrderId: order.id,
        channelOrderReturnStatus: 'Requested',
      })
      .returning({ id: channelOrderReturns.id });
    const [created] = await tx
      .insert(inboundReturns)
      .values({
        accountId: auth.accountId,
        customerId: order.customerId,
        createdBy: auth.userId,
        channelOrderReturnId: channelReturn!.id,
        isFirstPartyReturn: isFirstPartyReturn({
          channelOrderTypeId: order.channelOrderTypeId,
          siteId: order.channel?.siteId ?? null,
        })
          ? 1
          : 0,
      })
      .returning({ id: inboundReturns.id });
    const returnId = created!.id;
    const productOf = new Map(lines.map((line) => [line.channelOrderItemId, line.productId]));
    // Started here, not by the channel: its lines carry no channel reason.
    const channelLines = await tx
      .insert(channelOrderReturnItems)
      .values(
        toReturn.map((line) => ({
          accountId: auth.accountId,
          channelOrderReturnId: channelReturn!.id,
          channelOrderItemId: line.channelOrderItemId,
          quantity: line.quantity,
        })),
      )
      .returning({
        id: channelOrderReturnItems.id,
        channelOrderItemId: channelOrderReturnItems.channelOrderItemId,
      });
    const channelLineOf = new Map(channelLines.map((line) => [line.channelOrderItemId, line.id]));
    await tx.insert(inboundReturnItems).values(
      toReturn.map((line) => ({
        accountId: auth.accountId,
        inboundReturnId: returnId,
        channelOrderItemId: line.channelOrderItemId,
        channelOrderReturnItemId: channelLineOf.get(line.channelOrderItemId) ?? null,
        productId: productOf.get(line.channelOrderItemId) ?? null,
        quantity: line.quantity,
      })),
    );
    const units = toReturn.reduce((sum, line) => sum + line.quantity, 0);
    const unitsText = `${units} unit${units === 1 ? '' : 's'}`;
    await tx.insert(inboundReturnNotes).values({
      accountId: auth.accountId,
      inboundReturnId: returnId,
      userId: auth.userId,
      noteTypeId: SYSTEM_NOTE_TYPE_ID,
      text: `Return created from order ${order.channelOrderNumber}, expecting ${unitsText}.`,
    });
    await addSystemNote(tx, order, auth.userId, `Return #${returnId} started, expecting ${unitsText}.`);
    return returnId;
  });
  return getReturn(deps, auth, id);
}

/** GET …/returns/{id}: the id as the route gave it, checked here so the refusal can name it. */
export function returnIdOf(raw: string): number {
  const id = parseReturnId(raw);
  if (id === null) throw badRequest(invalidReturnIdMessage(raw));
  return id;
}

/** The return as returns.md §3 names it, or 404 when it is not this account's. */
export async function getReturn(deps: AppDeps, auth: AuthContext, inboundReturnId: number) {
  const detail = await loadReturnDetail(deps.db, auth.accountId, inboundReturnId);
  if (!detail) throw notFound(`Return #${inboundReturnId} not found.`);
  return detail;
}

/**
 * PATCH …/returns: a save (each return's edits, from the version the screen loaded) or a receipt (one unit
 * of one item; it changes no field of the return itself, so it needs no version and is not refused as stale:
 * the return's and the item's row locks make it exactly once). Either way the saving rules run on the server,
 * all in one transaction, and the reply is the returns as they now stand.
 */
export async function patchReturns(deps: AppDeps, auth: AuthContext, body: ReturnPatch) {
  await deps.db.transaction(async (tx) => {
    const unit = body.inventoryLocationItems?.[0];
    if (unit) {
      const locked = await lockReturn(tx, auth.accountId, body.inboundReturns[0]!.id);
      await receiveUnit(tx, auth, locked, unit, body.product, body.assignedBarcode);
      return;
    }
    for (const edit of body.inboundReturns) await saveReturnEdits(tx, auth, edit);
  });
  return Promise.all(body.inboundReturns.map((edit) => getReturn(deps, auth, edit.id)));
}
