import { z } from 'zod';
import { idParam, idSchema, intParam, intSchema, multilineText, text } from '../api/text';
import { addressInputSchema } from './customer.schemas';

// Payloads of /v1/backroom/channelOrder/firstParty/* (orders-warehouse.md §7 First-party orders). Money in
// dollars with at most 2 decimals, as the screens send it.

const id = idSchema;
const dollars = z
  .number()
  .finite()
  .min(0)
  .max(9_999_999.99)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most 2 decimals');
const positiveDollars = dollars.refine((v) => v > 0, 'The amount must be above 0');
/** Every order edit carries the order's version as the client last read it (§7 PATCH …firstParty). */
const sourceModifiedAt = z.iso.datetime({ offset: true });

/**
 * PUT …/firstParty: a new point-of-sale order, optionally with its first item — by listing, or by a scanned
 * UPC or SKU (`barcode`, our addition: the point of sale makes its order on the first scan, so an order is
 * never left empty by a visit to the screen).
 */
export const firstPartyCreateSchema = z.object({
  channelId: id.optional(),
  warehouseId: id.optional(),
  customerId: id.nullish(),
  channelListingId: id.nullish(),
  barcode: text().trim().min(1).max(64).nullish(),
  alternativeId: text().trim().max(64).nullish(),
  referenceId: text().trim().max(64).nullish(),
  deliveryTypeId: id.optional(),
  quantity: z.number().int().min(1).max(999).default(1),
});

/**
 * PUT …/firstParty/item: add a product by its listing (here: the product id), or by a scanned UPC or SKU
 * (`barcode`, our addition so a scan needs one call).
 */
export const firstPartyItemAddSchema = z
  .object({
    channelOrderId: id,
    channelId: id.optional(),
    warehouseId: id.optional(),
    channelListingId: id.nullish(),
    barcode: text().trim().min(1).max(64).nullish(),
    quantity: z.number().int().min(1).max(999).default(1),
    deliveryTypeId: id.optional(),
    inventoryLocationItemIds: z.array(id).max(999).optional(),
    alternativeId: text().trim().max(64).nullish(),
    referenceId: text().trim().max(64).nullish(),
    customerId: id.nullish(),
    originStateId: id.nullish(),
    destinationStateId: id.nullish(),
  })
  .refine((v) => v.channelListingId || v.barcode, { message: 'Scan or choose a product', path: ['barcode'] });

/** PATCH …/firstParty/item: change a line (quantity 0 removes it). */
export const firstPartyItemPatchSchema = z.object({
  channelOrderItemId: id,
  channelId: id.optional(),
  warehouseId: id.optional(),
  patch: z
    .object({
      quantityOrdered: z.number().int().min(0).max(999).optional(),
      unitPrice: dollars.optional(),
      description: text().trim().min(1).max(300).optional(),
      deliveryTypeId: id.optional(),
      taxPercent: z.number().min(0).max(100).optional(),
    })
    .refine((p) => Object.keys(p).length > 0, 'Nothing to change'),
  sourceModifiedAt,
  customerId: id.nullish(),
  originStateId: id.nullish(),
  destinationStateId: id.nullish(),
});

/** PATCH …/firstParty: hold, activate or change the order's header (customer, shipping address, warehouse). */
export const firstPartyOrderPatchSchema = z.object({
  channelOrderId: id,
  patch: z
    .object({
      systemOrderStatusId: z.union([z.literal(40), z.literal(4)]).optional(),
      customerId: id.nullable().optional(),
      /** The order's shipping address (§5 Address for shipping); null removes it. */
      shipTo: addressInputSchema.nullable().optional(),
      overrideWarehouseId: id.nullable().optional(),
    })
    .refine((p) => Object.keys(p).length > 0, 'Nothing to change'),
  sourceModifiedAt,
});

export const finalizeSchema = z.object({ channelOrderId: id, sourceModifiedAt });

