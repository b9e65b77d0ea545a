import { z } from 'zod';
import { idParam, idSchema, text } from '../api/text';
import { SHIPMENT_CONTROL } from '../catalogue/product-conditions';
import { OUNCES_PER_POUND } from '../warehouse/usb-scale';
import { MAX_INSURED_DOLLARS } from './one-off-rules';
import {
  flagSchema,
  replyFlag,
  shipmentRateSchema,
  shippingAddressSchema,
  shippingLabelSchema,
} from './shipping-common.schemas';

// The order shipment calls (orders-warehouse.md §7 Shipments) under /api/v1/backroom/warehouse/…, and the
// order shipment as every one of them (and the order detail's `shipments`) answers it. Weights are ounces
// (the screen enters pounds and sends pounds × 16), dimensions inches.

/** §5 Shipment control inputs: each dimension 0–300 inches, weight 0–300 pounds (stored as ounces). */
export const shipmentInchesSchema = z.number().finite().min(SHIPMENT_CONTROL.min).max(SHIPMENT_CONTROL.max);
export const shipmentOuncesSchema = z
  .number()
  .finite()
  .min(SHIPMENT_CONTROL.min)
  .max(SHIPMENT_CONTROL.max * OUNCES_PER_POUND);
const inches = shipmentInchesSchema;
const ounces = shipmentOuncesSchema;

/** The packaging dropdown's value: 'Unknown Packaging' (0) cannot be chosen (§Order item and shipment screens). */
export const UNKNOWN_PACKAGING_MESSAGE =
  "'Unknown Packaging' cannot be chosen; choose the box the shipment is in";
const packagingId = z
  .number()
  .int()
  .refine((v) => v !== 0, UNKNOWN_PACKAGING_MESSAGE)
  .pipe(idSchema);

/** The order's version (its detail's sourceModifiedAt): a change made from an older copy is refused with 409. */
const sourceModifiedAt = z.iso.datetime({ offset: true });

/** What the shipment control changes: packaging, the three dimensions, weight, the training flag. */
export const shipmentPackageFields = {
  warehousePackagingId: packagingId.nullable().optional(),
  packageWidthInch: inches.optional(),
  packageHeightInch: inches.optional(),
  packageLengthInch: inches.optional(),
  packageWeightOunce: ounces.optional(),
  isTrainingShipment: flagSchema.optional(),
};

/**
 * One shipment of PATCH …/warehouse/shipments: with `id` a change of that shipment of order channelOrderId,
 * without it a new shipment of the order (its items, its warehouse and its ship-to address unless given).
 * Fields left out keep their value. A shipment with a live label cannot be changed (void it first).
 */
export const orderShipmentPatchSchema = z.object({
  id: idSchema.optional(),
  channelOrderId: idSchema,
  sourceModifiedAt: sourceModifiedAt.optional(),
  warehouseId: idSchema.optional(),
  addressId: idSchema.optional(),
  ...shipmentPackageFields,
});
export type OrderShipmentPatch = z.infer<typeof orderShipmentPatchSchema>;

/** PATCH /api/v1/backroom/warehouse/shipments: shipments[]; the reply's data[0] is the first one as saved. */
export const orderShipmentsPatchSchema = z.object({
  shipments: z.array(orderShipmentPatchSchema).min(1).max(20),
});
export type OrderShipmentsPatch = z.infer<typeof orderShipmentsPatchSchema>;

/**
 * The screen's copy of the shipment, as the rates, pack, void and buy calls carry it (the whole shipment of
 * the reply may be sent; fields not named here are ignored). For rates and buy a copy whose package differs
 * from the saved one is refused as stale (409): rates are bought for the box the server knows. Pack saves the
 * copy's package fields with the packing.
 */
export const shipmentCopySchema = z.object({
  id: idSchema,
  channelOrderId: idSchema.optional(),
  warehousePackagingId: packagingId.nullish(),
  packageWidthInch: inches.nullish(),
  packageHeightInch: inches.nullish(),
  packageLengthInch: inches.nullish(),
  packageWeightOunce: ounces.nullish(),
  isTrainingShipment: flagSchema.optional(),
});
export type ShipmentCopy = z.infer<typeof shipmentCopySchema>;

/**
 * GET /api/v1/backroom/warehouse/shipments?channelOrderId=: the order's shipments, oldest first, for those who
 * pack and ship without the order desk's permission (the packing station after a scan).
 */
export const orderShipmentsQuerySchema = z.object({ channelOrderId: idParam });

/** POST /api/v1/backroom/warehouse/shipment/package/rates. */
export const shipmentRatesRequestSchema = z.object({
  channelOrderId: idSchema,
  channelOrderShipmentId: idSchema,
  shipment: shipmentCopySchema.optional(),
  /** Carrier accounts to ask (GET /api/v1/shipping/shippers ids); every one when left out or empty. */
  shipperIds: z.array(text().trim().min(1).max(100)).max(50).optional(),
});
export type ShipmentRatesRequest = z.infer<typeof shipmentRatesRequestSchema>;

/** POST /api/v1/backroom/warehouse/shipments/package/pack: saves the copy's package and marks it packed. */
export const shipmentPackRequestSchema = z.object({
  shipment: shipmentCopySchema,
  sourceModifiedAt: sourceModifiedAt.optional(),
});
export type ShipmentPackRequest = z.infer<typeof shipmentPackRequestSchema>;

