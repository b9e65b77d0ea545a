// Product conditions and the catalogue's business constants (catalogue-admin.md §3 "Product conditions",
// §4.9, §5, §9; returns.md §9 repeats the same conditions table).

// One source of truth for values other domains already export; re-exporting the same binding keeps
// `export *` from the package index free of conflicts.
export { UPC_LENGTH } from '../scanner/gtin';
export { OUNCES_PER_POUND } from '../warehouse/usb-scale';

export interface ProductCondition {
  id: number;
  name: string;
  /** Short alias appended to a used variant's SKU; New has none. */
  alias: string | null;
}

/** "1 New (none); 5 Open Box OB; 8 Excellent EX; 10 Very Good VG; 15 Good GD; 20 Fair FR;
 * 25 Seller Refurbished SR; 30 B-Stock BS; 35 Not Functional NF", ordered by id. */
export const PRODUCT_CONDITIONS: readonly ProductCondition[] = [
  { id: 1, name: 'New', alias: null },
  { id: 5, name: 'Open Box', alias: 'OB' },
  { id: 8, name: 'Excellent', alias: 'EX' },
  { id: 10, name: 'Very Good', alias: 'VG' },
  { id: 15, name: 'Good', alias: 'GD' },
  { id: 20, name: 'Fair', alias: 'FR' },
  { id: 25, name: 'Seller Refurbished', alias: 'SR' },
  { id: 30, name: 'B-Stock', alias: 'BS' },
  { id: 35, name: 'Not Functional', alias: 'NF' },
];

export const NEW_CONDITION_ID = 1;

/** §9: "bundle editor canvas 2250 x 2250, default zoom 33 percent". */
export const BUNDLE_CANVAS_SIZE = 2250;
export const BUNDLE_DEFAULT_ZOOM_PERCENT = 33;

/** Product type ids: 0 is a simple product that carries inventory (§3); bundles carry none themselves. */
export const PRODUCT_TYPE_SIMPLE = 0;
export const PRODUCT_TYPE_BUNDLE = 1;

/** The conditions a used variant can take (every one but New). */
export const USED_CONDITIONS: readonly ProductCondition[] = PRODUCT_CONDITIONS.filter(
  (condition) => condition.id !== NEW_CONDITION_ID,
);

export function productConditionById(id: number | null | undefined): ProductCondition | undefined {
  return PRODUCT_CONDITIONS.find((condition) => condition.id === id);
}

/** "A product is a used product when its condition is not 1." */
export function isUsedCondition(id: number): boolean {
  return id !== NEW_CONDITION_ID;
}

/** Used variants: "default pricing strategy 41 and purchasing status 7". */
export const DEFAULT_USED_PRICING_STRATEGY_ID = 41;
export const DEFAULT_USED_PURCHASING_STATUS_ID = 7;

/** "Harmonized code 9 digits." */
export const HARMONIZED_CODE_LENGTH = 9;

/** "Bulk dimension max 10000.00"; bulk dimension inputs run from 0.00 in steps of 0.01. */
export const BULK_DIMENSION_MIN = 0;
export const BULK_DIMENSION_MAX = 10000;
export const BULK_DIMENSION_STEP = 0.01;

/** "Price input step 0.01." */
export const PRICE_STEP = 0.01;

/** Table page sizes of §9. */
export const CATALOGUE_PAGE_SIZES = {
  brandProducts: 100,
  pricingReport: 250,
  search: 250,
  familyTable: 250,
  /** The family attribute table in the collections area: 25 rows, pagination config 250. */
  collectionsFamilyTable: 25,
  collectionsFamilyTablePagination: 250,
} as const;

/** Debounces of §9 that belong to the catalogue screens (account/user save lives in admin). */
export const CATALOGUE_DEBOUNCE_MS = {
  productSave: 250,
  productLoad: 250,
  harmonizedCode: 750,
  brandEdit: 750,
  search: 500,
  attributeInput: 250,
  shipmentChange: 650,
  autocompleteFocus: 500,
  usedVariantSearch: 250,
} as const;

/** "Cache: 2.5 minutes for brand and purchasing statuses." */
export const CATALOGUE_CACHE_MS = 150_000;

/** "Long timeout 300000 ms (reconditioning, suggestions)." */
export const CATALOGUE_LONG_TIMEOUT_MS = 300_000;

/** §5 Shipment scale and dimensions control: pounds in steps of 0.05, inches in steps of 0.1, both 0 to 300. */
export const SHIPMENT_CONTROL = {
  weightStepPounds: 0.05,
  dimensionStepInch: 0.1,
  min: 0,
  max: 300,
  /** "Highlighted as error when 1 or below" (pounds). */
  weightErrorAtOrBelowPounds: 1,
} as const;
