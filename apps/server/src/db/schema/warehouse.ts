import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './admin';
import { accountKey } from './columns';

/** Reference data: what a warehouse type does (type 10 is third party). */
export const warehouseTypes = pgTable('warehouse_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  hasFulfillment: boolean('has_fulfillment').notNull(),
  hasReceiving: boolean('has_receiving').notNull(),
  isThirdParty: boolean('is_third_party').notNull(),
});

/** orders-warehouse.md §3 Warehouse / Location. */
export const warehouses = pgTable(
  'warehouses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    alternativeId: text('alternative_id'),
    warehouseTypeId: integer('warehouse_type_id')
      .notNull()
      .default(1)
      .references(() => warehouseTypes.id),
    isActive: smallint('is_active').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(99),
    company: text('company'),
    isPickingRequired: smallint('is_picking_required').notNull().default(0),
    isPackingRequired: smallint('is_packing_required').notNull().default(0),
    isPackingLabelRequired: smallint('is_packing_label_required').notNull().default(0),
    receiptMessage: text('receipt_message'),
    name: text('name').notNull(),
    shortAlias: text('short_alias').notNull(),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    addressLine3: text('address_line3'),
    city: text('city'),
    stateOrProvidence: text('state_or_providence'),
    stateId: integer('state_id'),
    postalCode: text('postal_code'),
    country: text('country').notNull().default('US'),
    countryId: integer('country_id').notNull().default(1),
    phoneHome: text('phone_home'),
    phoneCell: text('phone_cell'),
    phoneWork: text('phone_work'),
    fax: text('fax'),
    email: text('email'),
    modifiedBy: integer('modified_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('warehouses_account_alias_unique').on(t.accountId, sql`upper(${t.shortAlias})`),
    accountKey('warehouses', t),
  ],
);

/**
 * Every division (zone, row, section, shelf, bin) in one table: one barcode index answers every scan, one
 * foreign key places a unit, and the tree loads lazily by parent. The spec's warehouseZoneId … ids are
 * kept as ancestor columns, the chaos* codes denormalised so a barcode is built without joins.
 */
export const warehouseDivisions = pgTable(
  'warehouse_divisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    level: text('level', { enum: ['zone', 'row', 'section', 'shelf', 'bin'] }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => warehouseDivisions.id),
    warehouseZoneId: integer('warehouse_zone_id').references((): AnyPgColumn => warehouseDivisions.id),
    warehouseZoneRowId: integer('warehouse_zone_row_id').references((): AnyPgColumn => warehouseDivisions.id),
    warehouseZoneRowSectionId: integer('warehouse_zone_row_section_id').references(
      (): AnyPgColumn => warehouseDivisions.id,
    ),
    warehouseZoneRowSectionShelfId: integer('warehouse_zone_row_section_shelf_id').references(
      (): AnyPgColumn => warehouseDivisions.id,
    ),
    chaosZone: smallint('chaos_zone'),
    chaosRow: text('chaos_row'),
    chaosSection: smallint('chaos_section'),
    chaosShelf: text('chaos_shelf'),
    chaosBin: text('chaos_bin'),
    /** Bins only: 1 Bin, 2 Receiving … 8 SalesPerson (shared BIN_TYPES). */
    warehouseBinTypeId: smallint('warehouse_bin_type_id'),
    /** Bins only: 'group' bins belong to the warehouse, 'location' bins sit on a shelf. */
    binGroupType: text('bin_group_type', { enum: ['group', 'location'] }),
    /** SalesPerson bins: whose bin it is. */
    userId: integer('user_id').references(() => users.id),
    name: text('name'),
    displayName: text('display_name'),
    sortOrder: integer('sort_order').notNull().default(99),
    isActive: smallint('is_active').notNull().default(1),
    isPhysicalRequired: smallint('is_physical_required').notNull().default(0),
    isWithheld: smallint('is_withheld').notNull().default(0),
    warehouseDivisionAvailabilityGroupId: integer('warehouse_division_availability_group_id'),
    warehouseDivisionTypeId: integer('warehouse_division_type_id'),
    barcode: text('barcode').notNull(),
    modifiedBy: integer('modified_by').references(() => users.id),
    lastPhysicalBy: integer('last_physical_by').references(() => users.id),
    lastPhysicalAt: timestamp('last_physical_at', { withTimezone: true }),
    lastReceivedBy: integer('last_received_by').references(() => users.id),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('warehouse_divisions_account_barcode_unique').on(t.accountId, t.barcode),
    index('warehouse_divisions_parent_idx').on(t.warehouseId, t.parentId),
    index('warehouse_divisions_group_bins_idx').on(t.warehouseId, t.binGroupType, t.warehouseBinTypeId),
  ],
);
