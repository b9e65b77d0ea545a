import { NEW_CONDITION_ID, RETURN_ITEM_STATUS, RETURN_STATUS } from '@backroom/shared';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  addresses,
  brands,
  channelOrderItems,
  channelOrderReturnItems,
  channelOrderReturns,
  channelOrders,
  customers,
  images,
  inboundReturnAppeals,
  inboundReturnItems,
  inboundReturnNotes,
  inboundReturnPayments,
  inboundReturnShipments,
  inboundReturns,
  inventoryLocationItems,
  productImages,
  products,
  salesChannels,
  users,
  warehouseDivisions,
} from '../../db/schema';

// Every read and write of a return's rows lives here. A return is read in a fixed number of queries, whatever
// the number of its items, labels, payments and notes.

const float = (column: unknown) => sql<number | null>`${column}::float8`;

/**
 * An order's returns as the order detail's Returns table shows them (ID, Reference, Shipments, Payments,
 * Amount, Claim $, Reimbursed $), in one statement. Amount is what the returned units sold for on the order.
 */
export async function findOrderReturns(db: Db, accountId: number, channelOrderId: number) {
  return db
    .select({
      id: inboundReturns.id,
      referenceId: sql<
        string | null
      >`coalesce(${inboundReturns.referenceId}, ${channelOrderReturns.referenceId})`,
      returnStatusId: inboundReturns.returnStatusId,
      requestedAt: inboundReturns.requestedAt,
      amount: sql<number>`(select coalesce(sum(i.quantity * coi.unit_price), 0)::float8
        from ${inboundReturnItems} i left join ${channelOrderItems} coi on coi.id = i.channel_order_item_id
        where i.inbound_return_id = ${inboundReturns.id})`,
      shipments: sql<
        { id: number; trackingNumber: string | null }[]
      >`(select coalesce(json_agg(json_build_object(
          'id', s.id, 'trackingNumber', s.tracking_number) order by s.id), '[]'::json)
        from ${inboundReturnShipments} s where s.inbound_return_id = ${inboundReturns.id})`,
      payments: sql<{ id: number; amount: number }[]>`(select coalesce(json_agg(json_build_object(
          'id', p.id, 'amount', p.amount::float8) order by p.id), '[]'::json)
        from ${inboundReturnPayments} p where p.inbound_return_id = ${inboundReturns.id})`,
      appeal: sql<{ claimAmountDollar: number | null; reimbursementAmountDollar: number | null } | null>`(
        select json_build_object('claimAmountDollar', a.claim_amount_dollar::float8,
          'reimbursementAmountDollar', a.reimbursement_amount_dollar::float8)
        from ${inboundReturnAppeals} a where a.inbound_return_id = ${inboundReturns.id})`,
    })
    .from(inboundReturns)
    .innerJoin(channelOrderReturns, eq(channelOrderReturns.id, inboundReturns.channelOrderReturnId))
    .where(
      and(
        eq(channelOrderReturns.accountId, accountId),
        eq(channelOrderReturns.channelOrderId, channelOrderId),
      ),
    )
    .orderBy(asc(inboundReturns.id));
}

/** The return with its channel return, order, channel, customer and ship-to address; null when not the account's. */
export async function findReturnHeader(db: Db, accountId: number, inboundReturnId: number) {
  const [row] = await db
    .select({
      inboundReturn: inboundReturns,
      channelOrderReturn: channelOrderReturns,
      order: {
        id: channelOrders.id,
        channelOrderNumber: channelOrders.channelOrderNumber,
        channelOrderTypeId: channelOrders.channelOrderTypeId,
        systemOrderStatusId: channelOrders.systemOrderStatusId,
        isFBA: channelOrders.isFBA,
        orderedAt: channelOrders.orderedAt,
      },
      channel: {
        id: salesChannels.id,
        siteId: salesChannels.siteId,
        typeId: salesChannels.channelTypeId,
        name: salesChannels.name,
      },
      customer: { firstName: customers.firstName, lastName: customers.lastName, email: customers.email },
      shipTo: addresses,
    })
    .from(inboundReturns)
    .leftJoin(channelOrderReturns, eq(channelOrderReturns.id, inboundReturns.channelOrderReturnId))
    .leftJoin(channelOrders, eq(channelOrders.id, channelOrderReturns.channelOrderId))
    .leftJoin(salesChannels, eq(salesChannels.id, channelOrders.channelId))
    .leftJoin(customers, eq(customers.id, inboundReturns.customerId))
    .leftJoin(addresses, eq(addresses.id, channelOrders.defaultShipAddressId))
    .where(and(eq(inboundReturns.id, inboundReturnId), eq(inboundReturns.accountId, accountId)));
  return row ?? null;
}

