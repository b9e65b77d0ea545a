import { type ReturnShipmentDto, returnLabelPath } from '@backroom/shared';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import { addresses, inboundReturnShipments } from '../../db/schema';
import { addressDto } from '../orders/order-detail';
import { iso } from '../orders/order-detail-lines';
import { labelDto } from '../shipping/label-dto';
import { labelsOfOwners } from '../shipping/owner-labels';
import { providerShipmentReply } from '../shipping/provider-json';
import type { ShippingLabel } from '../shipping/shipping-label-row';

// A return's shipments (returns.md §3 Inbound return shipment) as the return and its label calls answer them:
// the sender and the destination, the package, the current rates, the provider JSON and the label.

export type ReturnShipmentRow = typeof inboundReturnShipments.$inferSelect;
const source = alias(addresses, 'source_address');
const destination = alias(addresses, 'destination_address');

export interface ReturnShipmentRecord {
  shipment: ReturnShipmentRow;
  source: typeof addresses.$inferSelect | null;
  destination: typeof addresses.$inferSelect | null;
}

/** The return's shipments (or only `ids` among them), oldest first, with their addresses. */
export async function findReturnShipmentRecords(
  db: Db,
  inboundReturnId: number,
  ids?: readonly number[],
): Promise<ReturnShipmentRecord[]> {
  return db
    .select({ shipment: inboundReturnShipments, source, destination })
    .from(inboundReturnShipments)
    .leftJoin(source, eq(source.id, inboundReturnShipments.sourceAddressId))
    .leftJoin(destination, eq(destination.id, inboundReturnShipments.addressId))
    .where(
      and(
        eq(inboundReturnShipments.inboundReturnId, inboundReturnId),
        ids ? inIds(inboundReturnShipments.id, ids) : undefined,
      ),
    )
    .orderBy(asc(inboundReturnShipments.id));
}

const num = (value: string | null) => (value === null ? 0 : Number(value));

export function returnShipmentDto(
  { shipment, source: from, destination: to }: ReturnShipmentRecord,
  label: ShippingLabel | undefined,
): ReturnShipmentDto {
  const rates = shipment.rates ?? [];
  const live = label?.state === 'bought' ? label : undefined;
  return {
    id: shipment.id,
    inboundReturnId: shipment.inboundReturnId,
    warehouseId: shipment.warehouseId,
    addressId: shipment.addressId,
    packageWidthInch: num(shipment.packageWidthInch),
    packageHeightInch: num(shipment.packageHeightInch),
    packageLengthInch: num(shipment.packageLengthInch),
    packageWeightOunce: num(shipment.packageWeightOunce),
    trackingNumber: shipment.trackingNumber,
    carrierFeeBilled: Number(shipment.carrierFeeBilled),
    carrierFeeRefunded: Number(shipment.carrierFeeRefunded),
    hasRates: rates.length > 0 ? 1 : 0,
    hasRatesAttempted: shipment.hasRatesAttempted,
    hasSelectedRate: shipment.selectedRateId ? 1 : 0,
    isPurchased: shipment.isPurchased,
    isDelivered: shipment.isDelivered,
    isVoided: shipment.isVoided,
    isExternalShipment: shipment.isExternalShipment,
    hasLabel: Boolean(shipment.trackingNumber) || shipment.isPurchased === 1,
    shippedAt: iso(shipment.shippedAt),
    deliveredAt: iso(shipment.deliveredAt),
    createdAt: iso(shipment.createdAt)!,
    carrier: shipment.carrierName,
    service: shipment.serviceName,
    sourceAddress: addressDto(from),
    destinationAddress: addressDto(to),
    easypostJSON: shipment.rateShipmentId
      ? providerShipmentReply(shipment.rateShipmentId, shipment.providerJson, rates, label)
      : null,
    rates: rates.map((rate) => ({
      id: rate.id,
      carrier: rate.carrier,
      service: rate.service,
      rate: rate.rateCents / 100,
      delivery_date: rate.deliveryDate,
      isSelectedRate: rate.id === shipment.selectedRateId,
      // Every rate offered passed the rules (no Envelope services); a bought label's rates are history.
      isValidShippingRate: shipment.isPurchased === 0,
    })),
    label: label ? labelDto(label) : null,
    labelDownloadUrl: live ? returnLabelPath(shipment.inboundReturnId, live.id) : null,
  };
}

/** The return's shipments as replies carry them, labels read from the ledger in one query. */
export async function returnShipmentReplies(
  db: Db,
  accountId: number,
  inboundReturnId: number,
  ids?: readonly number[],
): Promise<ReturnShipmentDto[]> {
  const records = await findReturnShipmentRecords(db, inboundReturnId, ids);
  const labels = await labelsOfOwners(
    db,
    accountId,
    'returnShipment',
    records.map((r) => r.shipment.id),
  );
  return records.map((record) => returnShipmentDto(record, labels.get(record.shipment.id)));
}
