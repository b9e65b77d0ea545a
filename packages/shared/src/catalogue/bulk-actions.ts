// Bulk product changes (catalogue-admin.md §2.4, §3 "Bulk-changeable properties", §4.1, §5 "Product list
// and bulk actions"): when each action may be applied, and the field changes it makes per product. The
// changes are meant to go through PendingChanges.editMany, so they are saved like hand edits.

import { toCents } from '../money/money';
import { type AttributeValueJSON, exceedsMaxValues, type ProductAttribute } from './attribute-merge';
import type { ProductId } from './pending-changes';
import { BULK_DIMENSION_MAX, HARMONIZED_CODE_LENGTH, OUNCES_PER_POUND } from './product-conditions';

/** The toolbar's actions with their labels, in the order of §2.4. */
export const BULK_ACTION_LABELS = {
  map: 'Update MAP Prices',
  cost: 'Update Cost Prices',
  dim: 'Update Product DIM',
  closeout: 'Update Clearance',
  trainedShipping: 'Update Trained Shipping',
  pricingStrategy: 'Update Pricing Strategies',
  purchasingStatus: 'Update Purchasing Statuses',
  category: 'Update Categories',
  attributes: 'Add Attributes',
  harmonizedCode: 'Add Harmonized Shipping Codes',
} as const;

/** Actions that change product fields. */
export type ProductBulkAction = keyof typeof BULK_ACTION_LABELS;
/** The marketplace category Change works on listings, not product fields, so it has no applyBulkAction. */
export type BulkAction = ProductBulkAction | 'marketplaceCategory';

/** "The brand page offers the choices MAP, cost, pricingStrategy, purchasingStatus, Category, Attributes, HarmonizedCode." */
export const BRAND_PAGE_BULK_ACTIONS: readonly ProductBulkAction[] = [
  'map',
  'cost',
  'pricingStrategy',
  'purchasingStatus',
  'category',
  'attributes',
  'harmonizedCode',
];

export const MARKETPLACE_CATEGORY_CHANGE_LABEL = 'Change';
export const MULTIPLE_MARKETPLACES_WARNING = '>1 Marketplace Selected';

export interface BulkContext {
  selectedCount: number;
  adminUserAccess: boolean;
}

/** The manage products toolbar: every action, but 'Update Trained Shipping' only with adminUserAccess. */
export function toolbarBulkActions(context: Pick<BulkContext, 'adminUserAccess'>): ProductBulkAction[] {
  const all = Object.keys(BULK_ACTION_LABELS) as ProductBulkAction[];
  return all.filter((action) => action !== 'trainedShipping' || context.adminUserAccess);
}

/** "{n} Selected" */
export function selectedCountText(count: number): string {
  return `${count} Selected`;
}

// --- Input coercion ---

type NumericInput = number | string | null | undefined;

/** Numbers as typed: empty, non-numeric or non-finite input becomes 0. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value !== 'string' || value.trim() === '') return 0;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : 0;
}

// Through integer cents, so 1.005 rounds to 1.01 as money does.
function roundHundredths(value: number): number {
  return toCents(value) / 100;
}

/** "Price fields: empty or non-numeric becomes 0. Price input step 0.01." */
export function parsePrice(value: unknown): number {
  return roundHundredths(toNumber(value));
}

/** Bulk dimension and weight inputs: non-numeric becomes 0; step 0.01. */
export function parseBulkDimension(value: unknown): number {
  return roundHundredths(toNumber(value));
}

/** "Dimension inputs range 0.00 to 10000.00"; an update needs each value above 0. */
export function isBulkDimensionValid(value: unknown): boolean {
  const n = parseBulkDimension(value);
  return n > 0 && n <= BULK_DIMENSION_MAX;
}

/** "Weight is entered in pounds and stored in ounces (times 16)." */
export function poundsToOunces(pounds: unknown): number {
  return roundHundredths(parseBulkDimension(pounds) * OUNCES_PER_POUND);
}

/** "Harmonized code: digits only, truncated to 9 characters." */
export function sanitizeHarmonizedCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, HARMONIZED_CODE_LENGTH);
}

function isPositiveId(value: number | null | undefined): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

// --- Trained shipping packaging ---

/** Account packaging (§3): the three inch dimensions and whether it is custom. */
export interface TrainedPackaging {
  id: number;
  isCustom: boolean | number;
  packageLengthInch: number;
  packageWidthInch: number;
  packageHeightInch: number;
}

export interface TrainedShippingDimensions {
  lengthInch: number;
  widthInch: number;
  heightInch: number;
  /** "Dimensions are editable only for custom packaging." */
  dimensionsEditable: boolean;
}

