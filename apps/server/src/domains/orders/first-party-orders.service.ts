import type {
  firstPartyCreateSchema,
  firstPartyItemAddSchema,
  firstPartyItemPatchSchema,
  firstPartyOrderPatchSchema,
  itemDiscountCreateSchema,
  itemDiscountPatchSchema,
  orderDiscountCreateSchema,
  orderDiscountPatchSchema,
} from '@backroom/shared';
import {
  addItemDecision,
  CHANNEL_ORDER_TYPE_ID,
  CHANNEL_TYPE_ID,
  canEditItems,
  canEditShippingAddress,
  DEFAULT_SALES_TAX_PERCENT,
  DELIVERY_TYPE,
  firstPartyTransition,
  formatMoney,
  normalizeUpc,
  ORDER_DISCOUNT_TYPE,
  ORDER_STATUS,
  orderStatusName,
  percentOfCents,
  SITE_ID,
  toCents,
  USER_NOTE_TYPE_ID,
} from '@backroom/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  addresses,
  channelListings,
  channelOrderItemSalesPeople,
  channelOrderItems,
  channelOrders,
  inventoryLocationItems,
  itemDiscounts,
  memberships,
  orderDiscounts,
  orderNotes,
  pickRequestItems,
  products,
  promotions,
  salesChannels,
  warehouseDivisions,
  warehouses,
  warehouseTypes,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { addressValues, loadCustomer, refuseUnlessShippable } from './customers.service';
import { loadOrderDetail } from './order-detail';
import {
  decimal,
  editOrder,
  firstPartyFactsOf,
  type LockedOrder,
  lockOrderWithChannel,
  orderBalance,
  storeBilledTotals,
} from './order-edit';
import { addSystemNote } from './order-notes';

// First-party (point of sale and web) orders: orders-warehouse.md §First-party order management, §4 Order
// actions, §5 Adding an item and Money. Every change locks the order, honours sourceModifiedAt where the
// call carries it, and leaves a system note.

type Input<T extends z.ZodType> = z.infer<T>;

function refuseUnless(check: { allowed: boolean; reason?: string }) {
  if (!check.allowed) throw conflict(check.reason ?? 'Not allowed for this order now.');
}

/** The account's point-of-sale channel and its first warehouse that fulfils, unless the call names them. */
async function posDefaults(tx: Db, accountId: number, channelId?: number, warehouseId?: number) {
  const [channel] = await tx
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
  if (!channel)
    throw badRequest(
      channelId ? `Sales channel ${channelId} not found.` : 'This account has no point-of-sale channel.',
    );
  const [warehouse] = await tx
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
  if (!warehouse)
    throw badRequest(
      warehouseId
        ? `Warehouse ${warehouseId} not found.`
        : 'This account has no warehouse that fulfils orders.',
    );
  return { channel, warehouseId: warehouse.id };
}

/**
 * PUT …/firstParty: a new order, On Hold (so its items can be edited), optionally with a first item. The
 * order and its first item are made in one transaction, and the listing is checked before anything is
 * written: a refused item leaves no empty order behind.
 */
export async function createFirstPartyOrder(
  deps: AppDeps,
  auth: AuthContext,
  body: Input<typeof firstPartyCreateSchema>,
) {
  const id = await deps.db.transaction(async (tx) => {
    const { channel, warehouseId } = await posDefaults(tx, auth.accountId, body.channelId, body.warehouseId);
    const [order] = await tx
      .insert(channelOrders)
      .values({
        accountId: auth.accountId,
        channelId: channel.id,
        channelOrderTypeId:
          channel.channelTypeId === CHANNEL_TYPE_ID.POINT_OF_SALE
            ? CHANNEL_ORDER_TYPE_ID.POINT_OF_SALE
            : CHANNEL_ORDER_TYPE_ID.CHANNEL,
        // A number until the real one below: the id is only known once the row exists.
        channelOrderNumber: `NEW-${crypto.randomUUID()}`,
        systemOrderStatusId: ORDER_STATUS.ON_HOLD,
        overrideWarehouseId: warehouseId,
        customerId: body.customerId ?? null,
        alternativeId: body.alternativeId ?? null,
        modifiedBy: auth.userId,
      })
      .returning({ id: channelOrders.id });
    const number = `${channel.channelTypeId === CHANNEL_TYPE_ID.POINT_OF_SALE ? 'POS' : 'W'}-${String(order!.id).padStart(6, '0')}`;
    await tx.update(channelOrders).set({ channelOrderNumber: number }).where(eq(channelOrders.id, order!.id));
    await addSystemNote(
      tx,
      { id: order!.id, accountId: auth.accountId },
      auth.userId,
      `Order ${number} created.`,
    );
    // The first item in the same transaction: a product not found refuses the call and leaves no order behind.
    if (body.channelListingId || body.barcode) {
      await addItemTo(tx, auth, await lockOrderWithChannel(tx, auth.accountId, order!.id), {
        channelListingId: body.channelListingId,
        barcode: body.barcode,
        quantity: body.quantity,
        deliveryTypeId: body.deliveryTypeId,
      });
      await storeBilledTotals(tx, order!.id);
    }
    return order!.id;
  });
  const detail = await loadOrderDetail(deps.db, auth.accountId, id);
  if (!detail) throw notFound(`Order ${id} not found.`);
  return detail;
}

