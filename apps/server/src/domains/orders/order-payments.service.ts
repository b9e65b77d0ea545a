import { randomInt } from 'node:crypto';
import type { redeemMerchantCreditSchema, refundSchema } from '@backroom/shared';
import {
  canAddManualPayment,
  firstPartyTransition,
  formatMoney,
  isStoreManager,
  MERCHANT_CREDIT_TYPE,
  NEW_E_GIFT_CARD_LABEL,
  PAYMENT_STATUS,
  PAYMENT_TYPE,
  PICKER_PAYMENT_TYPES,
  paymentTypeName,
  REFUND_REASONS,
  refundDestinations,
  toCents,
  unrefundedCents,
  validateRefund,
} from '@backroom/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { decimal, editOrder, firstPartyFactsOf, type LockedOrder, orderBalance } from './order-edit';
import { addSystemNote } from './order-notes';
import {
  creditCard,
  findCardByNumber,
  insertCard,
  insertPayment,
  insertRefund,
  isReturnOfOrder,
  listPaymentsWithRefunds,
  lockPayment,
  refundAmountsOf,
  takeFromCard,
} from './order-payments.repository';
import { setStatus } from './order-status';

// Payments, gift cards and refunds of first-party orders (orders-warehouse.md §First-party order
// management, §Order payments, refunds and notes panels, §5 Refund). Money to the cent under retries and
// concurrent clicks: the order row is locked for every change, a gift card's balance only moves in one
// conditional UPDATE (balance >= amount), and a payment's row is locked while its refunds are summed.

function refuseUnless(check: { allowed: boolean; reason?: string }) {
  if (!check.allowed) throw conflict(check.reason ?? 'Not allowed for this order now.');
}

/**
 * After a payment is written: the status machine moves an order Awaiting Payment that the payment settled on
 * (Ready or Completed), in the payment's transaction. On hold, the order is still being built and stays.
 */
async function moveOnWhenSettled(tx: Db, auth: AuthContext, order: LockedOrder) {
  const move = firstPartyTransition(order, 'payment', await firstPartyFactsOf(tx, order.id));
  if (move.allowed) await setStatus(tx, auth, order, move.statusId, 'paid in full');
}

async function refuseAboveDue(tx: Db, channelOrderId: number, cents: number) {
  const { dueCents } = await orderBalance(tx, channelOrderId);
  if (cents > dueCents) {
    throw conflict(
      dueCents <= 0
        ? 'Nothing is due on this order.'
        : `A payment of ${formatMoney(cents)} is more than the ${formatMoney(dueCents)} due on this order.`,
    );
  }
}

/** PUT …/firstParty/manualPayment: any picker type but merchant credit (that one is redeemed by card). */
export async function addManualPayment(
  deps: AppDeps,
  auth: AuthContext,
  body: {
    channelOrderId: number;
    payment: {
      channelOrderPaymentTypeId: number;
      amount: number;
      referenceId?: string | null;
      paymentNumber?: string | null;
      note?: string | null;
    };
  },
) {
  const { payment } = body;
  const type = payment.channelOrderPaymentTypeId;
  if (type === PAYMENT_TYPE.MERCHANT_CREDIT)
    throw badRequest('A gift card is redeemed with its number and code.');
  if (!PICKER_PAYMENT_TYPES.some((p) => p.id === type))
    throw badRequest(`Payment type ${type} cannot be taken by hand.`);
  return editOrder(deps, auth, body.channelOrderId, undefined, async (tx, order) => {
    refuseUnless(canAddManualPayment(order));
    const cents = toCents(payment.amount);
    await refuseAboveDue(tx, order.id, cents);
    await insertPayment(tx, {
      accountId: auth.accountId,
      channelOrderId: order.id,
      channelOrderPaymentTypeId: type,
      channelOrderPaymentStatusId: PAYMENT_STATUS.COMPLETE,
      amount: decimal(cents),
      referenceId: payment.referenceId ?? null,
      paymentNumber: payment.paymentNumber ?? null,
      note: payment.note ?? null,
      modifiedBy: auth.userId,
    });
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `${paymentTypeName(type)} payment of ${formatMoney(cents)} added.`,
    );
    await moveOnWhenSettled(tx, auth, order);
  });
}

/** The card's number as typed or scanned: //GC…// and //EGC…// wrappers and spaces dropped. */
export function cardNumberOf(input: string) {
  return input
    .trim()
    .replace(/^\/\/E?GC/i, '')
    .replace(/\/\/$/, '')
    .replace(/\s+/g, '')
    .toUpperCase();
}

/**
 * PUT …/firstParty/redeemMerchantCredit: pays with a gift card or e-gift card. The balance is taken in one
 * conditional UPDATE, so of two redemptions at once the second sees what the first left, and a card never
 * goes below zero (a CHECK constraint backs this up).
 */
