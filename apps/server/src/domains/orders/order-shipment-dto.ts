import { type OrderShipmentDto, rateState, type ShipmentSubject, shipmentFlags } from '@backroom/shared';
import { labelDto, shipmentRateRecord } from '../shipping/label-dto';
import { addressDto } from './order-detail';
import { iso } from './order-detail-lines';
import type { ShipmentRecord, ShipmentRow } from './order-shipments.repository';

// An order shipment as every shipment call and the order detail answer it (orderShipmentSchema): the §3
// fields, the §4 flags worked out by the shared rules, the current rates and the label.

const num = (value: string | null | undefined) => (value === null || value === undefined ? 0 : Number(value));
const numOrNull = (value: string | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

/** A shipment row as the shared §4 rules read it (numbers, not the database's numeric text). */
export function shipmentSubject(
  shipment: ShipmentRow,
  items?: ShipmentSubject['items'],
  address?: ShipmentSubject['address'],
): ShipmentSubject {
  return {
    ...shipment,
    carrierFeeBilled: num(shipment.carrierFeeBilled),
    packageWidthInch: numOrNull(shipment.packageWidthInch),
    packageHeightInch: numOrNull(shipment.packageHeightInch),
    packageLengthInch: numOrNull(shipment.packageLengthInch),
    packageWeightOunce: numOrNull(shipment.packageWeightOunce),
    items,
    address,
  };
}

export function orderShipmentDto(
  { shipment, address, packaging, items, label }: ShipmentRecord,
  orderModifiedAt: Date,
): OrderShipmentDto {
  const flags = shipmentFlags(shipmentSubject(shipment, items, address));
  const shipmentRate = shipmentRateRecord(label);
  return {
    id: shipment.id,
    channelOrderId: shipment.channelOrderId,
    warehouseId: shipment.warehouseId,
    addressId: shipment.addressId,
    isPacked: shipment.isPacked,
    isShipped: shipment.isShipped,
    isVoided: shipment.isVoided,
    isDelivered: shipment.isDelivered,
    isPurchased: shipment.isPurchased,
    trackingNumber: shipment.trackingNumber,
    carrierFeeBilled: num(shipment.carrierFeeBilled),
    warehousePackagingId: shipment.warehousePackagingId,
    package:
      packaging || shipment.packagingName
        ? {
            id: packaging?.id ?? null,
            commonName: packaging?.commonName ?? shipment.packagingName,
            package: packaging
              ? {
                  packageLengthInch: Number(packaging.packageLengthInch),
                  packageWidthInch: Number(packaging.packageWidthInch),
                  packageHeightInch: Number(packaging.packageHeightInch),
                }
              : null,
          }
        : null,
    packageWidthInch: num(shipment.packageWidthInch),
    packageHeightInch: num(shipment.packageHeightInch),
    packageLengthInch: num(shipment.packageLengthInch),
    packageWeightOunce: num(shipment.packageWeightOunce),
    isTrainingShipment: shipment.isTrainingShipment,
    shippedAt: iso(shipment.shippedAt),
    deliveredAt: iso(shipment.deliveredAt),
    shipService: { name: shipment.serviceName, carrier: { name: shipment.carrierName } },
    address: addressDto(address),
    items,
    flags,
    rateState: rateState(shipmentRate),
    rateShipmentId: shipment.rateShipmentId,
    ratedAt: iso(shipment.ratedAt),
    rates: (shipment.rates ?? []).map((rate) => ({
      id: rate.id,
      carrier: rate.carrier,
      service: rate.service,
      rate: rate.rateCents / 100,
      deliveryDate: rate.deliveryDate,
      deliveryDays: rate.deliveryDays,
      shipperId: rate.shipperId,
    })),
    shipmentRate,
    label: label ? labelDto(label) : null,
    sourceModifiedAt: orderModifiedAt.toISOString(),
  };
}
