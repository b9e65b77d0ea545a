import { z } from 'zod';
import { idParam, idSchema, intParam, intSchema, multilineText, text } from '../api/text';

/** 0/1 flags, as the specs send them. */
const flag = z.union([z.literal(0), z.literal(1)]);
const optionalText = (max: number) => text().trim().max(max).nullable().optional();
const optionalLines = (max: number) => multilineText().trim().max(max).nullable().optional();

export const THIRD_PARTY_WAREHOUSE_TYPE_ID = 10;
export const DEFAULT_SORT_ORDER = 99;
export const MAX_SHORT_ALIAS_LENGTH = 5;

/** Division levels, top down. A bin may also sit directly under the warehouse (receiving, return, quarantine …). */
export const DIVISION_LEVELS = ['zone', 'row', 'section', 'shelf', 'bin'] as const;
export type DivisionLevel = (typeof DIVISION_LEVELS)[number];

/**
 * Kinds of bin, one per special bin prefix of orders-warehouse.md §Scanner input. `bin` is an ordinary
 * storage bin on a shelf; the others are usually warehouse-level "group" bins.
 */
export const BIN_TYPES = [
  { id: 1, code: 'bin', prefix: 'B', name: 'Bin' },
  { id: 2, code: 'receiving', prefix: 'N', name: 'Receiving' },
  { id: 3, code: 'return', prefix: 'R', name: 'Return' },
  { id: 4, code: 'transfer', prefix: 'T', name: 'Transfer' },
  { id: 5, code: 'fba', prefix: 'F', name: 'FBA' },
  { id: 6, code: 'quarantine', prefix: 'Q', name: 'Quarantine' },
  { id: 7, code: 'channelOrder', prefix: 'C', name: 'ChannelOrder' },
  { id: 8, code: 'salesPerson', prefix: 'S', name: 'SalesPerson' },
] as const;
export type BinTypeCode = (typeof BIN_TYPES)[number]['code'];
export const BIN_TYPE_CODES = BIN_TYPES.map((t) => t.code) as [BinTypeCode, ...BinTypeCode[]];

export function binTypeByCode(code: BinTypeCode) {
  return BIN_TYPES.find((t) => t.code === code)!;
}

/** "Valid only if name is not empty, accountId is not 0, and shortAlias is not empty and at most 5 characters." */
export const shortAliasSchema = text()
  .trim()
  .toUpperCase()
  .min(1, 'Short alias is required')
  .max(MAX_SHORT_ALIAS_LENGTH, `Short alias must be at most ${MAX_SHORT_ALIAS_LENGTH} characters`)
  .regex(/^[A-Z0-9]+$/, 'Short alias may contain only letters and digits');

export function isWarehouseValid(w: {
  name?: string | null;
  accountId?: number | null;
  shortAlias?: string | null;
}) {
  const alias = (w.shortAlias ?? '').trim();
  return (
    (w.name ?? '').trim() !== '' &&
    (w.accountId ?? 0) !== 0 &&
    alias !== '' &&
    alias.length <= MAX_SHORT_ALIAS_LENGTH
  );
}

/** Warehouse fields of orders-warehouse.md §3 that a client may write (accountId comes from the session). */
export const warehouseFieldsSchema = z.object({
  name: text().trim().min(1, 'Name is required').max(120),
  shortAlias: shortAliasSchema,
  alternativeId: optionalText(60),
  warehouseTypeId: idSchema,
  isActive: flag,
  sortOrder: intSchema().max(9999),
  company: optionalText(120),
  isPickingRequired: flag,
  isPackingRequired: flag,
  isPackingLabelRequired: flag,
  receiptMessage: optionalLines(1000),
  addressLine1: optionalText(120),
  addressLine2: optionalText(120),
  addressLine3: optionalText(120),
  city: optionalText(80),
  stateOrProvidence: optionalText(80),
  stateId: intSchema().nullable().optional(),
  postalCode: optionalText(20),
  country: text().trim().min(2).max(60),
  countryId: intSchema(),
  phoneHome: optionalText(30),
  phoneCell: optionalText(30),
  phoneWork: optionalText(30),
  fax: optionalText(30),
  email: z
    .union([z.literal(''), z.email('Enter a valid e-mail address')])
    .nullable()
    .optional(),
});