export function findReturnItems(db: Db, inboundReturnId: number) {
  return db
    .select({
      item: inboundReturnItems,
      product: {
        id: products.id,
        sku: products.sku,
        name: products.name,
        upc: products.upc,
        productConditionId: products.productConditionId,
        brandId: products.brandId,
        brandAlias: brands.alias,
        packageLengthInch: float(products.packageLengthInch),
        packageWidthInch: float(products.packageWidthInch),
        packageHeightInch: float(products.packageHeightInch),
        packageWeightOunce: float(products.packageWeightOunce),
        priceCost: float(products.priceCost),
      },
      unitPrice: float(channelOrderItems.unitPrice),
      listingSKU: channelOrderItems.listingSKU,
      description: channelOrderItems.description,
      quantityOrdered: channelOrderItems.quantityOrdered,
      channelLine: {
        id: channelOrderReturnItems.id,
        quantity: channelOrderReturnItems.quantity,
        returnReasonId: channelOrderReturnItems.returnReasonId,
        returnReasonNote: channelOrderReturnItems.returnReasonNote,
      },
    })
    .from(inboundReturnItems)
    .leftJoin(products, eq(products.id, inboundReturnItems.productId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(channelOrderItems, eq(channelOrderItems.id, inboundReturnItems.channelOrderItemId))
    .leftJoin(
      channelOrderReturnItems,
      eq(channelOrderReturnItems.id, inboundReturnItems.channelOrderReturnItemId),
    )
    .where(eq(inboundReturnItems.inboundReturnId, inboundReturnId))
    .orderBy(asc(inboundReturnItems.id));
}

const imageUrl = sql<string | null>`coalesce(${images.cloudinaryJSON}->>'thumbnail_url',
  ${images.cloudinaryJSON}->>'secure_url', ${images.sourceURL})`;

/** The products a return's items are of (a subquery: the detail reads everything in one round trip). */
const productsOfReturn = (inboundReturnId: number) =>
  sql`(select ${inboundReturnItems.productId} from ${inboundReturnItems}
    where ${inboundReturnItems.inboundReturnId} = ${inboundReturnId} and ${inboundReturnItems.productId} is not null)`;

/** The active images of the products of a return's items, primary first. */
export function findProductImages(db: Db, inboundReturnId: number) {
  return db
    .select({
      productId: productImages.productId,
      imageId: productImages.imageId,
      isPrimaryImage: productImages.isPrimaryImage,
      url: imageUrl,
    })
    .from(productImages)
    .innerJoin(images, eq(images.id, productImages.imageId))
    .where(
      and(
        sql`${productImages.productId} in ${productsOfReturn(inboundReturnId)}`,
        eq(productImages.isActive, 1),
      ),
    )
    .orderBy(asc(productImages.productId), desc(productImages.isPrimaryImage), asc(productImages.sortOrder));
}

/** Condition variants of a return's products (catalogue-admin.md §2.11): what a used receipt goes to. */
export function findConditionVariants(db: Db, accountId: number, inboundReturnId: number) {
  return db
    .select({
      id: products.id,
      sourceProductId: products.sourceProductId,
      sku: products.sku,
      name: products.name,
      upc: products.upc,
      productConditionId: products.productConditionId,
      hasPrimaryImage: sql<boolean>`exists (select 1 from ${productImages} pi
        where pi.product_id = ${products.id} and pi.is_primary_image = 1 and pi.is_active = 1)`,
    })
    .from(products)
    .where(
      and(
        eq(products.accountId, accountId),
        sql`${products.sourceProductId} in ${productsOfReturn(inboundReturnId)}`,
        ne(products.productConditionId, NEW_CONDITION_ID),
        eq(products.isActive, 1),
      ),
    )
    .orderBy(asc(products.id));
}

/** The units received from a return's items, oldest first, with their product and location. */
export function findReturnUnits(db: Db, accountId: number, inboundReturnId: number) {
  return db
    .select({
      unit: inventoryLocationItems,
      sku: products.sku,
      name: products.name,
      upc: products.upc,
      productConditionId: products.productConditionId,
      locationBarcode: warehouseDivisions.barcode,
      locationName: warehouseDivisions.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(inventoryLocationItems)
    .innerJoin(products, eq(products.id, inventoryLocationItems.productId))
    .leftJoin(warehouseDivisions, eq(warehouseDivisions.id, inventoryLocationItems.inventoryLocationId))
    .leftJoin(users, eq(users.id, inventoryLocationItems.receivedBy))
    .where(
      and(
        eq(inventoryLocationItems.accountId, accountId),
        sql`${inventoryLocationItems.returnItemId} in (select ${inboundReturnItems.id} from ${inboundReturnItems}
          where ${inboundReturnItems.inboundReturnId} = ${inboundReturnId})`,
        eq(inventoryLocationItems.isDeleted, 0),
      ),
    )
    .orderBy(asc(inventoryLocationItems.id));
}

export function findReturnPayments(db: Db, inboundReturnId: number) {
  return db
    .select()
    .from(inboundReturnPayments)
    .where(eq(inboundReturnPayments.inboundReturnId, inboundReturnId))
    .orderBy(asc(inboundReturnPayments.id));
}

export async function findReturnAppeal(db: Db, inboundReturnId: number) {
  const [appeal] = await db
    .select()
    .from(inboundReturnAppeals)
    .where(eq(inboundReturnAppeals.inboundReturnId, inboundReturnId));
  return appeal ?? null;
}

/** Notes newest first, with their authors' names. */
export function findReturnNotes(db: Db, inboundReturnId: number) {
  return db
    .select({ note: inboundReturnNotes, firstName: users.firstName, lastName: users.lastName })
    .from(inboundReturnNotes)
    .leftJoin(users, eq(users.id, inboundReturnNotes.userId))
    .where(eq(inboundReturnNotes.inboundReturnId, inboundReturnId))
    .orderBy(desc(inboundReturnNotes.createdAt), desc(inboundReturnNotes.id));
}

/** The order's lines, for a new return to expect back. */
export function findOrderLines(db: Db, channelOrderId: number) {
  return db
    .select({
      channelOrderItemId: channelOrderItems.id,
      productId: channelOrderItems.productId,
      quantityOrdered: channelOrderItems.quantityOrdered,
    })
    .from(channelOrderItems)
    .where(eq(channelOrderItems.channelOrderId, channelOrderId))
    .orderBy(asc(channelOrderItems.sortOrder), asc(channelOrderItems.id));
}

/** How many units of each order line the order's other returns (not cancelled) already expect back. */
export async function findExpectedByOrderLine(db: Db, accountId: number, channelOrderItemIds: number[]) {
  if (channelOrderItemIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({
      channelOrderItemId: inboundReturnItems.channelOrderItemId,
      quantity: sql<number>`sum(${inboundReturnItems.quantity})::int`,
    })
    .from(inboundReturnItems)
    .innerJoin(inboundReturns, eq(inboundReturns.id, inboundReturnItems.inboundReturnId))
    .where(
      and(
        eq(inboundReturnItems.accountId, accountId),
        inArray(inboundReturnItems.channelOrderItemId, channelOrderItemIds),
        ne(inboundReturns.returnStatusId, RETURN_STATUS.cancelled),
        ne(inboundReturnItems.inboundReturnItemStatusId, RETURN_ITEM_STATUS.cancelled),
      ),
    )
    .groupBy(inboundReturnItems.channelOrderItemId);
  return new Map(rows.map((row) => [row.channelOrderItemId as number, Number(row.quantity)]));
}

/** Orders made for this one (a replacement among them), for the return's 'Replacement Order Issued' alert. */
/** The orders made for the return's order (a replacement, …), found from the return itself. */
export function findOrdersMadeFor(db: Db, accountId: number, inboundReturnId: number) {
  const channelOrderId = sql`(select ${channelOrderReturns.channelOrderId} from ${channelOrderReturns}
    join ${inboundReturns} on ${inboundReturns.channelOrderReturnId} = ${channelOrderReturns.id}
    where ${inboundReturns.id} = ${inboundReturnId})`;
  return db
    .select({
      id: channelOrders.id,
      channelOrderNumber: channelOrders.channelOrderNumber,
      relatedOrderTypeId: channelOrders.relatedOrderTypeId,
    })
    .from(channelOrders)
    .where(
      and(eq(channelOrders.accountId, accountId), sql`${channelOrders.relatedOrderId} = ${channelOrderId}`),
    )
    .orderBy(asc(channelOrders.id));
}
