import {
  expectedQuantityOf,
  formatMoney,
  isStoreManager,
  PAYMENT_TYPES,
  REFUND_REASON,
  RETURN_PAYMENT_STATUS,
  type ReturnRefundInfo,
  type ReturnRefundInput,
  type ReturnRefundResult,
  toCents,
} from '@backroom/shared';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  channelOrderReturns,
  channelOrders,
  inboundReturnItems,
  inboundReturnPayments,
  inboundReturns,
  paymentRefunds,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { orderBalance } from '../orders/order-edit';
import { refundInfo, refundPayment } from '../orders/order-payments.service';
import { addReturnSystemNote, lockReturn, REPEAT_WINDOW_MS } from './return-panel-rows';

// 'Create Return Refund' (returns.md §Manage inbound return, §5, §6, §9): a first-party return refunds one of its
// order's payments through the orders refund rules (order-payments.service: store managers only, above 0, never
// above what the payment still holds, to the original type or a new e-gift card), with the reason Return and
// the return named on the refund. The same transaction records the refund on the return: a return payment
// (Approved) and a system note; the order gets its own note from the refund.

/** The return with its order, when the return is the account's; 404 otherwise. */
async function returnWithOrder(db: Db, accountId: number, inboundReturnId: number) {
  const [row] = await db
    .select({
      id: inboundReturns.id,
      isFirstPartyReturn: inboundReturns.isFirstPartyReturn,
      channelOrderId: channelOrders.id,
      channelOrderNumber: channelOrders.channelOrderNumber,
    })
    .from(inboundReturns)
    .leftJoin(channelOrderReturns, eq(channelOrderReturns.id, inboundReturns.channelOrderReturnId))
    .leftJoin(channelOrders, eq(channelOrders.id, channelOrderReturns.channelOrderId))
    .where(and(eq(inboundReturns.id, inboundReturnId), eq(inboundReturns.accountId, accountId)));
  if (!row) throw notFound(`Return #${inboundReturnId} not found.`);
  if (row.isFirstPartyReturn !== 1 || !row.channelOrderId)
    throw conflict(`Return #${inboundReturnId} is not a first-party return: its channel refunds the buyer.`);
  return { ...row, channelOrderId: row.channelOrderId, channelOrderNumber: row.channelOrderNumber ?? '' };
}

async function returnItems(db: Db, inboundReturnId: number) {
  return db
    .select({
      quantity: inboundReturnItems.quantity,
      channelOrderItemId: inboundReturnItems.channelOrderItemId,
    })
    .from(inboundReturnItems)
    .where(eq(inboundReturnItems.inboundReturnId, inboundReturnId));
}

/** What the expected units were billed: each order line's net and tax per unit, times the units expected back. */
async function returnValueCents(
  db: Db,
  channelOrderId: number,
  items: Awaited<ReturnType<typeof returnItems>>,
) {
  const { items: lines, totals } = await orderBalance(db, channelOrderId);
  let cents = 0;
  for (const item of items) {
    const index = lines.findIndex((line) => line.id === item.channelOrderItemId);
    const line = totals.lines[index];
    const ordered = lines[index]?.quantityOrdered ?? 0;
    if (!line || ordered <= 0) continue;
    cents += Math.round(((line.lineNet + line.lineTax) * Math.min(item.quantity, ordered)) / ordered);
  }
  return cents;
}

