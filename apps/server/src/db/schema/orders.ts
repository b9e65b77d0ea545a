import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CarrierRate } from '../../domains/shipping/carrier';
import { users } from './admin';
import { packaging, products } from './catalogue';
import { account, accountKey, money, sameAccount, when, who } from './columns';
import { inventoryLocationItems } from './inventory';
import { inboundReturns } from './returns';
import { warehouses } from './warehouse';

// Orders (orders-warehouse.md §3 Channel order and what hangs off it). Money is numeric(12,2) here and
// integer cents in code; every business row carries account_id.

/** A place the seller sells: a marketplace (site 1 Amazon, 2 eBay, 14 Reverb) or its own store (site 99). */
export const salesChannels = pgTable(
  'sales_channels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    siteId: integer('site_id').notNull(),
    /** 1 web store, 2 point of sale (first party, cancellable by staff), 3 marketplace. */
    channelTypeId: integer('channel_type_id').notNull(),
    name: text('name').notNull(),
    isActive: smallint('is_active').notNull().default(1),
  },
  (t) => [
    uniqueIndex('sales_channels_account_site_type').on(t.accountId, t.siteId, t.channelTypeId),
    accountKey('sales_channels', t),
  ],
);

/**
 * A product as a channel sells it (POST …/products/listings): its SKU and price there. A first-party order
 * item names its listing (channelListingId); the listing's price is what the customer pays.
 */
export const channelListings = pgTable(
  'channel_listings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => salesChannels.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    listingSKU: text('listing_sku').notNull(),
    /** The listing's id on its marketplace (ASIN, eBay item number, Reverb listing id); null when not known. */
    referenceId: text('reference_id'),
    title: text('title').notNull(),
    price: money('price').notNull(),
    isActive: smallint('is_active').notNull().default(1),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('channel_listings_channel_product').on(t.channelId, t.productId),
    // What a pricing event's listing points at: the listing on the event's own channel (schema/pricing.ts).
    unique('channel_listings_id_channel_key').on(t.id, t.channelId),
    sameAccount('channel_listings_channel', [t.accountId, t.channelId], salesChannels),
    sameAccount('channel_listings_product', [t.accountId, t.productId], products),
    index('channel_listings_product').on(t.accountId, t.productId),
  ],
);

/** orders-warehouse.md §3 Address. */
export const addresses = pgTable('addresses', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  accountId: account(),
  name: text('name'),
  company: text('company'),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  addressLine3: text('address_line3'),
  city: text('city'),
  stateId: integer('state_id'),
  stateOrProvidence: text('state_or_providence'),
  postalCode: text('postal_code'),
  country: text('country').notNull().default('US'),
  countryId: integer('country_id').notNull().default(1),
  phoneHome: text('phone_home'),
  phoneCell: text('phone_cell'),
  phoneWork: text('phone_work'),
  fax: text('fax'),
  email: text('email'),
});

export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    addressId: integer('address_id').references(() => addresses.id),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [
    // The same e-mail is the same customer of an account: the import's upsert relies on it.
    uniqueIndex('customers_account_email').on(t.accountId, sql`lower(${t.email})`),
    accountKey('customers', t),
    index('customers_name_trgm').using(
      'gin',
      sql`(lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || coalesce(${t.email}, ''))) gin_trgm_ops`,
    ),
  ],
);

