import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  channelOrderPayments,
  channelOrderReturns,
  inboundReturns,
  merchantCredits,
  paymentRefunds,
} from '../../db/schema';

// The SQL of payments, gift cards and refunds of first-party orders (order-payments.service.ts). Amounts
// arrive as decimal strings ('12.34'); the service keeps the money in cents.

export async function insertPayment(tx: Db, values: typeof channelOrderPayments.$inferInsert) {
  await tx.insert(channelOrderPayments).values(values);
}

/**
 * Takes `amount` off the account's active card `number` with `code`, in one conditional UPDATE (balance >=
 * amount): the card as it is after, or null when nothing was taken.
 */
export async function takeFromCard(tx: Db, accountId: number, number: string, code: string, amount: string) {
  const [taken] = await tx
    .update(merchantCredits)
    .set({ balance: sql`${merchantCredits.balance} - ${amount}::numeric` })
    .where(
      and(
        eq(merchantCredits.accountId, accountId),
        sql`upper(${merchantCredits.number}) = ${number}`,
        eq(merchantCredits.verificationCode, code),
        eq(merchantCredits.isActive, 1),
        sql`${merchantCredits.balance} >= ${amount}::numeric`,
      ),
    )
    .returning({
      id: merchantCredits.id,
      balance: merchantCredits.balance,
      type: merchantCredits.merchantCreditTypeId,
    });
  return taken ?? null;
}

export async function findCardByNumber(tx: Db, accountId: number, number: string) {
  const [card] = await tx
    .select()
    .from(merchantCredits)
    .where(and(eq(merchantCredits.accountId, accountId), sql`upper(${merchantCredits.number}) = ${number}`));
  return card ?? null;
}

/** The payment `paymentId` of the order, locked for update while its refunds are summed. */
export async function lockPayment(tx: Db, accountId: number, channelOrderId: number, paymentId: number) {
  const [payment] = await tx
    .select()
    .from(channelOrderPayments)
    .where(
      and(
        eq(channelOrderPayments.id, paymentId),
        eq(channelOrderPayments.channelOrderId, channelOrderId),
        eq(channelOrderPayments.accountId, accountId),
      ),
    )
    .for('update');
  return payment ?? null;
}

export async function refundAmountsOf(tx: Db, channelOrderPaymentId: number) {
  return tx
    .select({ amount: paymentRefunds.amount })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.channelOrderPaymentId, channelOrderPaymentId));
}

/** Whether `inboundReturnId` is a return of the order `channelOrderId`. */
export async function isReturnOfOrder(tx: Db, inboundReturnId: number, channelOrderId: number) {
  const [found] = await tx
    .select({ id: inboundReturns.id })
    .from(inboundReturns)
    .innerJoin(channelOrderReturns, eq(channelOrderReturns.id, inboundReturns.channelOrderReturnId))
    .where(
      and(eq(inboundReturns.id, inboundReturnId), eq(channelOrderReturns.channelOrderId, channelOrderId)),
    );
  return Boolean(found);
}

export async function insertCard(tx: Db, values: typeof merchantCredits.$inferInsert) {
  const [created] = await tx.insert(merchantCredits).values(values).returning({ id: merchantCredits.id });
  return created!.id;
}

/** Puts `amount` back onto the card `merchantCreditId`. */
export async function creditCard(tx: Db, merchantCreditId: number, amount: string) {
  await tx
    .update(merchantCredits)
    .set({ balance: sql`${merchantCredits.balance} + ${amount}::numeric` })
    .where(eq(merchantCredits.id, merchantCreditId));
}

export async function insertRefund(tx: Db, values: typeof paymentRefunds.$inferInsert) {
  const [made] = await tx.insert(paymentRefunds).values(values).returning({ id: paymentRefunds.id });
  return made!.id;
}

/** The order's payments in the order they were taken, and the refunds of them. */
export async function listPaymentsWithRefunds(db: Db, accountId: number, channelOrderId: number) {
  const payments = await db
    .select()
    .from(channelOrderPayments)
    .where(
      and(
        eq(channelOrderPayments.channelOrderId, channelOrderId),
        eq(channelOrderPayments.accountId, accountId),
      ),
    )
    .orderBy(asc(channelOrderPayments.id));
  const refunds = payments.length
    ? await db
        .select()
        .from(paymentRefunds)
        .where(
          sql`${paymentRefunds.channelOrderPaymentId} = any(${`{${payments.map((p) => p.id).join(',')}}`}::int[])`,
        )
    : [];
  return { payments, refunds };
}