export const WAREHOUSE_DEFAULTS = {
  warehouseTypeId: 1,
  isActive: 1,
  sortOrder: DEFAULT_SORT_ORDER,
  isPickingRequired: 0,
  isPackingRequired: 0,
  isPackingLabelRequired: 0,
  country: 'US',
  countryId: 1,
} as const;

/** PUT /api/backroom/warehouse — create. */
export const warehouseCreateSchema = warehouseFieldsSchema
  .partial()
  .required({ name: true, shortAlias: true });
export type WarehouseCreate = z.infer<typeof warehouseCreateSchema>;

/** The division base fields a client may change (orders-warehouse.md §3 Division base). */
export const divisionFieldsSchema = z.object({
  name: text().trim().max(120).nullable(),
  displayName: text().trim().max(120).nullable(),
  sortOrder: intSchema().max(9999),
  isActive: flag,
  isPhysicalRequired: flag,
  isWithheld: flag,
  warehouseDivisionAvailabilityGroupId: intSchema().nullable(),
});

const zoneNumber = z.number().int().min(1, 'Zone numbers run 1-99').max(99, 'No Unused Zones');
const sectionNumber = z.number().int().min(1, 'Section numbers run 1-99').max(99, 'No Unused Sections');
const letterPair = (what: string) =>
  text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, `${what} codes are two letters`);
const binCode = text()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,6}$/, 'Bin codes are 2 to 6 letters or digits');

const divisionPatch = divisionFieldsSchema.partial().extend({ id: idSchema.optional() });

export const binUpsertSchema = divisionPatch.extend({
  chaosBin: binCode,
  warehouseBinTypeId: idSchema.optional(),
});
export const shelfUpsertSchema = divisionPatch.extend({
  chaosShelf: letterPair('Shelf'),
  bins: z.array(binUpsertSchema).max(1000).optional(),
});
export const sectionUpsertSchema = divisionPatch.extend({
  chaosSection: sectionNumber,
  shelves: z.array(shelfUpsertSchema).max(676).optional(),
});
export const rowUpsertSchema = divisionPatch.extend({
  chaosRow: letterPair('Row'),
  sections: z.array(sectionUpsertSchema).max(99).optional(),
});
export const zoneUpsertSchema = divisionPatch.extend({
  chaosZone: zoneNumber,
  rows: z.array(rowUpsertSchema).max(676).optional(),
});

/** PATCH /api/v1/backroom/warehouse — the warehouse with nested zones … bins; items with an id change, others are added. */
export const warehouseUpsertSchema = warehouseFieldsSchema.partial().extend({
  id: idSchema,
  zones: z.array(zoneUpsertSchema).max(99).optional(),
});
export type WarehouseUpsert = z.infer<typeof warehouseUpsertSchema>;

/** PATCH /api/v1/backroom/warehouse/division */
export const divisionPatchRequestSchema = z.object({
  warehouseId: idSchema,
  divisionType: z.enum(DIVISION_LEVELS).optional(),
  warehouseDivisionPatches: z
    .array(divisionFieldsSchema.partial().extend({ id: idSchema }))
    .min(1)
    .max(1000),
});
export type DivisionPatchRequest = z.infer<typeof divisionPatchRequestSchema>;

/** POST /api/v1/backroom/warehouse/bin — a warehouse-level bin, with the §7 defaults. */
export const binCreateSchema = z.object({
  warehouseId: idSchema,
  name: text().trim().max(120).nullable().optional(),
  type: z.enum(BIN_TYPE_CODES).default('receiving'),
  isActive: flag.default(1),
  isWithheld: flag.default(0),
  warehouseDivisionTypeId: idSchema.nullable().optional(),
  warehouseDivisionAvailabilityGroupId: intSchema().nullable().optional(),
  /** 'virtual': the warehouse's `{alias}-VIRTUAL` bin (returns.md §9), found or made. */
  binType: z.enum(['group', 'location', 'virtual']).default('group'),
  /** A return's own bin (returns.md §7): named 'Inbound Return #{id}', type return, active, withheld. */
  inboundReturnId: idSchema.nullish(),
});
export type BinCreate = z.infer<typeof binCreateSchema>;