/** Units of a product free to sell in a warehouse: in a bin, not picked, not withheld, not allocated. */
async function availableUnits(tx: Db, accountId: number, productId: number, warehouseId: number) {
  const [row] = await tx
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

/**
 * The product an item is for and the price it sells at on the order's channel: a listing (channelListingId)
 * names both; a scanned UPC or SKU names the product, priced by its listing on the channel when it has one,
 * else at its sale price.
 */
async function findProduct(
  tx: Db,
  accountId: number,
  channelId: number | null,
  body: { channelListingId?: number | null; barcode?: string | null },
) {
  if (body.channelListingId) {
    const [row] = await tx
      .select({ product: products, listing: channelListings })
      .from(channelListings)
      .innerJoin(products, eq(products.id, channelListings.productId))
      .where(and(eq(channelListings.id, body.channelListingId), eq(channelListings.accountId, accountId)));
    if (!row) throw notFound(`Listing ${body.channelListingId} not found.`);
    if (row.listing.channelId !== channelId)
      throw badRequest(`Listing ${body.channelListingId} is not on this order's channel.`);
    if (row.listing.isActive !== 1 || row.product.isActive !== 1)
      throw conflict(`${row.product.sku} is inactive and cannot be sold.`);
    return { product: row.product, price: row.listing.price, sku: row.listing.listingSKU };
  }
  const code = body.barcode?.trim() ?? '';
  const [row] = await tx
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
  if (!row) throw notFound(`No product with UPC or SKU ${code}.`);
  if (row.product.isActive !== 1 || (row.listing && row.listing.isActive !== 1)) {
    throw conflict(`${row.product.sku} is inactive and cannot be sold.`);
  }
  return {
    product: row.product,
    price: row.listing?.price ?? row.product.priceSale ?? '0',
    sku: row.listing?.listingSKU ?? row.product.sku,
  };
}

/**
 * PUT …/firstParty/item: adds a product by id or by a scanned UPC/SKU. The same product raises its line's
 * quantity only while it stays within the units free to sell (maxQuantity); type 22 always makes a new line.
 */
export async function addItem(deps: AppDeps, auth: AuthContext, body: Input<typeof firstPartyItemAddSchema>) {
  return editOrder(deps, auth, body.channelOrderId, undefined, (tx, order) =>
    addItemTo(tx, auth, order, body),
  );
}

/** Adds an item to a locked order, inside the caller's transaction. */
async function addItemTo(
  tx: Db,
  auth: AuthContext,
  order: LockedOrder,
  body: Pick<
    Input<typeof firstPartyItemAddSchema>,
    'channelListingId' | 'barcode' | 'quantity' | 'deliveryTypeId' | 'alternativeId'
  >,
) {
  refuseUnless(canEditItems(order));
  const { product, price, sku: listingSKU } = await findProduct(tx, auth.accountId, order.channelId, body);
  const lines = await tx
    .select({
      id: channelOrderItems.id,
      productId: channelOrderItems.productId,
      quantityOrdered: channelOrderItems.quantityOrdered,
    })
    .from(channelOrderItems)
    .where(eq(channelOrderItems.channelOrderId, order.id))
    .orderBy(asc(channelOrderItems.id));
  // Only simple products carry units; bundles, services and the like have no stock limit here.
  const maxQuantity =
    product.typeId === 0 && order.overrideWarehouseId
      ? await availableUnits(tx, auth.accountId, product.id, order.overrideWarehouseId)
      : null;
  const decision = addItemDecision(
    lines,
    { id: product.id, typeId: product.typeId },
    body.quantity,
    maxQuantity,
  );
  if (decision.kind === 'refused') {
    throw conflict(
      maxQuantity === 0
        ? `${product.sku} has no units free to sell in this warehouse.`
        : `${product.sku}: ${decision.reason}.`,
    );
  }
  if (decision.kind === 'increase') {
    await tx
      .update(channelOrderItems)
      .set({ quantityOrdered: decision.newQuantity, modifiedBy: auth.userId })
      .where(eq(channelOrderItems.id, decision.lineId));
    await addSystemNote(tx, order, auth.userId, `${product.sku} quantity raised to ${decision.newQuantity}.`);
    return;
  }
  await tx.insert(channelOrderItems).values({
    accountId: auth.accountId,
    channelOrderId: order.id,
    productId: product.id,
    description: product.name,
    listingSKU,
    quantityOrdered: body.quantity,
    unitPrice: price,
    unitCost: product.priceCost ?? '0',
    taxPercent: String(DEFAULT_SALES_TAX_PERCENT),
    deliveryTypeId: body.deliveryTypeId ?? DELIVERY_TYPE.CARRY_OUT,
    overrideWarehouseId: order.overrideWarehouseId,
    sortOrder: lines.length + 1,
    alternativeId: body.alternativeId ?? null,
    createdBy: auth.userId,
    modifiedBy: auth.userId,
  });
  await addSystemNote(
    tx,
    order,
    auth.userId,
    `Added ${body.quantity} x ${product.sku} at ${formatMoney(toCents(price))}.`,
  );
}

async function lineOf(tx: Db, accountId: number, channelOrderItemId: number) {
  const [line] = await tx
    .select()
    .from(channelOrderItems)
    .where(and(eq(channelOrderItems.id, channelOrderItemId), eq(channelOrderItems.accountId, accountId)));
  if (!line) throw notFound(`Order item ${channelOrderItemId} not found.`);
  return line;
}

/** PATCH …/firstParty/item: quantity (0 removes the line and frees its units), price, description, tax. */
export async function patchItem(
  deps: AppDeps,
  auth: AuthContext,
  body: Input<typeof firstPartyItemPatchSchema>,
) {
  const line = await lineOf(deps.db, auth.accountId, body.channelOrderItemId);
  return editOrder(deps, auth, line.channelOrderId, body.sourceModifiedAt, async (tx, order) => {
    refuseUnless(canEditItems(order));
    const current = await lineOf(tx, auth.accountId, body.channelOrderItemId);
    const { patch } = body;
    if (patch.quantityOrdered === 0) {
      await tx.delete(pickRequestItems).where(eq(pickRequestItems.channelOrderItemId, current.id));
      await tx.delete(channelOrderItems).where(eq(channelOrderItems.id, current.id));
      await addSystemNote(tx, order, auth.userId, `Removed ${current.listingSKU ?? current.description}.`);
      return;
    }
    if (
      patch.quantityOrdered !== undefined &&
      patch.quantityOrdered > current.quantityOrdered &&
      current.productId &&
      order.overrideWarehouseId
    ) {
      const [product] = await tx
        .select({ typeId: products.typeId })
        .from(products)
        .where(eq(products.id, current.productId));
      if (product?.typeId === 0) {
        const allocated = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(pickRequestItems)
          .where(eq(pickRequestItems.channelOrderItemId, current.id));
        const free = await availableUnits(tx, auth.accountId, current.productId, order.overrideWarehouseId);
        const max = free + (allocated[0]?.n ?? 0);
        if (patch.quantityOrdered > Math.max(max, current.quantityOrdered)) {
          throw conflict(`Only ${max} of ${current.listingSKU} can be sold from this warehouse.`);
        }
      }
    }
    const changes: string[] = [];
    if (patch.quantityOrdered !== undefined)
      changes.push(`quantity ${current.quantityOrdered} → ${patch.quantityOrdered}`);
    if (patch.unitPrice !== undefined)
      changes.push(
        `price ${formatMoney(toCents(current.unitPrice))} → ${formatMoney(toCents(patch.unitPrice))}`,
      );
    if (patch.taxPercent !== undefined)
      changes.push(`tax ${Number(current.taxPercent)}% → ${patch.taxPercent}%`);
    if (patch.description !== undefined) changes.push('description');
    await tx
      .update(channelOrderItems)
      .set({
        ...(patch.quantityOrdered === undefined ? {} : { quantityOrdered: patch.quantityOrdered }),
        ...(patch.unitPrice === undefined ? {} : { unitPrice: decimal(toCents(patch.unitPrice)) }),
        ...(patch.taxPercent === undefined ? {} : { taxPercent: String(patch.taxPercent) }),
        ...(patch.description === undefined ? {} : { description: patch.description }),
        ...(patch.deliveryTypeId === undefined ? {} : { deliveryTypeId: patch.deliveryTypeId }),
        modifiedBy: auth.userId,
      })
      .where(eq(channelOrderItems.id, current.id));
    if (changes.length)
      await addSystemNote(tx, order, auth.userId, `${current.listingSKU ?? 'Item'}: ${changes.join(', ')}.`);
  });
}

/**
 * PATCH …/firstParty: the customer, the shipping address (§4 Edit shipping address, §5 Address for shipping),
 * the warehouse, and Hold or Activate by the status machine (first-party-status.ts).
 */
export async function patchOrder(
  deps: AppDeps,
  auth: AuthContext,
  body: Input<typeof firstPartyOrderPatchSchema>,
) {
  return editOrder(deps, auth, body.channelOrderId, body.sourceModifiedAt, async (tx, order) => {
    const { patch } = body;
    if (patch.customerId !== undefined) {
      // The id was resolved within the account before the handler ran (account-refs).
      const customer = patch.customerId ? await loadCustomer(tx, auth.accountId, patch.customerId) : null;
      await tx
        .update(channelOrders)
        .set({ customerId: patch.customerId })
        .where(eq(channelOrders.id, order.id));
      await addSystemNote(
        tx,
        order,
        auth.userId,
        customer
          ? `Customer set to ${`${customer.firstName} ${customer.lastName}`.trim()}${customer.email ? ` (${customer.email})` : ''}.`
          : 'Customer removed.',
      );
    }
    if (patch.shipTo !== undefined) {
      refuseUnless(canEditShippingAddress(order));
      let addressId: number | null = null;
      if (patch.shipTo) {
        const values = await addressValues(tx, auth.accountId, patch.shipTo);
        refuseUnlessShippable(values);
        // A new row each time: shipments keep the address they were made for.
        const [made] = await tx.insert(addresses).values(values).returning({ id: addresses.id });
        addressId = made!.id;
        await addSystemNote(
          tx,
          order,
          auth.userId,
          `Shipping address set to ${[values.name, values.addressLine1, values.city, values.stateOrProvidence, values.postalCode].filter(Boolean).join(', ')}.`,
        );
      } else await addSystemNote(tx, order, auth.userId, 'Shipping address removed.');
      await tx
        .update(channelOrders)
        .set({ defaultShipAddressId: addressId })
        .where(eq(channelOrders.id, order.id));
    }
    if (patch.overrideWarehouseId !== undefined) {
      refuseUnless(canEditItems(order));
      if (patch.overrideWarehouseId)
        await posDefaults(tx, auth.accountId, order.channelId ?? undefined, patch.overrideWarehouseId);
      await tx
        .update(channelOrders)
        .set({ overrideWarehouseId: patch.overrideWarehouseId })
        .where(eq(channelOrders.id, order.id));
    }
    if (patch.systemOrderStatusId !== undefined) {
      const event = patch.systemOrderStatusId === ORDER_STATUS.ON_HOLD ? 'hold' : 'activate';
      const move = firstPartyTransition(order, event, await firstPartyFactsOf(tx, order.id));
      if (!move.allowed) throw conflict(move.reason);
      await setStatus(tx, auth, order, move.statusId);
    }
  });
}

export async function setStatus(tx: Db, auth: AuthContext, order: LockedOrder, target: number, why?: string) {
  if (target === order.systemOrderStatusId) return;
  await tx.update(channelOrders).set({ systemOrderStatusId: target }).where(eq(channelOrders.id, order.id));
  await addSystemNote(
    tx,
    order,
    auth.userId,
    `Status changed from ${orderStatusName(order.systemOrderStatusId)} to ${orderStatusName(target)}${why ? ` (${why})` : ''}.`,
  );
}

/**
 * PATCH …/firstParty/finalize: the sale is done being built and its money settled (the status machine,
 * first-party-status.ts): Completed when every line was carried out and picked, else Ready. With money still
 * due (or paid beyond the total) it is refused with what to do, and nothing changes.
 */
export async function finalizeOrder(
  deps: AppDeps,
  auth: AuthContext,
  body: { channelOrderId: number; sourceModifiedAt: string },
) {
  return editOrder(deps, auth, body.channelOrderId, body.sourceModifiedAt, async (tx, order) => {
    const facts = await firstPartyFactsOf(tx, order.id);
    const move = firstPartyTransition(order, 'finalize', facts);
    if (!move.allowed) throw conflict(move.reason);
    const { totals, paidCents } = await orderBalance(tx, order.id);
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Order finalized: total ${formatMoney(totals.orderTotal)}, paid ${formatMoney(paidCents)}.`,
    );
    await setStatus(tx, auth, order, move.statusId);
  });
}

/** PUT …/firstParty/discount: a user-addable order discount (47, 52, 57). */
export async function addOrderDiscount(
  deps: AppDeps,
  auth: AuthContext,
  body: Input<typeof orderDiscountCreateSchema>,
) {
  return editOrder(deps, auth, body.channelOrderId, body.sourceModifiedAt, async (tx, order) => {
    refuseUnless(canEditItems(order));
    await tx.insert(orderDiscounts).values({
      accountId: auth.accountId,
      channelOrderId: order.id,
      discountTypeId: body.discountTypeId,
      discount: decimal(toCents(body.discount)),
      note: body.note ?? null,
      sortOrder: await nextDiscountSort(tx, order.id),
      createdBy: auth.userId,
    });
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Order discount added: ${describeOrderDiscount(body.discountTypeId, body.discount)}.`,
    );
  });
}

