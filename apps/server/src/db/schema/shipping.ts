import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { account, accountKey, money, when, who } from './columns';

// Shipping (issue 14): the reference lists of states and countries, the shipments rated for an account, the
// label ledger (what was bought, for whom, what it cost and what became of it) and the sandbox carrier's own
// books. Money is numeric(12,2) here and integer cents in code.

/** Countries (orders-warehouse.md §3 Address: id, code, code3, name). Id 1 is the US, the default. */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  code3: text('code3').notNull(),
  name: text('name').notNull(),
});

/** States and provinces (id, code, name) of a country. */
export const states = pgTable(
  'states',
  {
    id: integer('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('states_country_code').on(t.countryId, t.code)],
);

/**
 * A shipment rated through an adapter for an account: buying names its provider id, which must be one this
 * account rated (a provider's ids are shared by every account on one API key).
 */
export const shippingQuotes = pgTable(
  'shipping_quotes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    adapter: text('adapter').notNull(),
    providerShipmentId: text('provider_shipment_id').notNull(),
    /** The carrier rates as the service answered them (CarrierRate[]). */
    rates: jsonb('rates').$type<unknown[]>().notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    createdBy: who('created'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shipping_quotes_provider').on(t.adapter, t.providerShipmentId)],
);

export const LABEL_OWNER_KINDS = ['orderShipment', 'returnShipment', 'oneOff'] as const;
export type LabelOwnerKind = (typeof LABEL_OWNER_KINDS)[number];
/** pending: a purchase is under way or its answer never came; bought; voided (refund requested). */
export const LABEL_STATES = ['pending', 'bought', 'voided'] as const;
export type LabelState = (typeof LABEL_STATES)[number];

/**
 * The label ledger: one row per purchase of a label for an owner (an order shipment, a return shipment, a
 * one-off shipment). At most one row per owner is live (pending or bought): the unique index is what makes
 * a double click, a retry or two clerks at once buy one label.
 */
export const shippingLabels = pgTable(
  'shipping_labels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    ownerKind: text('owner_kind').$type<LabelOwnerKind>().notNull(),
    ownerId: integer('owner_id').notNull(),
    adapter: text('adapter').notNull(),
    providerShipmentId: text('provider_shipment_id').notNull(),
    rateId: text('rate_id').notNull(),
    state: text('state').$type<LabelState>().notNull().default('pending'),
    /** The purchase under way: who holds it (a random token) and since when; a stale one may be taken over. */
    attemptToken: text('attempt_token'),
    attemptStartedAt: when('attempt_started'),
    /** A purchase was sent and its answer never came: look it up at the provider before buying again. */
    needsReconcile: integer('needs_reconcile').notNull().default(0),
    carrier: text('carrier'),
    service: text('service'),
    trackingNumber: text('tracking_number'),
    fee: money('fee').notNull().default('0'),
    insured: money('insured').notNull().default('0'),
    insuranceFee: money('insurance_fee').notNull().default('0'),
    refundStatus: text('refund_status'),
    refund: money('refund').notNull().default('0'),
    trackingStatus: text('tracking_status'),
    trackingUpdatedAt: when('tracking_updated'),
    estimatedDeliveryDate: text('estimated_delivery_date'),
    deliveredAt: when('delivered'),
    labelZpl: text('label_zpl'),
    labelPdfBase64: text('label_pdf_base64'),
    /** The label engine's layout of a label the sandbox drew: printed at each printer's resolution, previewed. */
    labelLayout: jsonb('label_layout'),
    providerJson: jsonb('provider_json'),
    trackingJson: jsonb('tracking_json'),
    createdBy: who('created'),
    createdAt: when('created').notNull().defaultNow(),
    purchasedAt: when('purchased'),
    voidedBy: who('voided'),
    voidedAt: when('voided'),
  },
  (t) => [
    accountKey('shipping_labels', t),
    uniqueIndex('shipping_labels_one_live_per_owner')
      .on(t.accountId, t.ownerKind, t.ownerId)
      .where(sql`${t.state} <> 'voided'`),
    index('shipping_labels_owner').on(t.accountId, t.ownerKind, t.ownerId),
    index('shipping_labels_tracking_number').on(t.trackingNumber),
    index('shipping_labels_undelivered')
      .on(t.id)
      .where(sql`${t.state} = 'bought' and ${t.deliveredAt} is null`),
    check('shipping_labels_owner_kind', sql`${t.ownerKind} in ('orderShipment', 'returnShipment', 'oneOff')`),
    check('shipping_labels_state', sql`${t.state} in ('pending', 'bought', 'voided')`),
  ],
);

/**
 * The sandbox carrier's own books, as a real carrier keeps them on its side: the shipments it rated, what was
 * bought and when (tracking advances from that time), refunds. Not an account's rows: the shipping service
 * reaches them only through the ids its quotes and labels hold.
 */
export const sandboxShipments = pgTable('sandbox_shipments', {
  id: text('id').primaryKey(),
  request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  rates: jsonb('rates').$type<unknown[]>().notNull(),
  rateId: text('rate_id'),
  trackingNumber: text('tracking_number').unique(),
  fee: money('fee'),
  insured: money('insured'),
  insuranceFee: money('insurance_fee'),
  idempotencyKey: text('idempotency_key'),
  purchasedAt: when('purchased'),
  refundStatus: text('refund_status'),
  refundedAt: when('refunded'),
  createdAt: when('created').notNull().defaultNow(),
});
