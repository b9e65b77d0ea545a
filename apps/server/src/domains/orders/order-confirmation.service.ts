import { canSendOrderConfirmation, formatMoney, formatOrderDate, toCents } from '@backroom/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { accounts, mailOutbox } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { loadOrderDetail, type OrderDetail } from './order-detail';
import { addSystemNote } from './order-notes';

// The order confirmation e-mail (orders-warehouse.md §7 Other: POST /v2/vsf/checkout/sendConfirmationEmail,
// "Sent only for channel 99 with order type 1") and the Outbox that shows every message sent.

const escapeHtml = (text: string | null | undefined) =>
  (text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
const money = (dollars: number) => formatMoney(toCents(dollars));

/** The e-mail for an order: HTML for mail clients and the same content as plain text. */
export function renderConfirmation(order: OrderDetail, accountName: string, utcOffset: string) {
  const subject = `${accountName}: your order ${order.channelOrderNumber}`;
  const address = order.shipTo?.address ?? order.customer?.address ?? null;
  const addressLines = address
    ? [
        address.name,
        address.addressLine1,
        address.addressLine2,
        `${address.city ?? ''} ${address.stateOrProvidence ?? ''} ${address.postalCode ?? ''}`.trim(),
      ]
        .filter(Boolean)
        .map((l) => String(l))
    : [];
  const rows = order.items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.product?.sku ?? i.listingSKU)}</td><td>${escapeHtml(i.description)}</td><td style="text-align:right">${i.quantityOrdered}</td><td style="text-align:right">${money(i.unitPrice)}</td><td style="text-align:right">${money(i.lineSubtotal)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<h1 style="font-size:20px">Thank you for your order${order.customer?.firstName ? `, ${escapeHtml(order.customer.firstName)}` : ''}!</h1>
<p>Order <strong>${escapeHtml(order.channelOrderNumber)}</strong> placed ${escapeHtml(formatOrderDate(order.orderedAt ?? '', utcOffset))}.</p>
<table cellpadding="6" style="border-collapse:collapse;width:100%"><thead><tr style="background:#f1f3f5">
<th align="left">SKU</th><th align="left">Item</th><th align="right">Qty</th><th align="right">Price</th><th align="right">Total</th></tr></thead>
<tbody>${rows}</tbody></table>
<table cellpadding="4" style="margin-left:auto">
<tr><td>Unit Total</td><td align="right">${money(order.totals.unitTotal)}</td></tr>
<tr><td>Discount Total</td><td align="right">-${money(order.totals.discountTotal)}</td></tr>
<tr><td>Tax Total</td><td align="right">${money(order.totals.taxTotal)}</td></tr>
<tr><td><strong>Order Total</strong></td><td align="right"><strong>${money(order.totals.orderTotal)}</strong></td></tr>
<tr><td>Paid</td><td align="right">${money(order.totals.paidTotal)}</td></tr></table>
${addressLines.length ? `<h2 style="font-size:16px">Shipping to</h2><p>${addressLines.map(escapeHtml).join('<br>')}</p>` : ''}
<p style="color:#666;font-size:12px">${escapeHtml(accountName)}</p></body></html>`;
  const text = [
    `Thank you for your order${order.customer?.firstName ? `, ${order.customer.firstName}` : ''}!`,
    `Order ${order.channelOrderNumber} placed ${formatOrderDate(order.orderedAt ?? '', utcOffset)}.`,
    '',
    ...order.items.map(
      (i) =>
        `${i.quantityOrdered} x ${i.description} (${i.product?.sku ?? i.listingSKU ?? ''}): ${money(i.lineSubtotal)}`,
    ),
    '',
    `Unit Total ${money(order.totals.unitTotal)}`,
    `Discount Total -${money(order.totals.discountTotal)}`,
    `Tax Total ${money(order.totals.taxTotal)}`,
    `Order Total ${money(order.totals.orderTotal)}`,
    ...(addressLines.length ? ['', 'Shipping to:', ...addressLines] : []),
  ].join('\n');
  return { subject, html, text };
}

export async function sendOrderConfirmation(
  deps: AppDeps,
  auth: AuthContext,
  body: { channelOrderId: number; isTest: boolean },
  headers: { siteId?: number; channelId?: number },
) {
  const order = await loadOrderDetail(deps.db, auth.accountId, body.channelOrderId);
  if (!order) throw notFound(`Order ${body.channelOrderId} not found.`);
  const check = canSendOrderConfirmation({ ...order, channel: order.channel });
  if (!check.allowed)
    throw conflict(check.reason ?? 'Order confirmations are sent only for web store orders.');
  if (headers.siteId !== order.channel?.siteId || headers.channelId !== order.channel?.id) {
    throw badRequest('x-site-id and x-channel-id must name the order’s site and channel.');
  }
  const to = order.customer?.email;
  if (!to) throw conflict('The order has no customer e-mail address.');
  const [account] = await deps.db
    .select({ name: accounts.name, utcOffset: accounts.utcOffset })
    .from(accounts)
    .where(eq(accounts.id, auth.accountId));
  const message = renderConfirmation(order, account!.name, account!.utcOffset);
  const result = await deps.mailer.send({ to, ...message });
  const [row] = await deps.db.transaction(async (tx) => {
    const saved = await tx
      .insert(mailOutbox)
      .values({
        accountId: auth.accountId,
        toAddress: to,
        subject: body.isTest ? `[TEST] ${message.subject}` : message.subject,
        html: message.html,
        text: message.text,
        channelOrderId: order.id,
        status: result.status,
        error: result.error ?? null,
        createdBy: auth.userId,
      })
      .returning({ id: mailOutbox.id, status: mailOutbox.status });
    await addSystemNote(
      tx,
      { id: order.id, accountId: auth.accountId },
      auth.userId,
      result.status === 'failed'
        ? `Order confirmation to ${to} failed: ${result.error}.`
        : `Order confirmation e-mailed to ${to}.`,
    );
    return saved;
  });
  if (result.status === 'failed') throw conflict(`Error sending Order Confirmation: ${result.error}`);
  return { id: row!.id, status: row!.status, to };
}

/** The Outbox screen: newest first, a page at a time, without the bodies. */
export async function listOutbox(deps: AppDeps, auth: AuthContext, page: { limit: number; offset: number }) {
  const rows = await deps.db
    .select({
      id: mailOutbox.id,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      error: mailOutbox.error,
      channelOrderId: mailOutbox.channelOrderId,
      createdAt: mailOutbox.createdAt,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.accountId, auth.accountId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function getOutboxMessage(deps: AppDeps, auth: AuthContext, id: number) {
  const [row] = await deps.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.accountId, auth.accountId)));
  if (!row) throw notFound(`Message ${id} not found.`);
  const { accountId: _account, createdBy: _by, ...message } = row;
  return { ...message, createdAt: row.createdAt.toISOString() };
}
