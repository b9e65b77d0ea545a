import { CHANNEL_TYPE_ID, normalizeUpc, SITE_ID } from '@backroom/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import {
  channelListings,
  channelOrderItemSalesPeople,
  channelOrderItems,
  channelOrders,
  inventoryLocationItems,
  memberships,
  orderNotes,
  pickRequestItems,
  products,
  salesChannels,
  warehouseDivisions,
  warehouses,
  warehouseTypes,
} from '../../db/schema';

// The SQL of the first-party order use cases (use-cases/): the order row, its lines, the products and units
// they sell, addresses, notes and sales people. Discounts and promotions: order-discounts.repository.ts.

type OrderValues = typeof channelOrders.$inferInsert;
type ItemValues = typeof channelOrderItems.$inferInsert;

/** The account's channel `channelId`, or without one its point-of-sale channel. */
export async function findSaleChannel(db: Db, accountId: number, channelId?: number) {
  const [channel] = await db
    .select()
    .from(salesChannels)
    .where(
      and(
        eq(salesChannels.accountId, accountId),
        channelId
          ? eq(salesChannels.id, channelId)
          : and(
              eq(salesChannels.siteId, SITE_ID.OWN_STORE),
              eq(salesChannels.channelTypeId, CHANNEL_TYPE_ID.POINT_OF_SALE),
            ),
      ),
    );
  return channel ?? null;
}

/** The account's active warehouse `warehouseId`, or without one its first active warehouse that fulfils. */
export async function findSaleWarehouse(db: Db, accountId: number, warehouseId?: number) {
  const [warehouse] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .innerJoin(warehouseTypes, eq(warehouseTypes.id, warehouses.warehouseTypeId))
    .where(
      and(
        eq(warehouses.accountId, accountId),
        eq(warehouses.isActive, 1),
        warehouseId ? eq(warehouses.id, warehouseId) : eq(warehouseTypes.hasFulfillment, true),
      ),
    )
    .orderBy(asc(warehouses.sortOrder), asc(warehouses.id))
    .limit(1);
  return warehouse ?? null;
}

export async function insertOrder(db: Db, values: OrderValues) {
  const [order] = await db.insert(channelOrders).values(values).returning({ id: channelOrders.id });
  return order!.id;
}

/** Units of a product free to sell in a warehouse: in a bin, not picked, not withheld, not allocated. */
export async function countFreeUnits(db: Db, accountId: number, productId: number, warehouseId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inventoryLocationItems)
    .innerJoin(warehouseDivisions, eq(warehouseDivisions.id, inventoryLocationItems.inventoryLocationId))
    .leftJoin(pickRequestItems, eq(pickRequestItems.inventoryLocationItemId, inventoryLocationItems.id))
    .where(
      and(
        eq(inventoryLocationItems.accountId, accountId),
        eq(inventoryLocationItems.productId, productId),
        eq(inventoryLocationItems.warehouseId, warehouseId),
        eq(inventoryLocationItems.isDeleted, 0),
        isNull(inventoryLocationItems.pickedAt),
        eq(warehouseDivisions.isWithheld, 0),
        isNull(pickRequestItems.id),
      ),
    );
  return row?.n ?? 0;
}

/** Units allocated to an order line. */
export async function countAllocatedUnits(db: Db, channelOrderItemId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pickRequestItems)
    .where(eq(pickRequestItems.channelOrderItemId, channelOrderItemId));
  return row?.n ?? 0;
}

/** The account's listing and the product it sells. */
export async function findListingWithProduct(db: Db, accountId: number, channelListingId: number) {
  const [row] = await db
    .select({ product: products, listing: channelListings })
    .from(channelListings)
    .innerJoin(products, eq(products.id, channelListings.productId))
    .where(and(eq(channelListings.id, channelListingId), eq(channelListings.accountId, accountId)));
  return row ?? null;
}

/**
 * The account's product whose UPC (8 to 16 digits) or SKU (any case) is `code`, with its listing on the
 * channel when it has one.
 */
export async function findProductByCode(db: Db, accountId: number, channelId: number | null, code: string) {
  const [row] = await db
    .select({ product: products, listing: channelListings })
    .from(products)
    .leftJoin(
      channelListings,
      and(
        eq(channelListings.productId, products.id),
        channelId ? eq(channelListings.channelId, channelId) : sql`false`,
      ),
    )
    .where(
      and(
        eq(products.accountId, accountId),
        /^\d{8,16}$/.test(code)
          ? eq(products.normalizedUpc, normalizeUpc(code))
          : sql`upper(${products.sku}) = ${code.toUpperCase()}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findProductTypeId(db: Db, productId: number) {
  const [product] = await db
    .select({ typeId: products.typeId })
    .from(products)
    .where(eq(products.id, productId));
  return product?.typeId ?? null;
}

/** The order's lines in the order they were added. */
export async function findOrderLines(db: Db, channelOrderId: number) {
  return db
    .select({
      id: channelOrderItems.id,
      productId: channelOrderItems.productId,
      quantityOrdered: channelOrderItems.quantityOrdered,
    })
    .from(channelOrderItems)
    .where(eq(channelOrderItems.channelOrderId, channelOrderId))
    .orderBy(asc(channelOrderItems.id));
}

/** One of the account's order lines. */
export async function findOrderItem(db: Db, accountId: number, channelOrderItemId: number) {
  const [line] = await db
    .select()
    .from(channelOrderItems)
    .where(and(eq(channelOrderItems.id, channelOrderItemId), eq(channelOrderItems.accountId, accountId)));
  return line ?? null;
}

export async function insertOrderItem(db: Db, values: ItemValues) {
  await db.insert(channelOrderItems).values(values);
}

export async function updateOrderItem(db: Db, channelOrderItemId: number, set: Partial<ItemValues>) {
  await db.update(channelOrderItems).set(set).where(eq(channelOrderItems.id, channelOrderItemId));
}

/** Removes a line and frees the units allocated to it. */
export async function deleteOrderItem(db: Db, channelOrderItemId: number) {
  await db.delete(pickRequestItems).where(eq(pickRequestItems.channelOrderItemId, channelOrderItemId));
  await db.delete(channelOrderItems).where(eq(channelOrderItems.id, channelOrderItemId));
}

export async function insertNote(db: Db, values: typeof orderNotes.$inferInsert) {
  await db.insert(orderNotes).values(values);
}

/** How many of `userIds` are users of the account. */
export async function countAccountUsers(db: Db, accountId: number, userIds: number[]) {
  const members = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), inIds(memberships.userId, userIds)));
  return members.length;
}

/** The users credited with an order line, in place of those credited before. */
export async function replaceSalesPeople(db: Db, channelOrderItemId: number, userIds: number[]) {
  await db
    .delete(channelOrderItemSalesPeople)
    .where(eq(channelOrderItemSalesPeople.channelOrderItemId, channelOrderItemId));
  if (userIds.length === 0) return;
  await db
    .insert(channelOrderItemSalesPeople)
    .values(userIds.map((userId) => ({ channelOrderItemId, userId })));
}
