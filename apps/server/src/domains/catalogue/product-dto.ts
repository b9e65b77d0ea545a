import type { InventorySummary, Product } from '@backroom/shared';
import { getTableColumns } from 'drizzle-orm';
import { products } from '../../db/schema';

/** Columns whose name in the spec differs from the schema's property (§3 normalizedUPC). */
const SPEC_NAMES: Partial<Record<string, string>> = { normalizedUpc: 'normalizedUPC' };

const NUMERIC_FIELDS = [
  'priceCost',
  'priceMAP',
  'verifiedPriceMAP',
  'priceSale',
  'productHeightInch',
  'productWidthInch',
  'productLengthInch',
  'productWeightOunce',
  'packageHeightInch',
  'packageWidthInch',
  'packageLengthInch',
  'packageWeightOunce',
  'trainedShippingCost',
] as const;

export const emptyInventory = (id: number): InventorySummary => ({
  id,
  totalQuantityAvailable: 0,
  totalNonFulfillableQuantityAvailable: 0,
  totalQuantityOnHand: 0,
  totalQuantityOnOrder: 0,
  totalNonfulfillableQuantityOnHand: 0,
  totalNonfulfillableQuantityInbound: 0,
  locations: [],
});

/**
 * A product as the API shows it, straight from a raw `products.*` row: the spec's names, money and measures
 * as numbers, dates as ISO text, no account id. One object per product and one pass over its columns: a
 * brand list maps thousands of them, and copying each row several times made garbage collection costly.
 */
export const productDtoFromRaw: (raw: Record<string, unknown>) => ProductDto = (() => {
  const numeric = new Set<string>(NUMERIC_FIELDS);
  const columns = Object.entries(getTableColumns(products))
    .filter(([key]) => key !== 'accountId')
    .map(([key, column]) => ({
      key: SPEC_NAMES[key] ?? key,
      name: column.name,
      kind: numeric.has(key) ? 'number' : column.dataType === 'date' ? 'date' : 'value',
      column,
    }));
  return (raw) => {
    const dto: Record<string, unknown> = {};
    for (const { key, name, kind, column } of columns) {
      const value = raw[name];
      if (value === null || value === undefined) dto[key] = null;
      else if (kind === 'number') dto[key] = Number(value);
      else if (kind === 'date') dto[key] = (column.mapFromDriverValue(value) as Date).toISOString();
      else dto[key] = column.mapFromDriverValue(value);
    }
    return dto as ProductDto;
  };
})();

/** The product's own fields as replies carry them (the shared `productSchema` without what loadProducts adds). */
export type ProductDto = Omit<
  Product,
  'pricingStrategy' | 'purchasingStatus' | 'category' | 'attributes' | 'colors' | 'inventory'
>;
