import { z } from 'zod';
import { idSchema, intSchema, multilineText, text } from '../api/text';
import { conditionListingDataSchema } from '../catalogue/catalogue.schemas';
import { PRODUCT_CONDITIONS } from '../catalogue/product-conditions';
import { returnShipmentSchema } from '../shipping/return-labels.schemas';
import { shippingAddressSchema } from '../shipping/shipping-common.schemas';
import { RECEIPT_DISPOSITIONS } from './return-disposition';
import { RETURN_ITEM_STATUSES, RETURN_REASONS, RETURN_STATUSES } from './return-statuses';

// The return as GET/PATCH …/returns answer it (returns.md §3 Inbound return and what hangs off it), and the
// PATCH …/returns payload (§7: inboundReturns; optionally inventoryLocationItems, product, assignedBarcode).

const named = z.object({ id: z.number().int(), name: z.string() });
const person = z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() });

/** A unit received from a return item (§3 Inventory location item created on receipt), where it went. */
export const returnUnitSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  upc: z.string().nullable(),
  productConditionId: z.number().int(),
  inventoryConditionId: z.number().int(),
  warehouseId: z.number().int(),
  inventoryLocationId: z.number().int().nullable(),
  locationBarcode: z.string().nullable(),
  serial: z.string().nullable(),
  priceCost: z.number(),
  receivedAt: z.string().nullable(),
  receivedBy: person.nullable(),
});
export type ReturnUnitDto = z.infer<typeof returnUnitSchema>;

/** A condition variant of the item's product (catalogue-admin.md §2.11), offered when a used condition is chosen. */
export const returnVariantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  upc: z.string().nullable(),
  productConditionId: z.number().int(),
  hasPrimaryImage: z.boolean(),
});

export const returnItemProductSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  upc: z.string().nullable(),
  productConditionId: z.number().int(),
  brandId: z.number().int().nullable(),
  brandAlias: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The product's images, to pick a used variant's primary image from. */
  images: z.array(z.object({ imageId: z.number().int(), url: z.string(), isPrimaryImage: z.boolean() })),
  packageLengthInch: z.number(),
  packageWidthInch: z.number(),
  packageHeightInch: z.number(),
  packageWeightOunce: z.number(),
  priceCost: z.number(),
});

export const returnItemSchema = z.object({
  id: z.number().int(),
  inboundReturnId: z.number().int(),
  productId: z.number().int().nullable(),
  channelOrderItemId: z.number().int().nullable(),
  quantity: z.number().int(),
  quantityReceived: z.number().int(),
  inboundReturnItemStatusId: z.number().int(),
  status: named,
  returnReasonId: z.number().int().nullable(),
  returnReason: z.object({ name: z.string() }).nullable(),
  returnReasonNote: z.string().nullable(),
  /** The channel's return line it came back on: the card's channel reason and the customer's words. */
  channelOrderReturnItemId: z.number().int().nullable(),
  channelOrderReturnItem: z
    .object({
      id: z.number().int(),
      quantity: z.number().int(),
      returnReasonId: z.number().int().nullable(),
      returnReason: z.object({ name: z.string() }).nullable(),
      returnReasonNote: z.string().nullable(),
    })
    .nullable(),
  product: returnItemProductSchema.nullable(),
  channelOrderItem: z
    .object({
      id: z.number().int(),
      unitPrice: z.number().nullable(),
      listingSKU: z.string().nullable(),
      description: z.string().nullable(),
      quantityOrdered: z.number().int(),
    })
    .nullable(),
  /** Units received from this item, oldest first. */
  inventory: z.array(returnUnitSchema),
  variants: z.array(returnVariantSchema),
  noteCount: z.number().int(),
});
export type ReturnItemDto = z.infer<typeof returnItemSchema>;

export const returnNoteSchema = z.object({
  id: z.number().int(),
  inboundReturnItemId: z.number().int().nullable(),
  noteTypeId: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  user: person.nullable(),
});

export const returnPaymentSchema = z.object({
  id: z.number().int(),
  inboundReturnId: z.number().int(),
  alternativeId: z.string().nullable(),
  referenceId: z.string().nullable(),
  inboundReturnPaymentTypeId: z.number().int(),
  inboundReturnPaymentStatusId: z.number().int(),
  paymentNumber: z.string().nullable(),
  amount: z.number(),
  note: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
});

export const returnAppealSchema = z.object({
  id: z.number().int(),
  inboundReturnAppealStatusId: z.number().int(),
  claimAmountDollar: z.number().nullable(),
  reimbursementAmountDollar: z.number().nullable(),
});

/** Received Divisions: where this return's units went, with how many each. */
export const receivedDivisionSchema = z.object({
  id: z.number().int(),
  barcode: z.string(),
  name: z.string().nullable(),
  warehouseId: z.number().int(),
  units: z.number().int(),
});

const orderChannel = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  typeId: z.number().int(),
  name: z.string(),
});

