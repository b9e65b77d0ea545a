import {
  type BoughtShipmentDto,
  hasValidShippingAddress,
  ORDER_STATUS,
  orderStatusName,
  ratesRefusal,
  type ShipmentBuyRequest,
  type ShipmentCopy,
  type ShipmentRatesRequest,
} from '@backroom/shared';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError, conflict, stale } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { printerFor } from '../printing/print-queue';
import {
  carrierAddressOf,
  warehouseAddressSubject,
  warehouseCarrierAddress,
} from '../shipping/carrier-addresses';
import { buyLabel, findLabel, printLabel, rateShipment, voidLabel } from '../shipping/shipping.service';
import type { ShippingLabel } from '../shipping/shipping-label-row';
import { type LockedOrder, lockOrderWithChannel, moveOrderVersionOn } from './order-edit';
import { addSystemNote } from './order-notes';
import { orderShipmentDto, shipmentSubject } from './order-shipment-dto';
import {
  copyShipmentItems,
  findAccountOrder,
  findWarehouse,
  hasOtherLiveLabel,
  hasUnboughtShipment,
  insertShipment,
  saveShipmentRates,
  updateOrderShipping,
} from './order-shipment-labels.repository';
import {
  findShipmentRecords,
  type ShipmentRecord,
  type ShipmentRow,
  updateShipment,
} from './order-shipments.repository';
import {
  lockOrderShipment,
  orderIdOf,
  orderShipRefusal,
  pounds,
  refused,
  shipmentReplies,
} from './order-shipments.service';

// Rating, buying and voiding an order shipment's label (orders-warehouse.md §7 Shipments) through the shipping
// core (shipping.service.ts): rates from the shipment's warehouse to its address, bought exactly once, the
// label printed through the print queue, voided with a refund requested. The §4 rules decide on the server;
// each purchase and void leaves a system note on the order, written with the ledger row.

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const sameNumber = (a: number | null | undefined, b: string | null) =>
  a === null || a === undefined || Number(b ?? 0) === Math.round(a * 100) / 100;

/**
 * Refuses a copy of the shipment whose package is not the saved one (409 stale): rates and labels are for
 * the box the server knows, and a screen showing another must reload first.
 */
function checkCopy(current: ShipmentRow, copy: ShipmentCopy | undefined) {
  if (!copy) return;
  const same =
    (copy.warehousePackagingId === undefined ||
      (copy.warehousePackagingId ?? null) === current.warehousePackagingId) &&
    sameNumber(copy.packageWidthInch, current.packageWidthInch) &&
    sameNumber(copy.packageHeightInch, current.packageHeightInch) &&
    sameNumber(copy.packageLengthInch, current.packageLengthInch) &&
    sameNumber(copy.packageWeightOunce, current.packageWeightOunce);
  if (!same)
    throw stale(
      `Shipment ${current.id} was changed by someone else. It has been reloaded; check it and try again.`,
    );
}

/** The shipment with its items and address, checked by §4 for rating or buying; the order must be shippable. */
async function shipmentToRate(deps: AppDeps, auth: AuthContext, channelOrderId: number, shipmentId: number) {
  const order = await findAccountOrder(deps.db, auth.accountId, channelOrderId);
  const [record] = order ? await findShipmentRecords(deps.db, channelOrderId, [shipmentId]) : [];
  if (!order || !record)
    throw new AppError(404, `Shipment ${shipmentId} not found on order ${channelOrderId}.`);
  const orderRefusal = orderShipRefusal({ ...order, channel: null });
  if (orderRefusal) throw conflict(orderRefusal);
  const refusal = ratesRefusal(shipmentSubject(record.shipment, record.items, record.address));
  if (refusal) throw refused(refusal, shipmentId);
  return { order, record };
}

