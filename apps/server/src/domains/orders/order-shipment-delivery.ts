import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelOrderShipments } from '../../db/schema';
import type { LabelRow } from '../shipping/shipping-label-row';
import { onLabelDelivered } from '../shipping/tracking';
import { addSystemNote } from './order-notes';

/**
 * When the tracking job (or EasyPost's webhook) finds an order shipment's label delivered: the shipment is
 * delivered at that time and the order says so in a system note, in the transaction that records the delivery
 * in the ledger. (The order's latestDeliveredAt is its Delivery By promise, not touched here.)
 */
export async function markOrderShipmentDelivered(tx: Db, label: LabelRow, deliveredAt: Date) {
  const [shipment] = await tx
    .update(channelOrderShipments)
    .set({ isDelivered: 1, deliveredAt })
    .where(
      and(eq(channelOrderShipments.id, label.ownerId), eq(channelOrderShipments.accountId, label.accountId)),
    )
    .returning({ channelOrderId: channelOrderShipments.channelOrderId });
  if (!shipment) return;
  await addSystemNote(
    tx,
    { id: shipment.channelOrderId, accountId: label.accountId },
    null,
    `Shipment ${label.ownerId} delivered (${label.carrier} tracking ${label.trackingNumber}).`,
  );
}

/** Makes the tracking job call it for order shipments. */
export function registerOrderShipmentDelivery() {
  onLabelDelivered('orderShipment', markOrderShipmentDelivered);
}
