import {
  derivedOrderState,
  editRefusal,
  isUnshippableStatus,
  type OrderShipmentDto,
  type OrderShipmentPatch,
  OUNCES_PER_POUND,
  orderStatusName,
  packRefusal,
  type ShipmentCopy,
  type ShipmentRefusal,
} from '@backroom/shared';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { findSaleWarehouse } from './first-party-orders.repository';
import { checkNotStale, type LockedOrder, lockOrderWithChannel, moveOrderVersionOn } from './order-edit';
import { addSystemNote } from './order-notes';
import { orderShipmentDto, shipmentSubject } from './order-shipment-dto';
import {
  findOrderVersion,
  findPackaging,
  findShipmentIds,
  findShipmentOrderId,
  findShipmentProductIds,
  findShipmentRecords,
  insertShipment,
  lockShipment,
  type ShipmentRow,
  type ShipmentUpdate,
  sumInShipmentsByProduct,
  sumOrderedByProduct,
  updateShipment,
  updateShipmentReturning,
} from './order-shipments.repository';

// Order shipments (orders-warehouse.md §7 Shipments): changing a shipment's package (PATCH …/shipments) and
// packing it. Every change follows the order-edit pattern: the order's row is locked, a stale copy is
// refused, the change and its note are written together and the order's version moves on. Rates, buying
// and voiding are in order-shipment-labels.service.ts.

/** A 409 of the §4 shipment rules, with its code for the screen to branch on. */
export const refused = (refusal: ShipmentRefusal, shipmentId: number) =>
  new AppError(409, `Shipment ${shipmentId}: ${refusal.message}`, undefined, refusal.code);

const decimal = (value: number) => String(Math.round(value * 100) / 100);
const numOrNull = (value: string | null) => (value === null ? null : Number(value));
/** Ounces as the note says them: pounds with 2 decimals. */
export const pounds = (ounces: number | null) => `${((ounces ?? 0) / OUNCES_PER_POUND).toFixed(2)} lb`;

/** The shipments as the calls answer them, read after the change committed. */
export async function shipmentReplies(
  deps: AppDeps,
  auth: AuthContext,
  channelOrderId: number,
  ids: readonly number[],
): Promise<OrderShipmentDto[]> {
  const order = await findOrderVersion(deps.db, auth.accountId, channelOrderId);
  if (!order) throw notFound(`Order ${channelOrderId} not found.`);
  const records = await findShipmentRecords(deps.db, channelOrderId, ids);
  const byId = new Map(records.map((r) => [r.shipment.id, r]));
  return ids.map((id) => orderShipmentDto(byId.get(id)!, order.modifiedAt));
}

/** GET …/warehouse/shipments?channelOrderId=: every shipment of the order, oldest first. */
export async function listOrderShipments(deps: AppDeps, auth: AuthContext, channelOrderId: number) {
  const ids = await findShipmentIds(deps.db, auth.accountId, channelOrderId);
  return shipmentReplies(deps, auth, channelOrderId, ids);
}

/** The order's shipment `shipmentId`, locked; 404 when the order has no such shipment. */
export async function lockOrderShipment(tx: Db, order: LockedOrder, shipmentId: number) {
  const row = await lockShipment(tx, order.id, shipmentId);
  if (!row) throw notFound(`Shipment ${shipmentId} not found on order ${order.id}.`);
  return row;
}

/** The refusal of a change or a purchase for an order that cannot ship (§4 Status groups), or null. */
export function orderShipRefusal(order: LockedOrder): string | null {
  const state = derivedOrderState(order);
  if (state === 'Canceled' || state === 'On Hold' || isUnshippableStatus(order.systemOrderStatusId))
    return `Order ${order.id} is ${orderStatusName(order.systemOrderStatusId)} and cannot be shipped.`;
  return null;
}

type PackageFields = Pick<
  OrderShipmentPatch,
  | 'warehousePackagingId'
  | 'packageWidthInch'
  | 'packageHeightInch'
  | 'packageLengthInch'
  | 'packageWeightOunce'
  | 'isTrainingShipment'
>;

/**
 * The update a change of packaging, dimensions, weight or training flag makes. Choosing a box fills the
 * dimensions it was not sent with from the box (as Trained Shipping does). A changed package empties the
 * rates: they were for the old one.
 */