async function nextDiscountSort(tx: Db, channelOrderId: number) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${orderDiscounts.sortOrder}), 0)::int` })
    .from(orderDiscounts)
    .where(and(eq(orderDiscounts.channelOrderId, channelOrderId), sql`${orderDiscounts.sortOrder} < 99`));
  return (row?.n ?? 0) + 1;
}

function describeOrderDiscount(typeId: number, amount: number) {
  const cents = toCents(amount);
  return typeId === 47
    ? `${(cents / 100).toFixed(2)}% Off`
    : typeId === 57
      ? `${formatMoney(cents)} Off / ea`
      : `${formatMoney(cents)} Off`;
}

/** PATCH …/firstParty/discount: switch on or off, or change the amount. Promotions change only by code. */
export async function patchOrderDiscount(
  deps: AppDeps,
  auth: AuthContext,
  body: Input<typeof orderDiscountPatchSchema>,
) {
  const [discount] = await deps.db
    .select()
    .from(orderDiscounts)
    .where(and(eq(orderDiscounts.id, body.id), eq(orderDiscounts.accountId, auth.accountId)));
  if (!discount) throw notFound(`Discount ${body.id} not found.`);
  if (discount.discountTypeId === ORDER_DISCOUNT_TYPE.PROMOTION)
    throw conflict('A promotion is removed by its code, not edited.');
  return editOrder(deps, auth, discount.channelOrderId, body.sourceModifiedAt, async (tx, order) => {
    refuseUnless(canEditItems(order));
    const { patch } = body;
    await tx
      .update(orderDiscounts)
      .set({
        ...(patch.isActive === undefined ? {} : { isActive: patch.isActive }),
        ...(patch.discount === undefined ? {} : { discount: decimal(toCents(patch.discount)) }),
        ...(patch.note === undefined ? {} : { note: patch.note }),
      })
      .where(eq(orderDiscounts.id, discount.id));
    const amount = patch.discount ?? Number(discount.discount);
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Order discount ${describeOrderDiscount(discount.discountTypeId, amount)} ${patch.isActive === 0 ? 'switched off' : patch.isActive === 1 ? 'switched on' : 'changed'}.`,
    );
  });
}

