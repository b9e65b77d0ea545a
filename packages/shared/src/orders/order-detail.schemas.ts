import { z } from 'zod';
import { replyId as id, idNameSchema as idAndName, nullableText as when } from '../api/reply-fields';
import { orderShipmentSchema } from '../shipping/order-shipments.schemas';
import { replyFlag } from '../shipping/shipping-common.schemas';
import { addressReplySchema } from './customer.schemas';

// The replies of the order calls (orders-warehouse.md §3 Channel order, §7 Channel orders, §7 First-party
// orders): the order detail that the detail screen and the point of sale read, and what each order change
// answers. The server writes exactly these fields; the web derives its types from them.

const named = idAndName.pick({ name: true });

/** §3 Order note as replies carry it: noteTypeId 0 is a person's note, anything else a system note. */
export const orderNoteSchema = z.object({
  id,
  channelOrderId: id,
  userId: id.nullable(),
  noteTypeId: id,
  text: z.string(),
  /** Who last changed it. */
  modifiedBy: id.nullable(),
  createdAt: z.string(),
  user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
});
export type OrderNoteDto = z.infer<typeof orderNoteSchema>;

/** §3 Item discount: '$x.xx', '$x.xx/ea' or 'x.xx%' in `label`. */
export const orderItemDiscountSchema = z.object({
  id,
  channelOrderItemId: id,
  discount: z.number(),
  isPercent: replyFlag,
  isFlat: replyFlag,
  isUnit: replyFlag,
  sortOrder: z.number().int(),
  isActive: replyFlag,
  label: z.string(),
});

/** A unit allocated to an order item (a pick request item). */
export const orderItemUnitSchema = z.object({
  pickRequestItemId: id,
  pickRequestId: id,
  inventoryLocationItemId: id,
  pickedAt: when,
});

/** §3 Channel order item, with its money as the shared order rules compute it (dollars). */
export const orderItemSchema = z.object({
  id,
  alternativeId: z.string().nullable(),
  productId: id.nullable(),
  description: z.string(),
  listingSKU: z.string().nullable(),
  isPicked: replyFlag,
  isPrinted: replyFlag,
  quantityOrdered: z.number().int(),
  quantityAllocated: z.number().int(),
  quantityBackordered: z.number().int(),
  quantityWithheld: z.number().int(),
  unitPrice: z.number(),
  unitCost: z.number(),
  tax: z.number(),
  taxPercent: z.number(),
  /** How the line reaches the customer (DELIVERY_TYPE): the shipping ones bring the shipment panel. */
  deliveryTypeId: id,
  overrideWarehouseId: id.nullable(),
  lineTotal: z.number(),
  lineDiscount: z.number(),
  lineSubtotal: z.number(),
  lineTax: z.number(),
  proportionalOrderDealerPromo: z.number(),
  product: z
    .object({ id, sku: z.string().nullable(), name: z.string().nullable(), typeId: id.nullable() })
    .nullable(),
  discounts: z.array(orderItemDiscountSchema),
  salesPeople: z.array(z.object({ id, firstName: z.string(), lastName: z.string() })),
  units: z.array(orderItemUnitSchema),
});
export type OrderItemDto = z.infer<typeof orderItemSchema>;

/** §3 Order discount (DISCOUNT_TYPE: % off, $ off, $ off each, promotion). */
export const orderDiscountSchema = z.object({
  id,
  discount: z.number(),
  discountTypeId: id,
  note: z.string().nullable(),
  isActive: replyFlag,
  sortOrder: z.number().int(),
  promotionId: id.nullable(),
});
export type OrderDiscountDto = z.infer<typeof orderDiscountSchema>;

export const paymentRefundSchema = z.object({
  id,
  amount: z.number(),
  refundReasonId: id,
  reason: z.object({ description: z.string() }),
  destinationPaymentTypeId: id,
  destinationMerchantCreditId: id.nullable(),
  createdAt: when,
});