async function packageUpdate(
  tx: Db,
  accountId: number,
  current: ShipmentRow,
  fields: PackageFields,
): Promise<ShipmentUpdate> {
  const set: ShipmentUpdate = {};
  if (fields.warehousePackagingId === null) {
    set.warehousePackagingId = null;
    set.packagingName = null;
  } else if (fields.warehousePackagingId !== undefined) {
    const box = await findPackaging(tx, accountId, fields.warehousePackagingId);
    if (!box) throw notFound(`Packaging ${fields.warehousePackagingId} not found.`);
    set.warehousePackagingId = box.id;
    set.packagingName = box.commonName;
    if (box.id !== current.warehousePackagingId) {
      set.packageLengthInch = box.packageLengthInch;
      set.packageWidthInch = box.packageWidthInch;
      set.packageHeightInch = box.packageHeightInch;
    }
  }
  if (fields.packageWidthInch !== undefined) set.packageWidthInch = decimal(fields.packageWidthInch);
  if (fields.packageHeightInch !== undefined) set.packageHeightInch = decimal(fields.packageHeightInch);
  if (fields.packageLengthInch !== undefined) set.packageLengthInch = decimal(fields.packageLengthInch);
  if (fields.packageWeightOunce !== undefined) set.packageWeightOunce = decimal(fields.packageWeightOunce);
  if (fields.isTrainingShipment !== undefined) set.isTrainingShipment = fields.isTrainingShipment;
  const changed = (
    [
      'warehousePackagingId',
      'packageWidthInch',
      'packageHeightInch',
      'packageLengthInch',
      'packageWeightOunce',
    ] as const
  ).some(
    (key) =>
      set[key] !== undefined &&
      (key === 'warehousePackagingId'
        ? set[key] !== current[key]
        : numOrNull(set[key] as string | null) !== numOrNull(current[key])),
  );
  if (changed) Object.assign(set, { rateShipmentId: null, rates: null, ratedAt: null });
  return set;
}

/** The account's warehouse a new shipment leaves from: the order's, else the first that fulfils orders. */
async function defaultWarehouse(tx: Db, order: LockedOrder) {
  if (order.overrideWarehouseId) return order.overrideWarehouseId;
  return (await findSaleWarehouse(tx, order.accountId))?.id ?? null;
}

/**
 * A new shipment of the order holding what no other shipment (but a voided one) holds yet: its products and
 * quantities, from the order's warehouse to its ship-to address.
 */
async function createShipment(tx: Db, order: LockedOrder, patch: OrderShipmentPatch) {
  const refusal = orderShipRefusal(order);
  if (refusal) throw conflict(refusal);
  const items = await sumOrderedByProduct(tx, order.id);
  const shipped = await sumInShipmentsByProduct(tx, order.id);
  const remaining = items
    .map((item) => ({
      productId: item.productId,
      quantity: item.quantity - (shipped.find((s) => s.productId === item.productId)?.quantity ?? 0),
    }))
    .filter((item) => item.quantity > 0);
  if (remaining.length === 0) throw conflict(`Every item of order ${order.id} is already in a shipment.`);
  const shipment = {
    accountId: order.accountId,
    channelOrderId: order.id,
    warehouseId: patch.warehouseId ?? (await defaultWarehouse(tx, order)),
    addressId: patch.addressId ?? order.defaultShipAddressId,
  };
  return insertShipment(tx, shipment, remaining);
}

/**
 * PATCH …/warehouse/shipments: each shipment's changes (or a new shipment of its order), the orders locked
 * in id order so two clerks never wait on each other crosswise. Answers the shipments as saved.
 */
