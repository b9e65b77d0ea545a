import { z } from 'zod';
import { idSchema, multilineText, text } from '../api/text';
import { PAYMENT_TYPE, PAYMENT_TYPES } from '../orders/order-constants';
import { RETURN_PAYMENT_STATUSES } from './return-statuses';

// Return payments (returns.md §Return payment row/editor, §3 Inbound return payment, §5, §9): what a return's
// payment is, the editor's defaults and the amount bounds, written once for the server and the screen.

/**
 * Return payment types: the spec uses 35 (the default) and 5 and does not show the full list. They are the
 * order payment types (orders-warehouse.md §3): 35 Sales Channel (the marketplace paid it back) and 5 Cash.
 */
export const RETURN_PAYMENT_TYPES = PAYMENT_TYPES;
/** The editor's type at first (§3, §9: default 35) and after each payment is added (reset to 5). */
export const DEFAULT_RETURN_PAYMENT_TYPE_ID = PAYMENT_TYPE.SALES_CHANNEL;
export const RETURN_PAYMENT_TYPE_AFTER_ADD = PAYMENT_TYPE.CASH;

/** §3 Return payment statuses; a new payment is Needed (1) unless the editor says otherwise. */
export const RETURN_PAYMENT_STATUS = {
  needed: 1,
  submitted: 5,
  approved: 10,
  denied: 15,
  dispute: 20,
} as const;
export const DEFAULT_RETURN_PAYMENT_STATUS_ID = RETURN_PAYMENT_STATUS.needed;

/** §5, §9: amount minimum 0.01, maximum 10000000, step 0.01. */
export const RETURN_PAYMENT_MIN = 0.01;
export const RETURN_PAYMENT_MAX = 10_000_000;
export const RETURN_PAYMENT_STEP = 0.01;

export const returnPaymentTypeName = (id: number) =>
  RETURN_PAYMENT_TYPES.find((type) => type.id === id)?.name ?? `Payment Type ${id}`;
export const returnPaymentStatusName = (id: number) =>
  RETURN_PAYMENT_STATUSES.find((status) => status.id === id)?.name ?? `Status ${id}`;

/** §5 "a non-numeric entry becomes 0": the amount as the editor holds it. */
export function returnPaymentAmountOf(input: string | number | null | undefined): number {
  const value = typeof input === 'number' ? input : Number.parseFloat(String(input ?? '').trim());
  return Number.isFinite(value) ? value : 0;
}

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** Why an amount cannot be added, or null when it can (0.01 to 10,000,000, cents at most). */
export function returnPaymentAmountProblem(amount: number): string | null {
  if (!Number.isFinite(amount) || amount < RETURN_PAYMENT_MIN) return 'The amount must be at least $0.01';
  if (amount > RETURN_PAYMENT_MAX) return 'The amount must be at most $10,000,000.00';
  if (!hasAtMostTwoDecimals(amount)) return 'At most 2 decimals';
  return null;
}

/** §5 "the Add Payment button is disabled when the amount is 0" (and whenever the amount is out of bounds). */
export function canAddReturnPayment(amount: number): boolean {
  return amount !== 0 && returnPaymentAmountProblem(amount) === null;
}

/** §8 'Payment add fails'. */
export const returnPaymentErrorText = (inboundReturnId: number) =>
  `Error Adding Return Payment for Return #${inboundReturnId}`;

const paymentAmountSchema = z
  .number()
  .finite()
  .superRefine((amount, ctx) => {
    const problem = returnPaymentAmountProblem(amount);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: amount });
  });

/** PUT /api/v1/backroom/returns/payments: "an inbound return payment" (§3 fields a client may set). */
export const returnPaymentCreateSchema = z.object({
  inboundReturnId: idSchema,
  inboundReturnPaymentTypeId: z
    .number()
    .int()
    .refine((id) => RETURN_PAYMENT_TYPES.some((type) => type.id === id), 'Not a payment type')
    .default(DEFAULT_RETURN_PAYMENT_TYPE_ID),
  inboundReturnPaymentStatusId: z
    .number()
    .int()
    .refine((id) => RETURN_PAYMENT_STATUSES.some((status) => status.id === id), 'Not a payment status')
    .default(DEFAULT_RETURN_PAYMENT_STATUS_ID),
  paymentNumber: text().trim().max(100).nullish(),
  amount: paymentAmountSchema,
  note: multilineText().trim().max(4000).nullish(),
  alternativeId: text().trim().max(100).nullish(),
  referenceId: text().trim().max(100).nullish(),
});
export type ReturnPaymentCreate = z.infer<typeof returnPaymentCreateSchema>;

/**
 * PATCH /api/v1/backroom/returns/payments (not in the spec, which adds payments only): a payment's status as the
 * channel's answer comes in (Needed → Submitted → Approved / Denied / Dispute). Any status may follow any other:
 * a denied claim disputed and then approved is ordinary.
 */
export const returnPaymentStatusPatchSchema = z.object({
  id: idSchema,
  inboundReturnPaymentStatusId: z
    .number()
    .int()
    .refine((id) => RETURN_PAYMENT_STATUSES.some((status) => status.id === id), 'Not a payment status'),
});
export type ReturnPaymentStatusPatch = z.infer<typeof returnPaymentStatusPatchSchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

/** A return payment as the payments call and the return answer it: type, number, amount (dollars), note, time. */
export const returnPaymentReplySchema = z.object({
  id: z.number().int(),
  inboundReturnId: z.number().int(),
  alternativeId: z.string().nullable(),
  referenceId: z.string().nullable(),
  inboundReturnPaymentTypeId: z.number().int(),
  inboundReturnPaymentStatusId: z.number().int(),
  type: named,
  status: named,
  paymentNumber: z.string().nullable(),
  amount: z.number(),
  note: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ReturnPaymentReply = z.infer<typeof returnPaymentReplySchema>;
