/**
 * The carrier adapter: what Backroom asks of a carrier (or of a broker such as EasyPost), whichever is behind
 * it. The sandbox carrier (the default, offline) and the EasyPost adapter implement it; the shipping service
 * (shipping.service.ts) is the only caller, and order shipments, return labels and one-off shipments all go
 * through that service.
 *
 * Units: money in integer cents, weight in ounces, dimensions in inches, dates as ISO strings.
 */

/** An address as a carrier needs it. State and country are codes ('TX', 'US'). */
import type { Label } from '../printing/labels';

export interface CarrierAddress {
  name: string | null;
  company: string | null;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string | null;
  email: string | null;
}

export interface CarrierParcel {
  lengthInch: number;
  widthInch: number;
  heightInch: number;
  weightOunce: number;
}

export interface RateRequest {
  from: CarrierAddress;
  to: CarrierAddress;
  parcels: CarrierParcel[];
  /** Carrier accounts to ask (GET /api/v1/shipping/shippers ids); all of the adapter's when empty. */
  shipperIds?: string[];
  /** Shown on the label and kept by the carrier: the order number, the return id. */
  reference?: string;
}

export interface CarrierRate {
  /** The provider's rate id, bought with buy(). */
  id: string;
  /** 'USPS', 'UPS', 'FedEx', 'DHL', 'AmazonMws', … as the provider names it. */
  carrier: string;
  service: string;
  rateCents: number;
  /** Estimated delivery date, when the carrier gives one. */
  deliveryDate: string | null;
  deliveryDays: number | null;
  shipperId: string;
}

/** A rated shipment at the provider: its id is what buy() and void() name. */
export interface RatedShipment {
  providerShipmentId: string;
  rates: CarrierRate[];
  /** The provider's own JSON of the shipment (the spec's rate-provider / easypostJSON), kept as it is. */
  providerJson: unknown;
}

export interface PurchasedLabel {
  providerShipmentId: string;
  rateId: string;
  trackingNumber: string;
  carrier: string;
  service: string;
  /** Postage plus insurance, what the carrier bills. */
  feeCents: number;
  insuranceCents: number;
  /** The 4x6 label for a thermal printer. */
  labelZpl: string;
  /** The same label as a PDF, base64. */
  labelPdfBase64: string;
  /**
   * The label engine's layout when the adapter drew the label itself (the sandbox): printing renders it for
   * the printer's resolution and draws the print queue's PNG preview from it. Null for a carrier's own file.
   */
  labelLayout?: Label | null;
  providerJson: unknown;
}

export type RefundStatus = 'submitted' | 'refunded' | 'rejected';

export type TrackingStatus =
  | 'pre_transit'
  | 'in_transit'
  | 'out_for_delivery'
  | 'delivered'
  | 'return_to_sender'
  | 'failure'
  | 'unknown';

export interface TrackingUpdate {
  trackingNumber: string;
  status: TrackingStatus;
  deliveredAt: string | null;
  estimatedDeliveryDate: string | null;
  providerJson: unknown;
}

/** A carrier account the adapter can rate with (the spec's shipperIds). */
export interface Shipper {
  id: string;
  carrier: string;
  description: string;
  adapter: 'sandbox' | 'easypost';
}

export interface CarrierAdapter {
  readonly kind: 'sandbox' | 'easypost';
  shippers(): Promise<Shipper[]>;
  rate(request: RateRequest): Promise<RatedShipment>;
  /**
   * Buys one rate of a rated shipment, with insurance when `insuredCents` > 0. `idempotencyKey` is the same
   * for every retry of one purchase: a provider that takes one must not charge twice for it.
   */
  buy(input: {
    providerShipmentId: string;
    rateId: string;
    insuredCents: number;
    idempotencyKey: string;
  }): Promise<PurchasedLabel>;
  /**
   * The label already bought for a shipment, or null: asked after a buy whose answer never came (timeout,
   * crash) before anything is bought again, so an uncertain purchase is reconciled rather than repeated.
   */
  findPurchase(providerShipmentId: string): Promise<PurchasedLabel | null>;
  void(providerShipmentId: string): Promise<{ status: RefundStatus; refundCents: number }>;
  track(trackingNumber: string, carrier: string): Promise<TrackingUpdate>;
}
