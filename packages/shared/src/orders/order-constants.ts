// Ids and names of orders-warehouse.md §2 Routes, §3 and §9: sites, order and channel types, system order
// statuses, payment types, refund reasons, discount types, merchant credit types and note types.

/** §9 "Site ids: 1 Amazon, 2 eBay, 14 Reverb, 99 own store". */
export const SITE_ID = { AMAZON: 1, EBAY: 2, REVERB: 14, OWN_STORE: 99 } as const;
/** §2 Routes: "Site ids 5 and 7 have no link." */
export const NO_LINK_SITE_IDS: readonly number[] = [5, 7];

/** channelOrderTypeId: 1 a channel (or web) order, 2 a first-party point-of-sale order opened at /POS/{id}. */
export const CHANNEL_ORDER_TYPE_ID = { CHANNEL: 1, POINT_OF_SALE: 2 } as const;

/**
 * A sales channel's channelTypeId: 1 web store (the own website sends order confirmations, §2), 2 point of
 * sale (first party; staff may cancel its orders, §4 Order actions), 3 marketplace.
 */
export const CHANNEL_TYPE_ID = { WEB_STORE: 1, POINT_OF_SALE: 2, MARKETPLACE: 3 } as const;

/**
 * System order status ids (§4). The spec names only 1 (new), 3 (awaiting payment), 10-14 (pre-fulfilment or
 * packing stages), 19 and 21 (partially shipped), 20 (fulfilled), 40-49 (on hold) and 50-59 (canceled);
 * "exact names for ids other than those above: not shown". Our choices:
 * - 2 Pending (saved, not yet released), 4 Ready (paid, released to the warehouse), 5 Completed and 6 Closed
 *   (the two uneditable statuses), 30 Backordered (the only status "make shippable backorder" applies to),
 *   60 Returned (unshippable and final).
 * - 10-14 run through the warehouse: Awaiting Allocation, Allocated, Picking, Packing, Packed. 13 and 14 are
 *   the spec's "packing required" stages.
 * - 19 Partially Shipped; 21 Partially Shipped (Packing): part shipped and the rest back at the packing
 *   bench, which is why 21 also counts as "packing required".
 * - Every hold (40-49) is named 'On Hold…' and every cancellation (50-59) 'Cancel…', matching the derived
 *   state a user sees beside it; 51 is a cancellation asked for but not yet completed.
 */
export const ORDER_STATUS = {
  NEW: 1,
  PENDING: 2,
  AWAITING_PAYMENT: 3,
  READY: 4,
  COMPLETED: 5,
  CLOSED: 6,
  AWAITING_ALLOCATION: 10,
  ALLOCATED: 11,
  PICKING: 12,
  PACKING: 13,
  PACKED: 14,
  PARTIALLY_SHIPPED: 19,
  FULFILLED: 20,
  PARTIALLY_SHIPPED_PACKING: 21,
  BACKORDERED: 30,
  ON_HOLD: 40,
  ON_HOLD_PAYMENT_REVIEW: 41,
  ON_HOLD_ADDRESS_REVIEW: 42,
  ON_HOLD_FRAUD_REVIEW: 43,
  ON_HOLD_AWAITING_STOCK: 44,
  ON_HOLD_CUSTOMER_CONTACT: 45,
  ON_HOLD_PRICING_REVIEW: 46,
  ON_HOLD_SHIPPING_REVIEW: 47,
  ON_HOLD_MANAGER_REVIEW: 48,
  ON_HOLD_OTHER: 49,
  CANCELED: 50,
  CANCELLATION_REQUESTED: 51,
  CANCELED_BY_CUSTOMER: 52,
  CANCELED_OUT_OF_STOCK: 53,
  CANCELED_PAYMENT_FAILED: 54,
  CANCELED_FRAUD: 55,
  CANCELED_UNDELIVERABLE: 56,
  CANCELED_DUPLICATE: 57,
  CANCELED_BY_CHANNEL: 58,
  CANCELED_OTHER: 59,
  RETURNED: 60,
} as const;

export const ORDER_STATUS_NAMES: Readonly<Record<number, string>> = {
  1: 'New',
  2: 'Pending',
  3: 'Awaiting Payment',
  4: 'Ready',
  5: 'Completed',
  6: 'Closed',
  10: 'Awaiting Allocation',
  11: 'Allocated',
  12: 'Picking',
  13: 'Packing',
  14: 'Packed',
  19: 'Partially Shipped',
  20: 'Fulfilled',
  21: 'Partially Shipped (Packing)',
  30: 'Backordered',
  40: 'On Hold',
  41: 'On Hold: Payment Review',
  42: 'On Hold: Address Review',
  43: 'On Hold: Fraud Review',
  44: 'On Hold: Awaiting Stock',
  45: 'On Hold: Customer Contact',
  46: 'On Hold: Pricing Review',
  47: 'On Hold: Shipping Review',
  48: 'On Hold: Manager Review',
  49: 'On Hold: Other',
  50: 'Canceled',
  51: 'Cancellation Requested',
  52: 'Canceled: Customer Request',
  53: 'Canceled: Out of Stock',
  54: 'Canceled: Payment Failed',
  55: 'Canceled: Fraud',
  56: 'Canceled: Undeliverable Address',
  57: 'Canceled: Duplicate Order',
  58: 'Canceled: By Sales Channel',
  59: 'Canceled: Other',
  60: 'Returned',
};

