import { formatOrderDate, paymentTypeName, toCents } from '@backroom/shared';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { buildReceipt, renderZpl } from '../printing/labels';
import { enqueue, printerFor } from '../printing/print-queue';
import { loadOrderDetail } from './order-detail';

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
  const cents = (dollars: number) => toCents(dollars);
  const label = buildReceipt({
    storeName: account!.name,
    orderId: order.id,
    orderNumber: order.channelOrderNumber,
    orderedAt: formatOrderDate(order.orderedAt ?? '', account!.utcOffset),
    cashier: `${auth.user.firstName} ${auth.user.lastName}`,
    lines: order.items.map((i) => ({
      quantity: i.quantityOrdered,
      description: i.description,
      sku: i.product?.sku ?? i.listingSKU,
      lineCents: cents(i.lineSubtotal),
    })),
    totals: {
      unitTotal: cents(order.totals.unitTotal),
      discountTotal: cents(order.totals.discountTotal),
      taxTotal: cents(order.totals.taxTotal),
      orderTotal: cents(order.totals.orderTotal),
    },
    payments: order.payments.map((p) => ({
      label: paymentTypeName(p.channelOrderPaymentTypeId),
      amount: cents(p.amount - p.refunded),
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