export const channelOrders = pgTable(
  'channel_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    alternativeId: text('alternative_id'),
    channelOrderNumber: text('channel_order_number').notNull(),
    /** 1 a channel (or web) order, 2 a point-of-sale order (opened at /POS/{id}). */
    channelOrderTypeId: integer('channel_order_type_id').notNull().default(1),
    channelOrderStatusId: integer('channel_order_status_id'),
    systemOrderStatusId: integer('system_order_status_id').notNull().default(1),
    overrideWarehouseId: integer('override_warehouse_id').references(() => warehouses.id),
    customerId: integer('customer_id').references(() => customers.id),
    channelId: integer('channel_id').references(() => salesChannels.id),
    isVerified: smallint('is_verified').notNull().default(0),
    isPrime: smallint('is_prime').notNull().default(0),
    isFBA: smallint('is_fba').notNull().default(0),
    billedOrderTotal: money('billed_order_total').notNull().default('0'),
    billedShipping: money('billed_shipping').notNull().default('0'),
    billedUnitTotal: money('billed_unit_total').notNull().default('0'),
    billedTax: money('billed_tax').notNull().default('0'),
    totalDealerPromo: money('total_dealer_promo').notNull().default('0'),
    totalUnitCost: money('total_unit_cost').notNull().default('0'),
    totalShippingCost: money('total_shipping_cost').notNull().default('0'),
    totalChannelFeeCost: money('total_channel_fee_cost').notNull().default('0'),
    totalHandlingCost: money('total_handling_cost').notNull().default('0'),
    totalProfit: money('total_profit').notNull().default('0'),
    defaultShipAddressId: integer('default_ship_address_id').references(() => addresses.id),
    latestShippedAt: when('latest_shipped'),
    latestDeliveredAt: when('latest_delivered'),
    requestedSystemShipCarrierServiceId: integer('requested_system_ship_carrier_service_id'),
    requestedShipMethod: text('requested_ship_method'),
    prePackedAt: when('pre_packed'),
    prePackedBy: who('pre_packed'),
    orderedAt: when('ordered').notNull().defaultNow(),
    lastSyncedAt: when('last_synced'),
    /** The order this one was made for (a replacement, a reshipment, an exchange). */
    relatedOrderId: integer('related_order_id').references((): AnyPgColumn => channelOrders.id),
    relatedOrderTypeId: integer('related_order_type_id'),
    modifiedBy: who('modified'),
    createdAt: when('created').notNull().defaultNow(),
    /** The order's version: every change moves it on, and an edit that read an older one gets 409. */
    modifiedAt: when('modified').notNull().defaultNow(),
  },
  (t) => [
    // A re-sent marketplace order updates the one it made, never a second.
    uniqueIndex('channel_orders_channel_number').on(t.accountId, t.channelId, t.channelOrderNumber),
    accountKey('channel_orders', t),
    sameAccount('channel_orders_customer', [t.accountId, t.customerId], customers),
    sameAccount('channel_orders_channel', [t.accountId, t.channelId], salesChannels),
    sameAccount('channel_orders_warehouse', [t.accountId, t.overrideWarehouseId], warehouses),
    // Migration 0015 rebuilds it with INCLUDE (customer_search, system_order_status_id, channel_id) for the
    // orders search. customer_search is the customer's search text, a column kept by triggers and read only by
    // that search, so it is not declared here.
    index('channel_orders_account_ordered').on(t.accountId, t.orderedAt, t.id),
    index('channel_orders_account_status').on(t.accountId, t.systemOrderStatusId, t.orderedAt),
    // A customer's orders newest first, read from the index alone (the orders search by name or e-mail).
    index('channel_orders_customer').on(t.accountId, t.customerId, t.orderedAt, t.id),
    index('channel_orders_related').on(t.relatedOrderId),
    index('channel_orders_number_prefix').on(
      t.accountId,
      sql`upper(${t.channelOrderNumber}) text_pattern_ops`,
    ),
  ],
);

