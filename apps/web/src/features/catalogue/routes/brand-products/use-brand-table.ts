import { CATALOGUE_PAGE_SIZES, type Product } from '@backroom/shared';
import {
  getCoreRowModel,
  type OnChangeFn,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
  type Updater,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';

import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';

import { BRAND_COLUMNS, type BrandColumnId, DEFAULT_COLUMN_VISIBILITY } from '../../lib/brand-columns';

import { filterProducts, searchTexts, sortProducts } from '../../lib/brand-list';

import { BRAND_TABLE_COLUMNS, SELECT_COLUMN } from './table-columns';

/** Which columns show at first, and in what order (the brand page's: §2.2). */
export interface ColumnView {
  defaultVisibility?: VisibilityState;
  columnOrder?: readonly BrandColumnId[];
}

/** "sorted by SKU ascending" */
const DEFAULT_SORTING: SortingState = [{ id: 'sku', desc: false }];
const PAGE_SIZE = CATALOGUE_PAGE_SIZES.brandProducts;

const resolve = <T>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

/**
 * The brand table: SKU sort, the filter box, the family filter, 100 rows a page, the selection (by
 * product id, across pages) and the column toggles. The list is filtered, sorted and paged here and the
 * table gets the page (its manual modes), so a 10,000-product brand builds 100 table rows, not 10,000.
 */
export function useBrandTable(
  products: Product[],
  rowSelection: RowSelectionState,
  onRowSelectionChange: OnChangeFn<RowSelectionState>,
  view: ColumnView = {},
) {
  const { defaultVisibility = DEFAULT_COLUMN_VISIBILITY, columnOrder = BRAND_COLUMNS } = view;
  const [sorting, setSorting] = useState<SortingState>(DEFAULT_SORTING);
  const [filter, setFilter] = useState('');
  const [family, setFamily] = useState<number | null>(null);
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>(defaultVisibility);
  const [pageIndex, setPageIndex] = useState(0);
  // Typing stays responsive while 10,000 rows are filtered behind it.
  const search = useDeferredValue(filter);

  const texts = useMemo(() => searchTexts(products), [products]);
  const filtered = useMemo(
    () => filterProducts(products, texts, search, family),
    [products, texts, search, family],
  );
  const rows = useMemo(() => sortProducts(filtered, sorting[0]), [filtered, sorting]);
  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const page = Math.min(pageIndex, pageCount - 1);
  const pageRows = useMemo(() => rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE), [rows, page]);
  const pagination: PaginationState = { pageIndex: page, pageSize: PAGE_SIZE };

  useEffect(() => {
    if (pageIndex !== page) setPageIndex(page);
  }, [pageIndex, page]);

  const table = useReactTable({
    data: pageRows,
    columns: BRAND_TABLE_COLUMNS,
    getRowId: (product) => String(product.id),
    state: {
      sorting,
      columnVisibility,
      pagination,
      rowSelection,
      columnOrder: [SELECT_COLUMN, ...columnOrder],
    },
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    pageCount,
    rowCount: rows.length,
    onSortingChange: (updater) => {
      setSorting((current) => resolve(updater, current));
      setPageIndex(0);
    },
    onColumnVisibilityChange: setColumnVisibility,
    onPaginationChange: (updater) =>
      setPageIndex((current) => resolve(updater, pagination).pageIndex ?? current),
    onRowSelectionChange,
    enableRowSelection: true,
    enableSortingRemoval: false,
    getCoreRowModel: getCoreRowModel(),
  });

  const visibleColumns = useMemo(
    () => columnOrder.filter((id) => columnVisibility[id] !== false) as readonly BrandColumnId[],
    [columnVisibility, columnOrder],
  );

  // Stable, so the memoised rows that call them are not redrawn.
  const changeFilter = useCallback((value: string) => {
    setFilter(value);
    setPageIndex(0);
  }, []);
  const changeFamily = useCallback((value: number | null) => {
    setFamily(value);
    setPageIndex(0);
  }, []);

  return {
    table,
    /** Every product that passes the filters, in the sorted order (all pages): what Export writes. */
    rows,
    filter,
    setFilter: changeFilter,
    family,
    setFamily: changeFamily,
    visibleColumns,
    /** Every column in this table's order, shown or not (the Columns toggles). */
    columnOrder,
  };
}

export type BrandTable = ReturnType<typeof useBrandTable>;