/** GET /api/backroom/warehouse/bin — `type` 'utility' means every special (non-storage) kind. */
export const binListQuerySchema = z.object({
  warehouseId: idParam,
  type: z.enum([...BIN_TYPE_CODES, 'utility', 'all']).default('utility'),
  groupType: z.enum(['group', 'location', 'all']).default('group'),
  limit: z.coerce.number().int().min(1).max(1000).default(250),
});

/** PATCH /api/v1/backroom/warehouse/bin */
export const binPatchRequestSchema = z.object({
  warehouseBins: z
    .array(divisionFieldsSchema.partial().extend({ id: idSchema }))
    .min(1)
    .max(1000),
});

/** PUT /api/v1/backroom/returns/warehouseBin and …/quarantineBin (payload not shown in the spec). */
export const specialBinCreateSchema = z.object({
  warehouseId: idSchema,
  name: text().trim().max(120).nullable().optional(),
});

/** GET /api/backroom/warehouse/warehouses — comma-joined type ids, 0/1 or true/false filters. */
const boolQuery = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
  .transform((v) => v === '1' || v === 'true')
  .optional();
export const warehouseListQuerySchema = z.object({
  hasFulfillment: boolQuery,
  hasReceiving: boolQuery,
  isThirdParty: boolQuery,
  warehouseTypeIds: text()
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'Comma-joined type ids, e.g. 1,10')
    .transform((v) => v.split(',').map(Number))
    .optional(),
});

export const barcodeQuerySchema = z.object({ barcode: text().trim().min(1).max(64) });
/** …/chaos/lookupWarehouseDivisionByBarcode: with `warehouseId`, the division must be in that warehouse. */
export const divisionLookupQuerySchema = barcodeQuerySchema.extend({ warehouseId: idParam.optional() });
export const clearBinRequestSchema = z.object({
  shortAlias: shortAliasSchema,
  chaosBin: binCode,
});
export const salesPersonDivisionQuerySchema = z.object({
  userId: idParam,
  warehouseId: idParam,
});
export const childrenQuerySchema = z.object({
  warehouseId: idParam,
  parentId: idParam.optional(),
});

/** GET /api/backroom/warehouse/locations (the spec shows only "query parameters"): a paged division search. */
export const locationSearchQuerySchema = z.object({
  warehouseId: idParam.optional(),
  level: z.enum(DIVISION_LEVELS).optional(),
  /** Barcode or name, matched from the start of the barcode or anywhere in the names. */
  search: text().trim().max(64).optional(),
  isActive: z.enum(['0', '1']).transform(Number).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: intParam().default(0),
});

/** A box dimension in inches: above 0, at most 999.99 (numeric(10,2) in the database, two decimals). */
const packageInches = z
  .number()
  .positive('Must be above 0')
  .max(999.99, 'At most 999.99 inches')
  .refine((v) => Math.round(v * 100) === v * 100, 'At most two decimals');

/**
 * PATCH /api/backroom/warehouse/packaging (the spec shows no payload): the account's packaging, a list of
 * boxes to add (no id) or change (id plus the changed fields). All or nothing.
 */
export const packagingPatchSchema = z
  .array(
    z.object({
      id: idSchema.optional(),
      commonName: text().trim().min(1, 'Name the packaging').max(100).optional(),
      packageLengthInch: packageInches.optional(),
      packageWidthInch: packageInches.optional(),
      packageHeightInch: packageInches.optional(),
      isCustom: z.union([z.literal(0), z.literal(1)]).optional(),
    }),
  )
  .min(1)
  .max(500)
  .superRefine((boxes, ctx) => {
    boxes.forEach((box, index) => {
      if (box.id !== undefined) return;
      for (const field of [
        'commonName',
        'packageLengthInch',
        'packageWidthInch',
        'packageHeightInch',
      ] as const) {
        if (box[field] === undefined)
          ctx.addIssue({ code: 'custom', path: [index, field], message: 'Required for new packaging' });
      }
    });
  });
export type PackagingPatch = z.infer<typeof packagingPatchSchema>;