async function refundedForReturnCents(db: Db, inboundReturnId: number) {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)` })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.inboundReturnId, inboundReturnId));
  return toCents(row?.cents ?? '0');
}

/** GET …/returns/{id}/refund: the order's payments with what each still holds, and the return's value. */
export async function returnRefundInfo(
  deps: AppDeps,
  auth: AuthContext,
  inboundReturnId: number,
): Promise<ReturnRefundInfo> {
  const found = await returnWithOrder(deps.db, auth.accountId, inboundReturnId);
  const items = await returnItems(deps.db, inboundReturnId);
  return {
    inboundReturnId,
    channelOrderId: found.channelOrderId,
    channelOrderNumber: found.channelOrderNumber,
    expectedQuantity: expectedQuantityOf(items),
    returnValue: (await returnValueCents(deps.db, found.channelOrderId, items)) / 100,
    refundedForReturn: (await refundedForReturnCents(deps.db, inboundReturnId)) / 100,
    payments: await refundInfo(deps, auth, found.channelOrderId),
  };
}

/** PUT …/returns/refund: one refund of one of the order's payments for this return. */
export async function createReturnRefund(
  deps: AppDeps,
  auth: AuthContext,
  body: ReturnRefundInput,
): Promise<ReturnRefundResult> {
  if (!isStoreManager(auth)) throw forbidden('Only a store manager can refund');
  const found = await returnWithOrder(deps.db, auth.accountId, body.inboundReturnId);
  if (expectedQuantityOf(await returnItems(deps.db, body.inboundReturnId)) <= 0)
    throw conflict(`Return #${body.inboundReturnId} expects no units back: there is nothing to refund.`);
  let made: { id: number; cents: number; destination: string } | null = null;
  const result = await refundPayment(
    deps,
    auth,
    {
      channelOrderId: found.channelOrderId,
      channelOrderPaymentId: body.channelOrderPaymentId,
      destinationPaymentTypeId: body.destinationPaymentTypeId,
      destinationPaymentRecordId: body.destinationPaymentRecordId,
      inboundReturnId: body.inboundReturnId,
      amount: body.amount,
      refundReasonId: REFUND_REASON.RETURN,
    },
    async (tx, refund) => {
      await lockReturn(tx, auth.accountId, body.inboundReturnId);
      // The order is locked: of two clicks, the second sees the first's refund here and is refused whole.
      const [repeated] = await tx
        .select({ id: paymentRefunds.id })
        .from(paymentRefunds)
        .where(
          and(
            eq(paymentRefunds.inboundReturnId, body.inboundReturnId),
            eq(paymentRefunds.channelOrderPaymentId, body.channelOrderPaymentId),
            eq(paymentRefunds.createdBy, auth.userId),
            eq(paymentRefunds.amount, (refund.cents / 100).toFixed(2)),
            ne(paymentRefunds.id, refund.id),
            gt(paymentRefunds.createdAt, new Date(Date.now() - REPEAT_WINDOW_MS)),
          ),
        );
      if (repeated)
        throw new AppError(
          409,
          `Refund ${repeated.id} of ${formatMoney(refund.cents)} was just made for return #${body.inboundReturnId}; it is not made twice.`,
          undefined,
          'conflict',
        );
      const typeId = PAYMENT_TYPES.some((type) => type.id === body.destinationPaymentTypeId)
        ? body.destinationPaymentTypeId
        : 5;
      await tx.insert(inboundReturnPayments).values({
        accountId: auth.accountId,
        inboundReturnId: body.inboundReturnId,
        referenceId: `refund-${refund.id}`,
        inboundReturnPaymentTypeId: typeId,
        inboundReturnPaymentStatusId: RETURN_PAYMENT_STATUS.approved,
        paymentNumber: `Refund #${refund.id}`,
        amount: (refund.cents / 100).toFixed(2),
        note: `Refunded to ${refund.destination}.`,
        createdBy: auth.userId,
      });
      await addReturnSystemNote(
        tx,
        auth,
        body.inboundReturnId,
        `Refund #${refund.id} of ${formatMoney(refund.cents)} from payment ${body.channelOrderPaymentId} of order ${found.channelOrderNumber} to ${refund.destination}.`,
      );
      made = refund;
    },
  );
  const refund = made as { id: number; cents: number; destination: string } | null;
  if (!refund) throw new Error('The refund was not recorded.');
  return {
    refundId: refund.id,
    inboundReturnId: body.inboundReturnId,
    channelOrderPaymentId: body.channelOrderPaymentId,
    amount: refund.cents / 100,
    destination: refund.destination,
    newMerchantCredit: result.newMerchantCredit,
  };
}
