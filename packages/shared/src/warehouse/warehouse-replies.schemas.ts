import { z } from 'zod';
import { intFlag as flag, replyId as id, nullableText as when } from '../api/reply-fields';
import { productSchema } from '../catalogue/catalogue-replies.schemas';
import { DIVISION_LEVELS } from './warehouse.schemas';

// The replies of the warehouse calls (orders-warehouse.md §3 Warehouse / Location and Division, §7 Warehouse):
// warehouses, their divisions (zone … bin), the units in a division and a unit's history. The server writes
// exactly these fields; the web derives its types from them.

/** Reference data: what a warehouse type does (type 10 is third party). */
export const warehouseTypeSchema = z.object({
  id,
  name: z.string(),
  hasFulfillment: z.boolean(),
  hasReceiving: z.boolean(),
  isThirdParty: z.boolean(),
});
export type WarehouseType = z.infer<typeof warehouseTypeSchema>;

/** §3 Division (zone, row, section, shelf or bin), with its counts where a tree view asks for them. */
export const divisionSchema = z.object({
  id,
  warehouseId: id,
  level: z.enum(DIVISION_LEVELS),
  parentId: id.nullable(),
  warehouseZoneId: id.nullable(),
  warehouseZoneRowId: id.nullable(),
  warehouseZoneRowSectionId: id.nullable(),
  warehouseZoneRowSectionShelfId: id.nullable(),
  chaosZone: z.number().int().nullable(),
  chaosRow: z.string().nullable(),
  chaosSection: z.number().int().nullable(),
  chaosShelf: z.string().nullable(),
  chaosBin: z.string().nullable(),
  /** Bins only: 1 Bin, 2 Receiving … 8 SalesPerson (BIN_TYPES). */
  warehouseBinTypeId: id.nullable(),
  binGroupType: z.enum(['group', 'location']).nullable(),
  /** SalesPerson bins: whose bin it is. */
  userId: id.nullable(),
  name: z.string().nullable(),
  displayName: z.string().nullable(),
  sortOrder: z.number().int(),
  isActive: flag,
  isPhysicalRequired: flag,
  isWithheld: flag,
  warehouseDivisionAvailabilityGroupId: id.nullable(),
  warehouseDivisionTypeId: id.nullable(),
  barcode: z.string(),
  modifiedBy: id.nullable(),
  lastPhysicalBy: id.nullable(),
  lastPhysicalAt: when,
  lastReceivedBy: id.nullable(),
  lastReceivedAt: when,
  createdAt: when,
  updatedAt: when,
  /** Tree views: how many divisions sit directly under it, and how many units anywhere under it. */
  childCount: z.number().int().optional(),
  unitCount: z.number().int().optional(),
});
export type Division = z.infer<typeof divisionSchema>;

/** A division found by its barcode, with the warehouse it is in. */
export const lookedUpDivisionSchema = divisionSchema.extend({
  warehouse: z.object({ id, name: z.string(), shortAlias: z.string() }),
});
export type LookedUpDivision = z.infer<typeof lookedUpDivisionSchema>;

/** §3 Warehouse / Location; the list carries its type, one warehouse its zones. */
export const warehouseSchema = z.object({
  id,
  alternativeId: z.string().nullable(),
  warehouseTypeId: id,
  isActive: flag,
  sortOrder: z.number().int(),
  company: z.string().nullable(),
  isPickingRequired: flag,
  isPackingRequired: flag,
  isPackingLabelRequired: flag,
  receiptMessage: z.string().nullable(),
  name: z.string(),
  shortAlias: z.string(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  addressLine3: z.string().nullable(),
  city: z.string().nullable(),
  stateOrProvidence: z.string().nullable(),
  stateId: id.nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
  countryId: id,
  phoneHome: z.string().nullable(),
  phoneCell: z.string().nullable(),
  phoneWork: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  modifiedBy: id.nullable(),
  createdAt: when,
  updatedAt: when,
  /** The list (GET …/warehouse/warehouses). */
  warehouseType: warehouseTypeSchema.optional(),
  /** One warehouse (POST, PUT, PATCH …/warehouse): its zones, with counts. */
  zones: z.array(divisionSchema).optional(),
});
export type Warehouse = z.infer<typeof warehouseSchema>;

/** A box of the account's (GET/PATCH …/warehouse/packaging), dimensions in inches. */
export const packagingSchema = z.object({
  id,
  commonName: z.string(),
  packageLengthInch: z.number(),
  packageWidthInch: z.number(),
  packageHeightInch: z.number(),
  isCustom: flag,
});
export type Packaging = z.infer<typeof packagingSchema>;

/** §3 Inventory location item in a division (POST …/chaos/listInventoryByDivision). */
export const divisionUnitSchema = z.object({
  id,
  productId: id,
  warehouseId: id,
  inventoryLocationId: id.nullable(),
  locationBarcode: z.string(),
  ...divisionSchema.pick({
    chaosZone: true,
    chaosRow: true,
    chaosSection: true,
    chaosShelf: true,
    chaosBin: true,
  }).shape,
  quantity: z.number().int(),
  /** Money as the database writes it: '12.50'. */
  priceCost: z.string(),
  inventoryConditionId: id,
  receivedAt: when,
  product: productSchema.pick({ id: true, sku: true, name: true, normalizedUPC: true }),
});
export type DivisionUnit = z.infer<typeof divisionUnitSchema>;

/** A unit and every movement or change it went through, oldest first (GET …/inventory/unit/{id}/history). */
export const unitHistorySchema = z.object({
  id,
  productId: id,
  ...productSchema.pick({ sku: true, name: true }).shape,
  locationBarcode: z.string().nullable(),
  events: z.array(
    z.object({
      id,
      /** received, moved, picked, packed, shipped, cleared, adjusted … */
      eventType: z.string(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      note: z.string().nullable(),
      /** Who did it, first and last name. */
      by: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type UnitHistory = z.infer<typeof unitHistorySchema>;

/** POST …/chaos/warehouseBin/clear. */
export const clearedBinSchema = z.object({
  message: z.string(),
  barcode: z.string(),
  clearedUnits: z.number(),
});
export type ClearedBin = z.infer<typeof clearedBinSchema>;