/** The warehouse the shipment leaves from, whose address must be complete (§5) to be shipped from. */
async function fromAddress(deps: AppDeps, record: ShipmentRecord) {
  const warehouse = await findWarehouse(deps.db, record.shipment.warehouseId!);
  if (!warehouse || !hasValidShippingAddress(warehouseAddressSubject(warehouse)))
    throw new AppError(
      409,
      `The address of warehouse ${warehouse?.name ?? record.shipment.warehouseId} is incomplete: it needs address line 1, city, postal code, a state and a country to ship from.`,
      undefined,
      'invalid_address',
    );
  return warehouseCarrierAddress(warehouse);
}

/**
 * POST …/shipment/package/rates: rates for the packed shipment from its warehouse to its address (cheapest
 * first, 'Envelope' services hidden, '(AMZN)' relabelled by the shipping core), kept on the shipment for the
 * buy. Rates asked while the package changed underneath are not kept (409 stale).
 */
export async function rateOrderShipment(deps: AppDeps, auth: AuthContext, body: ShipmentRatesRequest) {
  const { order, record } = await shipmentToRate(
    deps,
    auth,
    body.channelOrderId,
    body.channelOrderShipmentId,
  );
  checkCopy(record.shipment, body.shipment);
  const { shipment } = record;
  const rated = await rateShipment(deps, auth, {
    from: await fromAddress(deps, record),
    to: carrierAddressOf(record.address!),
    parcels: [
      {
        lengthInch: Number(shipment.packageLengthInch),
        widthInch: Number(shipment.packageWidthInch),
        heightInch: Number(shipment.packageHeightInch),
        weightOunce: Number(shipment.packageWeightOunce),
      },
    ],
    shipperIds: body.shipperIds?.length ? body.shipperIds : undefined,
    reference: order.channelOrderNumber,
  });
  const saved = await deps.db.transaction(async (tx) => {
    const locked = await lockOrderWithChannel(tx, auth.accountId, order.id);
    const current = await lockOrderShipment(tx, locked, shipment.id);
    const unchanged =
      current.isVoided === 0 &&
      current.isPurchased === 0 &&
      (
        [
          'warehousePackagingId',
          'packageWidthInch',
          'packageHeightInch',
          'packageLengthInch',
          'packageWeightOunce',
          'warehouseId',
          'addressId',
        ] as const
      ).every((key) => current[key] === shipment[key]);
    if (!unchanged)
      throw stale(
        `Shipment ${shipment.id} changed while its rates were asked for. Calculate the rates again.`,
      );
    const updated = await saveShipmentRates(tx, shipment.id, {
      rateShipmentId: rated.providerShipmentId,
      rates: rated.rates,
      ratedAt: new Date(),
    });
    return { shipment: updated!, orderModifiedAt: locked.modifiedAt };
  });
  // Only the rates changed (not the order's version): the reply is the record read above with them.
  return [orderShipmentDto({ ...record, shipment: saved.shipment }, saved.orderModifiedAt)];
}

/**
 * After a purchase: the order is fulfilled once every shipment that is not voided has its label, partially
 * shipped while some have none; an order already past packing keeps its status.
 */
async function statusAfterPurchase(tx: Db, order: LockedOrder) {
  return (await hasUnboughtShipment(tx, order.id)) ? ORDER_STATUS.PARTIALLY_SHIPPED : ORDER_STATUS.FULFILLED;
}

const statusNoteOf = (from: number, to: number) =>
  to === from ? '' : ` Status changed from ${orderStatusName(from)} to ${orderStatusName(to)}.`;

/**
 * POST …/shipment/package/buy: buys `selectedRateId`, one of the shipment's current rates, exactly once (the
 * shipping core's ledger: a double click, a retry or two clerks at once buy one label; only the call that
 * bought it prints it), then prints it on `serverPrinterId` through the print queue.
 */
