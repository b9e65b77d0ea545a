import { z } from 'zod';
import { idSchema } from '../api/text';

// 'Create Return Refund' (returns.md §Manage inbound return, §5, §6): a first-party return refunds its order's
// payments by the orders refund rules (orders-warehouse.md §5 Refund, §6): store managers only, above 0 and
// never above what the payment still holds. The refund's reason is Return (20) and it names the return.

/** §5 "enabled only when the expected quantity is greater than 0". */
export function expectedQuantityOf(items: readonly { quantity: number }[]): number {
  return items.reduce((sum, item) => sum + Math.max(0, item.quantity), 0);
}

export function canCreateReturnRefund(detail: {
  isFirstPartyReturn: boolean;
  items: readonly { quantity: number }[];
}): boolean {
  return detail.isFirstPartyReturn && expectedQuantityOf(detail.items) > 0;
}

/** Toasts: the orders refund's texts (orders-warehouse.md §8). */
export const RETURN_REFUND_SUCCESS = 'Payment Refund Successful';
export const RETURN_REFUND_ERROR = 'Error Refunding Payment';

const dollars = z
  .number()
  .finite()
  .max(9_999_999.99)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most 2 decimals')
  .refine((v) => v > 0, 'The amount must be above 0');

/**
 * PUT /api/v1/backroom/returns/refund: refunds one payment of the return's order, to the original payment type
 * (destinationPaymentRecordId = the payment) or to a New Electronic Gift Card (type 45, no record).
 */
export const returnRefundSchema = z.object({
  inboundReturnId: idSchema,
  channelOrderPaymentId: idSchema,
  destinationPaymentTypeId: idSchema,
  destinationPaymentRecordId: idSchema.nullish(),
  amount: dollars,
});
export type ReturnRefundInput = z.infer<typeof returnRefundSchema>;

const destinationSchema = z.object({
  key: z.enum(['original', 'newEGiftCard']),
  label: z.string(),
  destinationPaymentTypeId: z.number().int(),
  destinationPaymentRecordId: z.number().int().nullable(),
});

/** GET /api/v1/backroom/returns/:id/refund: what the refund form offers. Money in dollars. */
export const returnRefundInfoSchema = z.object({
  inboundReturnId: z.number().int(),
  channelOrderId: z.number().int(),
  channelOrderNumber: z.string(),
  expectedQuantity: z.number().int(),
  /** What the expected units were billed (net and tax): the amount the form suggests. */
  returnValue: z.number(),
  /** Refunds already made for this return. */
  refundedForReturn: z.number(),
  payments: z.array(
    z.object({
      id: z.number().int(),
      channelOrderPaymentTypeId: z.number().int(),
      type: z.object({ name: z.string() }),
      amount: z.number(),
      refunded: z.number(),
      unrefunded: z.number(),
      destinations: z.array(destinationSchema),
    }),
  ),
});
export type ReturnRefundInfo = z.infer<typeof returnRefundInfoSchema>;

/** The refund made; a new e-gift card's number and code are shown to the clerk once. */
export const returnRefundResultSchema = z.object({
  refundId: z.number().int(),
  inboundReturnId: z.number().int(),
  channelOrderPaymentId: z.number().int(),
  amount: z.number(),
  destination: z.string(),
  newMerchantCredit: z.object({ number: z.string(), verificationCode: z.string() }).nullable(),
});
export type ReturnRefundResult = z.infer<typeof returnRefundResultSchema>;

/** The amount the form starts with: the return's value, at most what the payment still holds. */
export function suggestedRefund(returnValue: number, refundedForReturn: number, unrefunded: number): number {
  const left = Math.max(0, Math.round((returnValue - refundedForReturn) * 100));
  return Math.min(left, Math.round(unrefunded * 100)) / 100;
}
