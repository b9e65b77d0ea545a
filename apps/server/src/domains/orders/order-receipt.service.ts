import { formatOrderDate, orderDocument, paymentTypeName, toCents } from '@backroom/shared';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { buildReceipt, renderZpl } from '../printing/labels';
import { enqueue, printerFor } from '../printing/print-queue';
import { loadOrderDetail, type OrderDetail } from './order-detail';

/** The receipt's and the e-mail's money: the order detail's lines and totals (dollars) in cents. */
export function orderDocumentOf(order: OrderDetail) {
  return orderDocument({
    items: order.items.map((i) => ({
      quantityOrdered: i.quantityOrdered,
      description: i.description,
      sku: i.product?.sku ?? i.listingSKU,
      lineTotal: toCents(i.lineTotal),
      lineDiscount: toCents(i.lineDiscount),
    })),
    totals: {
      unitTotal: toCents(order.totals.unitTotal),
      discountTotal: toCents(order.totals.discountTotal),
      taxTotal: toCents(order.totals.taxTotal),
      orderTotal: toCents(order.totals.orderTotal),
    },
  });
}

/**
 * POST /v1/backroom/print/receipt: the order's receipt (or gift receipt, without prices) on a printer loaded
 * with receipt paper, through the label engine like every other print.
 */
export async function printReceipt(
  deps: AppDeps,
  auth: AuthContext,
  body: { serverPrinterId: number; channelOrderId: number; isGiftReceipt: boolean },
) {
  const { printer } = await printerFor(deps, auth, body.serverPrinterId, 'receipts');
  const order = await loadOrderDetail(deps.db, auth.accountId, body.channelOrderId);
  if (!order) throw notFound(`Order ${body.channelOrderId} not found.`);
  const [account] = await deps.db
    .select({ name: accounts.name, utcOffset: accounts.utcOffset })
    .from(accounts)
    .where(eq(accounts.id, auth.accountId));
  const label = buildReceipt({
    storeName: account!.name,
    orderId: order.id,
    orderNumber: order.channelOrderNumber,
    orderedAt: formatOrderDate(order.orderedAt ?? '', account!.utcOffset),
    cashier: `${auth.user.firstName} ${auth.user.lastName}`,
    document: orderDocumentOf(order),
    payments: order.payments.map((p) => ({
      label: paymentTypeName(p.channelOrderPaymentTypeId),
      amount: toCents(p.amount) - toCents(p.refunded),
    })),
    isGiftReceipt: body.isGiftReceipt,
  });
  return enqueue(deps, auth, printer, [
    {
      labelKind: 'receipts',
      description: `${body.isGiftReceipt ? 'Gift receipt' : 'Receipt'} ${order.channelOrderNumber}`,
      format: 'zpl',
      content: renderZpl(label),
      label,
    },
  ]);
}
