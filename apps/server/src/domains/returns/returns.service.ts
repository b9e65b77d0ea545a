import {
  invalidReturnIdMessage,
  isCanceledStatus,
  isFirstPartyReturn,
  isOpenReturn,
  orderStatusName,
  parseReturnId,
  quantitiesToReturn,
  relatedOrderTypeName,
  returnItemStatusName,
  returnReasonName,
  returnStatusName,
} from '@backroom/shared';
import type { Db } from '../../db/client';
import { channelOrderReturns, inboundReturnItems, inboundReturnNotes, inboundReturns } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { addressDto, iso } from '../orders/order-detail';
import { lockOrderWithChannel } from '../orders/order-edit';
import { addSystemNote, SYSTEM_NOTE_TYPE_ID } from '../orders/order-notes';
import { returnShipmentReplies } from './return-shipments';
import * as repo from './returns.repository';

// Inbound returns (returns.md §3, §7): created from an order's detail page, read by the return's own page.

const num = (value: string | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

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
    await tx.insert(inboundReturnItems).values(
      toReturn.map((line) => ({
        accountId: auth.accountId,
        inboundReturnId: returnId,
        channelOrderItemId: line.channelOrderItemId,
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
  const detail = await loadReturn(deps.db, auth.accountId, inboundReturnId);
  if (!detail) throw notFound(`Return #${inboundReturnId} not found.`);
  return detail;
}

async function loadReturn(db: Db, accountId: number, inboundReturnId: number) {
  const header = await repo.findReturnHeader(db, accountId, inboundReturnId);
  if (!header) return null;
  const { inboundReturn, channelOrderReturn, order, channel, customer, shipTo } = header;
  const [items, shipments, payments, appeal, notes, madeFor] = await Promise.all([
    repo.findReturnItems(db, inboundReturnId),
    returnShipmentReplies(db, accountId, inboundReturnId),
    repo.findReturnPayments(db, inboundReturnId),
    repo.findReturnAppeal(db, inboundReturnId),
    repo.findReturnNotes(db, inboundReturnId),
    order ? repo.findOrdersMadeFor(db, accountId, order.id) : [],
  ]);
  return {
    id: inboundReturn.id,
    referenceId: inboundReturn.referenceId ?? channelOrderReturn?.referenceId ?? null,
    returnStatusId: inboundReturn.returnStatusId,
    status: { id: inboundReturn.returnStatusId, name: returnStatusName(inboundReturn.returnStatusId) },
    isOpen: isOpenReturn(inboundReturn.returnStatusId),
    requestedAt: iso(inboundReturn.requestedAt),
    customerId: inboundReturn.customerId,
    createdBy: inboundReturn.createdBy,
    channelOrderReturnId: inboundReturn.channelOrderReturnId,
    isFirstPartyReturn: inboundReturn.isFirstPartyReturn === 1,
    customer,
    channelOrderReturn: channelOrderReturn && {
      id: channelOrderReturn.id,
      channelId: channelOrderReturn.channelId,
      channelOrderId: channelOrderReturn.channelOrderId,
      referenceId: channelOrderReturn.referenceId,
      channelOrderReturnStatus: channelOrderReturn.channelOrderReturnStatus,
      order: order
        ? {
            ...order,
            orderedAt: iso(order.orderedAt),
            systemOrderStatus: {
              id: order.systemOrderStatusId,
              name: orderStatusName(order.systemOrderStatusId),
            },
            channel,
            shipTo: { address: addressDto(shipTo) },
            relatedOrders: madeFor.map((related) => ({
              id: related.id,
              channelOrderNumber: related.channelOrderNumber,
              type: {
                id: related.relatedOrderTypeId,
                name: relatedOrderTypeName(related.relatedOrderTypeId ?? 0),
              },
            })),
          }
        : null,
    },
    items: items.map(({ item, product, unitPrice }) => ({
      id: item.id,
      inboundReturnId: item.inboundReturnId,
      productId: item.productId,
      channelOrderItemId: item.channelOrderItemId,
      quantity: item.quantity,
      quantityReceived: item.quantityReceived,
      inboundReturnItemStatusId: item.inboundReturnItemStatusId,
      status: {
        id: item.inboundReturnItemStatusId,
        name: returnItemStatusName(item.inboundReturnItemStatusId),
      },
      returnReasonId: item.returnReasonId,
      returnReason: item.returnReasonId === null ? null : { name: returnReasonName(item.returnReasonId) },
      returnReasonNote: item.returnReasonNote,
      product,
      channelOrderItem: item.channelOrderItemId ? { id: item.channelOrderItemId, unitPrice } : null,
    })),
    shipments,
    payments: payments.map(({ accountId: _account, ...payment }) => ({
      ...payment,
      amount: Number(payment.amount),
      createdAt: iso(payment.createdAt),
    })),
    appeal: appeal && {
      id: appeal.id,
      inboundReturnAppealStatusId: appeal.inboundReturnAppealStatusId,
      claimAmountDollar: num(appeal.claimAmountDollar),
      reimbursementAmountDollar: num(appeal.reimbursementAmountDollar),
    },
    notes: notes.map(({ note, firstName, lastName }) => ({
      id: note.id,
      inboundReturnItemId: note.inboundReturnItemId,
      noteTypeId: note.noteTypeId,
      text: note.text,
      createdAt: iso(note.createdAt),
      user: note.userId ? { firstName, lastName } : null,
    })),
  };
}

export type ReturnDetail = NonNullable<Awaited<ReturnType<typeof loadReturn>>>;
