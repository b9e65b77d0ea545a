import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import {
  addresses,
  channelOrderItemSalesPeople,
  channelOrderItems,
  channelOrderPayments,
  channelOrderShipments,
  channelOrders,
  customers,
  itemDiscounts,
  orderDiscounts,
  orderNotes,
  paymentRefunds,
  pickRequestItems,
  products,
  salesChannels,
  users,
  warehouses,
} from '../../db/schema';

// Every read of an order lives here. An order's detail is a fixed number of queries, whatever the number of
// its items, payments or shipments (run side by side), so a 50-item order costs what a 1-item order does.

export type OrderRow = typeof channelOrders.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;

/** The order and what sits on its header: channel, customer, customer address, ship-to address. */
export async function findOrderHeader(db: Db, accountId: number, channelOrderId: number) {
  const customerAddress = alias(addresses, 'customer_address');
  const [row] = await db
    .select({
      order: channelOrders,
      channel: salesChannels,
      customer: customers,
      shipTo: addresses,
      customerAddress,
      warehouseRequiresPacking: warehouses.isPackingRequired,
    })
    .from(channelOrders)
    .leftJoin(salesChannels, eq(salesChannels.id, channelOrders.channelId))
    .leftJoin(customers, eq(customers.id, channelOrders.customerId))
    .leftJoin(addresses, eq(addresses.id, channelOrders.defaultShipAddressId))
    .leftJoin(customerAddress, eq(customerAddress.id, customers.addressId))
    .leftJoin(warehouses, eq(warehouses.id, channelOrders.overrideWarehouseId))
    .where(and(eq(channelOrders.id, channelOrderId), eq(channelOrders.accountId, accountId)));
  return row ?? null;
}

export async function findOrderItems(db: Db, channelOrderId: number) {
  return db
    .select({ item: channelOrderItems, sku: products.sku, name: products.name, typeId: products.typeId })
    .from(channelOrderItems)
    .leftJoin(products, eq(products.id, channelOrderItems.productId))
    .where(eq(channelOrderItems.channelOrderId, channelOrderId))
    .orderBy(asc(channelOrderItems.sortOrder), asc(channelOrderItems.id));
}