export async function buyOrderShipment(
  deps: AppDeps,
  auth: AuthContext,
  body: ShipmentBuyRequest,
): Promise<BoughtShipmentDto[]> {
  const channelOrderId = body.channelOrderId;
  const shipmentId = body.channelOrderShipmentId;
  const { rateShipmentId, rateId } = await checkBuy(deps, auth, body);
  let boughtHere = false;
  const label = await buyLabel(deps, auth, {
    owner: { kind: 'orderShipment', id: shipmentId },
    providerShipmentId: rateShipmentId,
    rateId,
    insuredCents: body.insuredAmount * 100,
    note: async (tx, bought) => {
      boughtHere = true;
      await recordPurchase(tx, auth, channelOrderId, shipmentId, bought);
    },
  });
  let printJobId: number | null = null;
  let printError: string | null = null;
  if (boughtHere && body.serverPrinterId) {
    try {
      printJobId = (await printLabel(deps, auth, label.id, body.serverPrinterId)).jobId;
    } catch (error) {
      // The label is bought whatever the printer does: say why it did not print, and Print can try again.
      printError = error instanceof Error ? error.message : 'The label could not be printed.';
    }
  }
  const [reply] = await shipmentReplies(deps, auth, channelOrderId, [shipmentId]);
  return [{ ...reply!, printJobId, printError }];
}

/** The shipment may be bought with the rate named: not voided, no label yet, the rate one of its current ones. */
async function checkBuy(deps: AppDeps, auth: AuthContext, body: ShipmentBuyRequest) {
  const channelOrderId = body.channelOrderId;
  const shipmentId = body.channelOrderShipmentId;
  const [existing] = await findShipmentRecords(deps.db, channelOrderId, [shipmentId]);
  if (existing?.shipment.isVoided)
    throw new AppError(409, `Shipment ${shipmentId} is voided.`, undefined, 'shipment_voided');
  if (existing?.shipment.isPurchased) {
    throw new AppError(
      409,
      `Shipment ${shipmentId} already has a label (tracking ${existing.shipment.trackingNumber}).`,
      undefined,
      'shipment_has_label',
    );
  }
  const { record } = await shipmentToRate(deps, auth, channelOrderId, shipmentId);
  checkCopy(record.shipment, body.shipment);
  const rate = record.shipment.rates?.find((r) => r.id === body.selectedRateId);
  if (!rate || !record.shipment.rateShipmentId) {
    throw new AppError(
      409,
      `Rate ${body.selectedRateId} is not one of shipment ${shipmentId}'s current rates; calculate the rates again.`,
      undefined,
      'rates_outdated',
    );
  }
  // A printer that cannot take the label is refused before anything is bought.
  if (body.serverPrinterId) await printerFor(deps, auth, body.serverPrinterId, 'shippingLabel');
  return { rateShipmentId: record.shipment.rateShipmentId, rateId: rate.id };
}

/** In the purchase's transaction: the shipment shipped with its label, the order's status moved on, a note. */
async function recordPurchase(
  tx: Db,
  auth: AuthContext,
  channelOrderId: number,
  shipmentId: number,
  bought: ShippingLabel,
) {
  const order = await lockOrderWithChannel(tx, auth.accountId, channelOrderId);
  const now = new Date();
  await updateShipment(tx, shipmentId, {
    isPurchased: 1,
    isShipped: 1,
    trackingNumber: bought.trackingNumber,
    carrierFeeBilled: (bought.feeCents / 100).toFixed(2),
    carrierName: bought.carrier,
    serviceName: bought.service,
    shippedAt: now,
  });
  const status = await statusAfterPurchase(tx, order);
  await updateOrderShipping(tx, order.id, { systemOrderStatusId: status, latestShippedAt: now });
  const statusNote = statusNoteOf(order.systemOrderStatusId, status);
  await addSystemNote(
    tx,
    order,
    auth.userId,
    `Label purchased for shipment ${shipmentId}: ${bought.carrier} ${bought.service}, tracking ${bought.trackingNumber}, fee ${dollars(bought.feeCents)}${bought.insuredCents ? ` (insured for ${dollars(bought.insuredCents)})` : ''}.${statusNote}`,
  );
  await moveOrderVersionOn(tx, order, auth.userId);
}

/**
 * POST …/shipments/package/void: voids the shipment's label (refund requested, kept in the ledger), marks the
 * shipment voided and, in the same transaction, makes the shipment that replaces it (the same items, box and
 * weight, to be packed again), so the order can be shipped again. Answers [voided, replacement].
 */