/** PUT …/firstParty/discount: a user-addable order discount (47 % Off, 52 $ Off, 57 $ Off / ea). */
export const orderDiscountCreateSchema = z
  .object({
    channelOrderId: id,
    discountTypeId: z.union([z.literal(47), z.literal(52), z.literal(57)]),
    discount: positiveDollars,
    note: multilineText().trim().max(300).nullish(),
    sourceModifiedAt: sourceModifiedAt.optional(),
  })
  .refine((d) => d.discountTypeId !== 47 || d.discount <= 100, {
    message: 'A percent discount is at most 100',
    path: ['discount'],
  });

/** PATCH …/firstParty/discount: switch an order discount on or off, or change it. */
export const orderDiscountPatchSchema = z.object({
  id,
  patch: z
    .object({
      isActive: z.union([z.literal(0), z.literal(1)]).optional(),
      discount: positiveDollars.optional(),
      note: multilineText().trim().max(300).nullish(),
    })
    .refine((p) => Object.keys(p).length > 0, 'Nothing to change'),
  sourceModifiedAt: sourceModifiedAt.optional(),
});

/** PUT …/firstParty/item/discount: flat ('$x.xx'), flat per unit ('$x.xx/ea') or percent ('x.xx%'). */
export const itemDiscountCreateSchema = z
  .object({
    channelOrderItemId: id,
    discount: positiveDollars,
    isPercent: z.union([z.literal(0), z.literal(1)]).default(0),
    isUnit: z.union([z.literal(0), z.literal(1)]).default(0),
    sourceModifiedAt: sourceModifiedAt.optional(),
  })
  .refine((d) => !(d.isPercent && d.isUnit), { message: 'A discount is a percent or per unit, not both' })
  .refine((d) => !d.isPercent || d.discount <= 100, {
    message: 'A percent discount is at most 100',
    path: ['discount'],
  });

export const itemDiscountPatchSchema = z.object({
  id,
  patch: z
    .object({
      isActive: z.union([z.literal(0), z.literal(1)]).optional(),
      discount: positiveDollars.optional(),
    })
    .refine((p) => Object.keys(p).length > 0, 'Nothing to change'),
  sourceModifiedAt: sourceModifiedAt.optional(),
});

export const promotionCodeSchema = z.object({
  redemptionCode: text().trim().min(1, 'Enter a promotion code').max(40),
  channelOrderId: id,
  channelId: id.optional(),
});

/** PUT …/firstParty/manualPayment: a payment stub of any picker type (not merchant credit, which is redeemed). */
export const manualPaymentSchema = z.object({
  channelOrderId: id,
  paymentType: id.optional(),
  payment: z.object({
    channelOrderId: id.optional(),
    referenceId: text().trim().max(120).nullish(),
    channelOrderPaymentTypeId: id,
    channelOrderPaymentStatusId: id.optional(),
    paymentNumber: text().trim().max(120).nullish(),
    amount: positiveDollars,
    note: multilineText().trim().max(500).nullish(),
  }),
});

/** PUT …/firstParty/redeemMerchantCredit: a gift card or e-gift card by its number and verification code. */
export const redeemMerchantCreditSchema = z.object({
  channelId: id.optional(),
  channelOrderId: id,
  merchantCreditId: text().trim().min(1, 'Enter the card number').max(40),
  verificationCode: text().trim().min(1, 'Enter the verification code').max(20),
  amount: positiveDollars,
  note: multilineText().trim().max(500).nullish(),
  debug: z.boolean().optional(),
});

/** PUT …/firstParty/refund. destinationPaymentTypeId 45 with no record creates a new e-gift card. */
export const refundSchema = z.object({
  channelId: id.optional(),
  channelOrderId: id,
  channelOrderPaymentId: id,
  destinationPaymentTypeId: id,
  destinationPaymentRecordId: id.nullish(),
  inboundReturnId: id.nullish(),
  itemDistribution: z
    .array(z.object({ channelOrderItemId: id, amount: dollars }))
    .max(200)
    .nullish(),
  amount: positiveDollars,
  refundReasonId: z.union([z.literal(0), z.literal(5), z.literal(10), z.literal(15), z.literal(20)]),
});

