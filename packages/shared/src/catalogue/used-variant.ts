// Used (condition) variants of a product: the draft, its name and SKU, the form's validity and its print
// rules (catalogue-admin.md §2.11, §3 "Product draft", §4.9, §5 "Used-variant form" and "Labels").
import { PAPER_ID } from '../printing/papers';
import {
  DEFAULT_USED_PRICING_STRATEGY_ID,
  DEFAULT_USED_PURCHASING_STATUS_ID,
  isUsedCondition,
  NEW_CONDITION_ID,
  productConditionById,
} from './product-conditions';
import { SEO_LISTING_KEY } from './product-seo';

/** The source product fields a draft copies. */
export interface UsedVariantSource {
  id: number;
  typeId: number;
  priceCost: number;
  priceMAP: number;
  priceSale: number;
  categoryId: number;
  name: string;
  mpn: string | null;
  packageLengthInch: number;
  packageWidthInch: number;
  packageHeightInch: number;
  packageWeightOunce: number;
  productListingData?: Readonly<Record<string, unknown>> | null;
  statusId: number;
  warehousePackagingId: number;
}

export interface UsedVariantBrand {
  id: number;
  accountId: number;
}

/** "Product draft (used variant)" of §3. */
export interface ProductDraft {
  accountId: number;
  typeId: number;
  priceCost: number;
  priceMAP: number;
  priceSale: number;
  brandId: number;
  sourceProductId: number;
  categoryId: number;
  isActive: 0 | 1;
  name: string;
  mpn: string | null;
  packageLengthInch: number;
  packageWidthInch: number;
  packageHeightInch: number;
  packageWeightOunce: number;
  productListingData: Record<string, unknown>;
  pricingStrategyId: number;
  productConditionId: number;
  purchasingStatusId: number;
  sku: string;
  statusId: number;
  upc: string;
  normalizedUPC: string;
  warehousePackagingId: number;
}

/** returns.md "Product listing condition data": these describe one unit, so a new draft starts without them. */
export const LISTING_CONDITION_FIELDS = [
  'wearConditionSeverityId',
  'wearConditionDescription',
  'damageConditionSeverityId',
  'damageConditionDescription',
  'missingConditionDescription',
  'conditionDescription',
] as const;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * "The name gets the condition name prefixed unless it already starts with it", joined by a space.
 * "Starts with it" means as a whole word, case-insensitively: 'Good Widget' stays, 'Goodyear Tire'
 * becomes 'Good Goodyear Tire'.
 */
export function usedVariantName(name: string, conditionName: string): string {
  const trimmed = name.trim();
  const prefix = conditionName.trim();
  if (prefix === '') return trimmed;
  if (new RegExp(`^${escapeRegExp(prefix)}(?![A-Za-z0-9])`, 'i').test(trimmed)) return trimmed;
  return trimmed === '' ? prefix : `${prefix} ${trimmed}`;
}

/**
 * "The SKU is the brand alias plus the UPC plus the condition alias": concatenated with no separator,
 * each part trimmed, the UPC as entered (not zero padded). New has no alias, so it adds nothing.
 */
export function usedVariantSku(brandAlias: string, upc: string, conditionAlias: string | null): string {
  return `${brandAlias.trim()}${upc.trim()}${(conditionAlias ?? '').trim()}`;
}

/**
 * "Changing the condition of a new draft from New to any used condition rebuilds the draft from the
 * source product."
 */
export function shouldRebuildDraft(previousConditionId: number, nextConditionId: number): boolean {
  return previousConditionId === NEW_CONDITION_ID && isUsedCondition(nextConditionId);
}

/**
 * The draft rebuilt from the source for a used condition: SKU and UPC empty, pricing strategy 41,
 * purchasing status 7, sourceProductId linking to the source, the name prefixed with the condition name,
 * active, and the source's listing data without its condition fields and SEO fields. Brand and account come from the
 * brand chosen on the form. Throws a RangeError for New or an unknown condition.
 */