/** POST /api/v1/backroom/warehouse/shipments/package/void: voids the shipment's label (refund requested). */
export const shipmentVoidRequestSchema = z.object({
  channelOrderShipment: shipmentCopySchema,
});
export type ShipmentVoidRequest = z.infer<typeof shipmentVoidRequestSchema>;

/** Insured value, whole dollars 0–5000 (catalogue-admin.md §9, returns.md §5). */
export const insuredAmountSchema = z
  .number()
  .int('Insured value is whole dollars')
  .min(0)
  .max(MAX_INSURED_DOLLARS);

/**
 * POST /api/v1/backroom/warehouse/shipment/package/buy: buys `selectedRateId` (one of the shipment's current
 * rates) and, with `serverPrinterId`, prints the label on that printer through the print queue.
 */
export const shipmentBuyRequestSchema = z.object({
  channelOrderId: idSchema,
  channelOrderShipmentId: idSchema,
  selectedRateId: text().trim().min(1, 'Choose a rate').max(100),
  shipment: shipmentCopySchema.optional(),
  serverPrinterId: idSchema.nullish(),
  insuredAmount: insuredAmountSchema.default(0),
});
export type ShipmentBuyRequest = z.infer<typeof shipmentBuyRequestSchema>;

/** POST /api/v1/backroom/warehouse/shipment/printLabel: prints the shipment's label again on a printer. */
export const shipmentPrintLabelSchema = z.object({
  serverPrinterId: idSchema,
  channelOrderShipmentId: idSchema,
});
export type ShipmentPrintLabel = z.infer<typeof shipmentPrintLabelSchema>;

/** Its reply: the print job queued (the Print Queue shows it with its preview). */
export const shipmentPrintJobSchema = z.object({
  printJobId: z.number().int(),
  channelOrderShipmentId: z.number().int(),
  labelId: z.number().int(),
});

/** §4 rate state of a shipment's label: none bought yet, bought (shipped) or voided. */
export const RATE_STATES = ['unshipped', 'shipped', 'voided'] as const;
export type RateState = (typeof RATE_STATES)[number];

/** §4 Shipment flags as the server worked them out (shipment-flags.ts), for the panel's buttons. */
export const shipmentFlagsSchema = z.object({
  canPack: z.boolean(),
  canRecalculateRates: z.boolean(),
  isReadyToShip: z.boolean(),
  hasValidPackage: z.boolean(),
  hasValidAddress: z.boolean(),
  hasShippableItems: z.boolean(),
  /** Why rates cannot be calculated now, in words (null when they can). */
  ratesBlockedReason: z.string().nullable(),
});
export type ShipmentFlags = z.infer<typeof shipmentFlagsSchema>;

/** Packaging (§3): id, commonName, package with the three inch dimensions. */
export const shipmentPackagingSchema = z.object({
  id: z.number().int().nullable(),
  commonName: z.string().nullable(),
  package: z
    .object({
      packageLengthInch: z.number(),
      packageWidthInch: z.number(),
      packageHeightInch: z.number(),
    })
    .nullable(),
});

/** §3 Shipment rate: the label's purchase and void times, carrier, service and the rate bought. */
export const shipmentRateRecordSchema = z.object({
  purchasedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  carrier: z.string(),
  service: z.string(),
  shippingServiceOfferId: z.string(),
});

/** An order shipment as every shipment call and the order detail answer it. */
export const orderShipmentSchema = z.object({
  id: z.number().int(),
  channelOrderId: z.number().int(),
  warehouseId: z.number().int().nullable(),
  addressId: z.number().int().nullable(),
  isPacked: replyFlag,
  isShipped: replyFlag,
  isVoided: replyFlag,
  isDelivered: replyFlag,
  isPurchased: replyFlag,
  trackingNumber: z.string().nullable(),
  /** Dollars. */
  carrierFeeBilled: z.number(),
  warehousePackagingId: z.number().int().nullable(),
  package: shipmentPackagingSchema.nullable(),
  packageWidthInch: z.number(),
  packageHeightInch: z.number(),
  packageLengthInch: z.number(),
  packageWeightOunce: z.number(),
  isTrainingShipment: replyFlag,
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  shipService: z.object({ name: z.string().nullable(), carrier: z.object({ name: z.string().nullable() }) }),
  address: shippingAddressSchema.nullable(),
  items: z.array(
    z.object({
      productId: z.number().int().nullable(),
      quantity: z.number().int(),
      sku: z.string().nullable(),
    }),
  ),
  flags: shipmentFlagsSchema,
  rateState: z.enum(RATE_STATES),
  /** The provider's shipment the current rates belong to (null when there are none). */
  rateShipmentId: z.string().nullable(),
  ratedAt: z.string().nullable(),
  /** The current rates, cheapest first; emptied when the package changes. */
  rates: z.array(shipmentRateSchema),
  shipmentRate: shipmentRateRecordSchema.nullable(),
  /** The live label, or the last voided one. */
  label: shippingLabelSchema.nullable(),
  /** The order's version after this change: what the next order edit sends as sourceModifiedAt. */
  sourceModifiedAt: z.string(),
});
export type OrderShipmentDto = z.infer<typeof orderShipmentSchema>;

/**
 * The buy reply: the shipment with its label, and the print job queued (null when no printer was named, when
 * this call found the label already bought by another, or when printing failed: printError says why).
 */
export const boughtShipmentSchema = orderShipmentSchema.extend({
  printJobId: z.number().int().nullable(),
  printError: z.string().nullable(),
});
export type BoughtShipmentDto = z.infer<typeof boughtShipmentSchema>;
