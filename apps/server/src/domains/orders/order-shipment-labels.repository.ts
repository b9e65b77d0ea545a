import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelOrderShipmentItems, channelOrderShipments, channelOrders, warehouses } from '../../db/schema';

// The SQL of buying and voiding an order shipment's label (order-shipment-labels.service.ts).

type ShipmentValues = typeof channelOrderShipments.$inferInsert;

/** The account's order (unlocked: rating reads it before its transaction). */
export async function findAccountOrder(db: Db, accountId: number, channelOrderId: number) {
  const [order] = await db
    .select()
    .from(channelOrders)
    .where(and(eq(channelOrders.id, channelOrderId), eq(channelOrders.accountId, accountId)));
  return order;
}

export async function findWarehouse(db: Db, warehouseId: number) {
  const [warehouse] = await db.select().from(warehouses).where(eq(warehouses.id, warehouseId));
  return warehouse;
}

/** Stores the shipment's rates; answers the updated row. */
export async function saveShipmentRates(
  tx: Db,
  shipmentId: number,
  values: Pick<ShipmentValues, 'rateShipmentId' | 'rates' | 'ratedAt'>,
) {
  const [updated] = await tx
    .update(channelOrderShipments)
    .set(values)
    .where(eq(channelOrderShipments.id, shipmentId))
    .returning();
  return updated;
}

export async function updateOrderShipping(
  tx: Db,
  channelOrderId: number,
  values: { systemOrderStatusId: number; latestShippedAt?: Date },
) {
  await tx.update(channelOrders).set(values).where(eq(channelOrders.id, channelOrderId));
}

/** Whether the order has a shipment, not voided, that has no label yet. */
export async function hasUnboughtShipment(tx: Db, channelOrderId: number) {
  const [unbought] = await tx
    .select({ id: channelOrderShipments.id })
    .from(channelOrderShipments)
    .where(
      and(
        eq(channelOrderShipments.channelOrderId, channelOrderId),
        eq(channelOrderShipments.isVoided, 0),
        eq(channelOrderShipments.isPurchased, 0),
      ),
    )
    .limit(1);
  return Boolean(unbought);
}

/** Whether the order has a live label on a shipment other than `exceptShipmentId`. */
export async function hasOtherLiveLabel(tx: Db, channelOrderId: number, exceptShipmentId: number) {
  const [stillShipped] = await tx
    .select({ id: channelOrderShipments.id })
    .from(channelOrderShipments)
    .where(
      and(
        eq(channelOrderShipments.channelOrderId, channelOrderId),
        eq(channelOrderShipments.isPurchased, 1),
        eq(channelOrderShipments.isVoided, 0),
        ne(channelOrderShipments.id, exceptShipmentId),
      ),
    )
    .limit(1);
  return Boolean(stillShipped);
}

export async function insertShipment(tx: Db, values: ShipmentValues) {
  const [made] = await tx
    .insert(channelOrderShipments)
    .values(values)
    .returning({ id: channelOrderShipments.id });
  return made!.id;
}

/** Copies the items of shipment `fromId` onto shipment `toId`. */
export async function copyShipmentItems(tx: Db, fromId: number, toId: number) {
  const items = await tx
    .select({
      productId: channelOrderShipmentItems.productId,
      quantity: channelOrderShipmentItems.quantity,
    })
    .from(channelOrderShipmentItems)
    .where(eq(channelOrderShipmentItems.channelOrderShipmentId, fromId));
  if (items.length)
    await tx
      .insert(channelOrderShipmentItems)
      .values(items.map((item) => ({ ...item, channelOrderShipmentId: toId })));
}
