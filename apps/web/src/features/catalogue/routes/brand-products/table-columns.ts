import type { Product } from '@backroom/shared';
import type { ColumnDef } from '@tanstack/react-table';

import { BRAND_COLUMN_LABELS, BRAND_COLUMNS, type BrandColumnId } from '../../lib/brand-columns';

import { SORT_VALUES } from '../../lib/brand-list';

export const SELECT_COLUMN = 'select';

/**
 * Column pixel widths; the table layout is fixed so virtualised rows never reflow. Name takes what is
 * left, at least its width here.
 */
export const COLUMN_WIDTHS: Record<BrandColumnId | typeof SELECT_COLUMN, number> = {
  select: 36,
  sku: 150,
  family: 70,
  name: 180,
  qav: 64,
  attributes: 120,
  upc: 136,
  cost: 100,
  map: 124,
  storePrice: 106,
  purchasing: 118,
  pricing: 108,
  category: 190,
  dim: 190,
  clearance: 96,
  trainedShipping: 180,
  harmonizedCode: 120,
};

export const FLEXIBLE_COLUMN: BrandColumnId = 'name';

/**
 * The table's columns: headers, sort toggles and visibility. Sorting itself runs over the whole list in
 * useBrandTable (the table holds one page); cells are drawn by ProductRow.
 */
export const BRAND_TABLE_COLUMNS: ColumnDef<Product>[] = [
  { id: SELECT_COLUMN, size: COLUMN_WIDTHS.select, enableSorting: false, enableHiding: false },
  ...BRAND_COLUMNS.map(
    (id): ColumnDef<Product> => ({
      id,
      header: BRAND_COLUMN_LABELS[id],
      accessorFn: SORT_VALUES[id],
      size: COLUMN_WIDTHS[id],
      // Every column sorts ascending on its first click, numbers too (TanStack would start numbers descending).
      sortDescFirst: false,
    }),
  ),
];
