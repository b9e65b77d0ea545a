import { type ImportedOrder, orderStatusName, toCents } from '@backroom/shared';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { updateCustomer } from './customers.repository';
import { hasAllocatedUnits } from './order-edit.repository';
import {
  deleteOrderItems,
  findProductsBySkus,
  insertCustomerFields,
  insertOrderItems,
  insertOrderPayments,
  listAccountChannels,
  listKnownPayments,
  lockImportedOrder,
  saveAddress,
  updateCustomerFields,
  upsertCustomerByEmail,
  upsertImportedOrder,
} from './order-import.repository';
import { addSystemNote } from './order-notes';

/** Channel type of marketplace channels (1 is the web store, 2 the point of sale). */
const MARKETPLACE_CHANNEL_TYPE = 3;
const WEB_STORE_CHANNEL_TYPE = 1;
const OWN_STORE_SITE_ID = 99;

export interface ImportResult {
  id: number;
  channelOrderNumber: string;
  siteId: number;
  created: boolean;
}

const decimal = (cents: number) => (cents / 100).toFixed(2);

/**
 * POST /api/v1/backroom/channelOrders/import: marketplace orders in, idempotent on channel + channel order
 * number. A new order is created with its customer, addresses, items and payments; an order sent again is
 * updated in place (status, dates, addresses, payments it did not have; its items too while none of its
 * units are allocated), never duplicated — even when two imports of it run at once, because the upsert on
 * the unique (account, channel, number) key locks the order row for the rest of its transaction.
 */
export async function importOrders(deps: AppDeps, auth: AuthContext, orders: ImportedOrder[]) {
  const channels = await listAccountChannels(deps.db, auth.accountId);
  const channelOf = (siteId: number) =>
    channels.find(
      (c) =>
        c.siteId === siteId &&
        c.channelTypeId ===
          (siteId === OWN_STORE_SITE_ID ? WEB_STORE_CHANNEL_TYPE : MARKETPLACE_CHANNEL_TYPE),
    );
  const unknownSites = [...new Set(orders.map((o) => o.siteId).filter((s) => !channelOf(s)))];
  if (unknownSites.length) throw badRequest(`No sales channel for site id ${unknownSites.join(', ')}.`);

  const skus = [...new Set(orders.flatMap((o) => o.items.map((i) => i.sku.toUpperCase())))];
  const productRows = await findProductsBySkus(deps.db, auth.accountId, skus);
  const productOf = new Map(productRows.map((p) => [p.sku.toUpperCase(), p]));

  const results: ImportResult[] = [];
  // One transaction per order: a bad order never takes the good ones of its batch down with it, and a
  // retry of the batch finds the good ones already there.
  for (const input of orders) {
    const channel = channelOf(input.siteId)!;
    results.push(
      await deps.db.transaction((tx) => importOne(tx, auth, channel.id, channel.name, input, productOf)),
    );
  }
  return results;
}

type ProductOf = Map<string, { id: number; sku: string; name: string; priceCost: string | null }>;