/** PUT …/firstParty/item/discount. */
export async function addItemDiscount(
  deps: AppDeps,
  auth: AuthContext,
  body: Input<typeof itemDiscountCreateSchema>,
) {
  const line = await lineOf(deps.db, auth.accountId, body.channelOrderItemId);
  return editOrder(deps, auth, line.channelOrderId, body.sourceModifiedAt, async (tx, order) => {
    refuseUnless(canEditItems(order));
    await tx.insert(itemDiscounts).values({
      accountId: auth.accountId,
      channelOrderItemId: line.id,
      discount: decimal(toCents(body.discount)),
      isPercent: body.isPercent,
      isUnit: body.isUnit,
      isFlat: body.isPercent ? 0 : 1,
      createdBy: auth.userId,
    });
    const cents = toCents(body.discount);
    const label = body.isPercent
      ? `${(cents / 100).toFixed(2)}%`
      : body.isUnit
        ? `${formatMoney(cents)}/ea`
        : formatMoney(cents);
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Item discount ${label} added to ${line.listingSKU ?? line.description}.`,
    );
  });
}

/** PATCH …/firstParty/item/discount. */
export async function patchItemDiscount(
  deps: AppDeps,
  auth: AuthContext,
  body: Input<typeof itemDiscountPatchSchema>,
) {
  const [row] = await deps.db
    .select({
      discount: itemDiscounts,
      channelOrderId: channelOrderItems.channelOrderId,
      sku: channelOrderItems.listingSKU,
    })
    .from(itemDiscounts)
    .innerJoin(channelOrderItems, eq(channelOrderItems.id, itemDiscounts.channelOrderItemId))
    .where(and(eq(itemDiscounts.id, body.id), eq(itemDiscounts.accountId, auth.accountId)));
  if (!row) throw notFound(`Item discount ${body.id} not found.`);
  return editOrder(deps, auth, row.channelOrderId, body.sourceModifiedAt, async (tx, order) => {
    refuseUnless(canEditItems(order));
    await tx
      .update(itemDiscounts)
      .set({
        ...(body.patch.isActive === undefined ? {} : { isActive: body.patch.isActive }),
        ...(body.patch.discount === undefined ? {} : { discount: decimal(toCents(body.patch.discount)) }),
      })
      .where(eq(itemDiscounts.id, body.id));
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Item discount on ${row.sku ?? 'an item'} ${body.patch.isActive === 0 ? 'switched off' : 'changed'}.`,
    );
  });
}