/** §3 Channel order payment, with what was refunded of it. */
export const orderPaymentSchema = z.object({
  id,
  channelOrderId: id,
  alternativeId: z.string().nullable(),
  referenceId: z.string().nullable(),
  channelOrderPaymentTypeId: id,
  channelOrderPaymentStatusId: id,
  paymentNumber: z.string().nullable(),
  amount: z.number(),
  refunded: z.number(),
  unrefunded: z.number(),
  note: z.string().nullable(),
  merchantCreditId: id.nullable(),
  modifiedBy: id.nullable(),
  createdAt: when,
  status: named,
  type: named,
  refunds: z.array(paymentRefundSchema),
});
export type OrderPaymentDto = z.infer<typeof orderPaymentSchema>;

/** A return of the order as its Returns table shows it (returns.md §3 Inbound return). */
export const orderReturnSchema = z.object({
  id,
  referenceId: z.string().nullable(),
  returnStatusId: id,
  status: idAndName,
  requestedAt: when,
  /** What the returned units sold for on this order. */
  amount: z.number(),
  shipments: z.array(z.object({ id, trackingNumber: z.string().nullable() })),
  payments: z.array(z.object({ id, amount: z.number() })),
  appeal: z
    .object({ claimAmountDollar: z.number().nullable(), reimbursementAmountDollar: z.number().nullable() })
    .nullable(),
});
export type OrderReturnDto = z.infer<typeof orderReturnSchema>;

export const orderChannelSchema = z.object({ id, siteId: id, channelTypeId: id, name: z.string() });

/**
 * GET /api/v1/backroom/channelOrder?channelOrderId=N (data[0]), and every call that changes an order: the
 * whole order as it now stands, with its new sourceModifiedAt.
 */
export const orderDetailSchema = z.object({
  id,
  alternativeId: z.string().nullable(),
  channelOrderNumber: z.string(),
  channelOrderTypeId: id,
  channelOrderStatusId: id.nullable(),
  systemOrderStatusId: id,
  systemOrderStatus: idAndName,
  state: z.enum(['Active', 'Awaiting Payment', 'Canceled', 'On Hold']),
  isFulfilled: z.boolean(),
  overrideWarehouseId: id.nullable(),
  /** Whether the order's warehouse requires packing (§4 packing rules); true without a warehouse. */
  warehouseRequiresPacking: z.boolean(),
  customerId: id.nullable(),
  channelId: id.nullable(),
  channel: orderChannelSchema.nullable(),
  link: z.object({ href: z.string(), isExternal: z.boolean() }).nullable(),
  isVerified: replyFlag,
  isPrime: replyFlag,
  isFBA: replyFlag,
  billedOrderTotal: z.number(),
  billedShipping: z.number(),
  billedUnitTotal: z.number(),
  billedTax: z.number(),
  totalDealerPromo: z.number(),
  totalUnitCost: z.number(),
  totalShippingCost: z.number(),
  totalChannelFeeCost: z.number(),
  totalHandlingCost: z.number(),
  totalProfit: z.number(),
  totals: z.object({
    unitTotal: z.number(),
    discountTotal: z.number(),
    taxTotal: z.number(),
    orderTotal: z.number(),
    paidTotal: z.number(),
  }),
  defaultShipAddressId: id.nullable(),
  latestShippedAt: when,
  latestDeliveredAt: when,
  requestedShipMethod: z.string().nullable(),
  prePackedAt: when,
  prePackedBy: id.nullable(),
  orderedAt: when,
  lastSyncedAt: when,
  modifiedBy: id.nullable(),
  /** What an edit sends back as sourceModifiedAt. */
  sourceModifiedAt: z.string(),
  customer: z
    .object({
      id,
      firstName: z.string(),
      lastName: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      address: addressReplySchema.nullable(),
    })
    .nullable(),
  /** The order's shipping address (§Channel order detail 'Shipping Address'). */
  shipTo: z.object({ address: addressReplySchema }).nullable(),
  items: z.array(orderItemSchema),
  discounts: z.array(orderDiscountSchema),
  payments: z.array(orderPaymentSchema),
  shipments: z.array(orderShipmentSchema),
  notes: z.array(orderNoteSchema),
  returns: z.array(orderReturnSchema),
  relatedOrder: z
    .object({
      id,
      channelOrderNumber: z.string(),
      relatedOrderId: id.nullable(),
      relatedOrderTypeId: id.nullable(),
      systemOrderStatusId: id,
    })
    .nullable(),
  relatedOrders: z.array(z.object({ id, channelOrderNumber: z.string(), type: named, status: idAndName })),
});
export type OrderDetailDto = z.infer<typeof orderDetailSchema>;

