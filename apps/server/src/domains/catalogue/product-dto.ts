import type { products } from '../../db/schema';
import type { InventorySummary } from './inventory-summary';

type ProductRow = typeof products.$inferSelect;

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

/** A product as the API shows it: the spec's names, money and measures as numbers, dates as ISO text. */
export function toProductDto(row: ProductRow) {
  const {
    accountId: _account,
    createdAt,
    updatedAt,
    trainedShippingAt,
    imagesReviewedAt,
    imagesNextReviewAt,
    ...rest
  } = row;
  const dto: Record<string, unknown> = { ...rest };
  for (const field of NUMERIC_FIELDS) dto[field] = rest[field] === null ? null : Number(rest[field]);
  return {
    ...(dto as Omit<ProductRow, 'accountId' | 'createdAt' | 'updatedAt' | (typeof NUMERIC_FIELDS)[number]> &
      Record<(typeof NUMERIC_FIELDS)[number], number | null>),
    trainedShippingAt: trainedShippingAt?.toISOString() ?? null,
    imagesReviewedAt: imagesReviewedAt?.toISOString() ?? null,
    imagesNextReviewAt: imagesNextReviewAt?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}