/** "Selecting a packaging prefills them": the packaging's dimensions, editable only when it is custom. */
export function trainedPackagingPrefill(packaging: TrainedPackaging): TrainedShippingDimensions {
  return {
    lengthInch: parseBulkDimension(packaging.packageLengthInch),
    widthInch: parseBulkDimension(packaging.packageWidthInch),
    heightInch: parseBulkDimension(packaging.packageHeightInch),
    dimensionsEditable: Boolean(packaging.isCustom),
  };
}

// --- Inputs, enabling rules and changes ---

/** A bulk attribute: its values by list and each list's maxValues (a number applies to every list; 0 = no limit). */
export interface BulkAttributeInput extends ProductAttribute {
  maxValues: number | Readonly<Record<string, number>>;
}

export interface BulkInputs {
  map: { value: NumericInput };
  cost: { value: NumericInput };
  dim: {
    heightInch: NumericInput;
    widthInch: NumericInput;
    lengthInch: NumericInput;
    weightPound: NumericInput;
  };
  closeout: { isCloseout: number | boolean };
  trainedShipping: {
    cost: NumericInput;
    packagingId: number | null;
    lengthInch: NumericInput;
    widthInch: NumericInput;
    heightInch: NumericInput;
  };
  pricingStrategy: { pricingStrategyId: number | null };
  purchasingStatus: { purchasingStatusId: number | null };
  category: { categoryId: number | null };
  attributes: { attributes: readonly BulkAttributeInput[]; replace: boolean };
  harmonizedCode: { code: string };
  marketplaceCategory: { siteCategoryId: number | null; marketplaceIds: readonly number[] };
}

/** The bulk-changeable product properties of §3 (isActive is set by Activate/Deactivate). */
export interface BulkChangeableFields {
  isActive: 0 | 1;
  priceMAP: number;
  priceCost: number;
  productHeightInch: number;
  productWidthInch: number;
  productLengthInch: number;
  productWeightOunce: number;
  isCloseout: 0 | 1;
  harmonizedCode: string;
  purchasingStatusId: number;
  pricingStrategyId: number;
  categoryId: number;
  attributes: ProductAttribute[];
  trainedShippingCost: number;
  trainedPackagingId: number;
  packageLengthInch: number;
  packageWidthInch: number;
  packageHeightInch: number;
  /** ISO 8601 UTC time of the update. */
  trainedShippingAt: string;
}

export interface BulkProductChange {
  id: ProductId;
  changes: Partial<BulkChangeableFields>;
}

/** What applyBulkAction reads from a product; only Add Attributes looks past the id. */
export interface BulkProduct {
  id: ProductId;
  attributes?: readonly ProductAttribute[] | null;
}

/** The '>1 Marketplace Selected' warning, or null. */
export function marketplaceCategoryWarning(selectedMarketplaceCount: number): string | null {
  return selectedMarketplaceCount > 1 ? MULTIPLE_MARKETPLACES_WARNING : null;
}

function maxValuesOf(attribute: BulkAttributeInput, listName: string): number {
  return typeof attribute.maxValues === 'number' ? attribute.maxValues : (attribute.maxValues[listName] ?? 0);
}

const inputRules: { [A in BulkAction]: (input: BulkInputs[A]) => boolean } = {
  map: (input) => parsePrice(input.value) > 0,
  cost: (input) => parsePrice(input.value) > 0,
  dim: (input) =>
    [input.heightInch, input.widthInch, input.lengthInch, input.weightPound].every(isBulkDimensionValid),
  closeout: (input) => [0, 1, false, true].includes(input.isCloseout),
  trainedShipping: (input) =>
    parsePrice(input.cost) > 0 &&
    isPositiveId(input.packagingId) &&
    [input.lengthInch, input.widthInch, input.heightInch].every(isBulkDimensionValid),
  pricingStrategy: (input) => isPositiveId(input.pricingStrategyId),
  purchasingStatus: (input) => isPositiveId(input.purchasingStatusId),
  category: (input) => isPositiveId(input.categoryId),
  attributes: (input) => {
    const ids = input.attributes.map((attribute) => attribute.attributeId);
    if (ids.length === 0 || new Set(ids).size !== ids.length) return false;
    return input.attributes.every((attribute) =>
      Object.entries(attribute.valueJSON).every(
        ([list, values]) => !exceedsMaxValues(values, maxValuesOf(attribute, list)),
      ),
    );
  },
  harmonizedCode: (input) => sanitizeHarmonizedCode(input.code) !== '',
  marketplaceCategory: (input) => isPositiveId(input.siteCategoryId) && input.marketplaceIds.length === 1,
};