export async function voidOrderShipment(deps: AppDeps, auth: AuthContext, copy: ShipmentCopy) {
  const channelOrderId = await orderIdOf(deps, auth, copy);
  const [record] = await findShipmentRecords(deps.db, channelOrderId, [copy.id]);
  const shipment = record!.shipment;
  if (shipment.isVoided)
    throw new AppError(409, `Shipment ${copy.id} is already voided.`, undefined, 'shipment_voided');
  if (!shipment.isPurchased)
    throw new AppError(409, `Shipment ${copy.id} has no label to void.`, undefined, 'conflict');
  let replacementId = 0;
  await voidLabel(deps, auth, { kind: 'orderShipment', id: copy.id }, async (tx, label) => {
    const order = await lockOrderWithChannel(tx, auth.accountId, channelOrderId);
    const current = await lockOrderShipment(tx, order, copy.id);
    await updateShipment(tx, current.id, { isVoided: 1, isShipped: 0 });
    replacementId = await replaceShipment(tx, current);
    const status = await statusAfterVoid(tx, order, current.id);
    await updateOrderShipping(tx, order.id, { systemOrderStatusId: status });
    const statusNote = statusNoteOf(order.systemOrderStatusId, status);
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Label voided for shipment ${current.id} (${label.carrier} ${label.service}, tracking ${label.trackingNumber}): refund of ${dollars(label.feeCents)} requested. Shipment ${replacementId} replaces it (${current.packagingName ?? 'no packaging'}, ${pounds(current.packageWeightOunce === null ? null : Number(current.packageWeightOunce))}).${statusNote}`,
    );
    await moveOrderVersionOn(tx, order, auth.userId);
  });
  return shipmentReplies(deps, auth, channelOrderId, [copy.id, replacementId]);
}

/** The shipment that replaces a voided one: its items, box and weight, to be packed again. Answers its id. */
async function replaceShipment(tx: Db, voided: ShipmentRow) {
  const { id: _id, createdAt: _created, ...kept } = voided;
  const replacementId = await insertShipment(tx, {
    ...kept,
    isPacked: 0,
    isShipped: 0,
    isVoided: 0,
    isDelivered: 0,
    isPurchased: 0,
    trackingNumber: null,
    carrierName: null,
    serviceName: null,
    carrierFeeBilled: '0',
    packedAt: null,
    packedBy: null,
    rateShipmentId: null,
    rates: null,
    ratedAt: null,
    shippedAt: null,
    deliveredAt: null,
  });
  await copyShipmentItems(tx, voided.id, replacementId);
  return replacementId;
}

/** Back at the packing bench: fulfilled becomes packing, or partially shipped (packing) while others left. */
async function statusAfterVoid(tx: Db, order: LockedOrder, voidedId: number) {
  const stillShipped = await hasOtherLiveLabel(tx, order.id, voidedId);
  const shippedStatuses: number[] = [ORDER_STATUS.FULFILLED, ORDER_STATUS.PARTIALLY_SHIPPED];
  return shippedStatuses.includes(order.systemOrderStatusId)
    ? stillShipped
      ? ORDER_STATUS.PARTIALLY_SHIPPED_PACKING
      : ORDER_STATUS.PACKING
    : order.systemOrderStatusId;
}

/** POST …/warehouse/shipment/printLabel: the shipment's live label printed again (Print on the panel). */
export async function printOrderShipmentLabel(
  deps: AppDeps,
  auth: AuthContext,
  body: { serverPrinterId: number; channelOrderShipmentId: number },
) {
  const label = await findLabel(deps, auth, { kind: 'orderShipment', id: body.channelOrderShipmentId });
  if (!label || label.state !== 'bought')
    throw new AppError(
      409,
      `Shipment ${body.channelOrderShipmentId} has no label to print${label ? ' (its label is voided)' : ''}.`,
      undefined,
      label ? 'shipment_voided' : 'conflict',
    );
  const { jobId } = await printLabel(deps, auth, label.id, body.serverPrinterId);
  return { printJobId: jobId, channelOrderShipmentId: body.channelOrderShipmentId, labelId: label.id };
}
