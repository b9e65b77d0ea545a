import { z } from 'zod';
import { idParam, idSchema, intSchema, text } from '../api/text';
import { insuredAmountSchema, shipmentInchesSchema, shipmentOuncesSchema } from './order-shipments.schemas';
import {
  providerShipmentSchema,
  replyFlag,
  shippingAddressSchema,
  shippingLabelSchema,
} from './shipping-common.schemas';

// The return label calls (returns.md §Add shipment modal, §Shipment panel, §4 Shipments, §5, §7) under
// /api/v1/backroom/returns/…: add existing labels or a new label to rate, rate it, buy a rate, download the
// label. Weights ounces, dimensions inches, money dollars.

const line = (max: number) => text().trim().max(max);
const dollars = z
  .number()
  .finite()
  .min(0, 'Cost is 0 or more')
  .max(99_999.99)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most 2 decimals');

/**
 * POST /api/v1/backroom/returns/shipments/new. 'Add an Existing Label': trackingNumbers, each with its cost;
 * 'Create a New Label': no tracking numbers, one shipment to rate and buy. `destinationAddressId` names the
 * chosen warehouse: its address is where the return goes (a warehouse that receives, active, not third
 * party); the account's first such warehouse when left out.
 */
export const returnShipmentsNewSchema = z.object({
  channelOrderReturnId: idSchema.nullish(),
  inboundReturnId: idSchema,
  trackingNumbers: z
    .array(
      z.object({
        trackingNumber: line(60).min(1, 'Enter a tracking number'),
        carrierFeeBilled: dollars.default(0),
      }),
    )
    .max(20)
    .default([]),
  destinationAddressId: idSchema.nullish(),
});
export type ReturnShipmentsNew = z.infer<typeof returnShipmentsNewSchema>;

/** An address as the return shipment panel edits it (the sender: the customer, or 'Fill from Order Address'). */
export const returnAddressInputSchema = z.object({
  name: line(120).nullish(),
  company: line(120).nullish(),
  addressLine1: line(200).nullish(),
  addressLine2: line(200).nullish(),
  addressLine3: line(200).nullish(),
  city: line(120).nullish(),
  stateId: intSchema().nullish(),
  stateOrProvidence: line(120).nullish(),
  postalCode: line(20).nullish(),
  country: line(2).nullish(),
  countryId: intSchema().nullish(),
  phone: line(40).nullish(),
  email: text().trim().email().max(200).nullish(),
});
export type ReturnAddressInput = z.infer<typeof returnAddressInputSchema>;

const inches = shipmentInchesSchema;
const ounces = shipmentOuncesSchema;

/**
 * POST /api/v1/backroom/returns/shipment/rate: { shipment }. The package, the sender and the destination
 * warehouse as the panel shows them are saved with the rates (nothing is saved when rating is refused).
 */
export const returnShipmentRateSchema = z.object({
  shipment: z.object({
    id: idSchema,
    inboundReturnId: idSchema,
    warehouseId: idSchema.nullish(),
    packageWidthInch: inches,
    packageHeightInch: inches,
    packageLengthInch: inches,
    packageWeightOunce: ounces,
    sourceAddress: returnAddressInputSchema.nullish(),
    shipperIds: z.array(text().trim().min(1).max(100)).max(50).optional(),
  }),
});
export type ReturnShipmentRate = z.infer<typeof returnShipmentRateSchema>;

/** POST /api/v1/backroom/returns/shipment/buy. */
export const returnShipmentBuySchema = z.object({
  inboundReturnId: idSchema,
  inboundReturnShipmentId: idSchema,
  selectedRateId: text().trim().min(1, 'Choose a rate').max(100),
  /** Insured value: integer dollars 0–5000. */
  insuredAmount: insuredAmountSchema.default(0),
});
export type ReturnShipmentBuy = z.infer<typeof returnShipmentBuySchema>;

/** GET /api/v1/backroom/returns/:id/labels/:labelId: the return's label as a PDF, return-{id}-label-{labelId}.pdf. */
export const returnLabelParamsSchema = z.object({ id: idParam, labelId: idParam });

/** The download's file name (returns.md §7: "named after the return id and the label id"). */
export const returnLabelFileName = (inboundReturnId: number, labelId: number) =>
  `return-${inboundReturnId}-label-${labelId}.pdf`;
export const returnLabelPath = (inboundReturnId: number, labelId: number) =>
  `/api/v1/backroom/returns/${inboundReturnId}/labels/${labelId}`;

/** returns.md §3 Rate: id, service, rate, delivery_date, isSelectedRate, isValidShippingRate (and carrier). */
export const returnRateSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  service: z.string(),
  /** Dollars. */
  rate: z.number(),
  delivery_date: z.string().nullable(),
  isSelectedRate: z.boolean(),
  isValidShippingRate: z.boolean(),
});
export type ReturnRateDto = z.infer<typeof returnRateSchema>;

/** returns.md §3 Inbound return shipment, as the label calls and the return's `shipments` answer it. */
export const returnShipmentSchema = z.object({
  id: z.number().int(),
  inboundReturnId: z.number().int(),
  warehouseId: z.number().int().nullable(),
  addressId: z.number().int().nullable(),
  packageWidthInch: z.number(),
  packageHeightInch: z.number(),
  packageLengthInch: z.number(),
  packageWeightOunce: z.number(),
  trackingNumber: z.string().nullable(),
  /** Dollars. */
  carrierFeeBilled: z.number(),
  carrierFeeRefunded: z.number(),
  hasRates: replyFlag,
  hasRatesAttempted: replyFlag,
  hasSelectedRate: replyFlag,
  isPurchased: replyFlag,
  isDelivered: replyFlag,
  isVoided: replyFlag,
  isExternalShipment: replyFlag,
  /** returns.md §4: a shipment has a label once it has a tracking number or isPurchased. */
  hasLabel: z.boolean(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  carrier: z.string().nullable(),
  service: z.string().nullable(),
  sourceAddress: shippingAddressSchema.nullable(),
  destinationAddress: shippingAddressSchema.nullable(),
  /** The rate provider's JSON of the rated (or bought) shipment, null before rating. */
  easypostJSON: providerShipmentSchema.nullable(),
  /** The current rates, cheapest first, 'Envelope' services hidden. */
  rates: z.array(returnRateSchema),
  label: shippingLabelSchema.nullable(),
  /** Where 'Download Label' goes: the PDF named return-{inboundReturnId}-label-{labelId}.pdf. */
  labelDownloadUrl: z.string().nullable(),
});
export type ReturnShipmentDto = z.infer<typeof returnShipmentSchema>;
