import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelOrderItems, itemDiscounts, orderDiscounts, promotions } from '../../db/schema';

// The SQL of a first-party order's discounts: order discounts, item discounts and promotion codes.

export async function insertOrderDiscount(db: Db, values: typeof orderDiscounts.$inferInsert) {
  await db.insert(orderDiscounts).values(values);
}

/** The sort order after the order's last discount added by hand (a promotion sorts at 98, below them). */
export async function nextOrderDiscountSort(db: Db, channelOrderId: number) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${orderDiscounts.sortOrder}), 0)::int` })
    .from(orderDiscounts)
    .where(and(eq(orderDiscounts.channelOrderId, channelOrderId), sql`${orderDiscounts.sortOrder} < 99`));
  return (row?.n ?? 0) + 1;
}

/** One of the account's order discounts. */
export async function findOrderDiscount(db: Db, accountId: number, id: number) {
  const [discount] = await db
    .select()
    .from(orderDiscounts)
    .where(and(eq(orderDiscounts.id, id), eq(orderDiscounts.accountId, accountId)));
  return discount ?? null;
}

export async function updateOrderDiscount(
  db: Db,
  id: number,
  set: Partial<typeof orderDiscounts.$inferInsert>,
) {
  await db.update(orderDiscounts).set(set).where(eq(orderDiscounts.id, id));
}

export async function insertItemDiscount(db: Db, values: typeof itemDiscounts.$inferInsert) {
  await db.insert(itemDiscounts).values(values);
}

/** One of the account's item discounts, with the order and the SKU of its line. */
export async function findItemDiscount(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select({
      discount: itemDiscounts,
      channelOrderId: channelOrderItems.channelOrderId,
      sku: channelOrderItems.listingSKU,
    })
    .from(itemDiscounts)
    .innerJoin(channelOrderItems, eq(channelOrderItems.id, itemDiscounts.channelOrderItemId))
    .where(and(eq(itemDiscounts.id, id), eq(itemDiscounts.accountId, accountId)));
  return row ?? null;
}

export async function updateItemDiscount(
  db: Db,
  id: number,
  set: Partial<typeof itemDiscounts.$inferInsert>,
) {
  await db.update(itemDiscounts).set(set).where(eq(itemDiscounts.id, id));
}

/**
 * The account's promotion with the code (any case), locked until the transaction ends: two orders taking
 * its last use take turns, and only the first gets it.
 */
export async function lockPromotionByCode(db: Db, accountId: number, redemptionCode: string) {
  const [promotion] = await db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.accountId, accountId),
        sql`upper(${promotions.redemptionCode}) = ${redemptionCode.toUpperCase()}`,
      ),
    )
    .for('update');
  return promotion ?? null;
}

/** Whether the promotion is already a discount of the order. */
export async function hasPromotionDiscount(db: Db, channelOrderId: number, promotionId: number) {
  const [already] = await db
    .select({ id: orderDiscounts.id })
    .from(orderDiscounts)
    .where(
      and(eq(orderDiscounts.channelOrderId, channelOrderId), eq(orderDiscounts.promotionId, promotionId)),
    );
  return Boolean(already);
}

/** The order's discount made by the promotion with the code (any case). */
export async function findPromotionDiscount(db: Db, channelOrderId: number, redemptionCode: string) {
  const [row] = await db
    .select({ discountId: orderDiscounts.id, promotionId: promotions.id, code: promotions.redemptionCode })
    .from(orderDiscounts)
    .innerJoin(promotions, eq(promotions.id, orderDiscounts.promotionId))
    .where(
      and(
        eq(orderDiscounts.channelOrderId, channelOrderId),
        sql`upper(${promotions.redemptionCode}) = ${redemptionCode.toUpperCase()}`,
      ),
    );
  return row ?? null;
}

export async function deleteOrderDiscount(db: Db, id: number) {
  await db.delete(orderDiscounts).where(eq(orderDiscounts.id, id));
}

/** Counts one more use of the promotion. */
export async function countPromotionUse(db: Db, promotionId: number) {
  await db
    .update(promotions)
    .set({ usageCount: sql`${promotions.usageCount} + 1` })
    .where(eq(promotions.id, promotionId));
}

/** Gives one use of the promotion back (never below none). */
export async function givePromotionUseBack(db: Db, promotionId: number) {
  await db
    .update(promotions)
    .set({ usageCount: sql`greatest(${promotions.usageCount} - 1, 0)` })
    .where(eq(promotions.id, promotionId));
}