export const completeCancellationSchema = z.object({
  channelOrderId: id,
  /** The division (id or scanned barcode) the order's unpicked units go back to. */
  unpickedUnitWarehouseDivision: z.union([id, text().trim().min(1).max(64)]),
});

export const firstPartyNoteSchema = z.object({
  channelOrderId: id,
  noteText: multilineText().trim().min(1, 'A note needs some text').max(4000),
});

export const salesPeopleSchema = z.object({ channelOrderItemId: id, userIds: z.array(id).max(20) });

/** POST /api/v2/vsf/checkout/sendConfirmationEmail (headers x-site-id and x-channel-id). */
export const sendConfirmationSchema = z.object({
  channelOrderId: id,
  accountSiteCartId: id.nullish(),
  isTest: z.boolean().default(false),
  debug: z.boolean().optional(),
});

/** The headers POST …/sendConfirmationEmail may carry. */
export const confirmationHeadersSchema = z.looseObject({
  'x-site-id': intParam().optional(),
  'x-channel-id': intParam().optional(),
});

/** GET /backroom/mail/outbox: a page of the Outbox. */
export const outboxQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(250).default(100),
  offset: intParam().default(0),
});

/** GET …/firstParty/refund/return and …/refund/return/item (the latter with channelOrderPaymentId). */
export const refundInfoQuerySchema = z.object({ channelOrderId: idParam });
export const refundItemInfoQuerySchema = refundInfoQuerySchema.extend({ channelOrderPaymentId: idParam });

/** PATCH …/firstParty/allocateSelectedProductUnits: the chosen units for the order's items. */
export const allocateUnitsSchema = z.object({
  channelOrderId: id,
  warehouseId: id,
  channelId: id.optional(),
  pickRequestId: id.nullish(),
  selectedProductUnits: z
    .array(z.object({ channelOrderItemId: id, inventoryLocationItemId: id }))
    .min(1)
    .max(999),
});

/** PATCH …/firstParty/deallocateSelectedUnits. */
export const deallocateUnitsSchema = z.object({
  channelOrderId: id,
  warehouseId: id.optional(),
  channelId: id.optional(),
  pickRequestId: id.nullish(),
  selectedProductUnits: z.array(z.unknown()).optional(),
  /** Pick request item ids. */
  selectedUnits: z.array(id).min(1).max(999),
  destinationDivision: z.union([id, text().trim().min(1).max(64)]),
});

/** POST /v1/backroom/inventory/getAvailableUnitSelectionData. */
export const availableUnitSelectionSchema = z.object({
  productIds: z.array(id).max(200),
  warehouseIds: z.array(id).max(50).optional(),
  inventoryLocationItemIds: z.array(id).max(999).optional(),
  channelId: id.optional(),
  allowIsWithheld: z.boolean().optional(),
  ignoreWithheldWarehouseDivisionTypeIds: z.array(intSchema()).optional(),
  orderByKey: text().max(40).optional(),
  limit: z.number().int().min(1).max(999).default(999),
  debug: z.boolean().optional(),
});

/** POST /v1/backroom/inventory/getDeallocationUnitOptions. */
export const pickRequestIdSchema = z.object({ pickRequestId: id });

/** PATCH /backroom/chaos/markPicked. */
export const markPickedSchema = z.object({
  inventoryLocationItem: id,
  pickRequestItem: id,
  debug: z.boolean().optional(),
});

/** POST /v1/backroom/print/receipt. */
export const printReceiptSchema = z.object({
  serverPrinterId: id,
  channelOrderId: id,
  isGiftReceipt: z.boolean().default(false),
});
