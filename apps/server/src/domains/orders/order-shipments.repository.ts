import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import {
  addresses,
  channelOrderShipmentItems,
  channelOrderShipments,
  packaging,
  products,
  type warehouses,
} from '../../db/schema';

// The reads of order shipments: a shipment with its address, its packaging and its items, as the shipment
// calls and the order detail answer it. A fixed number of queries whatever the number of shipments.

export type ShipmentRow = typeof channelOrderShipments.$inferSelect;
export type PackagingRow = typeof packaging.$inferSelect;
export type WarehouseRow = typeof warehouses.$inferSelect;

export interface ShipmentRecord {
  shipment: ShipmentRow;
  address: typeof addresses.$inferSelect | null;
  packaging: PackagingRow | null;
  items: { productId: number | null; quantity: number; sku: string | null }[];
}

/** The order's shipments (or only `ids` among them), oldest first. */
export async function findShipmentRecords(
  db: Db,
  channelOrderId: number,
  ids?: readonly number[],
): Promise<ShipmentRecord[]> {
  const rows = await db
    .select({ shipment: channelOrderShipments, address: addresses, packaging })
    .from(channelOrderShipments)
    .leftJoin(addresses, eq(addresses.id, channelOrderShipments.addressId))
    .leftJoin(packaging, eq(packaging.id, channelOrderShipments.warehousePackagingId))
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
  return rows.map((row) => ({
    ...row,
    items: items
      .filter((i) => i.channelOrderShipmentId === row.shipment.id)
      .map(({ productId, quantity, sku }) => ({ productId, quantity, sku })),
  }));
}

/** One shipment of the account, locked for the rest of the transaction, or null. */
export async function lockShipment(tx: Db, accountId: number, shipmentId: number) {
  const [row] = await tx
    .select()
    .from(channelOrderShipments)
    .where(and(eq(channelOrderShipments.id, shipmentId), eq(channelOrderShipments.accountId, accountId)))
    .for('update');
  return row ?? null;
}

/** The order a shipment of the account belongs to, or null. */
export async function orderOfShipment(db: Db, accountId: number, shipmentId: number) {
  const [row] = await db
    .select({ channelOrderId: channelOrderShipments.channelOrderId })
    .from(channelOrderShipments)
    .where(and(eq(channelOrderShipments.id, shipmentId), eq(channelOrderShipments.accountId, accountId)));
  return row?.channelOrderId ?? null;
}