/** Every system order status, in id order: what GET …/warehouse/system/statuses answers. */
export const SYSTEM_ORDER_STATUSES: readonly { id: number; name: string }[] = Object.entries(
  ORDER_STATUS_NAMES,
)
  .map(([id, name]) => ({ id: Number(id), name }))
  .sort((a, b) => a.id - b.id);

/** The status's display name; an id the spec does not list reads 'Status {id}'. */
export function orderStatusName(statusId: number): string {
  return ORDER_STATUS_NAMES[statusId] ?? `Status ${statusId}`;
}

/** §3 Channel order payment types. */
export const PAYMENT_TYPE = {
  CASH: 5,
  VENMO: 9,
  CHECK: 10,
  MONEY_ORDER: 15,
  WIRE_TRANSFER: 20,
  MANUAL_CREDIT_CARD: 25,
  STRIPE: 30,
  SALES_CHANNEL: 35,
  PAYPAL: 40,
  MERCHANT_CREDIT: 45,
} as const;

export const PAYMENT_TYPES: readonly { id: number; name: string }[] = [
  { id: 5, name: 'Cash' },
  { id: 9, name: 'Venmo' },
  { id: 10, name: 'Check' },
  { id: 15, name: 'Money Order' },
  { id: 20, name: 'Wire Transfer' },
  { id: 25, name: 'Manual Credit Card' },
  { id: 30, name: 'Stripe' },
  { id: 35, name: 'Sales Channel' },
  { id: 40, name: 'PayPal' },
  { id: 45, name: 'Merchant Credit' },
];

/** "The type list offered in pickers omits Venmo." */
export const PICKER_PAYMENT_TYPES: readonly { id: number; name: string }[] = PAYMENT_TYPES.filter(
  (type) => type.id !== PAYMENT_TYPE.VENMO,
);

export function paymentTypeName(typeId: number): string {
  return PAYMENT_TYPES.find((type) => type.id === typeId)?.name ?? `Payment Type ${typeId}`;
}

/** §3 Refund reasons. */
export const REFUND_REASON = {
  UNKNOWN: 0,
  DUPLICATE: 5,
  FRAUD: 10,
  CUSTOMER_REQUESTED: 15,
  RETURN: 20,
} as const;

export const REFUND_REASONS: readonly { id: number; description: string }[] = [
  { id: 0, description: 'Unknown' },
  { id: 5, description: 'Duplicate' },
  { id: 10, description: 'Fraud' },
  { id: 15, description: 'Customer Requested' },
  { id: 20, description: 'Return' },
];

/** §3 Order discount types. */
export const ORDER_DISCOUNT_TYPE = {
  PERCENT_OFF: 47,
  AMOUNT_OFF: 52,
  AMOUNT_OFF_EACH: 57,
  PROMOTION: 60,
} as const;

/** The discount types a clerk adds by hand (a promotion comes only from its code). */
export type UserDiscountTypeId =
  | typeof ORDER_DISCOUNT_TYPE.PERCENT_OFF
  | typeof ORDER_DISCOUNT_TYPE.AMOUNT_OFF
  | typeof ORDER_DISCOUNT_TYPE.AMOUNT_OFF_EACH;

/** §3 Channel order payment status ids (the spec shows none but their use in a stub). */
export const PAYMENT_STATUS = { PENDING: 1, COMPLETE: 2, FAILED: 3, VOIDED: 4 } as const;

export type DiscountKind = 'percent' | 'flat' | 'flatPerUnit';

export interface OrderDiscountTypeInfo {
  id: number;
  name: string;
  kind: DiscountKind;
  /** "Modifiable / user-addable": a promotion comes from a redemption code, never from the discount form. */
  userAddable: boolean;
}

export const ORDER_DISCOUNT_TYPES: readonly OrderDiscountTypeInfo[] = [
  { id: ORDER_DISCOUNT_TYPE.PERCENT_OFF, name: '% Off', kind: 'percent', userAddable: true },
  { id: ORDER_DISCOUNT_TYPE.AMOUNT_OFF, name: '$ Off', kind: 'flat', userAddable: true },
  { id: ORDER_DISCOUNT_TYPE.AMOUNT_OFF_EACH, name: '$ Off / ea', kind: 'flatPerUnit', userAddable: true },
  { id: ORDER_DISCOUNT_TYPE.PROMOTION, name: 'Promotion', kind: 'flat', userAddable: false },
];

export const USER_ADDABLE_DISCOUNT_TYPES: readonly OrderDiscountTypeInfo[] = ORDER_DISCOUNT_TYPES.filter(
  (type) => type.userAddable,
);

/** The kind of an order discount type, or undefined for a type the spec's table does not list. */
export function orderDiscountKind(discountTypeId: number): DiscountKind | undefined {
  return ORDER_DISCOUNT_TYPES.find((type) => type.id === discountTypeId)?.kind;
}

/** §9 "Merchant credit type 3 is a gift card; type 10 is an e-gift card." */
export const MERCHANT_CREDIT_TYPE = { GIFT_CARD: 3, E_GIFT_CARD: 10 } as const;

/** §2 "A note with noteTypeId 0 is a user note. Other values are system notes." */
export const USER_NOTE_TYPE_ID = 0;
