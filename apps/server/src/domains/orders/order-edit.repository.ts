import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import {
  channelOrderItems,
  channelOrderPayments,
  channelOrders,
  itemDiscounts,
  orderDiscounts,
  paymentRefunds,
  pickRequestItems,
  pickRequests,
  salesChannels,
} from '../../db/schema';

// The SQL of order-edit.ts: the order's lock and version, and what its money and status rules read inside
// the change's transaction.

/** Changes the order row (its version: moveOrderVersionOn in order-edit.ts). */
export async function updateOrder(
  db: Db,
  channelOrderId: number,
  set: Partial<typeof channelOrders.$inferInsert>,
) {
  await db.update(channelOrders).set(set).where(eq(channelOrders.id, channelOrderId));
}

/** The account's order with its channel, locked until the transaction ends (concurrent changes take turns). */
export async function lockOrderRow(db: Db, accountId: number, channelOrderId: number) {
  const [row] = await db
    .select({ order: channelOrders, channel: salesChannels })
    .from(channelOrders)
    .leftJoin(salesChannels, eq(salesChannels.id, channelOrders.channelId))
    .where(and(eq(channelOrders.id, channelOrderId), eq(channelOrders.accountId, accountId)))
    .for('update', { of: channelOrders });
  return row ?? null;
}

/** What an order's payments hold, net of their refunds, as numeric text. */
export async function sumPaidNetOfRefunds(db: Db, channelOrderId: number) {
  const [row] = await db
    .select({
      paid: sql<string>`coalesce(sum(${channelOrderPayments.amount}), 0) - coalesce((select sum(r.amount) from ${paymentRefunds} r
        join ${channelOrderPayments} p2 on p2.id = r.channel_order_payment_id where p2.channel_order_id = ${channelOrderId}), 0)`,
    })
    .from(channelOrderPayments)
    .where(eq(channelOrderPayments.channelOrderId, channelOrderId));
  return row?.paid ?? '0';
}

/** The order's items, their discounts and the order's discounts: what its totals are computed from. */
export async function findMoneyRows(db: Db, channelOrderId: number) {
  const items = await db
    .select()
    .from(channelOrderItems)
    .where(eq(channelOrderItems.channelOrderId, channelOrderId));
  // One after another: `tx` is one connection, and a connection runs one query at a time.
  const discountsOfItems = items.length
    ? await db
        .select()
        .from(itemDiscounts)
        .where(
          inIds(
            itemDiscounts.channelOrderItemId,
            items.map((i) => i.id),
          ),
        )
    : [];
  const discounts = await db
    .select()
    .from(orderDiscounts)
    .where(eq(orderDiscounts.channelOrderId, channelOrderId));
  return { items, discountsOfItems, discounts };
}

/** Whether any unit is allocated to the order. */
export async function hasAllocatedUnits(db: Db, channelOrderId: number) {
  const [allocated] = await db
    .select({ id: pickRequestItems.id })
    .from(pickRequestItems)
    .innerJoin(pickRequests, eq(pickRequests.id, pickRequestItems.pickRequestId))
    .where(eq(pickRequests.channelOrderId, channelOrderId))
    .limit(1);
  return Boolean(allocated);
}
