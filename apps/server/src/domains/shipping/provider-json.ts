import { centsToDecimal, type ProviderShipment } from '@backroom/shared';
import type { CarrierRate } from './carrier';
import type { ShippingLabel } from './shipping-label-row';

// The provider JSON of a shipment as Backroom's replies give it (the spec's easypostJSON / rate-provider JSON):
// the provider's own JSON (after the purchase when there is a live label), with the rates Backroom shows
// (cheapest first, no Envelope services, '(AMZN)' relabelled), the live label's tracking code and Backroom's
// label downloads as its postage label. EasyPost's shape whichever adapter made it.

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A rate as the provider JSON writes it (EasyPost's Rate: the price as decimal text). */
export const providerRate = (shipmentId: string) => (rate: CarrierRate) => ({
  id: rate.id,
  object: 'Rate',
  shipment_id: shipmentId,
  carrier: rate.carrier,
  carrier_account_id: rate.shipperId,
  service: rate.service,
  rate: centsToDecimal(rate.rateCents),
  currency: 'USD',
  delivery_date: rate.deliveryDate,
  delivery_days: rate.deliveryDays,
});

export function providerShipmentReply(
  providerShipmentId: string,
  providerJson: unknown,
  rates: readonly CarrierRate[],
  label: ShippingLabel | undefined,
): ProviderShipment {
  const live = label?.state === 'bought' ? label : undefined;
  const base = isObject(live?.providerJson) ? live.providerJson : isObject(providerJson) ? providerJson : {};
  const postage = isObject(base.postage_label) ? base.postage_label : {};
  return {
    ...base,
    id: providerShipmentId,
    tracking_code: live?.trackingNumber ?? null,
    rates: rates.map(providerRate(providerShipmentId)),
    postage_label: live
      ? { ...postage, label_pdf_url: live.labelPdfUrl, label_zpl_url: live.labelZplUrl }
      : null,
  };
}
