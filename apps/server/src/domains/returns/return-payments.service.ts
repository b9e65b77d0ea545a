import {
  centsToDecimal,
  formatMoney,
  type ReturnPaymentCreate,
  type ReturnPaymentReply,
  type ReturnPaymentStatusPatch,
  returnPaymentStatusName,
  returnPaymentTypeName,
  toCents,
} from '@backroom/shared';
import { and, asc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inboundReturnPayments } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { addReturnSystemNote, isoOf, lockReturn, REPEAT_WINDOW_MS } from './return-panel-rows';

// Return payments (returns.md §Return payment row/editor, §3 Inbound return payment, §5, §7): money logged
// against a return (a marketplace's reimbursement, a refund paid out). The return row is locked while a
// payment is added, and the same payment sent again by the same user within a few seconds (a double click, a
// retry) is written once.

type PaymentRow = typeof inboundReturnPayments.$inferSelect;

export function returnPaymentDto(row: PaymentRow): ReturnPaymentReply {
  return {
    id: row.id,
    inboundReturnId: row.inboundReturnId,
    alternativeId: row.alternativeId,
    referenceId: row.referenceId,
    inboundReturnPaymentTypeId: row.inboundReturnPaymentTypeId,
    inboundReturnPaymentStatusId: row.inboundReturnPaymentStatusId,
    type: { id: row.inboundReturnPaymentTypeId, name: returnPaymentTypeName(row.inboundReturnPaymentTypeId) },
    status: {
      id: row.inboundReturnPaymentStatusId,
      name: returnPaymentStatusName(row.inboundReturnPaymentStatusId),
    },
    paymentNumber: row.paymentNumber,
    amount: toCents(row.amount) / 100,
    note: row.note,
    createdBy: row.createdBy,
    createdAt: isoOf(row.createdAt),
  };
}

/** The return's payments, oldest first. */
export async function returnPayments(db: Db, inboundReturnId: number) {
  const rows = await db
    .select()
    .from(inboundReturnPayments)
    .where(eq(inboundReturnPayments.inboundReturnId, inboundReturnId))
    .orderBy(asc(inboundReturnPayments.id));
  return rows.map(returnPaymentDto);
}

const same = (column: Parameters<typeof eq>[0], value: string | null | undefined): SQL =>
  value ? eq(column, value) : isNull(column);

/** PUT …/returns/payments: adds the payment and answers the return's payments. */
export async function addReturnPayment(deps: AppDeps, auth: AuthContext, body: ReturnPaymentCreate) {
  const cents = toCents(body.amount);
  const fields = {
    inboundReturnPaymentTypeId: body.inboundReturnPaymentTypeId,
    inboundReturnPaymentStatusId: body.inboundReturnPaymentStatusId,
    paymentNumber: body.paymentNumber || null,
    amount: centsToDecimal(cents),
    note: body.note || null,
    alternativeId: body.alternativeId || null,
    referenceId: body.referenceId || null,
  };
  await deps.db.transaction(async (tx) => {
    await lockReturn(tx, auth.accountId, body.inboundReturnId);
    const [repeated] = await tx
      .select({ id: inboundReturnPayments.id })
      .from(inboundReturnPayments)
      .where(
        and(
          eq(inboundReturnPayments.inboundReturnId, body.inboundReturnId),
          eq(inboundReturnPayments.createdBy, auth.userId),
          eq(inboundReturnPayments.inboundReturnPaymentTypeId, fields.inboundReturnPaymentTypeId),
          eq(inboundReturnPayments.inboundReturnPaymentStatusId, fields.inboundReturnPaymentStatusId),
          eq(inboundReturnPayments.amount, fields.amount),
          same(inboundReturnPayments.paymentNumber, fields.paymentNumber),
          same(inboundReturnPayments.note, fields.note),
          gt(inboundReturnPayments.createdAt, new Date(Date.now() - REPEAT_WINDOW_MS)),
        ),
      );
    if (repeated) return;
    await tx.insert(inboundReturnPayments).values({
      accountId: auth.accountId,
      inboundReturnId: body.inboundReturnId,
      createdBy: auth.userId,
      ...fields,
    });
    await addReturnSystemNote(
      tx,
      auth,
      body.inboundReturnId,
      `${returnPaymentTypeName(fields.inboundReturnPaymentTypeId)} payment of ${formatMoney(cents)}${
        fields.paymentNumber ? ` (${fields.paymentNumber})` : ''
      } added, ${returnPaymentStatusName(fields.inboundReturnPaymentStatusId)}.`,
    );
  });
  return returnPayments(deps.db, body.inboundReturnId);
}

/**
 * PATCH …/returns/payments: a payment's new status, with a system note saying from what to what. The payment is
 * found within the account and its return locked, so two clerks' changes apply one after the other.
 */
export async function setReturnPaymentStatus(
  deps: AppDeps,
  auth: AuthContext,
  body: ReturnPaymentStatusPatch,
) {
  const inboundReturnId = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ inboundReturnId: inboundReturnPayments.inboundReturnId })
      .from(inboundReturnPayments)
      .where(and(eq(inboundReturnPayments.id, body.id), eq(inboundReturnPayments.accountId, auth.accountId)));
    if (!found) throw notFound(`Return payment ${body.id} not found.`);
    await lockReturn(tx, auth.accountId, found.inboundReturnId);
    const [payment] = await tx
      .select()
      .from(inboundReturnPayments)
      .where(eq(inboundReturnPayments.id, body.id));
    if (payment!.inboundReturnPaymentStatusId !== body.inboundReturnPaymentStatusId) {
      await tx
        .update(inboundReturnPayments)
        .set({ inboundReturnPaymentStatusId: body.inboundReturnPaymentStatusId })
        .where(eq(inboundReturnPayments.id, body.id));
      await addReturnSystemNote(
        tx,
        auth,
        found.inboundReturnId,
        `${returnPaymentTypeName(payment!.inboundReturnPaymentTypeId)} payment of ${formatMoney(toCents(payment!.amount))}${
          payment!.paymentNumber ? ` (${payment!.paymentNumber})` : ''
        } ${returnPaymentStatusName(payment!.inboundReturnPaymentStatusId)} → ${returnPaymentStatusName(body.inboundReturnPaymentStatusId)}.`,
      );
    }
    return found.inboundReturnId;
  });
  return returnPayments(deps.db, inboundReturnId);
}
