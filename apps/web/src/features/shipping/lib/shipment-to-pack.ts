import type { ChannelOrderListRow, OrderShipmentDto } from '@backroom/shared';
import { isOpenShipment } from './shipment-draft';

/** Orders whose shipments are read at once while looking past the oldest. */
export const LOOK_AHEAD = 4;

export interface ShipmentToPackCalls {
  /** The packing search: the orders waiting for the product, oldest first. */
  search(upc: string): Promise<ChannelOrderListRow[]>;
  /** The order's shipments. */
  shipments(channelOrderId: number): Promise<OrderShipmentDto[]>;
  /** A new shipment of what the order holds; refused (rejects) when it cannot ship or holds nothing more. */
  create(channelOrderId: number): Promise<OrderShipmentDto | null>;
}

export interface ShipmentToPack {
  row: ChannelOrderListRow;
  shipments: OrderShipmentDto[];
  shipment: OrderShipmentDto;
}

/**
 * The shipment to pack for a scanned product: the oldest order waiting at the bench that holds it (the
 * packing search, oldest first) and still has a shipment to pack, or, for one that has no shipment yet (or
 * only voided ones), a new shipment of what it holds. The oldest order is nearly always the one: it is read
 * alone, the others a few at a time after it. An order whose shipments cannot be read is passed over.
 */
export async function pickShipmentToPack(
  upc: string,
  calls: ShipmentToPackCalls,
): Promise<ShipmentToPack | null> {
  const rows = await calls.search(upc);
  for (let i = 0; i < rows.length; ) {
    const batch = rows.slice(i, i === 0 ? 1 : i + LOOK_AHEAD);
    i += batch.length;
    const lists = await Promise.all(batch.map((row) => calls.shipments(row.id).catch(() => null)));
    for (const [index, row] of batch.entries()) {
      const list = lists[index];
      if (!list) continue;
      const open = list.find(isOpenShipment);
      if (open) return { row, shipments: list, shipment: open };
      if (list.every((s) => s.isVoided === 1)) {
        const created = await calls.create(row.id).catch(() => null);
        if (created) return { row, shipments: [...list, created], shipment: created };
      }
    }
  }
  return null;
}
