import { z } from 'zod';
import { idSchema, intSchema, multilineText, text } from '../api/text';
import { insuredAmountSchema } from './order-shipments.schemas';
import { providerShipmentSchema } from './shipping-common.schemas';

// The one-off manual shipment calls (catalogue-admin.md §2.12, §3 One-off shipment, §4.7, §5 Parcels and
// addresses, §7, §9): rate a parcel between two addresses, buy one rate, void the label. The shipment crosses
// the API as the provider's JSON (EasyPost's shape whichever adapter made it).

/** §9 Parcel bounds: weight 0.05–150 pounds (the input stops at 70), each dimension 0.1–100 inches. */
export const PARCEL_LIMITS = {
  minWeightPounds: 0.05,
  maxWeightPounds: 150,
  inputMaxWeightPounds: 70,
  minInches: 0.1,
  maxInches: 100,
} as const;

/** §3 Parcel: name, width, height, length (inches), weight (pounds). */
export interface OneOffParcel {
  name?: string | null;
  width: number;
  height: number;
  length: number;
  weight: number;
}

/** §3 Address: name, company, addressLine1, city, stateId, postalCode, phone. */
export interface OneOffAddress {
  name?: string | null;
  company?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  stateId?: number | null;
  postalCode?: string | null;
  country?: string | null;
  phone?: string | null;
}

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/**
 * §5 "A parcel is invalid if weight is below 0.05 or above 150, or if any of height, width or length equals
 * 0", with §9's dimension bounds 0.1–100: what is wrong with a parcel, or null.
 */
export function oneOffParcelProblem(parcel: OneOffParcel): string | null {
  const { minWeightPounds, maxWeightPounds, minInches, maxInches } = PARCEL_LIMITS;
  if (!(parcel.weight >= minWeightPounds && parcel.weight <= maxWeightPounds))
    return `Weight must be ${minWeightPounds} to ${maxWeightPounds} pounds`;
  for (const side of ['width', 'height', 'length'] as const) {
    const value = parcel[side];
    if (!(value >= minInches && value <= maxInches))
      return `${side[0]!.toUpperCase()}${side.slice(1)} must be ${minInches} to ${maxInches} inches`;
  }
  return null;
}

/**
 * §5 "An address is valid when name or company is present, addressLine1, city and postalCode are present,
 * and stateId is set and not 0": what is missing, or null.
 */
export function oneOffAddressProblem(address: OneOffAddress): string | null {
  if (!filled(address.name) && !filled(address.company)) return 'A name or a company is required';
  if (!filled(address.addressLine1)) return 'Address line 1 is required';
  if (!filled(address.city)) return 'City is required';
  if (!filled(address.postalCode)) return 'Postal code is required';
  if (!address.stateId) return 'A state is required';
  return null;
}

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
    const problem = oneOffAddressProblem(address);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
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
export const oneOffShipmentSchema = providerShipmentSchema.extend({
  oneOffShipmentId: z.number().int(),
});
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
