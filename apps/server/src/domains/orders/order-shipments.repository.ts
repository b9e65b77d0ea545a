import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import {
  addresses,
  channelOrderItems,
  channelOrderShipmentItems,
  channelOrderShipments,
  channelOrders,
  packaging,
  products,
  shippingLabels,
} from '../../db/schema';
import { type ShippingLabel, toShippingLabel } from '../shipping/shipping-label-row';

// The SQL of order shipments. The reads: a shipment with its address, its packaging, its label and its items, as
// the shipment calls and the order detail answer it, in a fixed number of queries whatever the number of
// shipments. The writes: a new shipment with its items, a shipment's changed fields.

export type ShipmentRow = typeof channelOrderShipments.$inferSelect;
export type PackagingRow = typeof packaging.$inferSelect;
export type ShipmentUpdate = Partial<typeof channelOrderShipments.$inferInsert>;

export interface ShipmentRecord {
  shipment: ShipmentRow;
  address: typeof addresses.$inferSelect | null;
  packaging: PackagingRow | null;
  /** The shipment's label in the ledger: its live one, else its last voided one. */
  label: ShippingLabel | undefined;
  items: { productId: number | null; quantity: number; sku: string | null }[];
}

/** The ledger row of an order shipment's label (live first, else the newest voided), in the same query. */
const labelOfShipment = sql`${shippingLabels.id} = (
  select l.id from ${shippingLabels} l
  where l.account_id = ${channelOrderShipments.accountId} and l.owner_kind = 'orderShipment'
    and l.owner_id = ${channelOrderShipments.id} and l.state in ('bought', 'voided')
  order by l.state = 'voided', l.id desc limit 1)`;

/** The order's shipments (or only `ids` among them), oldest first. */
export async function findShipmentRecords(
  db: Db,
  channelOrderId: number,
  ids?: readonly number[],
): Promise<ShipmentRecord[]> {
  const rows = await db
    .select({ shipment: channelOrderShipments, address: addresses, packaging, label: shippingLabels })
    .from(channelOrderShipments)
    .leftJoin(addresses, eq(addresses.id, channelOrderShipments.addressId))
    .leftJoin(packaging, eq(packaging.id, channelOrderShipments.warehousePackagingId))
    .leftJoin(shippingLabels, labelOfShipment)
    .where(
      and(
        eq(channelOrderShipments.channelOrderId, channelOrderId),
        ids ? inIds(channelOrderShipments.id, ids) : undefined,
      ),
    )
    .orderBy(asc(channelOrderShipments.id));
  const items = rows.length
    ? await db
        .select({
          channelOrderShipmentId: channelOrderShipmentItems.channelOrderShipmentId,
          productId: channelOrderShipmentItems.productId,
          quantity: channelOrderShipmentItems.quantity,
          sku: products.sku,
        })
        .from(channelOrderShipmentItems)
        .leftJoin(products, eq(products.id, channelOrderShipmentItems.productId))
        .where(
          inIds(
            channelOrderShipmentItems.channelOrderShipmentId,
            rows.map((r) => r.shipment.id),
          ),
        )
        .orderBy(asc(channelOrderShipmentItems.id))
    : [];
  return rows.map(({ label, ...row }) => ({
    ...row,
    label: label ? toShippingLabel(label) : undefined,
    items: items
      .filter((i) => i.channelOrderShipmentId === row.shipment.id)
      .map(({ productId, quantity, sku }) => ({ productId, quantity, sku })),
  }));
}

/** The order's version (modifiedAt), or undefined when the account has no such order. */
export async function findOrderVersion(db: Db, accountId: number, channelOrderId: number) {
  const [order] = await db
    .select({ modifiedAt: channelOrders.modifiedAt })
    .from(channelOrders)
    .where(and(eq(channelOrders.id, channelOrderId), eq(channelOrders.accountId, accountId)));
  return order;
}

