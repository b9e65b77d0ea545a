import type { Product } from '@backroom/shared';
import { memo } from 'react';

import type { BrandColumnId } from '../../lib/brand-columns';

import { COLUMN_FIELDS } from '../../lib/brand-columns';

import type { EditableProduct } from '../../lib/brand-edits';

import classes from './brand-products.module.css';
import { CELLS } from './cells';

import type { RowActions } from './row-context';

interface ProductRowProps {
  product: Product;
  local: EditableProduct;
  /** The product's pending changes; one shared empty object when there are none. */
  changed: Partial<EditableProduct>;
  selected: boolean;
  /** Position on the page: stripes and keyboard moves. */
  rowIndex: number;
  columns: readonly BrandColumnId[];
  actions: RowActions;
}

/**
 * One product. Memoised on its own data, so an edit, a selection or a scroll re-renders only the rows it
 * touches, not the hundred on the page.
 */
export const ProductRow = memo(function ProductRow({
  product,
  local,
  changed,
  selected,
  rowIndex,
  columns,
  actions,
}: ProductRowProps) {
  return (
    <tr
      className={classes.row}
      data-sku={product.sku}
      data-striped={rowIndex % 2 === 1 || undefined}
      data-selected={selected || undefined}
    >
      <td className={classes.td}>
        <input
          type="checkbox"
          aria-label={`Select ${product.sku}`}
          checked={selected}
          onChange={(event) => actions.toggleSelected(String(product.id), event.currentTarget.checked)}
        />
      </td>
      {columns.map((column) => {
        const fields = COLUMN_FIELDS[column];
        const Cell = CELLS[column];
        return (
          <td
            key={column}
            className={classes.td}
            data-col={column}
            data-changed={fields?.some((field) => field in changed) || undefined}
          >
            <Cell product={product} local={local} rowIndex={rowIndex} actions={actions} />
          </td>
        );
      })}
    </tr>
  );
});
