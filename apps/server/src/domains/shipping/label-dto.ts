import type { ShippingLabelDto } from '@backroom/shared';
import type { ShippingLabel } from './shipping-label-row';

// A bought label (a row of the shipping ledger) as the order shipment, return label and one-off replies carry
// it: money in dollars, dates as ISO text, and the shipping core's download addresses.

export function labelDto(label: ShippingLabel): ShippingLabelDto {
  return {
    id: label.id,
    adapter: label.adapter,
    providerShipmentId: label.providerShipmentId,
    rateId: label.rateId,
    carrier: label.carrier,
    service: label.service,
    trackingNumber: label.trackingNumber,
    fee: label.feeCents / 100,
    insured: label.insuredCents / 100,
    state: label.state,
    refundStatus: label.refundStatus,
    refund: label.refundCents / 100,
    trackingStatus: label.trackingStatus,
    deliveredAt: label.deliveredAt,
    purchasedAt: label.purchasedAt ?? label.createdAt,
    voidedAt: label.voidedAt,
    pdfUrl: label.labelPdfUrl,
    zplUrl: label.labelZplUrl,
  };
}

/** A label's §3 Shipment rate record (purchasedAt, voidedAt, carrier, service, shippingServiceOfferId). */
export function shipmentRateRecord(label: ShippingLabel | undefined) {
  if (!label) return null;
  return {
    purchasedAt: label.purchasedAt ?? label.createdAt,
    voidedAt: label.voidedAt,
    carrier: label.carrier,
    service: label.service,
    shippingServiceOfferId: label.rateId,
  };
}
