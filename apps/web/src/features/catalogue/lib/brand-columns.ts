import { OUNCES_PER_POUND, type Product } from '@backroom/shared';
import dayjs from 'dayjs';
import type { EditableProduct, ProductChange } from './brand-edits';

/** The brand page's columns, in the order of catalogue-admin.md §2.2. */
export const BRAND_COLUMNS = [
  'sku',
  'family',
  'name',
  'qav',
  'attributes',
  'upc',
  'cost',
  'map',
  'storePrice',
  'purchasing',
  'pricing',
  'category',
  // Shown on the manage products screen, whose toolbar sets them; hidden by default on the brand page.
  'dim',
  'clearance',
  'trainedShipping',
  'harmonizedCode',
] as const;
export type BrandColumnId = (typeof BRAND_COLUMNS)[number];

export const BRAND_COLUMN_LABELS: Record<BrandColumnId, string> = {
  sku: 'SKU',
  family: 'Family',
  name: 'Name',
  qav: 'QAV',
  attributes: 'Attributes',
  upc: 'UPC',
  cost: 'Cost',
  map: 'MAP',
  storePrice: 'Store Price',
  purchasing: 'Purchasing',
  pricing: 'Pricing',
  category: 'Category',
  dim: 'DIM',
  clearance: 'Clearance',
  trainedShipping: 'Trained Shipping',
  harmonizedCode: 'Harmonized Code',
};

/** "Store Price (hidden by default)"; the brand page's columns are those of §2.2. */
export const DEFAULT_COLUMN_VISIBILITY: Partial<Record<BrandColumnId, boolean>> = {
  storePrice: false,
  dim: false,
  clearance: false,
  trainedShipping: false,
  // Not a §2.2 column: it appears when 'Add Harmonized Shipping Codes' changes it (or from Columns).
  harmonizedCode: false,
};

/** The manage products screen shows what its toolbar changes first, after the product's SKU and name. */
export const MANAGE_COLUMN_VIEW: {
  defaultVisibility: Partial<Record<BrandColumnId, boolean>>;
  columnOrder: readonly BrandColumnId[];
} = {
  defaultVisibility: { storePrice: false, family: false },
  columnOrder: [
    'sku',
    'name',
    'dim',
    'clearance',
    'trainedShipping',
    'harmonizedCode',
    'qav',
    'cost',
    'map',
    'pricing',
    'purchasing',
    'category',
    'attributes',
    'upc',
    'family',
    'storePrice',
  ],
};

// Up to two decimals, without trailing zeros: 12, 4.5, 0.25.
const measure = (value: number) => String(Math.round(value * 100) / 100);

/** The DIM cell: 'L × W × H in, W lb' (weight is stored in ounces), empty when nothing is measured. */
export function dimText(
  local: Pick<
    EditableProduct,
    'productLengthInch' | 'productWidthInch' | 'productHeightInch' | 'productWeightOunce'
  >,
): string {
  const sides = [local.productLengthInch, local.productWidthInch, local.productHeightInch];
  if (sides.every((v) => !v) && !local.productWeightOunce) return '';
  return `${sides.map(measure).join(' × ')} in, ${measure(local.productWeightOunce / OUNCES_PER_POUND)} lb`;
}

/** The Trained Shipping cell: its cost and box size, empty until trained. */
export function trainedShippingText(
  local: Pick<
    EditableProduct,
    'trainedShippingCost' | 'packageLengthInch' | 'packageWidthInch' | 'packageHeightInch'
  >,
): string {
  if (local.trainedShippingCost === null) return '';
  const box = [local.packageLengthInch, local.packageWidthInch, local.packageHeightInch].map(measure);
  return `${local.trainedShippingCost.toFixed(2)} · ${box.join(' × ')} in`;
}

/** Which local fields each column shows, to tint the cells holding a pending change. */
export const COLUMN_FIELDS: Partial<Record<BrandColumnId, readonly (keyof EditableProduct)[]>> = {
  sku: ['isActive'],
  attributes: ['attributes'],
  cost: ['priceCost'],
  map: ['priceMAP'],
  purchasing: ['purchasingStatusId'],
  pricing: ['pricingStrategyId'],
  category: ['categoryId'],
  dim: ['productLengthInch', 'productWidthInch', 'productHeightInch', 'productWeightOunce'],
  clearance: ['isCloseout'],
  harmonizedCode: ['harmonizedCode'],
  trainedShipping: [
    'trainedShippingCost',
    'trainedPackagingId',
    'packageLengthInch',
    'packageWidthInch',
    'packageHeightInch',
    'trainedShippingAt',
  ],
};