export const channelOrderItems = pgTable(
  'channel_order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    channelOrderId: integer('channel_order_id')
      .notNull()
      .references(() => channelOrders.id, { onDelete: 'cascade' }),
    alternativeId: text('alternative_id'),
    productId: integer('product_id').references(() => products.id),
    description: text('description').notNull().default(''),
    listingSKU: text('listing_sku'),
    isPicked: smallint('is_picked').notNull().default(0),
    isPrinted: smallint('is_printed').notNull().default(0),
    quantityOrdered: integer('quantity_ordered').notNull().default(1),
    quantityAllocated: integer('quantity_allocated').notNull().default(0),
    quantityBackordered: integer('quantity_backordered').notNull().default(0),
    quantityWithheld: integer('quantity_withheld').notNull().default(0),
    unitPrice: money('unit_price').notNull().default('0'),
    unitCost: money('unit_cost').notNull().default('0'),
    /** The fixed tax of the line, used when taxPercent is 0 (§5 Money). */
    tax: money('tax').notNull().default('0'),
    taxPercent: numeric('tax_percent', { precision: 7, scale: 4 }).notNull().default('0'),
    channelOrderShipmentId: integer('channel_order_shipment_id'),
    latestDeliveredBy: when('latest_delivered_by'),
    deliveryTypeId: integer('delivery_type_id').notNull().default(1),
    overrideWarehouseId: integer('override_warehouse_id').references(() => warehouses.id),
    sortOrder: integer('sort_order').notNull().default(99),
    createdBy: who('created'),
    modifiedBy: who('modified'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [
    index('channel_order_items_order').on(t.channelOrderId),
    sameAccount('channel_order_items_order', [t.accountId, t.channelOrderId], channelOrders).onDelete(
      'cascade',
    ),
    sameAccount('channel_order_items_product', [t.accountId, t.productId], products),
    // The orders holding a product, from the index alone (orders search by SKU, packing search by UPC).
    index('channel_order_items_product').on(t.accountId, t.productId, t.channelOrderId),
  ],
);

/** Sales people credited with an order item (PATCH …/salesPeople). */
export const channelOrderItemSalesPeople = pgTable(
  'channel_order_item_sales_people',
  {
    channelOrderItemId: integer('channel_order_item_id')
      .notNull()
      .references(() => channelOrderItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.channelOrderItemId, t.userId] })],
);

/** Promotions redeemed by code on first-party orders (the spec leaves their records to us). */
export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    name: text('name').notNull(),
    redemptionCode: text('redemption_code').notNull(),
    /** Either a flat amount off the order or a percent of it. */
    isPercent: smallint('is_percent').notNull().default(0),
    amount: money('amount').notNull(),
    startsAt: when('starts'),
    endsAt: when('ends'),
    usageLimit: integer('usage_limit'),
    usageCount: integer('usage_count').notNull().default(0),
    isActive: smallint('is_active').notNull().default(1),
  },
  (t) => [
    uniqueIndex('promotions_account_code').on(t.accountId, sql`upper(${t.redemptionCode})`),
    check(
      'promotions_usage_within_limit',
      sql`${t.usageLimit} is null or ${t.usageCount} <= ${t.usageLimit}`,
    ),
  ],
);

