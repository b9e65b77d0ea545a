import { z } from 'zod';
import { idSchema, intSchema } from '../api/text';
import { REFUND_STATUSES } from './shipping-reference.schemas';

// Reply pieces shared by the order shipment, return label and one-off shipment calls: a label as the ledger
// (shipping_labels) keeps it, and the provider JSON of a rated or bought shipment (the spec's easypostJSON /
// rate-provider JSON), in the shape EasyPost gives it whichever adapter made it. Money in replies is dollars
// (a number with at most 2 decimals), weights ounces, dimensions inches, dates ISO 8601 text.

/** 0/1 flags as the spec's records carry them; a boolean is taken too. */
export const flagSchema = z.union([z.literal(0), z.literal(1), z.boolean().transform((b) => (b ? 1 : 0))]);

/** A flag in a reply: 0 or 1. */
export const replyFlag = z.number().int().min(0).max(1);

export const LABEL_STATES = ['bought', 'voided'] as const;
export type LabelState = (typeof LABEL_STATES)[number];

/**
 * A bought label (one row of the ledger): who carries it, its tracking number, what it cost, whether it is
 * voided and what the refund came to. `pdfUrl` / `zplUrl` download it (GET /api/v1/shipping/labels/{id}.pdf
 * and .zpl, permission shipping).
 */
export const shippingLabelSchema = z.object({
  id: z.number().int(),
  adapter: z.enum(['sandbox', 'easypost']),
  providerShipmentId: z.string(),
  rateId: z.string(),
  carrier: z.string(),
  service: z.string(),
  trackingNumber: z.string(),
  /** Postage plus insurance, dollars. */
  fee: z.number(),
  /** The insured value, dollars. */
  insured: z.number(),
  state: z.enum(LABEL_STATES),
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
  /** What the void refunded (or will), dollars. */
  refund: z.number(),
  trackingStatus: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** When it was bought. */
  purchasedAt: z.string(),
  voidedAt: z.string().nullable(),
  pdfUrl: z.string(),
  zplUrl: z.string(),
});
export type ShippingLabelDto = z.infer<typeof shippingLabelSchema>;

/**
 * A rate as the order shipment panel lists it (sorted by price ascending, no 'Envelope' services, AmazonMws
 * carriers relabelled '(AMZN)'): `id` is what …/buy sends as selectedRateId.
 */
export const shipmentRateSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  service: z.string(),
  /** Dollars. */
  rate: z.number(),
  deliveryDate: z.string().nullable(),
  deliveryDays: z.number().int().nullable(),
  shipperId: z.string(),
});
export type ShipmentRateDto = z.infer<typeof shipmentRateSchema>;

/** One rate of the provider JSON (EasyPost's Rate): `rate` is the price as decimal text, as EasyPost sends it. */
export const providerRateSchema = z.looseObject({
  id: z.string(),
  carrier: z.string(),
  service: z.string(),
  rate: z.string(),
  delivery_date: z.string().nullable(),
  delivery_days: z.number().int().nullable(),
});
export type ProviderRate = z.infer<typeof providerRateSchema>;

/** EasyPost's PostageLabel: here both point at Backroom's label download (PDF and ZPL). */
export const postageLabelSchema = z.looseObject({
  label_pdf_url: z.string(),
  label_zpl_url: z.string(),
});

/**
 * Marks a carrier's own document in the API description (OpenAPI `x-provider-document`): the fields Backroom
 * reads are declared, the others are passed on as the provider wrote them (the screen sends the document back
 * on …/buy). It is the one kind of reply object that takes properties nobody declared.
 */
export const PROVIDER_DOCUMENT = 'x-provider-document';
export const providerDocument = <T extends z.ZodType>(schema: T): T =>
  schema.meta({ [PROVIDER_DOCUMENT]: true });

/**
 * The shipment as the rate provider describes it (catalogue-admin.md §3 One-off shipment: id, tracking_code,
 * rates, postage_label): EasyPost's own JSON, or the sandbox carrier's mapped into the same shape. `id` is the
 * provider's shipment id; tracking_code and postage_label are null until a label is bought.
 */
export const providerShipmentSchema = providerDocument(
  z.looseObject({
    id: z.string(),
    tracking_code: z.string().nullable(),
    rates: z.array(providerRateSchema),
    postage_label: postageLabelSchema.nullable(),
  }),
);
export type ProviderShipment = z.infer<typeof providerShipmentSchema>;

/** orders-warehouse.md §3 Address, as replies carry it. */
export const shippingAddressSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  company: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  addressLine3: z.string().nullable(),
  city: z.string().nullable(),
  stateId: z.number().int().nullable(),
  stateOrProvidence: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
  countryId: z.number().int(),
  phoneHome: z.string().nullable(),
  phoneCell: z.string().nullable(),
  phoneWork: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
});
export type ShippingAddressDto = z.infer<typeof shippingAddressSchema>;

/**
 * POST /api/v1/shipping/label/print (orders-warehouse.md §7 Printing): a label of the ledger printed on a
 * printer through the print queue. `shipmentRateLabelId` names the label (the `id` of a reply's label);
 * `shipmentRateId` is the spec's and not needed.
 */
export const labelPrintRequestSchema = z.object({
  shipmentRateId: intSchema().nullish(),
  shipmentRateLabelId: idSchema,
  serverPrinterId: idSchema,
});
export type LabelPrintRequest = z.infer<typeof labelPrintRequestSchema>;

export const labelPrintReplySchema = z.object({ printJobId: z.number().int(), labelId: z.number().int() });
