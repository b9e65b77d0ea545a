import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CarrierRate } from '../../domains/shipping/carrier';
import { account, accountKey, sameAccount, when, who } from './columns';
import { warehouses } from './warehouse';

/** An address as the one-off shipment screen sends it (catalogue-admin.md §3 One-off shipment). */
export interface OneOffAddressRecord {
  name: string | null;
  company: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  stateId: number | null;
  /** The state's code, looked up from stateId when the shipment was rated. */
  state: string | null;
  postalCode: string | null;
  country: string;
  phone: string | null;
  email: string | null;
}

/** A parcel as sent (pounds and inches). */
export interface OneOffParcelRecord {
  name: string | null;
  width: number;
  height: number;
  length: number;
  weight: number;
}

/**
 * A one-off manual shipment (catalogue-admin.md §2.12): a parcel rated between two addresses that belong to
 * no order or return. It owns the label bought for it in the shipping ledger (owner kind 'oneOff'); the
 * screen names it by the provider's shipment id (easypostJSON.id), unique within the account.
 */
export const oneOffShipments = pgTable(
  'one_off_shipments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    /** The Ship From warehouse, when one was chosen. */
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    shipFrom: jsonb('ship_from').$type<OneOffAddressRecord>().notNull(),
    shipTo: jsonb('ship_to').$type<OneOffAddressRecord>().notNull(),
    parcels: jsonb('parcels').$type<OneOffParcelRecord[]>().notNull(),
    /** The screen's Internal Notes. */
    notes: text('notes'),
    providerShipmentId: text('provider_shipment_id').notNull(),
    /** The provider's JSON of the rated shipment, and its rates (cents) cheapest first. */
    providerJson: jsonb('provider_json'),
    rates: jsonb('rates').$type<CarrierRate[]>().notNull(),
    createdBy: who('created'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_off_shipments_provider_shipment').on(t.accountId, t.providerShipmentId),
    index('one_off_shipments_account_created').on(t.accountId, t.createdAt),
    accountKey('one_off_shipments', t),
    sameAccount('one_off_shipments_warehouse', [t.accountId, t.warehouseId], warehouses),
  ],
);