async function importOne(
  tx: Db,
  auth: AuthContext,
  channelId: number,
  channelName: string,
  input: ImportedOrder,
  productOf: ProductOf,
): Promise<ImportResult> {
  const accountId = auth.accountId;
  const { items, unitTotal, taxTotal } = priceItems(input, productOf);
  const shipping = toCents(input.billedShipping);
  const status = input.systemOrderStatusId ?? 1;

  const existing = await lockImportedOrder(tx, accountId, channelId, input.channelOrderNumber);

  const customerId = input.customer
    ? await upsertCustomer(tx, accountId, input.customer, existing?.customerId ?? null)
    : null;
  const shipAddressId = input.shipTo
    ? await saveAddress(tx, accountId, input.shipTo, existing?.defaultShipAddressId ?? null)
    : null;

  const header = {
    channelOrderStatusId: input.channelOrderStatusId ?? null,
    systemOrderStatusId: status,
    customerId,
    isPrime: input.isPrime ?? 0,
    isFBA: input.isFBA ?? 0,
    billedShipping: decimal(shipping),
    billedUnitTotal: decimal(unitTotal),
    billedTax: decimal(taxTotal),
    billedOrderTotal: decimal(unitTotal + shipping + taxTotal),
    defaultShipAddressId: shipAddressId,
    latestDeliveredAt: input.deliverBy ? new Date(input.deliverBy) : null,
    requestedShipMethod: input.requestedShipMethod ?? null,
    orderedAt: new Date(input.orderedAt),
    lastSyncedAt: new Date(),
    modifiedBy: auth.userId,
    modifiedAt: new Date(),
  };
  // Insert, or — when another import made it between our read and now — update: never a second order.
  const saved = await upsertImportedOrder(
    tx,
    { accountId, channelId, channelOrderNumber: input.channelOrderNumber },
    header,
  );
  const order = { id: saved.id, accountId };
  const created = !existing && saved.inserted;

  await saveItemsUnlessAllocated(tx, auth, order.id, created, items);
  await addFreshPayments(tx, auth, order.id, created, input.payments);

  if (created) {
    await addSystemNote(tx, order, auth.userId, `Order imported from ${channelName}.`);
  } else if (existing && existing.systemOrderStatusId !== status) {
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Status changed from ${orderStatusName(existing.systemOrderStatusId)} to ${orderStatusName(status)} by a channel update.`,
    );
  }
  return { id: order.id, channelOrderNumber: input.channelOrderNumber, siteId: input.siteId, created };
}

/** The order's items with their products and prices in cents, and the order's unit and tax totals. */
function priceItems(input: ImportedOrder, productOf: ProductOf) {
  const items = input.items.map((item) => {
    const product = productOf.get(item.sku.toUpperCase());
    return {
      ...item,
      product,
      unitPriceCents: toCents(item.unitPrice),
      taxCents: toCents(item.tax),
    };
  });
  const unitTotal = items.reduce((sum, i) => sum + i.unitPriceCents * i.quantityOrdered, 0);
  const taxTotal = items.reduce((sum, i) => sum + i.taxCents, 0);
  return { items, unitTotal, taxTotal };
}

/** The order's items as sent, replacing those it had, while none of its units are allocated. */
async function saveItemsUnlessAllocated(
  tx: Db,
  auth: AuthContext,
  channelOrderId: number,
  created: boolean,
  items: ReturnType<typeof priceItems>['items'],
) {
  if (!created && (await hasAllocatedUnits(tx, channelOrderId))) return;
  if (!created) await deleteOrderItems(tx, channelOrderId);
  await insertOrderItems(
    tx,
    items.map((item, index) => ({
      accountId: auth.accountId,
      channelOrderId,
      alternativeId: item.alternativeId ?? null,
      productId: item.product?.id ?? null,
      description: item.description ?? item.product?.name ?? item.sku,
      listingSKU: item.sku,
      quantityOrdered: item.quantityOrdered,
      unitPrice: decimal(item.unitPriceCents),
      unitCost: item.product?.priceCost ?? '0',
      tax: decimal(item.taxCents),
      taxPercent: String(item.taxPercent),
      sortOrder: index + 1,
      createdBy: auth.userId,
    })),
  );
}

/**
 * Payments the marketplace reports: a payment already recorded (same reference, or same number and
 * amount) is not recorded twice.
 */
async function addFreshPayments(
  tx: Db,
  auth: AuthContext,
  channelOrderId: number,
  created: boolean,
  payments: ImportedOrder['payments'],
) {
  const known = created ? [] : await listKnownPayments(tx, channelOrderId);
  const fresh = payments.filter(
    (p) =>
      !known.some((k) =>
        p.referenceId
          ? k.referenceId === p.referenceId
          : k.paymentNumber === (p.paymentNumber ?? null) && toCents(k.amount) === toCents(p.amount),
      ),
  );
  if (fresh.length) {
    await insertOrderPayments(
      tx,
      fresh.map((p) => ({
        accountId: auth.accountId,
        channelOrderId,
        channelOrderPaymentTypeId: p.channelOrderPaymentTypeId,
        amount: decimal(toCents(p.amount)),
        referenceId: p.referenceId ?? null,
        paymentNumber: p.paymentNumber ?? null,
        modifiedBy: auth.userId,
      })),
    );
  }
}

/**
 * The order's customer: the same e-mail (whatever its case) is the same customer of the account. One
 * INSERT … ON CONFLICT on the unique (account, lower(email)) key makes or updates it, so of imports running
 * at once that name a new e-mail one inserts and the others update that row (waiting for the first to
 * commit), never a second customer. The row stays locked for the rest of the transaction, so its address
 * is made once too. Without an e-mail the order keeps the customer it had, or gets a new one.
 */
async function upsertCustomer(
  tx: Db,
  accountId: number,
  input: NonNullable<ImportedOrder['customer']>,
  currentId: number | null,
) {
  const fields = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email ?? null,
    phone: input.phone ?? null,
  };
  let customer: { id: number; addressId: number | null } | undefined;
  if (input.email) {
    customer = await upsertCustomerByEmail(tx, accountId, fields);
  } else if (currentId) {
    customer = await updateCustomerFields(tx, accountId, currentId, fields);
  }
  customer ??= await insertCustomerFields(tx, accountId, fields);
  if (input.address) {
    const addressId = await saveAddress(tx, accountId, input.address, customer.addressId);
    if (addressId !== customer.addressId) await updateCustomer(tx, customer.id, { addressId });
  }
  return customer.id;
}
