import type { Product } from '@backroom/shared';
import { Tooltip } from '@mantine/core';

import { useContext, useState } from 'react';

import { CategorySearchSelect } from '../../components/category-search-select';

import { CheckIcon, CrossIcon, WarningIcon } from '../../components/icons';

import {
  attributesText,
  type BrandColumnId,
  dimText,
  formatPrice,
  trainedShippingText,
  verifiedMapDiffers,
  verifiedMapTitle,
} from '../../lib/brand-columns';

import type { EditableProduct } from '../../lib/brand-edits';

import classes from './brand-products.module.css';
import { PriceInput } from './price-input';

import { QavCell } from './qav-cell';

import { FamilyHeadsContext, type RowActions, useBrandLabelsContext } from './row-context';

export interface CellProps {
  product: Product;
  local: EditableProduct;
  rowIndex: number;
  actions: RowActions;
}

function SkuCell({ product, local, actions }: CellProps) {
  const active = Boolean(local.isActive);
  return (
    <span className={classes.cellLine}>
      {active ? (
        <CheckIcon label="Active" color="var(--mantine-color-green-7)" />
      ) : (
        <CrossIcon label="Inactive" color="var(--mantine-color-red-7)" />
      )}
      <button type="button" className={classes.linkButton} onClick={() => actions.openProduct(product.id)}>
        {product.sku}
      </button>
    </span>
  );
}

function FamilyCell({ product, actions }: CellProps) {
  const heads = useContext(FamilyHeadsContext);
  const parentId = product.parentProductId ?? (heads.has(product.id) ? product.id : null);
  if (!parentId) return null;
  return (
    <button
      type="button"
      className={classes.linkButton}
      title={`Show family ${parentId}`}
      onClick={() => actions.filterFamily(parentId)}
    >
      {parentId}
    </button>
  );
}

function AttributesCell({ local }: CellProps) {
  const text = attributesText(local, useBrandLabelsContext());
  return <span title={text}>{text}</span>;
}

function CostCell({ product, local, rowIndex, actions }: CellProps) {
  return (
    <PriceInput
      value={local.priceCost}
      label={`Cost for ${product.sku}`}
      rowIndex={rowIndex}
      column="cost"
      onCommit={(value) => actions.edit(product.id, 'priceCost', value)}
      onEnter={() => actions.focusCell(rowIndex + 1, 'cost')}
    />
  );
}

function MapCell({ product, local, rowIndex, actions }: CellProps) {
  const verified = product.verifiedPriceMAP;
  const title = verifiedMapTitle(verified);
  return (
    <span className={classes.cellLine}>
      <PriceInput
        value={local.priceMAP}
        label={`MAP for ${product.sku}`}
        rowIndex={rowIndex}
        column="map"
        onCommit={(value) => actions.edit(product.id, 'priceMAP', value)}
        onEnter={() => actions.focusCell(rowIndex + 1, 'map')}
      />
      {verifiedMapDiffers(verified, local.priceMAP) && (
        <Tooltip label={title} withArrow openDelay={150}>
          <button
            type="button"
            className={classes.iconButton}
            aria-label={title}
            onClick={() => actions.edit(product.id, 'priceMAP', verified)}
          >
            <WarningIcon color="var(--mantine-color-orange-7)" />
          </button>
        </Tooltip>
      )}
    </span>
  );
}

function CategoryCell({ product, local, actions }: CellProps) {
  const labels = useBrandLabelsContext();
  // A look-alike box until it is used: a real combobox per row would make scrolling heavy.
  const [searching, setSearching] = useState(false);
  // "Category cell shows a search when the category id is 0."
  if (!local.categoryId && !searching) {
    return (
      <button
        type="button"
        className={classes.searchBox}
        aria-label={`Category for ${product.sku}`}
        onClick={() => setSearching(true)}
        onFocus={() => setSearching(true)}
      >
        Search categories
      </button>
    );
  }
  if (!local.categoryId) {
    return (
      <CategorySearchSelect
        size="xs"
        aria-label={`Category for ${product.sku}`}
        autoFocus
        defaultDropdownOpened
        value={null}
        clearable={false}
        onBlur={() => setSearching(false)}
        comboboxProps={{ width: 380, position: 'bottom-start' }}
        onChange={(category) => {
          if (!category) return;
          // A discard later brings the look-alike box back, not an open search.
          setSearching(false);
          actions.rememberCategory(category.id, category.path);
          actions.edit(product.id, 'categoryId', category.id);
        }}
      />
    );
  }
  const path = labels.category(local.categoryId);
  return <span title={path}>{path}</span>;
}

/** Text that may be cut off by the column: the whole of it on hover. */
function TextCell({ text }: { text: string }) {
  return <span title={text}>{text}</span>;
}

function NameCell({ product }: CellProps) {
  return <TextCell text={product.name} />;
}

function PurchasingCell({ local }: CellProps) {
  return <>{useBrandLabelsContext().purchasingStatus(local.purchasingStatusId)}</>;
}

function PricingCell({ local }: CellProps) {
  return <>{useBrandLabelsContext().pricingStrategy(local.pricingStrategyId)}</>;
}

export const CELLS: Record<BrandColumnId, (props: CellProps) => React.ReactNode> = {
  sku: SkuCell,
  family: FamilyCell,
  name: NameCell,
  qav: QavCell,
  attributes: AttributesCell,
  upc: ({ product }) => product.upc ?? '',
  cost: CostCell,
  map: MapCell,
  storePrice: ({ product }) => formatPrice(product.priceSale),
  purchasing: PurchasingCell,
  pricing: PricingCell,
  category: CategoryCell,
  dim: ({ local }) => <TextCell text={dimText(local)} />,
  clearance: ({ local }) => (local.isCloseout ? 'Yes' : ''),
  trainedShipping: ({ local }) => <TextCell text={trainedShippingText(local)} />,
  harmonizedCode: ({ local }) => local.harmonizedCode ?? '',
};
