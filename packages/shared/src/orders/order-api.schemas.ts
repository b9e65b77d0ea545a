import { z } from 'zod';
import { idParam, idSchema, intSchema, multilineText, text } from '../api/text';

// Payloads of the order calls (orders-warehouse.md §7 Channel orders, First-party orders), validated alike by
// the server and the screens. Money crosses the API in dollars with at most 2 decimals, as the spec's
// amounts do, and is turned into integer cents at once.

const id = idSchema;
/** One trimmed line of text. */
const line = (max: number) => text().trim().max(max);
const dollars = z
  .number()
  .finite()
  .min(0)
  .max(9_999_999.99)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most 2 decimals');
const flag = z.union([z.literal(0), z.literal(1), z.boolean().transform((b) => (b ? 1 : 0))]);

/** orders-warehouse.md §3 Address, as an import or an edit carries it. */
export const orderAddressSchema = z.object({
  name: line(120).nullish(),
  company: line(120).nullish(),
  addressLine1: line(200).nullish(),
  addressLine2: line(200).nullish(),
  addressLine3: line(200).nullish(),
  city: line(120).nullish(),
  stateOrProvidence: line(120).nullish(),
  postalCode: line(20).nullish(),
  country: line(2).default('US'),
  phone: line(40).nullish(),
  email: text().trim().email().max(200).nullish(),
});
export type OrderAddressInput = z.infer<typeof orderAddressSchema>;

/**
 * One marketplace order in an import batch (POST /api/v1/backroom/channelOrders/import). The channel is
 * named by its site id (1 Amazon, 2 eBay, 14 Reverb, 99 own store); channel + channelOrderNumber is the
 * order's identity, so sending it again updates it.
 */
export const importedOrderSchema = z.object({
  siteId: idSchema,
  channelOrderNumber: line(64).min(1),
  channelOrderStatusId: intSchema().nullish(),
  systemOrderStatusId: z.number().int().min(1).max(99).optional(),
  orderedAt: z.iso.datetime({ offset: true }),
  deliverBy: z.iso.datetime({ offset: true }).nullish(),
  isPrime: flag.optional(),
  isFBA: flag.optional(),
  requestedShipMethod: line(80).nullish(),
  billedShipping: dollars.default(0),
  customer: z
    .object({
      firstName: line(80).default(''),
      lastName: line(80).default(''),
      email: text().trim().email().max(200).nullish(),
      phone: line(40).nullish(),
      address: orderAddressSchema.nullish(),
    })
    .nullish(),
  shipTo: orderAddressSchema.nullish(),
  items: z
    .array(
      z.object({
        alternativeId: line(64).nullish(),
        sku: line(64).min(1),
        description: line(300).optional(),
        quantityOrdered: z.number().int().min(1).max(9999),
        unitPrice: dollars,
        tax: dollars.default(0),
        taxPercent: z.number().min(0).max(100).default(0),
      }),
    )
    .min(1)
    .max(200),
  payments: z
    .array(
      z.object({
        channelOrderPaymentTypeId: idSchema.default(35),
        amount: dollars.refine((v) => v > 0, 'A payment is above 0'),
        referenceId: line(120).nullish(),
        paymentNumber: line(120).nullish(),
      }),
    )
    .max(50)
    .default([]),
});
export type ImportedOrder = z.infer<typeof importedOrderSchema>;

export const channelOrderImportSchema = z.object({ orders: z.array(importedOrderSchema).min(1).max(500) });

/** POST /api/v1/backroom/channelOrders (§7): the orders list's search, a page at a time. */
export const channelOrderSearchSchema = z.object({
  searchTerm: line(200).default(''),
  channelId: id.nullish(),
  customerId: id.nullish(),
  systemOrderStatusIds: z.array(z.number().int().min(0).max(99)).max(100).optional(),
  eagerKey: text().max(40).optional(),
  limit: z.number().int().min(1).max(250).default(100),
  offset: z.number().int().min(0).max(1_000_000).default(0),
});
export type ChannelOrderSearch = z.infer<typeof channelOrderSearchSchema>;

/**
 * One row of the orders list (POST …/channelOrders, and the packing search): the fields the list shows. The
 * status name and the channel link are not sent; the screen derives them with orderStatusName and
 * channelOrderLink, the same rules the order detail uses.
 */
export const channelOrderListRowSchema = z.object({
  id,
  channelOrderNumber: z.string(),
  channelOrderTypeId: z.number().int(),
  systemOrderStatusId: z.number().int(),
  /** ISO 8601 in UTC, milliseconds: 2026-11-20T15:30:00.000Z. */
  orderedAt: z.string(),
  billedOrderTotal: z.number(),
  isPrime: z.number().int(),
  isFBA: z.number().int(),
  itemCount: z.number().int(),
  channelId: id.nullable(),
  channel: z
    .object({ id, name: z.string(), siteId: z.number().int(), channelTypeId: z.number().int() })
    .nullable(),
  customerId: id.nullable(),
  customer: z
    .object({ id, firstName: z.string(), lastName: z.string(), email: z.string().nullable() })
    .nullable(),
});
export type ChannelOrderListRow = z.infer<typeof channelOrderListRowSchema>;

/**
 * POST …/warehouse/channelOrder/packing/search: the orders holding the scanned product (by UPC, any GTIN
 * length) in the given statuses; no status list means every status.
 */
export const packingSearchSchema = z.object({
  upc: line(40).min(1, 'Scan or type a UPC'),
  systemOrderStatusId: z.array(z.number().int().min(0).max(99)).max(100).optional(),
  limit: z.number().int().min(1).max(250).default(100),
});
export type PackingSearch = z.infer<typeof packingSearchSchema>;

export const channelOrderIdSchema = z.object({ channelOrderId: id });
export const channelOrderQuerySchema = z.object({
  channelOrderId: idParam,
  eager: text().max(200).optional(),
});

/** PATCH …/warehouse/channelOrder/note: an array of notes; a note without id is new. */
export const orderNotesPatchSchema = z
  .array(
    z.object({
      id: id.optional(),
      channelOrderId: id,
      text: multilineText().trim().min(1, 'A note needs some text').max(4000),
    }),
  )
  .min(1)
  .max(50);

/** POST /v1/backroom/warehouse/shipment/markShipped. */
export const markShippedSchema = z.object({
  channelOrderId: id,
  trackingNumbers: z.array(line(60).min(1)).max(20).default([]),
});