/** Item discounts, sales people and allocated units of the given items, each in one query. */
export async function findItemDetails(db: Db, itemIds: number[]) {
  if (itemIds.length === 0) return { discounts: [], salesPeople: [], units: [] };
  const [discounts, salesPeople, units] = await Promise.all([
    db
      .select()
      .from(itemDiscounts)
      .where(inIds(itemDiscounts.channelOrderItemId, itemIds))
      .orderBy(asc(itemDiscounts.sortOrder), asc(itemDiscounts.id)),
    db
      .select({
        channelOrderItemId: channelOrderItemSalesPeople.channelOrderItemId,
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(channelOrderItemSalesPeople)
      .innerJoin(users, eq(users.id, channelOrderItemSalesPeople.userId))
      .where(inIds(channelOrderItemSalesPeople.channelOrderItemId, itemIds)),
    db
      .select({
        id: pickRequestItems.id,
        channelOrderItemId: pickRequestItems.channelOrderItemId,
        pickRequestId: pickRequestItems.pickRequestId,
        inventoryLocationItemId: pickRequestItems.inventoryLocationItemId,
        pickedAt: pickRequestItems.pickedAt,
      })
      .from(pickRequestItems)
      .where(inIds(pickRequestItems.channelOrderItemId, itemIds)),
  ]);
  return { discounts, salesPeople, units };
}

export async function findOrderDiscounts(db: Db, channelOrderId: number) {
  return db
    .select()
    .from(orderDiscounts)
    .where(eq(orderDiscounts.channelOrderId, channelOrderId))
    .orderBy(asc(orderDiscounts.sortOrder), asc(orderDiscounts.id));
}

/** Payments with their refunds (one query each). */
export async function findPayments(db: Db, channelOrderId: number) {
  const payments = await db
    .select()
    .from(channelOrderPayments)
    .where(eq(channelOrderPayments.channelOrderId, channelOrderId))
    .orderBy(asc(channelOrderPayments.id));
  const refunds = payments.length
    ? await db
        .select()
        .from(paymentRefunds)
        .where(
          inIds(
            paymentRefunds.channelOrderPaymentId,
            payments.map((p) => p.id),
          ),
        )
        .orderBy(asc(paymentRefunds.id))
    : [];
  return { payments, refunds };
}

export async function findNotes(db: Db, channelOrderId: number) {
  return db
    .select({ note: orderNotes, firstName: users.firstName, lastName: users.lastName })
    .from(orderNotes)
    .leftJoin(users, eq(users.id, orderNotes.userId))
    .where(eq(orderNotes.channelOrderId, channelOrderId))
    .orderBy(desc(orderNotes.createdAt), desc(orderNotes.id));
}

/** The order this one was made for, and the orders made for this one. */
export async function findRelatedOrders(db: Db, accountId: number, order: OrderRow) {
  return db
    .select({
      id: channelOrders.id,
      channelOrderNumber: channelOrders.channelOrderNumber,
      relatedOrderId: channelOrders.relatedOrderId,
      relatedOrderTypeId: channelOrders.relatedOrderTypeId,
      systemOrderStatusId: channelOrders.systemOrderStatusId,
    })
    .from(channelOrders)
    .where(
      and(
        eq(channelOrders.accountId, accountId),
        order.relatedOrderId
          ? sql`(${channelOrders.relatedOrderId} = ${order.id} or ${channelOrders.id} = ${order.relatedOrderId})`
          : eq(channelOrders.relatedOrderId, order.id),
      ),
    )
    .orderBy(asc(channelOrders.id));
}

export async function findChannels(db: Db, accountId: number) {
  return db
    .select()
    .from(salesChannels)
    .where(eq(salesChannels.accountId, accountId))
    .orderBy(asc(salesChannels.siteId), asc(salesChannels.channelTypeId));
}

// The writes of channel-orders.service.ts (notes, the §4 actions, mark shipped), run inside its transaction:
// pass its `tx`. A new note goes through insertNote (first-party-orders.repository.ts), the order row through
// updateOrder (order-edit.repository.ts), a package through updateShipment (order-shipments.repository.ts).

/** The note, when it is on the given order. */
export async function findOrderNote(tx: Db, noteId: number, channelOrderId: number) {
  const [current] = await tx
    .select()
    .from(orderNotes)
    .where(and(eq(orderNotes.id, noteId), eq(orderNotes.channelOrderId, channelOrderId)));
  return current;
}

export async function updateNoteText(tx: Db, noteId: number, text: string, modifiedBy: number) {
  await tx.update(orderNotes).set({ text, modifiedBy }).where(eq(orderNotes.id, noteId));
}

export async function findWarehousePacking(tx: Db, warehouseId: number) {
  const [warehouse] = await tx
    .select({ isPackingRequired: warehouses.isPackingRequired })
    .from(warehouses)
    .where(eq(warehouses.id, warehouseId));
  return warehouse;
}

/** The order's packages being prepared (not bought, not voided), oldest first. */
export async function findOpenShipments(tx: Db, channelOrderId: number) {
  return tx
    .select({ id: channelOrderShipments.id })
    .from(channelOrderShipments)
    .where(
      and(
        eq(channelOrderShipments.channelOrderId, channelOrderId),
        eq(channelOrderShipments.isPurchased, 0),
        eq(channelOrderShipments.isVoided, 0),
      ),
    )
    .orderBy(asc(channelOrderShipments.id));
}

export async function insertShipments(tx: Db, values: (typeof channelOrderShipments.$inferInsert)[]) {
  await tx.insert(channelOrderShipments).values(values);
}
