import { z } from 'zod';
import { idSchema, intSchema, multilineText, text } from '../api/text';
import {
  isValidOneOffAddress,
  isValidOneOffParcel,
  ONE_OFF_PARCEL,
  type OneOffParcel,
} from './one-off-rules';
import { insuredAmountSchema } from './order-shipments.schemas';
import { providerDocument, providerShipmentSchema } from './shipping-common.schemas';

// The one-off manual shipment calls (catalogue-admin.md §2.12, §3 One-off shipment, §4.7, §5 Parcels and
// addresses, §7, §9): rate a parcel between two addresses, buy one rate, void the label. The shipment crosses
// the API as the provider's JSON (EasyPost's shape whichever adapter made it).

/**
 * What is wrong with a parcel, or null: §5's rule (weight 0.05–150 pounds, no side 0) and §9's bounds of the
 * sides (0.1–100 inches).
 */
export function oneOffParcelProblem(parcel: OneOffParcel): string | null {
  const { minDimensionInch, maxDimensionInch } = ONE_OFF_PARCEL;
  const sidesWithin = [parcel.width, parcel.height, parcel.length].every(
    (side) => side != null && side >= minDimensionInch && side <= maxDimensionInch,
  );
  if (isValidOneOffParcel(parcel) && sidesWithin) return null;
  return ONE_OFF_PARCEL_MESSAGE;
}

export const ONE_OFF_PARCEL_MESSAGE = `A package weighs ${ONE_OFF_PARCEL.minWeightPounds} to ${ONE_OFF_PARCEL.maxWeightPounds} pounds and each side is ${ONE_OFF_PARCEL.minDimensionInch} to ${ONE_OFF_PARCEL.maxDimensionInch} inches`;
export const ONE_OFF_ADDRESS_MESSAGE =
  'An address needs a name or a company, address line 1, city, postal code and a state';

const line = (max: number) => text().trim().max(max);

export const oneOffAddressSchema = z
  .object({
    name: line(120).nullish(),
    company: line(120).nullish(),
    addressLine1: line(200).nullish(),
    addressLine2: line(200).nullish(),
    city: line(120).nullish(),
    /** A state of GET /api/v1/utilities/statesAndCountries. */
    stateId: intSchema().nullish(),
    postalCode: line(20).nullish(),
    /** Two-letter country code; US when left out. */
    country: line(2).nullish(),
    phone: line(40).nullish(),
    email: text().trim().email().max(200).nullish(),
  })
  .superRefine((address, ctx) => {
    if (!isValidOneOffAddress(address)) ctx.addIssue({ code: 'custom', message: ONE_OFF_ADDRESS_MESSAGE });
  });
export type OneOffAddressInput = z.infer<typeof oneOffAddressSchema>;

export const oneOffParcelSchema = z
  .object({
    name: line(80).nullish(),
    width: z.number().finite(),
    height: z.number().finite(),
    length: z.number().finite(),
    /** Pounds. */
    weight: z.number().finite(),
  })
  .superRefine((parcel, ctx) => {
    const problem = oneOffParcelProblem(parcel);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type OneOffParcelInput = z.infer<typeof oneOffParcelSchema>;

/**
 * POST /api/v1/shipping/oneOffShipment: shipFrom, shipTo, parcels (the spec's payload) and, for the record
 * kept with the label, the Ship From warehouse and the screen's Internal Notes.
 */
export const oneOffShipmentRequestSchema = z.object({
  shipFrom: oneOffAddressSchema,
  shipTo: oneOffAddressSchema,
  parcels: z.array(oneOffParcelSchema).min(1, 'Add a package').max(1, 'One package a shipment'),
  warehouseId: idSchema.nullish(),
  notes: multilineText().trim().max(4000).nullish(),
  shipperIds: z.array(text().trim().min(1).max(100)).max(50).optional(),
});
export type OneOffShipmentRequest = z.infer<typeof oneOffShipmentRequestSchema>;

/**
 * The one-off shipment as the calls answer it: the provider JSON (id = the provider's shipment id, rates
 * cheapest first, tracking_code and postage_label once bought) and Backroom's record of it.
 */
export const oneOffShipmentSchema = providerDocument(
  providerShipmentSchema.extend({ oneOffShipmentId: z.number().int() }),
);
export type OneOffShipmentDto = z.infer<typeof oneOffShipmentSchema>;

/** POST /api/v1/shipping/oneOffShipment/buy: the rated shipment as data[0] gave it, the rate, insurance. */
export const oneOffBuyRequestSchema = z.object({
  /** The shipment as the rating answered it; its `id` names it. */
  easypostJSON: z.looseObject({ id: text().trim().min(1).max(100) }),
  rateId: text().trim().min(1, 'Choose a rate').max(100),
  /** 'Insured Value (Nearest $)': whole dollars 0–5000. */
  insuredAmount: insuredAmountSchema.default(0),
});
export type OneOffBuyRequest = z.infer<typeof oneOffBuyRequestSchema>;

/** data[0] of …/buy: the shipment with tracking_code and postage_label, and the fee in dollars. */
export const oneOffBuyReplySchema = z.object({
  easypostJSON: oneOffShipmentSchema,
  /** Postage plus insurance, dollars: 'Label Purchased with total Fee: ${totalFee}'. */
  totalFee: z.number(),
  labelId: z.number().int(),
});
export type OneOffBuyReply = z.infer<typeof oneOffBuyReplySchema>;

/**
 * POST /api/v1/shipping/oneOffShipment/void: `shipmentId` is the provider's shipment id (easypostJSON.id);
 * `integrationId` is the account's integration id, sent by the screen and not needed (the session names the
 * account).
 */
export const oneOffVoidRequestSchema = z.object({
  shipmentId: text().trim().min(1).max(100),
  integrationId: z.union([intSchema(), text().max(100)]).nullish(),
});
export type OneOffVoidRequest = z.infer<typeof oneOffVoidRequestSchema>;

/** data[0] of …/void: 'Voided Shipment {id}: Refund Requested.' when totalRefund is present. */
export const oneOffVoidReplySchema = z.object({
  id: z.string(),
  /** Dollars. */
  totalRefund: z.number(),
  refundStatus: z.enum(['submitted', 'refunded', 'rejected']),
});
export type OneOffVoidReply = z.infer<typeof oneOffVoidReplySchema>;