/**
 * Whether the action's button is enabled: rows are selected, 'Update Trained Shipping' has adminUserAccess,
 * and the input passes the action's rule of §5.
 */
export function canApply<A extends BulkAction>(
  action: A,
  input: BulkInputs[A],
  context: BulkContext,
): boolean {
  if (context.selectedCount < 1) return false;
  if (action === 'trainedShipping' && !context.adminUserAccess) return false;
  return inputRules[action](input);
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/**
 * Add Attributes on one product's attributes.
 * - Replace mode: a supplied attribute's valueJSON overwrites the product's whole valueJSON.
 * - Otherwise per supplied list: maxValues 1 overwrites (an empty list, the 'None' choice, clears);
 *   maxValues 0 becomes the unique union, existing values first; above 1 the supplied values replace the
 *   list only when at least one is supplied, an empty list leaves the product's values alone.
 * Lists not supplied are kept. An attribute the product lacks is added only if it ends up with a value.
 */
export function applyBulkAttributes(
  existing: readonly ProductAttribute[],
  supplied: readonly BulkAttributeInput[],
  replace: boolean,
): ProductAttribute[] {
  const result: ProductAttribute[] = existing.map((attribute) => ({ ...attribute }));
  for (const attribute of supplied) {
    const index = result.findIndex((item) => item.attributeId === attribute.attributeId);
    const current: AttributeValueJSON = index >= 0 ? (result[index]?.valueJSON ?? {}) : {};
    const next: Record<string, readonly string[]> = replace ? {} : { ...current };
    for (const [list, values] of Object.entries(attribute.valueJSON)) {
      const maxValues = maxValuesOf(attribute, list);
      if (replace || maxValues === 1) next[list] = unique(values);
      else if (maxValues === 0) next[list] = unique([...(current[list] ?? []), ...values]);
      else if (values.length > 0) next[list] = unique(values);
    }
    if (index >= 0) {
      result[index] = { attributeId: attribute.attributeId, valueJSON: next };
    } else if (Object.values(next).some((values) => values.length > 0)) {
      result.push({ attributeId: attribute.attributeId, valueJSON: next });
    }
  }
  return result;
}

type Changes = Partial<BulkChangeableFields>;

const appliers: {
  [A in ProductBulkAction]: (input: BulkInputs[A], product: BulkProduct, now: () => Date) => Changes;
} = {
  map: (input) => ({ priceMAP: parsePrice(input.value) }),
  cost: (input) => ({ priceCost: parsePrice(input.value) }),
  dim: (input) => ({
    productHeightInch: parseBulkDimension(input.heightInch),
    productWidthInch: parseBulkDimension(input.widthInch),
    productLengthInch: parseBulkDimension(input.lengthInch),
    productWeightOunce: poundsToOunces(input.weightPound),
  }),
  closeout: (input) => ({ isCloseout: input.isCloseout === 1 || input.isCloseout === true ? 1 : 0 }),
  trainedShipping: (input, _product, now) => ({
    trainedShippingCost: parsePrice(input.cost),
    trainedPackagingId: input.packagingId ?? 0,
    packageLengthInch: parseBulkDimension(input.lengthInch),
    packageWidthInch: parseBulkDimension(input.widthInch),
    packageHeightInch: parseBulkDimension(input.heightInch),
    trainedShippingAt: now().toISOString(),
  }),
  pricingStrategy: (input) => ({ pricingStrategyId: input.pricingStrategyId ?? 0 }),
  purchasingStatus: (input) => ({ purchasingStatusId: input.purchasingStatusId ?? 0 }),
  category: (input) => ({ categoryId: input.categoryId ?? 0 }),
  attributes: (input, product) => ({
    attributes: applyBulkAttributes(product.attributes ?? [], input.attributes, input.replace),
  }),
  harmonizedCode: (input) => ({ harmonizedCode: sanitizeHarmonizedCode(input.code) }),
};

/**
 * The field changes of a bulk action for each product, in the given order. Throws a RangeError when the
 * input fails the action's rule (the server calls this too). Permission and selection checks are canApply's.
 */
export function applyBulkAction<A extends ProductBulkAction>(
  action: A,
  input: BulkInputs[A],
  products: readonly BulkProduct[],
  now: () => Date = () => new Date(),
): BulkProductChange[] {
  if (!inputRules[action](input))
    throw new RangeError(`${BULK_ACTION_LABELS[action]}: the input is not valid`);
  // One clock reading so every product gets the same trainedShippingAt.
  const at = now();
  return products.map((product) => ({ id: product.id, changes: appliers[action](input, product, () => at) }));
}
