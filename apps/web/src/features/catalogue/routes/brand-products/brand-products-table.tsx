import { flexRender } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { GlossaryText } from '../../../../components/glossary';
import { SortIcon } from '../../components/icons';
import type { BrandColumnId } from '../../lib/brand-columns';
import type { BrandEdits } from '../../lib/brand-edits';
import classes from './brand-products.module.css';
import { ProductRow } from './product-row';
import type { RowActions } from './row-context';
import { COLUMN_WIDTHS, FLEXIBLE_COLUMN, SELECT_COLUMN } from './table-columns';
import type { BrandTable } from './use-brand-table';

const ROW_HEIGHT = 40;

interface BrandProductsTableProps {
  brandTable: BrandTable;
  edits: BrandEdits;
  actions: Omit<RowActions, 'focusCell' | 'toggleSelected'>;
}

/** The page of products: a sticky, sortable header over virtualised rows (only those in view are drawn). */
export function BrandProductsTable({ brandTable, edits, actions }: BrandProductsTableProps) {
  const { table, visibleColumns } = brandTable;
  const rows = table.getRowModel().rows;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  const { pageIndex } = table.getState().pagination;
  // A new page starts at its top.
  useEffect(() => {
    if (pageIndex >= 0) scroller.current?.scrollTo({ top: 0 });
  }, [pageIndex]);

  const rowActions = useMemo<RowActions>(
    () => ({
      ...actions,
      toggleSelected: (rowId, selected) => table.getRow(rowId).toggleSelected(selected),
      focusCell: (rowIndex, column: BrandColumnId) => {
        if (rowIndex >= virtualizer.options.count) return;
        virtualizer.scrollToIndex(rowIndex, { align: 'auto' });
        // The row may only be drawn after the scroll: look for it for a few frames.
        let tries = 5;
        const focus = () => {
          const input = scroller.current?.querySelector<HTMLInputElement>(
            `input[data-row="${rowIndex}"][data-col="${column}"]`,
          );
          if (input) input.focus();
          else if (tries-- > 0) requestAnimationFrame(focus);
        };
        requestAnimationFrame(focus);
      },
    }),
    [actions, table, virtualizer],
  );

  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columnIds: (BrandColumnId | typeof SELECT_COLUMN)[] = [SELECT_COLUMN, ...visibleColumns];
  const width = columnIds.reduce((sum, id) => sum + COLUMN_WIDTHS[id], 0);
  const span = visibleColumns.length + 1;

  return (
    <div ref={scroller} className={classes.scroller} data-testid="brand-products-table">
      <table className={classes.table} style={{ width: `max(100%, ${width}px)` }}>
        <colgroup>
          {columnIds.map((id) => (
            <col key={id} style={id === FLEXIBLE_COLUMN ? undefined : { width: COLUMN_WIDTHS[id] }} />
          ))}
        </colgroup>
        <BrandTableHead table={table} />
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden>
              <td colSpan={span} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const product = row.original;
            const local = edits.local(product.id);
            if (!local) return null;
            return (
              <ProductRow
                key={row.id}
                product={product}
                local={local}
                changed={edits.changedFields(product.id)}
                selected={row.getIsSelected()}
                rowIndex={item.index}
                columns={visibleColumns}
                actions={rowActions}
              />
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden>
              <td colSpan={span} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The sticky header: 'Select all on page', then each visible column's title, a click sorting by it. */
function BrandTableHead({ table }: { table: BrandTable['table'] }) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => {
            if (header.column.id === SELECT_COLUMN) {
              return (
                <th key={header.id} className={classes.th}>
                  <input
                    type="checkbox"
                    aria-label="Select all on page"
                    checked={table.getIsAllPageRowsSelected()}
                    ref={(box) => {
                      if (box) box.indeterminate = table.getIsSomePageRowsSelected();
                    }}
                    onChange={table.getToggleAllPageRowsSelectedHandler()}
                  />
                </th>
              );
            }
            const sorted = header.column.getIsSorted();
            return (
              <th
                key={header.id}
                className={`${classes.th} ${classes.sortable}`}
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                onClick={header.column.getToggleSortingHandler()}
              >
                <span className={classes.cellLine}>
                  {typeof header.column.columnDef.header === 'string' ? (
                    <GlossaryText text={header.column.columnDef.header} />
                  ) : (
                    flexRender(header.column.columnDef.header, header.getContext())
                  )}
                  <SortIcon sorted={sorted} />
                </span>
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}