/** The ids of the order's shipments, oldest first. */
export async function findShipmentIds(db: Db, accountId: number, channelOrderId: number) {
  const rows = await db
    .select({ id: channelOrderShipments.id })
    .from(channelOrderShipments)
    .where(
      and(
        eq(channelOrderShipments.channelOrderId, channelOrderId),
        eq(channelOrderShipments.accountId, accountId),
      ),
    )
    .orderBy(asc(channelOrderShipments.id));
  return rows.map((row) => row.id);
}

/** The order's shipment `shipmentId`, locked for the transaction (`for update`), or undefined. */
export async function lockShipment(tx: Db, channelOrderId: number, shipmentId: number) {
  const [row] = await tx
    .select()
    .from(channelOrderShipments)
    .where(
      and(eq(channelOrderShipments.id, shipmentId), eq(channelOrderShipments.channelOrderId, channelOrderId)),
    )
    .for('update');
  return row;
}

/** The order of the account's shipment `shipmentId`, or undefined. */
export async function findShipmentOrderId(db: Db, accountId: number, shipmentId: number) {
  const [row] = await db
    .select({ channelOrderId: channelOrderShipments.channelOrderId })
    .from(channelOrderShipments)
    .where(and(eq(channelOrderShipments.id, shipmentId), eq(channelOrderShipments.accountId, accountId)));
  return row?.channelOrderId;
}

/** The account's packaging (box) `packagingId`, or undefined. */
export async function findPackaging(tx: Db, accountId: number, packagingId: number) {
  const [box] = await tx
    .select()
    .from(packaging)
    .where(and(eq(packaging.id, packagingId), eq(packaging.accountId, accountId)));
  return box;
}

/** The quantity the order asks for of each product. */
export function sumOrderedByProduct(tx: Db, channelOrderId: number) {
  return tx
    .select({
      productId: channelOrderItems.productId,
      quantity: sql<number>`sum(${channelOrderItems.quantityOrdered})::int`,
    })
    .from(channelOrderItems)
    .where(eq(channelOrderItems.channelOrderId, channelOrderId))
    .groupBy(channelOrderItems.productId);
}

/** The quantity of each product already in one of the order's shipments (a voided one holds nothing). */
export function sumInShipmentsByProduct(tx: Db, channelOrderId: number) {
  return tx
    .select({
      productId: channelOrderShipmentItems.productId,
      quantity: sql<number>`sum(${channelOrderShipmentItems.quantity})::int`,
    })
    .from(channelOrderShipmentItems)
    .innerJoin(
      channelOrderShipments,
      eq(channelOrderShipments.id, channelOrderShipmentItems.channelOrderShipmentId),
    )
    .where(
      and(eq(channelOrderShipments.channelOrderId, channelOrderId), eq(channelOrderShipments.isVoided, 0)),
    )
    .groupBy(channelOrderShipmentItems.productId);
}

/** A new shipment with its items; answers the shipment's row. */
export async function insertShipment(
  tx: Db,
  values: typeof channelOrderShipments.$inferInsert,
  items: { productId: number | null; quantity: number }[],
) {
  const [created] = await tx.insert(channelOrderShipments).values(values).returning();
  await tx
    .insert(channelOrderShipmentItems)
    .values(items.map((item) => ({ channelOrderShipmentId: created!.id, ...item })));
  return created!;
}

/** The products of a shipment's items. */
export function findShipmentProductIds(tx: Db, shipmentId: number) {
  return tx
    .select({ productId: channelOrderShipmentItems.productId })
    .from(channelOrderShipmentItems)
    .where(eq(channelOrderShipmentItems.channelOrderShipmentId, shipmentId));
}

/** Writes a shipment's changed fields. */
export async function updateShipment(tx: Db, shipmentId: number, set: ShipmentUpdate) {
  await tx.update(channelOrderShipments).set(set).where(eq(channelOrderShipments.id, shipmentId));
}

/** Writes a shipment's changed fields; answers the row as saved. */
export async function updateShipmentReturning(tx: Db, shipmentId: number, set: ShipmentUpdate) {
  const [row] = await tx
    .update(channelOrderShipments)
    .set(set)
    .where(eq(channelOrderShipments.id, shipmentId))
    .returning();
  return row!;
}
