import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  channelOrderItems,
  channelOrderPayments,
  channelOrders,
  pickRequestItems,
  pickRequests,
} from '../../db/schema';

// The SQL of marketplace order imports (order-import.service.ts).

type OrderValues = typeof channelOrders.$inferInsert;

/** The channel's order `channelOrderNumber` of the account, locked for the rest of the transaction. */
export async function lockImportedOrder(
  tx: Db,
  accountId: number,
  channelId: number,
  channelOrderNumber: string,
) {
  const [existing] = await tx
    .select({
      id: channelOrders.id,
      systemOrderStatusId: channelOrders.systemOrderStatusId,
      defaultShipAddressId: channelOrders.defaultShipAddressId,
      customerId: channelOrders.customerId,
    })
    .from(channelOrders)
    .where(
      and(
        eq(channelOrders.accountId, accountId),
        eq(channelOrders.channelId, channelId),
        eq(channelOrders.channelOrderNumber, channelOrderNumber),
      ),
    )
    .for('update');
  return existing ?? null;
}

/**
 * Inserts the order, or — when another import made it between our read and now — updates it on the unique
 * (account, channel, number) key: never a second order. Answers its id and whether this statement inserted it.
 */
export async function upsertImportedOrder(
  tx: Db,
  keys: { accountId: number; channelId: number; channelOrderNumber: string },
  header: Omit<OrderValues, 'accountId' | 'channelId' | 'channelOrderNumber'>,
) {
  const [saved] = await tx
    .insert(channelOrders)
    .values({ ...keys, channelOrderTypeId: 1, ...header })
    .onConflictDoUpdate({
      target: [channelOrders.accountId, channelOrders.channelId, channelOrders.channelOrderNumber],
      set: header,
    })
    .returning({ id: channelOrders.id, inserted: sql<boolean>`(xmax = 0)` });
  return saved!;
}

/** Whether any unit of the order is allocated (on a pick request). */
export async function hasAllocatedUnits(tx: Db, channelOrderId: number) {
  const allocated = await tx
    .select({ id: pickRequestItems.id })
    .from(pickRequestItems)
    .innerJoin(pickRequests, eq(pickRequests.id, pickRequestItems.pickRequestId))
    .where(eq(pickRequests.channelOrderId, channelOrderId))
    .limit(1);
  return allocated.length > 0;
}

export async function deleteOrderItems(tx: Db, channelOrderId: number) {
  await tx.delete(channelOrderItems).where(eq(channelOrderItems.channelOrderId, channelOrderId));
}

export async function insertOrderItems(tx: Db, values: (typeof channelOrderItems.$inferInsert)[]) {
  await tx.insert(channelOrderItems).values(values);
}

/** The payments recorded on the order: reference, number and amount, to tell a payment sent again. */
export async function listKnownPayments(tx: Db, channelOrderId: number) {
  return tx
    .select({
      referenceId: channelOrderPayments.referenceId,
      paymentNumber: channelOrderPayments.paymentNumber,
      amount: channelOrderPayments.amount,
    })
    .from(channelOrderPayments)
    .where(eq(channelOrderPayments.channelOrderId, channelOrderId));
}

export async function insertOrderPayments(tx: Db, values: (typeof channelOrderPayments.$inferInsert)[]) {
  await tx.insert(channelOrderPayments).values(values);
}