/** GET /api/v1/backroom/returns/{id} (and the PATCH's reply): returns.md §3 Inbound return. */
export const returnDetailSchema = z.object({
  id: z.number().int(),
  referenceId: z.string().nullable(),
  returnStatusId: z.number().int(),
  status: named,
  isOpen: z.boolean(),
  requestedAt: z.string(),
  /** The version a save must name (409 'stale' when someone else saved since). */
  modifiedAt: z.string(),
  customerId: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  channelOrderReturnId: z.number().int().nullable(),
  isFirstPartyReturn: z.boolean(),
  customer: z
    .object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable() })
    .nullable(),
  channelOrderReturn: z
    .object({
      id: z.number().int(),
      channelId: z.number().int().nullable(),
      channelOrderId: z.number().int(),
      referenceId: z.string().nullable(),
      channelOrderReturnStatus: z.string().nullable(),
      order: z
        .object({
          id: z.number().int(),
          channelOrderNumber: z.string(),
          channelOrderTypeId: z.number().int(),
          systemOrderStatusId: z.number().int(),
          isFBA: z.number().int(),
          orderedAt: z.string().nullable(),
          systemOrderStatus: named,
          channel: orderChannel.nullable(),
          shipTo: z.object({ address: shippingAddressSchema.nullable() }),
          relatedOrders: z.array(
            z.object({
              id: z.number().int(),
              channelOrderNumber: z.string(),
              type: z.object({ id: z.number().int().nullable(), name: z.string() }),
            }),
          ),
        })
        .nullable(),
    })
    .nullable(),
  items: z.array(returnItemSchema),
  receivedDivisions: z.array(receivedDivisionSchema),
  shipments: z.array(returnShipmentSchema),
  payments: z.array(returnPaymentSchema),
  appeal: returnAppealSchema.nullable(),
  notes: z.array(returnNoteSchema),
});
export type ReturnDetailDto = z.infer<typeof returnDetailSchema>;

const idOf = (list: readonly { id: number }[], what: string) => {
  const ids = list.map((entry) => entry.id);
  return z
    .number()
    .int()
    .refine((id) => ids.includes(id), `Not a ${what}`);
};

/** One item as a save sends it: only what the screen edits (quantity, status, reason, reason detail). */
export const returnItemPatchSchema = z.object({
  id: idSchema,
  quantity: intSchema().max(9999).optional(),
  inboundReturnItemStatusId: idOf(RETURN_ITEM_STATUSES, 'return item status').optional(),
  returnReasonId: idOf(RETURN_REASONS, 'return reason').nullable().optional(),
  returnReasonNote: multilineText().trim().max(1000).nullable().optional(),
});

/** The return as a save sends it: the version it was loaded at, its status and its items. */
export const returnPatchReturnSchema = z.object({
  id: idSchema,
  modifiedAt: z.iso.datetime({ offset: true }),
  returnStatusId: idOf(RETURN_STATUSES, 'return status').optional(),
  items: z.array(returnItemPatchSchema).max(1000).optional(),
});

/**
 * One unit received (§3 Inventory location item created on receipt): the item (by id, or by a scanned UPC
 * matched as §5 says), the bin, the grade.
 */
export const returnReceiptUnitSchema = z
  .object({
    returnItemId: idSchema.optional(),
    upc: text().trim().min(1).max(64).optional(),
    warehouseId: idSchema,
    inventoryLocationId: idSchema,
    productConditionId: idOf(PRODUCT_CONDITIONS, 'product condition').default(1),
    disposition: z.enum(RECEIPT_DISPOSITIONS).default('productCondition'),
    serial: text().trim().max(100).nullish(),
  })
  .refine((unit) => unit.returnItemId !== undefined || unit.upc !== undefined, {
    message: 'Name the item: returnItemId or upc',
    path: ['returnItemId'],
  });
export type ReturnReceiptUnit = z.infer<typeof returnReceiptUnitSchema>;

/**
 * The product a used receipt goes to when the item's product has no variant of that condition yet: created by
 * the used-variant rules (UPC, SKU = brand alias + UPC + condition alias, a primary image, the condition).
 */
export const returnReceiptProductSchema = z.object({
  upc: text()
    .trim()
    .regex(/^\d{6,16}$/, 'A UPC is 6 to 16 digits'),
  images: z
    .array(z.object({ imageId: idSchema, isPrimaryImage: z.union([z.literal(0), z.literal(1)]) }))
    .max(20)
    .default([]),
  productListingData: conditionListingDataSchema.default({}),
});

/** PATCH /api/v1/backroom/returns. */
export const returnPatchSchema = z
  .object({
    inboundReturns: z.array(returnPatchReturnSchema).min(1).max(20),
    /** A receipt: one unit per action. */
    inventoryLocationItems: z.array(returnReceiptUnitSchema).min(1).max(1).optional(),
    product: returnReceiptProductSchema.nullish(),
    /** The pool barcode the screen was given for `product` ('Assigned Barcode {barcode}'). */
    assignedBarcode: text().trim().max(32).nullish(),
  })
  .refine((body) => !body.inventoryLocationItems || body.inboundReturns.length === 1, {
    message: 'A receipt names exactly one return',
    path: ['inboundReturns'],
  });
export type ReturnPatch = z.infer<typeof returnPatchSchema>;

/** POST /api/v1/backroom/print/inboundReturn: the 2.25" x 1" return barcode label. */
export const printInboundReturnSchema = z.object({
  serverPrinterId: idSchema,
  paperId: idSchema.nullish(),
  inboundReturnId: idSchema,
});

/**
 * The PGU label (path not shown): the 4" x 2.5" label of one unit received from a return (the received-item
 * label: product, grade, return, when and by whom, its barcode), on the mapped PGU printer.
 */
export const printPguSchema = z.object({
  serverPrinterId: idSchema,
  inventoryLocationItemId: idSchema,
});
