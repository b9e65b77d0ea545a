import type { Product } from '@backroom/shared';
import type { BrandColumnId } from './brand-columns';

/**
 * Filtering and sorting of the whole brand list, outside the table: the table is handed one page of
 * rows, so 10,000 products cost two array passes, not 10,000 table rows.
 */

/** What each column sorts by: the loaded values, so an edited row does not jump away while edited. */
export const SORT_VALUES: Record<BrandColumnId, (product: Product) => string | number> = {
  sku: (p) => p.sku,
  // A family's head and its members share the head's id, so a family sorts together.
  family: (p) => p.parentProductId ?? p.id,
  name: (p) => p.name,
  qav: (p) => p.inventory.totalQuantityAvailable,
  attributes: (p) => p.attributes.length,
  upc: (p) => p.upc ?? '',
  cost: (p) => p.priceCost,
  map: (p) => p.priceMAP,
  storePrice: (p) => p.priceSale,
  purchasing: (p) => p.purchasingStatus?.name ?? '',
  pricing: (p) => p.pricingStrategy?.name ?? '',
  category: (p) => p.category?.path ?? '',
  dim: (p) => p.productWeightOunce,
  clearance: (p) => p.isCloseout,
  trainedShipping: (p) => p.trainedShippingCost ?? 0,
  harmonizedCode: (p) => p.harmonizedCode ?? '',
};

// Natural order: FEN-9 before FEN-10, 'a' with 'A'.
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function compareValues(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
}

export interface SortRule {
  id: string;
  desc: boolean;
}

/**
 * The list in the order of the rule; the same array when it already is in that order (the server sends
 * it sorted by SKU, the default sort). Stable: equal values keep their order.
 */
export function sortProducts(products: readonly Product[], rule: SortRule | undefined): readonly Product[] {
  const value = rule ? SORT_VALUES[rule.id as BrandColumnId] : undefined;
  if (!rule || !value) return products;
  const keys = products.map(value);
  const sign = rule.desc ? -1 : 1;
  let inOrder = true;
  for (let i = 1; inOrder && i < keys.length; i++)
    inOrder = sign * compareValues(keys[i - 1]!, keys[i]!) <= 0;
  if (inOrder) return products;
  const order = keys.map((_, index) => index);
  order.sort((x, y) => sign * compareValues(keys[x]!, keys[y]!) || x - y);
  return order.map((index) => products[index]!);
}

/** Lower-case search text per product: SKU, name and UPC (what the filter box searches). */
export function searchTexts(products: readonly Product[]): string[] {
  // A separator no one types, so a match never spans two fields.
  return products.map((p) => `${p.sku}\u0000${p.name}\u0000${p.upc ?? ''}`.toLowerCase());
}

/**
 * The filter box (SKU, name or UPC contains the text, any case) and the family filter (the parent and
 * every product pointing at it).
 */
export function filterProducts(
  products: readonly Product[],
  texts: readonly string[],
  search: string,
  family: number | null,
): readonly Product[] {
  const needle = search.trim().toLowerCase();
  if (needle === '' && family === null) return products;
  return products.filter(
    (product, index) =>
      (needle === '' || (texts[index] ?? '').includes(needle)) &&
      (family === null || product.parentProductId === family || product.id === family),
  );
}