export async function patchShipments(deps: AppDeps, auth: AuthContext, patches: OrderShipmentPatch[]) {
  const saved = await deps.db.transaction(async (tx) => {
    const orders = new Map<number, LockedOrder>();
    for (const id of [...new Set(patches.map((p) => p.channelOrderId))].sort((a, b) => a - b)) {
      orders.set(id, await lockOrderWithChannel(tx, auth.accountId, id));
    }
    for (const patch of patches) checkNotStale(orders.get(patch.channelOrderId)!, patch.sourceModifiedAt);
    const ids: { channelOrderId: number; id: number }[] = [];
    for (const patch of patches) {
      const order = orders.get(patch.channelOrderId)!;
      const current =
        patch.id === undefined
          ? await createShipment(tx, order, patch)
          : await lockOrderShipment(tx, order, patch.id);
      const shipmentRefusal = editRefusal(shipmentSubject(current));
      if (shipmentRefusal) throw refused(shipmentRefusal, current.id);
      const set = await packageUpdate(tx, auth.accountId, current, patch);
      for (const key of ['warehouseId', 'addressId'] as const) {
        if (patch[key] !== undefined && patch[key] !== current[key]) {
          Object.assign(set, { [key]: patch[key], rateShipmentId: null, rates: null, ratedAt: null });
        }
      }
      if (Object.keys(set).length) await updateShipment(tx, current.id, set);
      ids.push({ channelOrderId: order.id, id: current.id });
    }
    for (const order of orders.values()) await moveOrderVersionOn(tx, order, auth.userId);
    return ids;
  });
  const replies: OrderShipmentDto[] = [];
  for (const channelOrderId of [...new Set(saved.map((s) => s.channelOrderId))]) {
    const ids = saved.filter((s) => s.channelOrderId === channelOrderId).map((s) => s.id);
    replies.push(...(await shipmentReplies(deps, auth, channelOrderId, ids)));
  }
  // In the order they were sent: data[0] is the first shipment of the request.
  return saved.map(({ id }) => replies.find((r) => r.id === id)!);
}

/** The shipment's order, from the screen's copy or the shipment itself; 404 when neither is the account's. */
export async function orderIdOf(
  deps: AppDeps,
  auth: AuthContext,
  copy: { id: number; channelOrderId?: number },
) {
  const channelOrderId = await findShipmentOrderId(deps.db, auth.accountId, copy.id);
  if (!channelOrderId || (copy.channelOrderId !== undefined && copy.channelOrderId !== channelOrderId)) {
    throw notFound(
      `Shipment ${copy.id} not found${copy.channelOrderId ? ` on order ${copy.channelOrderId}` : ''}.`,
    );
  }
  return channelOrderId;
}

/** The package fields of the screen's copy: a dimension it leaves empty keeps its value, no packaging clears it. */
export function packageFieldsOf(copy: ShipmentCopy): PackageFields {
  return {
    warehousePackagingId: copy.warehousePackagingId,
    packageWidthInch: copy.packageWidthInch ?? undefined,
    packageHeightInch: copy.packageHeightInch ?? undefined,
    packageLengthInch: copy.packageLengthInch ?? undefined,
    packageWeightOunce: copy.packageWeightOunce ?? undefined,
    isTrainingShipment: copy.isTrainingShipment,
  };
}

/**
 * POST …/shipments/package/pack: saves the copy's packaging, dimensions and weight and marks the shipment
 * packed (§4: it needs items and a warehouse), with a note on the order saying what it was packed in.
 */
export async function packShipment(
  deps: AppDeps,
  auth: AuthContext,
  body: { shipment: ShipmentCopy; sourceModifiedAt?: string },
) {
  const channelOrderId = await orderIdOf(deps, auth, body.shipment);
  await deps.db.transaction(async (tx) => {
    const order = await lockOrderWithChannel(tx, auth.accountId, channelOrderId);
    checkNotStale(order, body.sourceModifiedAt);
    const current = await lockOrderShipment(tx, order, body.shipment.id);
    const items = await findShipmentProductIds(tx, current.id);
    const refusal = packRefusal(shipmentSubject(current, items));
    if (refusal) throw refused(refusal, current.id);
    const fields = packageFieldsOf(body.shipment);
    const set = await packageUpdate(tx, auth.accountId, current, fields);
    const packed = await updateShipmentReturning(tx, current.id, {
      ...set,
      isPacked: 1,
      packedAt: new Date(),
      packedBy: auth.userId,
    });
    const size = [packed.packageLengthInch, packed.packageWidthInch, packed.packageHeightInch]
      .map((side) => Number(side ?? 0))
      .join(' x ');
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Shipment ${current.id} packed in ${packed.packagingName ?? 'no packaging'} (${size} in, ${pounds(numOrNull(packed.packageWeightOunce))}).`,
    );
    await moveOrderVersionOn(tx, order, auth.userId);
  });
  return shipmentReplies(deps, auth, channelOrderId, [body.shipment.id]);
}