/** PUT …/firstParty/refund: the order, plus the e-gift card the refund made (null when none). */
export const refundReplySchema = orderDetailSchema.extend({
  newMerchantCredit: z.object({ number: z.string(), verificationCode: z.string() }).nullable(),
});
export type RefundReplyDto = z.infer<typeof refundReplySchema>;

/** GET …/firstParty/refund/return: each payment with what it still holds and where a refund can go. */
export const refundInfoSchema = z.object({
  id,
  channelOrderPaymentTypeId: id,
  type: named,
  amount: z.number(),
  refunded: z.number(),
  unrefunded: z.number(),
  destinations: z.array(
    z.object({
      key: z.enum(['original', 'newEGiftCard']),
      label: z.string(),
      destinationPaymentTypeId: id,
      destinationPaymentRecordId: id.nullable(),
    }),
  ),
});

/** GET …/firstParty/refund/return/item: the order's items with their billed amounts. */
export const refundItemInfoSchema = z.object({
  channelOrderItemId: id,
  productId: id.nullable(),
  sku: z.string().nullable(),
  description: z.string(),
  quantityOrdered: z.number().int(),
  billed: z.number(),
  paymentUnrefunded: z.number(),
});

/** POST /v1/backroom/inventory/getAvailableUnitSelectionData: a unit free to allocate, by location. */
export const availableUnitSchema = z.object({
  id,
  productId: id,
  warehouseId: id,
  inventoryLocationId: id.nullable(),
  barcode: z.string().nullable(),
  displayName: z.string().nullable(),
  isWithheld: replyFlag.nullable(),
  inventoryConditionId: id,
  priceCost: z.number(),
  receivedAt: when,
  /** The order item the unit is allocated to (only when the request names allocated units). */
  allocatedTo: id.nullable(),
});
export type AvailableUnitDto = z.infer<typeof availableUnitSchema>;

/** POST /v1/backroom/inventory/getDeallocationUnitOptions: a pick request's units and where they can go. */
export const deallocationOptionsSchema = z.object({
  pickRequestId: id,
  warehouseId: id,
  units: z.array(
    z.object({
      pickRequestItemId: id,
      channelOrderItemId: id,
      inventoryLocationItemId: id,
      pickedAt: when,
      sku: z.string().nullable(),
      barcode: z.string().nullable(),
    }),
  ),
  divisions: z.array(z.object({ id, barcode: z.string(), displayName: z.string().nullable() })),
});
export type DeallocationOptionsDto = z.infer<typeof deallocationOptionsSchema>;

/** POST /v2/vsf/checkout/sendConfirmationEmail: the message put in the Outbox. */
export const confirmationSentSchema = z.object({ id, status: z.string(), to: z.string() });
export type ConfirmationSent = z.infer<typeof confirmationSentSchema>;

/** GET /api/backroom/mail/outbox: a message without its body; `total` counts the whole Outbox. */
export const outboxRowSchema = z.object({
  id,
  toAddress: z.string(),
  subject: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  channelOrderId: id.nullable(),
  createdAt: z.string(),
  total: z.number().int(),
});
export type OutboxRow = z.infer<typeof outboxRowSchema>;

/** GET /api/backroom/mail/outbox/:id: one message with its bodies. */
export const outboxMessageSchema = z.object({
  id,
  toAddress: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  channelOrderId: id.nullable(),
  status: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export type OrderChannelDto = z.infer<typeof orderChannelSchema>;