/**
 * POST …/firstParty/applyPromotion: a valid code (active, within its dates, uses left) becomes a type 60
 * discount: its amount, or its percent of what the order comes to at that moment. The promotion's row lock
 * makes the last use go to exactly one order.
 */
export async function applyPromotion(
  deps: AppDeps,
  auth: AuthContext,
  body: { redemptionCode: string; channelOrderId: number },
) {
  return editOrder(deps, auth, body.channelOrderId, undefined, async (tx, order) => {
    refuseUnless(canEditItems(order));
    const [promotion] = await tx
      .select()
      .from(promotions)
      .where(
        and(
          eq(promotions.accountId, auth.accountId),
          sql`upper(${promotions.redemptionCode}) = ${body.redemptionCode.toUpperCase()}`,
        ),
      )
      .for('update');
    const now = Date.now();
    if (!promotion || promotion.isActive !== 1)
      throw conflict(`Promotion code ${body.redemptionCode} is not valid.`);
    if (
      (promotion.startsAt && promotion.startsAt.getTime() > now) ||
      (promotion.endsAt && promotion.endsAt.getTime() < now)
    ) {
      throw conflict(`Promotion code ${promotion.redemptionCode} is not valid today.`);
    }
    if (promotion.usageLimit !== null && promotion.usageCount >= promotion.usageLimit) {
      throw conflict(`Promotion code ${promotion.redemptionCode} has been used up.`);
    }
    const [already] = await tx
      .select({ id: orderDiscounts.id })
      .from(orderDiscounts)
      .where(and(eq(orderDiscounts.channelOrderId, order.id), eq(orderDiscounts.promotionId, promotion.id)));
    if (already) throw conflict(`Promotion code ${promotion.redemptionCode} is already on this order.`);
    const { totals } = await orderBalance(tx, order.id);
    const cents = promotion.isPercent
      ? percentOfCents(totals.subtotal, toCents(promotion.amount))
      : toCents(promotion.amount);
    if (cents <= 0) throw conflict('The promotion takes nothing off this order.');
    await tx.insert(orderDiscounts).values({
      accountId: auth.accountId,
      channelOrderId: order.id,
      discountTypeId: ORDER_DISCOUNT_TYPE.PROMOTION,
      discount: decimal(cents),
      note: `${promotion.redemptionCode}: ${promotion.name}`,
      promotionId: promotion.id,
      sortOrder: 98,
      createdBy: auth.userId,
    });
    await tx
      .update(promotions)
      .set({ usageCount: sql`${promotions.usageCount} + 1` })
      .where(eq(promotions.id, promotion.id));
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Promotion ${promotion.redemptionCode} applied: ${formatMoney(cents)} off.`,
    );
  });
}

/** POST …/firstParty/removePromotion: takes the code's discount off and gives its use back. */
export async function removePromotion(
  deps: AppDeps,
  auth: AuthContext,
  body: { redemptionCode: string; channelOrderId: number },
) {
  return editOrder(deps, auth, body.channelOrderId, undefined, async (tx, order) => {
    refuseUnless(canEditItems(order));
    const [row] = await tx
      .select({ discountId: orderDiscounts.id, promotionId: promotions.id, code: promotions.redemptionCode })
      .from(orderDiscounts)
      .innerJoin(promotions, eq(promotions.id, orderDiscounts.promotionId))
      .where(
        and(
          eq(orderDiscounts.channelOrderId, order.id),
          sql`upper(${promotions.redemptionCode}) = ${body.redemptionCode.toUpperCase()}`,
        ),
      );
    if (!row) throw notFound(`Promotion code ${body.redemptionCode} is not on this order.`);
    await tx.delete(orderDiscounts).where(eq(orderDiscounts.id, row.discountId));
    await tx
      .update(promotions)
      .set({ usageCount: sql`greatest(${promotions.usageCount} - 1, 0)` })
      .where(eq(promotions.id, row.promotionId));
    await addSystemNote(tx, order, auth.userId, `Promotion ${row.code} removed.`);
  });
}

/** PUT …/firstParty/note. */
export async function addNote(
  deps: AppDeps,
  auth: AuthContext,
  body: { channelOrderId: number; noteText: string },
) {
  return editOrder(deps, auth, body.channelOrderId, undefined, async (tx, order) => {
    await tx.insert(orderNotes).values({
      accountId: auth.accountId,
      channelOrderId: order.id,
      userId: auth.userId,
      noteTypeId: USER_NOTE_TYPE_ID,
      text: body.noteText,
      modifiedBy: auth.userId,
    });
  });
}

/** PATCH …/firstParty/salesPeople: the users credited with an item (salesperson role, this account). */
export async function setSalesPeople(
  deps: AppDeps,
  auth: AuthContext,
  body: { channelOrderItemId: number; userIds: number[] },
) {
  const line = await lineOf(deps.db, auth.accountId, body.channelOrderItemId);
  return editOrder(deps, auth, line.channelOrderId, undefined, async (tx, order) => {
    const ids = [...new Set(body.userIds)];
    if (ids.length) {
      const members = await tx
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(
          and(
            eq(memberships.accountId, auth.accountId),
            sql`${memberships.userId} = any(${`{${ids.join(',')}}`}::int[])`,
          ),
        );
      if (members.length !== ids.length)
        throw badRequest('Every sales person must be a user of this account.');
    }
    await tx
      .delete(channelOrderItemSalesPeople)
      .where(eq(channelOrderItemSalesPeople.channelOrderItemId, line.id));
    if (ids.length) {
      await tx
        .insert(channelOrderItemSalesPeople)
        .values(ids.map((userId) => ({ channelOrderItemId: line.id, userId })));
    }
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Sales people of ${line.listingSKU ?? 'an item'} set (${ids.length}).`,
    );
  });
}