/** §3 Order discount: types 47 % Off, 52 $ Off, 57 $ Off / ea, 60 Promotion. */
export const orderDiscounts = pgTable(
  'order_discounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    channelOrderId: integer('channel_order_id')
      .notNull()
      .references(() => channelOrders.id, { onDelete: 'cascade' }),
    /** Dollars for flat kinds, percent points for 47. */
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull(),
    discountTypeId: integer('discount_type_id').notNull().default(4),
    note: text('note'),
    isActive: smallint('is_active').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(99),
    promotionId: integer('promotion_id').references(() => promotions.id),
    createdBy: who('created'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [index('order_discounts_order').on(t.channelOrderId)],
);

/** §3 Item discount. */
export const itemDiscounts = pgTable(
  'item_discounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    channelOrderItemId: integer('channel_order_item_id')
      .notNull()
      .references(() => channelOrderItems.id, { onDelete: 'cascade' }),
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull(),
    isPercent: smallint('is_percent').notNull().default(0),
    isFlat: smallint('is_flat').notNull().default(0),
    isUnit: smallint('is_unit').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(99),
    isActive: smallint('is_active').notNull().default(1),
    createdBy: who('created'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [index('item_discounts_item').on(t.channelOrderItemId)],
);

/** §3 Order note: noteTypeId 0 is a person's note, anything else a system note. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    channelOrderId: integer('channel_order_id')
      .notNull()
      .references(() => channelOrders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id),
    noteTypeId: integer('note_type_id').notNull().default(0),
    text: text('text').notNull(),
    modifiedBy: who('modified'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [index('order_notes_order').on(t.channelOrderId, t.createdAt)],
);

/** Gift cards (type 3) and e-gift cards (type 10): a balance that never goes below zero. */
export const merchantCredits = pgTable(
  'merchant_credits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    merchantCreditTypeId: integer('merchant_credit_type_id').notNull(),
    /** The number on the card (scanned as //GC{14}// or //EGC{13}//): 14 characters for a gift card, 13 for an e-gift card. */
    number: text('number').notNull(),
    verificationCode: text('verification_code').notNull(),
    initialBalance: money('initial_balance').notNull(),
    balance: money('balance').notNull(),
    isActive: smallint('is_active').notNull().default(1),
    createdBy: who('created'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchant_credits_account_number').on(t.accountId, sql`upper(${t.number})`),
    check('merchant_credits_balance_not_negative', sql`${t.balance} >= 0`),
  ],
);

/** §3 Channel order payment. */
export const channelOrderPayments = pgTable(
  'channel_order_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    channelOrderId: integer('channel_order_id')
      .notNull()
      .references(() => channelOrders.id, { onDelete: 'cascade' }),
    alternativeId: text('alternative_id'),
    referenceId: text('reference_id'),
    channelOrderPaymentTypeId: integer('channel_order_payment_type_id').notNull(),
    /** 1 pending, 2 captured (complete), 3 failed, 4 voided. */
    channelOrderPaymentStatusId: integer('channel_order_payment_status_id').notNull().default(2),
    paymentNumber: text('payment_number'),
    amount: money('amount').notNull(),
    note: text('note'),
    merchantCreditId: integer('merchant_credit_id').references(() => merchantCredits.id),
    modifiedBy: who('modified'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [
    index('channel_order_payments_order').on(t.channelOrderId),
    accountKey('channel_order_payments', t),
    sameAccount('channel_order_payments_order', [t.accountId, t.channelOrderId], channelOrders).onDelete(
      'cascade',
    ),
    check('channel_order_payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    channelOrderPaymentId: integer('channel_order_payment_id')
      .notNull()
      .references(() => channelOrderPayments.id),
    amount: money('amount').notNull(),
    refundReasonId: integer('refund_reason_id').notNull().default(0),
    destinationPaymentTypeId: integer('destination_payment_type_id').notNull(),
    /** The e-gift card a 'New Electronic Gift Card' refund created. */
    destinationMerchantCreditId: integer('destination_merchant_credit_id').references(
      () => merchantCredits.id,
    ),
    /** The return refunded (returns.md §9 'Create Return Refund'): one of the account's own (see below). */
    inboundReturnId: integer('inbound_return_id'),
    createdBy: who('created'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [
    index('payment_refunds_payment').on(t.channelOrderPaymentId),
    sameAccount('payment_refunds_payment', [t.accountId, t.channelOrderPaymentId], channelOrderPayments),
    sameAccount('payment_refunds_return', [t.accountId, t.inboundReturnId], inboundReturns),
    check('payment_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Shipments as the order detail shows them (read-only here; the shipping work makes them move). */
export const channelOrderShipments = pgTable(
  'channel_order_shipments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    channelOrderId: integer('channel_order_id')
      .notNull()
      .references(() => channelOrders.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    addressId: integer('address_id').references(() => addresses.id),
    isPacked: smallint('is_packed').notNull().default(0),
    isShipped: smallint('is_shipped').notNull().default(0),
    isVoided: smallint('is_voided').notNull().default(0),
    isDelivered: smallint('is_delivered').notNull().default(0),
    isPurchased: smallint('is_purchased').notNull().default(0),
    trackingNumber: text('tracking_number'),
    carrierName: text('carrier_name'),
    serviceName: text('service_name'),
    carrierFeeBilled: money('carrier_fee_billed').notNull().default('0'),
    packagingName: text('packaging_name'),
    packageWidthInch: numeric('package_width_inch', { precision: 10, scale: 2 }),
    packageHeightInch: numeric('package_height_inch', { precision: 10, scale: 2 }),
    packageLengthInch: numeric('package_length_inch', { precision: 10, scale: 2 }),
    packageWeightOunce: numeric('package_weight_ounce', { precision: 10, scale: 2 }),
    isTrainingShipment: smallint('is_training_shipment').notNull().default(0),
    /** The box it is packed in (the account's packaging); packaging_name keeps its name as it was then. */
    warehousePackagingId: integer('warehouse_packaging_id').references(() => packaging.id),
    packedAt: when('packed'),
    packedBy: who('packed'),
    /** The rate provider's shipment the current `rates` belong to; both are cleared when the package changes. */
    rateShipmentId: text('rate_shipment_id'),
    /** The current rates as the shipping service answered them (cents), cheapest first. */
    rates: jsonb('rates').$type<CarrierRate[]>(),
    ratedAt: when('rated'),
    shippedAt: when('shipped'),
    deliveredAt: when('delivered'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [
    index('channel_order_shipments_order').on(t.channelOrderId),
    // The orders search finds an order by a scanned or typed tracking number, whatever its case.
    index('channel_order_shipments_tracking').on(t.accountId, sql`upper(${t.trackingNumber})`),
    accountKey('channel_order_shipments', t),
    sameAccount('channel_order_shipments_order', [t.accountId, t.channelOrderId], channelOrders).onDelete(
      'cascade',
    ),
  ],
);

export const channelOrderShipmentItems = pgTable(
  'channel_order_shipment_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channelOrderShipmentId: integer('channel_order_shipment_id')
      .notNull()
      .references(() => channelOrderShipments.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [index('channel_order_shipment_items_shipment').on(t.channelOrderShipmentId)],
);

/** A request to pick an order's units in one warehouse; units are allocated to its items. */
export const pickRequests = pgTable(
  'pick_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    channelOrderId: integer('channel_order_id')
      .notNull()
      .references(() => channelOrders.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pick_requests_order_warehouse').on(t.channelOrderId, t.warehouseId),
    sameAccount('pick_requests_order', [t.accountId, t.channelOrderId], channelOrders).onDelete('cascade'),
    sameAccount('pick_requests_warehouse', [t.accountId, t.warehouseId], warehouses),
  ],
);

export const pickRequestItems = pgTable(
  'pick_request_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pickRequestId: integer('pick_request_id')
      .notNull()
      .references(() => pickRequests.id, { onDelete: 'cascade' }),
    channelOrderItemId: integer('channel_order_item_id')
      .notNull()
      .references(() => channelOrderItems.id, { onDelete: 'cascade' }),
    inventoryLocationItemId: integer('inventory_location_item_id')
      .notNull()
      .references(() => inventoryLocationItems.id),
    pickedAt: when('picked'),
    pickedBy: who('picked'),
    createdBy: who('created'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [
    // One unit belongs to one order item at a time: of two clerks allocating it, one wins.
    uniqueIndex('pick_request_items_unit').on(t.inventoryLocationItemId),
    index('pick_request_items_item').on(t.channelOrderItemId),
  ],
);

/** The mail adapter's outbox: every message sent (or to be sent), with its rendered HTML. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    channelOrderId: integer('channel_order_id').references(() => channelOrders.id),
    /** 'outbox' (kept here), 'sent' (delivered by SMTP) or 'failed'. */
    status: text('status').notNull().default('outbox'),
    error: text('error'),
    createdBy: who('created'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_account_created').on(t.accountId, t.createdAt),
    sameAccount('mail_outbox_order', [t.accountId, t.channelOrderId], channelOrders),
  ],
);
