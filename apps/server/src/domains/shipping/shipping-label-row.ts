import { toCents } from '@backroom/shared';
import type { shippingLabels } from '../../db/schema';
import type { LabelOwnerKind } from '../../db/schema/shipping';
import type { Label } from '../printing/labels';
import type { RefundStatus, TrackingStatus } from './carrier';

export type LabelRow = typeof shippingLabels.$inferSelect;

/** Whose label it is: an order shipment, a return shipment or a one-off shipment (ids of the account). */
export interface LabelOwner {
  kind: LabelOwnerKind;
  id: number;
}

/** A bought (or voided) label of the ledger, money in cents, times as ISO strings. */
export interface ShippingLabel {
  id: number;
  owner: LabelOwner;
  adapter: 'sandbox' | 'easypost';
  providerShipmentId: string;
  rateId: string;
  carrier: string;
  service: string;
  trackingNumber: string;
  /** What the carrier billed: postage plus insurance. */
  feeCents: number;
  insuredCents: number;
  insuranceFeeCents: number;
  state: 'bought' | 'voided';
  refundStatus: RefundStatus | null;
  refundCents: number;
  trackingStatus: TrackingStatus | null;
  estimatedDeliveryDate: string | null;
  deliveredAt: string | null;
  createdAt: string;
  purchasedAt: string | null;
  voidedAt: string | null;
  /**
   * The label files: ZPL for a thermal printer, the PDF (base64) to download. A label the sandbox drew has no
   * stored PDF (''): labelPdf() draws it from labelLayout when it is downloaded.
   */
  labelZpl: string;
  labelPdfBase64: string;
  /** The label engine's layout when the sandbox drew the label; null for a carrier's own file. */
  labelLayout: Label | null;
  /** Where the files are downloaded (GET /api/v1/shipping/labels/{id}.pdf|.zpl, permission shipping). */
  labelPdfUrl: string;
  labelZplUrl: string;
  /** The provider's shipment JSON after the purchase (EasyPost's shape, also from the sandbox). */
  providerJson: unknown;
}

export const labelFileUrl = (id: number, format: 'pdf' | 'zpl') => `/api/v1/shipping/labels/${id}.${format}`;

/** The ledger row as the service hands it out; only bought and voided rows are labels. */
export function toShippingLabel(row: LabelRow): ShippingLabel {
  if (row.state === 'pending') throw new Error(`Ledger row ${row.id} is not a label yet`);
  return {
    id: row.id,
    owner: { kind: row.ownerKind, id: row.ownerId },
    adapter: row.adapter as ShippingLabel['adapter'],
    providerShipmentId: row.providerShipmentId,
    rateId: row.rateId,
    carrier: row.carrier ?? '',
    service: row.service ?? '',
    trackingNumber: row.trackingNumber ?? '',
    feeCents: toCents(row.fee),
    insuredCents: toCents(row.insured),
    insuranceFeeCents: toCents(row.insuranceFee),
    state: row.state,
    refundStatus: (row.refundStatus as RefundStatus | null) ?? null,
    refundCents: toCents(row.refund),
    trackingStatus: (row.trackingStatus as TrackingStatus | null) ?? null,
    estimatedDeliveryDate: row.estimatedDeliveryDate,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    purchasedAt: row.purchasedAt?.toISOString() ?? null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    labelZpl: row.labelZpl ?? '',
    labelPdfBase64: row.labelPdfBase64 ?? '',
    labelLayout: (row.labelLayout as Label | null) ?? null,
    labelPdfUrl: labelFileUrl(row.id, 'pdf'),
    labelZplUrl: labelFileUrl(row.id, 'zpl'),
    providerJson: row.providerJson,
  };
}
