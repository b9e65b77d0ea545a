import { canEmailOrderConfirmation, formatMoney, formatOrderDate, toCents } from '@backroom/shared';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import * as repo from './order-confirmation.repository';
import { loadOrderDetail, type OrderDetail } from './order-detail';
import { addSystemNote } from './order-notes';
import { orderDocumentOf } from './order-receipt.service';

// The order confirmation e-mail (orders-warehouse.md §7 Other: POST /v2/vsf/checkout/sendConfirmationEmail,
// "Sent only for channel 99 with order type 1", widened to the own store's point of sale by issue 16 #4: see
// canEmailOrderConfirmation) and the Outbox that shows every message sent.

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
  // The same lines and totals as the receipt: full price per line, its own discount under it, then the totals.
  const document = orderDocumentOf(order);
  const rows = document.lines
    .map(
      (line, index) =>
        `<tr><td>${escapeHtml(line.sku)}</td><td>${escapeHtml(line.description)}</td><td style="text-align:right">${line.quantity}</td><td style="text-align:right">${money(order.items[index]!.unitPrice)}</td><td style="text-align:right">${formatMoney(line.amount)}</td></tr>` +
        (line.discount
          ? `<tr><td></td><td>Discount</td><td></td><td></td><td style="text-align:right">${formatMoney(-line.discount)}</td></tr>`
          : ''),
    )
    .join('');
  const totalRows = document.totals
    .map((total) =>
      total.label === 'Total'
        ? `<tr><td><strong>Total</strong></td><td align="right"><strong>${formatMoney(total.amount)}</strong></td></tr>`
        : `<tr><td>${total.label}</td><td align="right">${formatMoney(total.amount)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<h1 style="font-size:20px">Thank you for your order${order.customer?.firstName ? `, ${escapeHtml(order.customer.firstName)}` : ''}!</h1>
<p>Order <strong>${escapeHtml(order.channelOrderNumber)}</strong> placed ${escapeHtml(formatOrderDate(order.orderedAt ?? '', utcOffset))}.</p>
<table cellpadding="6" style="border-collapse:collapse;width:100%"><thead><tr style="background:#f1f3f5">
<th align="left">SKU</th><th align="left">Item</th><th align="right">Qty</th><th align="right">Price</th><th align="right">Total</th></tr></thead>
<tbody>${rows}</tbody></table>
<table cellpadding="4" style="margin-left:auto">
${totalRows}
<tr><td>Paid</td><td align="right">${money(order.totals.paidTotal)}</td></tr></table>
${addressLines.length ? `<h2 style="font-size:16px">Shipping to</h2><p>${addressLines.map(escapeHtml).join('<br>')}</p>` : ''}
<p style="color:#666;font-size:12px">${escapeHtml(accountName)}</p></body></html>`;
  const text = [
    `Thank you for your order${order.customer?.firstName ? `, ${order.customer.firstName}` : ''}!`,
    `Order ${order.channelOrderNumber} placed ${formatOrderDate(order.orderedAt ?? '', utcOffset)}.`,
    '',
    ...document.lines.flatMap((line) => [
      `${line.quantity} x ${line.description} (${line.sku ?? ''}): ${formatMoney(line.amount)}`,
      ...(line.discount ? [`  Discount ${formatMoney(-line.discount)}`] : []),
    ]),
    '',
    ...document.totals.map((total) => `${total.label} ${formatMoney(total.amount)}`),
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
  const check = canEmailOrderConfirmation({ ...order, channel: order.channel });
  if (!check.allowed) throw conflict(check.reason ?? 'The confirmation cannot be sent for this order.');
  if (headers.siteId !== order.channel?.siteId || headers.channelId !== order.channel?.id) {
    throw badRequest('x-site-id and x-channel-id must name the order’s site and channel.');
  }
  const to = order.customer?.email?.trim();
  if (!to) throw conflict('Set a customer with an e-mail address to send the confirmation');
  const account = await repo.findAccountForMail(deps.db, auth.accountId);
  const message = renderConfirmation(order, account!.name, account!.utcOffset);
  const result = await deps.mailer.send({ to, ...message });
  const [row] = await deps.db.transaction(async (tx) => {
    const saved = await repo.insertOutboxMessage(tx, {
      accountId: auth.accountId,
      toAddress: to,
      subject: body.isTest ? `[TEST] ${message.subject}` : message.subject,
      html: message.html,
      text: message.text,
      channelOrderId: order.id,
      status: result.status,
      error: result.error ?? null,
      createdBy: auth.userId,
    });
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
  const rows = await repo.listOutboxRows(deps.db, auth.accountId, page);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function getOutboxMessage(deps: AppDeps, auth: AuthContext, id: number) {
  const row = await repo.findOutboxMessage(deps.db, auth.accountId, id);
  if (!row) throw notFound(`Message ${id} not found.`);
  const { accountId: _account, createdBy: _by, ...message } = row;
  return { ...message, createdAt: row.createdAt.toISOString() };
}
