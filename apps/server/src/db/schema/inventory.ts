import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './admin';
import { products } from './catalogue';
import { sameAccount, when, who } from './columns';
import { warehouseDivisions, warehouses } from './warehouse';

/** orders-warehouse.md §3 Inventory location item: one row per physical unit (quantity 1 by default). */
export const inventoryLocationItems = pgTable(
  'inventory_location_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    /** The division the unit sits in; null once it has left every location (cleared, shipped). */
    inventoryLocationId: integer('inventory_location_id').references(() => warehouseDivisions.id),
    /** returns.md §3 "Inventory location item created on receipt": the unit's own serial number, when it has one. */
    serial: text('serial'),
    chaosZone: smallint('chaos_zone'),
    chaosRow: text('chaos_row'),
    chaosSection: smallint('chaos_section'),
    chaosShelf: text('chaos_shelf'),
    chaosBin: text('chaos_bin'),
    sortOrder: integer('sort_order').notNull().default(99),
    priceCost: numeric('price_cost', { precision: 12, scale: 2 }).notNull().default('0'),
    inventoryConditionId: integer('inventory_condition_id').notNull().default(1),
    purchaseOrderItemId: integer('purchase_order_item_id'),
    returnItemId: integer('return_item_id'),
    pickRequestItemId: integer('pick_request_item_id'),
    physicalBy: who('physical'),
    physicalAt: when('physical'),
    pickedBy: who('picked'),
    pickedAt: when('picked'),
    packedBy: who('packed'),
    packedAt: when('packed'),
    shippedBy: who('shipped'),
    shippedAt: when('shipped'),
    receivedBy: who('received'),
    receivedAt: when('received'),
    cantFindBy: who('cant_find'),
    cantFindAt: when('cant_find'),
    modifiedBy: who('modified'),
    modifiedAt: when('modified').notNull().defaultNow(),
    isDeleted: smallint('is_deleted').notNull().default(0),
    quantity: integer('quantity').notNull().default(1),
    createdBy: who('created'),
    createdAt: when('created').notNull().defaultNow(),
    isDirty: smallint('is_dirty').notNull().default(0),
  },
  (t) => [
    index('inventory_items_location_idx').on(t.inventoryLocationId),
    index('inventory_items_product_idx').on(t.accountId, t.productId),
    // A return's page lists the units received from its items.
    index('inventory_items_return_item_idx')
      .on(t.returnItemId)
      .where(sql`${t.returnItemId} is not null`),
    sameAccount('inventory_location_items_product', [t.accountId, t.productId], products),
    sameAccount('inventory_location_items_warehouse', [t.accountId, t.warehouseId], warehouses),
  ],
);

export const INVENTORY_EVENT_TYPES = [
  'received',
  'moved',
  'picked',
  'packed',
  'shipped',
  'cleared',
  'adjusted',
  /** catalogue-admin.md §2.9: a unit set aside in a quarantine bin, then reconditioned and put away. */
  'quarantined',
  'reconditioned',
  'putAway',
] as const;

/** One row per movement or change of a unit, so its history can be shown. */
export const inventoryUnitEvents = pgTable(
  'inventory_unit_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    inventoryLocationItemId: integer('inventory_location_item_id')
      .notNull()
      .references(() => inventoryLocationItems.id),
    eventType: text('event_type', { enum: INVENTORY_EVENT_TYPES }).notNull(),
    fromDivisionId: integer('from_division_id').references(() => warehouseDivisions.id),
    toDivisionId: integer('to_division_id').references(() => warehouseDivisions.id),
    note: text('note'),
    userId: integer('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inventory_unit_events_item_idx').on(t.inventoryLocationItemId)],
);

/**
 * catalogue-admin.md §4.1 "Inventory edit of quantityAvailable": a product's available quantity in one
 * warehouse as someone set it. Inventory is otherwise computed from the units; when a row exists here it
 * replaces the computed available quantity of that (product, warehouse), and the totals move by the difference.
 */
export const inventoryAvailableOverrides = pgTable(
  'inventory_available_overrides',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    quantityAvailable: integer('quantity_available').notNull(),
    modifiedBy: who('modified'),
    modifiedAt: when('modified').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventory_available_overrides_product_warehouse_unique').on(t.productId, t.warehouseId),
    check('inventory_available_overrides_quantity_check', sql`${t.quantityAvailable} >= 0`),
  ],
);
