// orders-warehouse.md §5 Refund and §3 refund destinations: how much of a payment can still be refunded,
// whether a refund may be made, and where it can go.
import { type Cents, formatMoney } from '../money/money';
import { PAYMENT_TYPE, paymentTypeName } from './order-constants';

export interface RefundablePayment {
  id: number;
  channelOrderPaymentTypeId: number;
  amount: Cents;
  refunds?: readonly { amount: Cents }[] | null;
}

export const REFUND_AMOUNT_TOO_LOW = 'Refund amount must be above 0';
export const REFUND_NOT_STORE_MANAGER = 'Only a store manager can refund';
export const NEW_E_GIFT_CARD_LABEL = 'New Electronic Gift Card';

/** The payment amount minus its refunds ("the unrefunded total"), never below 0. */
export function unrefundedCents(payment: Pick<RefundablePayment, 'amount' | 'refunds'>): Cents {
  const refunded = (payment.refunds ?? []).reduce((sum, refund) => sum + refund.amount, 0);
  return Math.max(0, payment.amount - refunded);
}

export type RefundCheck = { ok: true } | { ok: false; error: string };

/**
 * A refund of `amountCents` from `payment`: only a store manager may refund (§6), the amount must be above 0
 * and not above the unrefunded total. Checked in that order; the first failure is the answer.
 */
export function validateRefund(
  amountCents: Cents,
  payment: Pick<RefundablePayment, 'amount' | 'refunds'>,
  user: { isStoreManager: boolean },
): RefundCheck {
  if (!user.isStoreManager) return { ok: false, error: REFUND_NOT_STORE_MANAGER };
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    return { ok: false, error: REFUND_AMOUNT_TOO_LOW };
  const left = unrefundedCents(payment);
  if (amountCents > left) {
    return { ok: false, error: `Refund cannot exceed the unrefunded total of ${formatMoney(left)}` };
  }
  return { ok: true };
}

/**
 * §5 "The button is disabled when the form is disabled, when work is in progress, or when the user lacks
 * the storeManager role."
 */
export function isRefundButtonDisabled(state: {
  formDisabled: boolean;
  working: boolean;
  isStoreManager: boolean;
}): boolean {
  return state.formDisabled || state.working || !state.isStoreManager;
}

export interface RefundDestination {
  /** 'original' back to the payment's own type and record; 'newEGiftCard' creates an e-gift card. */
  key: 'original' | 'newEGiftCard';
  label: string;
  destinationPaymentTypeId: number;
  /** The payment refunded into, or null when a new e-gift card is created for the refund. */
  destinationPaymentRecordId: number | null;
}

/**
 * §3 "the original payment type, plus 'New Electronic Gift Card' unless the payment is already merchant
 * credit" (type 45). A new e-gift card is merchant credit: destinationPaymentTypeId 45 with no record yet.
 */
export function refundDestinations(
  payment: Pick<RefundablePayment, 'id' | 'channelOrderPaymentTypeId'>,
): RefundDestination[] {
  const original: RefundDestination = {
    key: 'original',
    label: paymentTypeName(payment.channelOrderPaymentTypeId),
    destinationPaymentTypeId: payment.channelOrderPaymentTypeId,
    destinationPaymentRecordId: payment.id,
  };
  if (payment.channelOrderPaymentTypeId === PAYMENT_TYPE.MERCHANT_CREDIT) return [original];
  return [
    original,
    {
      key: 'newEGiftCard',
      label: NEW_E_GIFT_CARD_LABEL,
      destinationPaymentTypeId: PAYMENT_TYPE.MERCHANT_CREDIT,
      destinationPaymentRecordId: null,
    },
  ];
}
