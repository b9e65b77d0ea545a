import {
  addItemDecision,
  canEditItems,
  DEFAULT_SALES_TAX_PERCENT,
  DELIVERY_TYPE,
  type firstPartyItemAddSchema,
  formatMoney,
  toCents,
} from '@backroom/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import { badRequest, conflict, notFound } from '../../../http/errors';
import type { AuthContext } from '../../auth/auth-cache';
import {
  countFreeUnits,
  findListingWithProduct,
  findOrderLines,
  findProductByCode,
  insertOrderItem,
  updateOrderItem,
} from '../first-party-orders.repository';
import { editOrder, type LockedOrder } from '../order-edit';
import { addSystemNote } from '../order-notes';
import { refuseUnless } from './order-checks';

type AddItemInput = z.infer<typeof firstPartyItemAddSchema>;

/**
 * PUT …/firstParty/item: adds a product by id or by a scanned UPC/SKU. The same product raises its line's
 * quantity only while it stays within the units free to sell (maxQuantity); type 22 always makes a new line.
 */
export async function addItem(deps: AppDeps, auth: AuthContext, body: AddItemInput) {
  return editOrder(deps, auth, body.channelOrderId, undefined, (tx, order) =>
    addItemTo(tx, auth, order, body),
  );
}

/** Adds an item to a locked order, inside the caller's transaction. */
export async function addItemTo(
  tx: Db,
  auth: AuthContext,
  order: LockedOrder,
  body: Pick<AddItemInput, 'channelListingId' | 'barcode' | 'quantity' | 'deliveryTypeId' | 'alternativeId'>,
) {
  refuseUnless(canEditItems(order));
  const { product, price, sku: listingSKU } = await findProduct(tx, auth.accountId, order.channelId, body);
  const lines = await findOrderLines(tx, order.id);
  // Only simple products carry units; bundles, services and the like have no stock limit here.
  const maxQuantity =
    product.typeId === 0 && order.overrideWarehouseId
      ? await countFreeUnits(tx, auth.accountId, product.id, order.overrideWarehouseId)
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
    await updateOrderItem(tx, decision.lineId, {
      quantityOrdered: decision.newQuantity,
      modifiedBy: auth.userId,
    });
    await addSystemNote(tx, order, auth.userId, `${product.sku} quantity raised to ${decision.newQuantity}.`);
    return;
  }
  await insertOrderItem(tx, {
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
    const row = await findListingWithProduct(tx, accountId, body.channelListingId);
    if (!row) throw notFound(`Listing ${body.channelListingId} not found.`);
    if (row.listing.channelId !== channelId)
      throw badRequest(`Listing ${body.channelListingId} is not on this order's channel.`);
    if (row.listing.isActive !== 1 || row.product.isActive !== 1)
      throw conflict(`${row.product.sku} is inactive and cannot be sold.`);
    return { product: row.product, price: row.listing.price, sku: row.listing.listingSKU };
  }
  const code = body.barcode?.trim() ?? '';
  const row = await findProductByCode(tx, accountId, channelId, code);
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
