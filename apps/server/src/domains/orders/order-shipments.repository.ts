import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import {
  addresses,
  channelOrderShipmentItems,
  channelOrderShipments,
  packaging,
  products,
  shippingLabels,
} from '../../db/schema';
import { type ShippingLabel, toShippingLabel } from '../shipping/shipping-label-row';

// The reads of order shipments: a shipment with its address, its packaging, its label and its items, as the shipment
// calls and the order detail answer it. A fixed number of queries whatever the number of shipments.

export type ShipmentRow = typeof channelOrderShipments.$inferSelect;
export type PackagingRow = typeof packaging.$inferSelect;

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