export function buildUsedVariantDraft(
  source: UsedVariantSource,
  conditionId: number,
  brand: UsedVariantBrand,
): ProductDraft {
  const condition = productConditionById(conditionId);
  if (!condition || !isUsedCondition(condition.id)) {
    throw new RangeError(`Condition ${conditionId} is not a used condition`);
  }
  const productListingData: Record<string, unknown> = { ...(source.productListingData ?? {}) };
  for (const field of LISTING_CONDITION_FIELDS) delete productListingData[field];
  // Its own page: the source's SEO (a URL handle above all) would make two listings claim one address.
  delete productListingData[SEO_LISTING_KEY];
  return {
    accountId: brand.accountId,
    typeId: source.typeId,
    priceCost: source.priceCost,
    priceMAP: source.priceMAP,
    priceSale: source.priceSale,
    brandId: brand.id,
    sourceProductId: source.id,
    categoryId: source.categoryId,
    isActive: 1,
    name: usedVariantName(source.name, condition.name),
    mpn: source.mpn,
    packageLengthInch: source.packageLengthInch,
    packageWidthInch: source.packageWidthInch,
    packageHeightInch: source.packageHeightInch,
    packageWeightOunce: source.packageWeightOunce,
    productListingData,
    pricingStrategyId: DEFAULT_USED_PRICING_STRATEGY_ID,
    productConditionId: condition.id,
    purchasingStatusId: DEFAULT_USED_PURCHASING_STATUS_ID,
    sku: '',
    statusId: source.statusId,
    upc: '',
    normalizedUPC: '',
    warehousePackagingId: source.warehousePackagingId,
  };
}

export interface VariantFormState {
  productConditionId: number;
  upc: string;
  sku: string;
  images?: readonly { isPrimaryImage: boolean | number }[];
}

/**
 * "A used product is valid only if UPC and SKU are non-empty and there is at least one primary image.
 * A new product is valid if UPC and SKU are non-empty." Blank text counts as empty.
 */
export function isVariantFormValid(form: VariantFormState): boolean {
  if (form.upc.trim() === '' || form.sku.trim() === '') return false;
  if (!isUsedCondition(form.productConditionId)) return true;
  return (form.images ?? []).some((image) => Boolean(image.isPrimaryImage));
}

/** "SKU is disabled for used products" (it is built from brand alias, UPC and condition alias). */
export function isVariantSkuEditable(productConditionId: number): boolean {
  return !isUsedCondition(productConditionId);
}

/**
 * Used-variant form print button: "appears only when SKU is longer than 6 and UPC longer than 10, and is
 * disabled without a mapped barcode label printer". Lengths are of the trimmed text.
 */
export function variantPrintButton(input: { sku: string; upc: string; hasBarcodeLabelPrinter: boolean }): {
  visible: boolean;
  disabled: boolean;
} {
  return {
    visible: input.sku.trim().length > 6 && input.upc.trim().length > 10,
    disabled: !input.hasBarcodeLabelPrinter,
  };
}

/**
 * "A product barcode label prints only when upc is longer than 10 characters, sku longer than 4, name
 * non-empty and a product-label printer is mapped."
 */
export function canPrintProductBarcodeLabel(input: {
  upc: string | null;
  sku: string | null;
  name: string | null;
  hasProductLabelPrinter: boolean;
}): boolean {
  return (
    (input.upc ?? '').trim().length > 10 &&
    (input.sku ?? '').trim().length > 4 &&
    (input.name ?? '').trim() !== '' &&
    input.hasProductLabelPrinter
  );
}

/** The editor's print buttons (§2.3) and their papers: "32 = barcode label, 37 = product (mini package)
 * label, 64 = retail product label". */
export const PRODUCT_LABEL_BUTTONS = [
  { label: 'Print Barcode', paperId: PAPER_ID.productBarcodeLabel },
  { label: 'Print Retail Product Label', paperId: PAPER_ID.retailProductLabel },
  { label: 'Print Product Label', paperId: PAPER_ID.miniPackageLabel },
] as const;

/** "Label print buttons are enabled only when a printer is selected and matches the paper type." */
export function isLabelButtonEnabled(
  buttonPaperId: number,
  printer: { paperId: number | null } | null | undefined,
): boolean {
  return printer != null && printer.paperId === buttonPaperId;
}

/** Printer dropdown placeholders of §2.3. */
export const SELECT_PRINTER_TEXT = 'Select Printer';
export const CONFIGURE_PRINTER_TEXT = 'Configure A Printer for Printing';

/** "Only printers with these paper ids are listed." */
export function labelPrinters<P extends { paperId: number | null }>(printers: readonly P[]): P[] {
  const ids: readonly number[] = PRODUCT_LABEL_BUTTONS.map((button) => button.paperId);
  return printers.filter((printer) => printer.paperId !== null && ids.includes(printer.paperId));
}