export async function redeemMerchantCredit(
  deps: AppDeps,
  auth: AuthContext,
  body: z.infer<typeof redeemMerchantCreditSchema>,
) {
  const number = cardNumberOf(body.merchantCreditId);
  return editOrder(deps, auth, body.channelOrderId, undefined, async (tx, order) => {
    refuseUnless(canAddManualPayment(order));
    const cents = toCents(body.amount);
    await refuseAboveDue(tx, order.id, cents);
    const taken = await takeFromCard(tx, auth.accountId, number, body.verificationCode, decimal(cents));
    if (!taken)
      throw conflict(await whyNotRedeemed(tx, auth.accountId, number, body.verificationCode, cents));
    await insertPayment(tx, {
      accountId: auth.accountId,
      channelOrderId: order.id,
      channelOrderPaymentTypeId: PAYMENT_TYPE.MERCHANT_CREDIT,
      channelOrderPaymentStatusId: PAYMENT_STATUS.COMPLETE,
      amount: decimal(cents),
      merchantCreditId: taken.id,
      paymentNumber: `${taken.type === MERCHANT_CREDIT_TYPE.GIFT_CARD ? 'GC' : 'EGC'} …${number.slice(-4)}`,
      note: body.note ?? null,
      modifiedBy: auth.userId,
    });
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `${taken.type === MERCHANT_CREDIT_TYPE.GIFT_CARD ? 'Gift card' : 'E-gift card'} ending ${number.slice(-4)} redeemed for ${formatMoney(cents)}; ${formatMoney(toCents(taken.balance))} left on the card.`,
    );
    await moveOnWhenSettled(tx, auth, order);
  });
}

async function whyNotRedeemed(tx: Db, accountId: number, number: string, code: string, cents: number) {
  const card = await findCardByNumber(tx, accountId, number);
  const prefix = 'Error Redeeming Merchant Credit';
  if (!card) return `${prefix}: no gift card ${number}.`;
  if (card.verificationCode !== code) return `${prefix}: the verification code does not match.`;
  if (card.isActive !== 1) return `${prefix}: the card is not active.`;
  return `${prefix}: the card has ${formatMoney(toCents(card.balance))}, less than ${formatMoney(cents)}.`;
}

/** A new e-gift card number: 13 characters (//EGC{13}//), digits so it reads aloud easily. */
function newEGiftCardNumber() {
  let number = String(randomInt(1, 10));
  while (number.length < 13) number += String(randomInt(0, 10));
  return number;
}

/**
 * PUT …/firstParty/refund (store managers only): never above what the payment still holds (amount minus its
 * refunds, summed under the payment's row lock), to the original payment type (a gift card gets its balance
 * back) or to a 'New Electronic Gift Card' made with the refunded amount.
 */
export async function refundPayment(
  deps: AppDeps,
  auth: AuthContext,
  body: z.infer<typeof refundSchema>,
  /** More to write in the refund's transaction (a return's record of it): refused, and nothing is refunded. */
  alsoInTransaction?: (tx: Db, refund: { id: number; cents: number; destination: string }) => Promise<void>,
) {
  if (!isStoreManager(auth)) throw forbidden('Only a store manager can refund');
  let card: { number: string; verificationCode: string } | null = null;
  const order = await editOrder(deps, auth, body.channelOrderId, undefined, async (tx, locked) => {
    const { payment, cents } = await checkRefund(tx, auth, body, locked.id);
    const sent = await sendRefund(tx, auth, payment, refundDestinationOf(payment, body).key, cents);
    card = sent.card;
    const refundId = await insertRefund(tx, {
      accountId: auth.accountId,
      channelOrderPaymentId: payment.id,
      amount: decimal(cents),
      refundReasonId: body.refundReasonId,
      destinationPaymentTypeId: body.destinationPaymentTypeId,
      destinationMerchantCreditId: sent.destinationMerchantCreditId,
      inboundReturnId: body.inboundReturnId ?? null,
      createdBy: auth.userId,
    });
    const reason = REFUND_REASONS.find((r) => r.id === body.refundReasonId)?.description ?? 'Unknown';
    await addSystemNote(
      tx,
      locked,
      auth.userId,
      `Refund of ${formatMoney(cents)} from payment ${payment.id} (${paymentTypeName(payment.channelOrderPaymentTypeId)}) to ${sent.where}; reason: ${reason}.`,
    );
    await alsoInTransaction?.(tx, { id: refundId, cents, destination: sent.where });
  });
  return { ...order, newMerchantCredit: card };
}

type LockedPayment = NonNullable<Awaited<ReturnType<typeof lockPayment>>>;

/** The payment, locked, and the refund's cents: refused above what the payment still holds. */
async function checkRefund(
  tx: Db,
  auth: AuthContext,
  body: z.infer<typeof refundSchema>,
  channelOrderId: number,
) {
  const payment = await lockPayment(tx, auth.accountId, channelOrderId, body.channelOrderPaymentId);
  if (!payment) throw notFound(`Payment ${body.channelOrderPaymentId} not found on order ${channelOrderId}.`);
  if (body.inboundReturnId) await refuseUnlessReturnOf(tx, body.inboundReturnId, channelOrderId);
  const refunds = await refundAmountsOf(tx, payment.id);
  const cents = toCents(body.amount);
  const check = validateRefund(
    cents,
    { amount: toCents(payment.amount), refunds: refunds.map((r) => ({ amount: toCents(r.amount) })) },
    { isStoreManager: true },
  );
  if (!check.ok) throw conflict(check.error);
  return { payment, cents };
}