/** The columns that show the fields a set of changes touches. */
export function columnsShowing(changes: readonly ProductChange[]): BrandColumnId[] {
  const fields = new Set(changes.flatMap((change) => Object.keys(change.changes)));
  return (Object.keys(COLUMN_FIELDS) as BrandColumnId[]).filter((column) =>
    COLUMN_FIELDS[column]!.some((field) => fields.has(field)),
  );
}

/** Names for the ids a product holds, from the lists loaded and the choices made on the page. */
export interface BrandLabels {
  category(id: number | null): string;
  pricingStrategy(id: number | null): string;
  purchasingStatus(id: number | null): string;
  attribute(id: number): string;
}

/** What the QAV column shows: no inventory at all is "missing" and counts as 0. */
export function availableQuantity(product: Product): { quantity: number; missing: boolean } {
  const missing = product.inventory.locations.length === 0;
  return { quantity: missing ? 0 : product.inventory.totalQuantityAvailable, missing };
}

/** "Verified MAP" warning: verifiedPriceMAP above 0 and different from the (local) MAP. */
export function verifiedMapDiffers(verifiedPriceMAP: number, priceMAP: number): boolean {
  return verifiedPriceMAP > 0 && Math.abs(verifiedPriceMAP - priceMAP) >= 0.005;
}

export function verifiedMapTitle(verifiedPriceMAP: number): string {
  return `Verified MAP: ${verifiedPriceMAP.toFixed(2)}. Click to Apply.`;
}

function attributeNames(local: EditableProduct, labels: BrandLabels): string[] {
  return local.attributes.map((attribute) => labels.attribute(attribute.attributeId));
}

/** The Attributes column, on screen and in the export alike: how many, then their names ('2 · Color, Finish'). */
export function attributesText(local: EditableProduct, labels: BrandLabels): string {
  const names = attributeNames(local, labels);
  return names.length === 0 ? '0' : `${names.length} · ${names.join(', ')}`;
}

export const formatPrice = (value: number | null | undefined) => (value ?? 0).toFixed(2);

/** A cell's value as the export writes it: the local (edited) value, numbers as numbers. */
export function exportValue(
  column: BrandColumnId,
  product: Product,
  local: EditableProduct,
  labels: BrandLabels,
): string | number {
  switch (column) {
    case 'sku':
      return product.sku;
    case 'family':
      return product.parentProductId ?? '';
    case 'name':
      return product.name;
    case 'qav':
      return availableQuantity(product).quantity;
    case 'attributes':
      return attributesText(local, labels);
    case 'upc':
      return product.upc ?? '';
    case 'cost':
      return local.priceCost;
    case 'map':
      return local.priceMAP;
    case 'storePrice':
      return product.priceSale;
    case 'purchasing':
      return labels.purchasingStatus(local.purchasingStatusId);
    case 'pricing':
      return labels.pricingStrategy(local.pricingStrategyId);
    case 'category':
      return labels.category(local.categoryId);
    case 'dim':
      return dimText(local);
    case 'clearance':
      return local.isCloseout ? 'Yes' : '';
    case 'trainedShipping':
      return trainedShippingText(local);
    case 'harmonizedCode':
      return local.harmonizedCode ?? '';
  }
}

/** "Export file name {brand}-products-{date}.xlsx"; characters a file system refuses become '-'. */
export function exportFileName(brandName: string, date: Date = new Date()): string {
  const brand = brandName.replace(/[\\/:*?"<>|]+/g, '-').trim() || 'brand';
  return `${brand}-products-${dayjs(date).format('YYYY-MM-DD')}.xlsx`;
}

/** Money columns get a 0.00 number format in the workbook. */
export const PRICE_COLUMNS: ReadonlySet<BrandColumnId> = new Set(['cost', 'map', 'storePrice']);
