import type { ShippingLabelDto } from '@backroom/shared';

// A bought label (a row of the shipping ledger) as the order shipment, return label and one-off replies
// carry it: money in dollars, dates as ISO text, and the download addresses of the shipping core.

/** The ledger row's fields these replies read (the shipping service's ShippingLabel has them all). */
export interface LabelRecord {
  id: number;
  adapter: 'sandbox' | 'easypost';
  providerShipmentId: string;
  rateId: string;
  carrier: string;
  service: string;
  trackingNumber: string;
  feeCents: number;
  insuredCents: number;
  state: 'bought' | 'voided';
  refundStatus: 'submitted' | 'refunded' | 'rejected' | null;
  refundCents: number | null;
  trackingStatus: string | null;
  deliveredAt: Date | string | null;
  createdAt: Date | string;
  voidedAt: Date | string | null;
}

const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/** GET /api/v1/shipping/labels/{id}.pdf and .zpl (the shipping core's label download, permission shipping). */
export const labelPdfUrl = (labelId: number) => `/api/v1/shipping/labels/${labelId}.pdf`;
export const labelZplUrl = (labelId: number) => `/api/v1/shipping/labels/${labelId}.zpl`;

export function labelDto(label: LabelRecord): ShippingLabelDto {
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
    refund: (label.refundCents ?? 0) / 100,
    trackingStatus: label.trackingStatus,
    deliveredAt: iso(label.deliveredAt),
    purchasedAt: iso(label.createdAt)!,
    voidedAt: iso(label.voidedAt),
    pdfUrl: labelPdfUrl(label.id),
    zplUrl: labelZplUrl(label.id),
  };
}

/** A label's §3 Shipment rate record (purchasedAt, voidedAt, carrier, service, shippingServiceOfferId). */
export function shipmentRateRecord(label: LabelRecord | undefined) {
  if (!label) return null;
  return {
    purchasedAt: iso(label.createdAt),
    voidedAt: iso(label.voidedAt),
    carrier: label.carrier,
    service: label.service,
    shippingServiceOfferId: label.rateId,
  };
}