/** Where the request sends the refund, of the places this payment's refunds may go. */
function refundDestinationOf(payment: LockedPayment, body: z.infer<typeof refundSchema>) {
  const destination = refundDestinations({
    id: payment.id,
    channelOrderPaymentTypeId: payment.channelOrderPaymentTypeId,
  }).find(
    (d) =>
      d.destinationPaymentTypeId === body.destinationPaymentTypeId &&
      (d.destinationPaymentRecordId ?? null) ===
        (body.destinationPaymentRecordId ?? (d.key === 'original' ? payment.id : null)),
  );
  if (!destination) throw badRequest('Refund to the original payment type or to a New Electronic Gift Card.');
  return destination;
}

/** Makes the new e-gift card, or puts the money back on the card paid with; says where the refund went. */
async function sendRefund(
  tx: Db,
  auth: AuthContext,
  payment: LockedPayment,
  destinationKey: string,
  cents: number,
) {
  if (destinationKey === 'newEGiftCard') {
    const number = newEGiftCardNumber();
    const verificationCode = String(randomInt(1000, 10000));
    const id = await insertCard(tx, {
      accountId: auth.accountId,
      merchantCreditTypeId: MERCHANT_CREDIT_TYPE.E_GIFT_CARD,
      number,
      verificationCode,
      initialBalance: decimal(cents),
      balance: decimal(cents),
      createdBy: auth.userId,
    });
    return {
      destinationMerchantCreditId: id,
      card: { number, verificationCode },
      where: `${NEW_E_GIFT_CARD_LABEL} ending ${number.slice(-4)}`,
    };
  }
  if (payment.merchantCreditId) {
    // Back onto the card it was paid with.
    await creditCard(tx, payment.merchantCreditId, decimal(cents));
    return {
      destinationMerchantCreditId: payment.merchantCreditId,
      card: null,
      where: `the gift card it was paid with (${payment.paymentNumber ?? ''})`,
    };
  }
  return {
    destinationMerchantCreditId: null,
    card: null,
    where: paymentTypeName(payment.channelOrderPaymentTypeId),
  };
}

/** A refund names a return of its own order (the account's, which the request's ids were resolved in). */
async function refuseUnlessReturnOf(tx: Db, inboundReturnId: number, channelOrderId: number) {
  if (!(await isReturnOfOrder(tx, inboundReturnId, channelOrderId)))
    throw conflict(`Return ${inboundReturnId} is not a return of order ${channelOrderId}.`);
}

/** GET …/firstParty/refund/return: each payment with what it still holds and where a refund can go. */
export async function refundInfo(deps: AppDeps, auth: AuthContext, channelOrderId: number) {
  const payments = await paymentsOf(deps, auth, channelOrderId);
  return payments.map((p) => ({
    id: p.id,
    channelOrderPaymentTypeId: p.channelOrderPaymentTypeId,
    type: { name: paymentTypeName(p.channelOrderPaymentTypeId) },
    amount: toCents(p.amount) / 100,
    refunded: (toCents(p.amount) - p.unrefunded) / 100,
    unrefunded: p.unrefunded / 100,
    destinations: refundDestinations({ id: p.id, channelOrderPaymentTypeId: p.channelOrderPaymentTypeId }),
  }));
}

/** GET …/firstParty/refund/return/item: the order's items with their billed amounts, to spread a refund over. */
export async function refundItemInfo(
  deps: AppDeps,
  auth: AuthContext,
  channelOrderId: number,
  channelOrderPaymentId: number,
) {
  const payments = await paymentsOf(deps, auth, channelOrderId);
  const payment = payments.find((p) => p.id === channelOrderPaymentId);
  if (!payment) throw notFound(`Payment ${channelOrderPaymentId} not found on order ${channelOrderId}.`);
  const { totals, items } = await orderBalance(deps.db, channelOrderId);
  return items.map((item, index) => {
    const line = totals.lines[index]!;
    return {
      channelOrderItemId: item.id,
      productId: item.productId,
      sku: item.listingSKU,
      description: item.description,
      quantityOrdered: item.quantityOrdered,
      billed: (line.lineNet + line.lineTax) / 100,
      paymentUnrefunded: payment.unrefunded / 100,
    };
  });
}

async function paymentsOf(deps: AppDeps, auth: AuthContext, channelOrderId: number) {
  const { payments, refunds } = await listPaymentsWithRefunds(deps.db, auth.accountId, channelOrderId);
  return payments.map((p) => ({
    ...p,
    unrefunded: unrefundedCents({
      amount: toCents(p.amount),
      refunds: refunds
        .filter((r) => r.channelOrderPaymentId === p.id)
        .map((r) => ({ amount: toCents(r.amount) })),
    }),
  }));
}
