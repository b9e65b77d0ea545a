import { index, integer, jsonb, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CarrierRate } from '../../domains/shipping/carrier';
import { users } from './admin';
import { images, products } from './catalogue';
import { account, accountKey, money, sameAccount, when } from './columns';
import { addresses, channelOrderItems, channelOrders, customers, salesChannels } from './orders';
import { warehouses } from './warehouse';

// Returns (returns.md §3 Inbound return and what hangs off it). A channel order return is the channel's side
// (its RMA and status); the inbound return is the warehouse's, with the items it expects back, the labels
// it travels on, the payments logged against it and its appeal. Money is numeric(12,2) here, integer cents
// in code; every business row carries account_id.

/** The channel's return of an order: its RMA number (referenceId) and the channel's status text. */
export const channelOrderReturns = pgTable(
  'channel_order_returns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    channelId: integer('channel_id').references(() => salesChannels.id),
    channelOrderId: integer('channel_order_id')
      .notNull()
      .references(() => channelOrders.id),
    referenceId: text('reference_id'),
    channelOrderReturnStatus: text('channel_order_return_status'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [index('channel_order_returns_order').on(t.accountId, t.channelOrderId)],
);

/**
 * A line of the channel's return: the order line the customer sends back, how many, and the reason the customer
 * gave the channel (the card on the return screen shows it above the warehouse's own items and their reasons).
 */
export const channelOrderReturnItems = pgTable(
  'channel_order_return_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    channelOrderReturnId: integer('channel_order_return_id')
      .notNull()
      .references(() => channelOrderReturns.id, { onDelete: 'cascade' }),
    channelOrderItemId: integer('channel_order_item_id').references(() => channelOrderItems.id),
    quantity: integer('quantity').notNull().default(1),
    /** The channel's reason (returns.md §3 Return reasons) and the customer's own words, when the channel gave them. */
    returnReasonId: integer('return_reason_id'),
    returnReasonNote: text('return_reason_note'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [index('channel_order_return_items_return').on(t.channelOrderReturnId)],
);

export const inboundReturns = pgTable(
  'inbound_returns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    referenceId: text('reference_id'),
    returnStatusId: integer('return_status_id').notNull().default(1),
    requestedAt: when('requested').notNull().defaultNow(),
    customerId: integer('customer_id').references(() => customers.id),
    createdBy: integer('created_by').references(() => users.id),
    channelOrderReturnId: integer('channel_order_return_id').references(() => channelOrderReturns.id),
    /** An order of the seller's own store or point of sale (returns.md §9): 'Create Return Refund' is offered. */
    isFirstPartyReturn: smallint('is_first_party_return').notNull().default(0),
    modifiedAt: when('modified').notNull().defaultNow(),
  },
  (t) => [
    index('inbound_returns_channel_order_return').on(t.channelOrderReturnId),
    index('inbound_returns_account_status').on(t.accountId, t.returnStatusId, t.requestedAt),
    accountKey('inbound_returns', t),
    sameAccount('inbound_returns_customer', [t.accountId, t.customerId], customers),
  ],
);

/** A product the return expects back: quantity expected, quantity received so far, its status and reason. */
export const inboundReturnItems = pgTable(
  'inbound_return_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    inboundReturnId: integer('inbound_return_id')
      .notNull()
      .references(() => inboundReturns.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id),
    channelOrderItemId: integer('channel_order_item_id').references(() => channelOrderItems.id),
    /** The channel's return line this item came back on (its card and channel reason). */
    channelOrderReturnItemId: integer('channel_order_return_item_id').references(
      () => channelOrderReturnItems.id,
    ),
    quantity: integer('quantity').notNull().default(1),
    quantityReceived: integer('quantity_received').notNull().default(0),
    inboundReturnItemStatusId: integer('inbound_return_item_status_id').notNull().default(1),
    returnReasonId: integer('return_reason_id'),
    returnReasonNote: text('return_reason_note'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [
    index('inbound_return_items_return').on(t.inboundReturnId),
    index('inbound_return_items_order_item').on(t.channelOrderItemId),
  ],
);

/** A label the return travels on: an existing one (tracking number and cost) or one bought here. */
export const inboundReturnShipments = pgTable(
  'inbound_return_shipments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    inboundReturnId: integer('inbound_return_id')
      .notNull()
      .references(() => inboundReturns.id, { onDelete: 'cascade' }),
    trackingNumber: text('tracking_number'),
    carrierFeeBilled: money('carrier_fee_billed').notNull().default('0'),
    carrierFeeRefunded: money('carrier_fee_refunded').notNull().default('0'),
    isPurchased: smallint('is_purchased').notNull().default(0),
    isDelivered: smallint('is_delivered').notNull().default(0),
    isVoided: smallint('is_voided').notNull().default(0),
    isExternalShipment: smallint('is_external_shipment').notNull().default(0),
    /** Where the return goes: a warehouse that receives, and its address as it was when the label was made. */
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    addressId: integer('address_id').references(() => addresses.id),
    /** Who sends it: the customer (the order's ship-to address unless changed). */
    sourceAddressId: integer('source_address_id').references(() => addresses.id),
    packageWidthInch: numeric('package_width_inch', { precision: 10, scale: 2 }),
    packageHeightInch: numeric('package_height_inch', { precision: 10, scale: 2 }),
    packageLengthInch: numeric('package_length_inch', { precision: 10, scale: 2 }),
    packageWeightOunce: numeric('package_weight_ounce', { precision: 10, scale: 2 }),
    carrierName: text('carrier_name'),
    serviceName: text('service_name'),
    /** The rate provider's shipment the current `rates` belong to, its JSON, and the rates (cents). */
    rateShipmentId: text('rate_shipment_id'),
    providerJson: jsonb('provider_json'),
    rates: jsonb('rates').$type<CarrierRate[]>(),
    ratedAt: when('rated'),
    hasRatesAttempted: smallint('has_rates_attempted').notNull().default(0),
    selectedRateId: text('selected_rate_id'),
    shippedAt: when('shipped'),
    deliveredAt: when('delivered'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [
    index('inbound_return_shipments_return').on(t.inboundReturnId),
    accountKey('inbound_return_shipments', t),
    sameAccount('inbound_return_shipments_return', [t.accountId, t.inboundReturnId], inboundReturns).onDelete(
      'cascade',
    ),
    sameAccount('inbound_return_shipments_warehouse', [t.accountId, t.warehouseId], warehouses),
  ],
);

/** A payment logged against a return (a marketplace's reimbursement, a refund paid out). */
export const inboundReturnPayments = pgTable(
  'inbound_return_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    inboundReturnId: integer('inbound_return_id')
      .notNull()
      .references(() => inboundReturns.id, { onDelete: 'cascade' }),
    alternativeId: text('alternative_id'),
    referenceId: text('reference_id'),
    inboundReturnPaymentTypeId: integer('inbound_return_payment_type_id').notNull().default(35),
    inboundReturnPaymentStatusId: integer('inbound_return_payment_status_id').notNull().default(1),
    paymentNumber: text('payment_number'),
    amount: money('amount').notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [index('inbound_return_payments_return').on(t.inboundReturnId)],
);

/** The return's appeal to the channel: at most one a return (returns.md §4 Appeals). */
export const inboundReturnAppeals = pgTable(
  'inbound_return_appeals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    inboundReturnId: integer('inbound_return_id')
      .notNull()
      .references(() => inboundReturns.id, { onDelete: 'cascade' }),
    inboundReturnAppealStatusId: integer('inbound_return_appeal_status_id').notNull().default(1),
    claimAmountDollar: money('claim_amount_dollar'),
    reimbursementAmountDollar: money('reimbursement_amount_dollar'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('inbound_return_appeals_return').on(t.inboundReturnId)],
);

/** Return notes (returns.md §3 Return note): a person's (noteTypeId 0) or the system's; on an item when it names one. */
export const inboundReturnNotes = pgTable(
  'inbound_return_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    inboundReturnId: integer('inbound_return_id')
      .notNull()
      .references(() => inboundReturns.id, { onDelete: 'cascade' }),
    inboundReturnItemId: integer('inbound_return_item_id').references(() => inboundReturnItems.id, {
      onDelete: 'cascade',
    }),
    userId: integer('user_id').references(() => users.id),
    noteTypeId: integer('note_type_id').notNull().default(0),
    text: text('text').notNull(),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [index('inbound_return_notes_return').on(t.inboundReturnId, t.createdAt)],
);

/**
 * The appeal's images (returns.md §3 Appeal image): each an image of the account (the file kept by the storage
 * adapter), shown from its source URL, removed with the image.
 */
export const inboundReturnAppealImages = pgTable(
  'inbound_return_appeal_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    inboundReturnAppealId: integer('inbound_return_appeal_id')
      .notNull()
      .references(() => inboundReturnAppeals.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [index('inbound_return_appeal_images_appeal').on(t.inboundReturnAppealId, t.id)],
);
