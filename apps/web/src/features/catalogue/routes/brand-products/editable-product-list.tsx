import type { Product, ProductBulkAction, ProductQueue } from '@backroom/shared';
import { Button, Group, Text } from '@mantine/core';

import type { RowSelectionState } from '@tanstack/react-table';

import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';

import { NO_CHANGES, ReasonButton } from '../../../../components/reason-button';

import { useUnsavedChangesGuard } from '../../../../lib/use-unsaved-changes';

import { useUrlOverlay } from '../../../../lib/use-url-overlay';

import { useMe } from '../../../auth/api';

import { ProductEditor } from '../../components/product-editor/product-editor';

import { BRAND_COLUMN_LABELS, columnsShowing, exportValue, PRICE_COLUMNS } from '../../lib/brand-columns';

import { downloadXlsx } from '../../lib/export-xlsx';

import { BrandProductsTable } from './brand-products-table';

import { BulkToolbar, type SelectedProduct } from './bulk-toolbar';

import { ListControls } from './list-controls';

import { BrandLabelsContext, FamilyHeadsContext } from './row-context';

import { COLUMN_WIDTHS } from './table-columns';

import { useBrandEdits, useBrandLabels } from './use-brand-edits';

import { type ColumnView, useBrandTable } from './use-brand-table';

/** A callback with a fixed identity that always runs the latest code (memoised rows hold it). */
function useStableCallback<A extends unknown[]>(fn: (...args: A) => void) {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}

/**
 * A loaded list of products edited like a spreadsheet (§2.2–§2.4, §4.1): pending changes, selection, the
 * table, the bulk toolbar and the product editor drawer (`productId` in the URL). The brand page and the
 * manage products screen each load their products and draw it with EditableProductList.
 */
export function useEditableProductList(products: Product[] | undefined, view?: ColumnView) {
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const { source, edits, actions, save, saving, discard, saveFamily } = useBrandEdits(products, () =>
    setRowSelection({}),
  );
  const { labels, remember, strategies, statuses } = useBrandLabels(source);
  const table = useBrandTable(source, rowSelection, setRowSelection, view);

  const byId = useMemo(() => new Map(source.map((product) => [product.id, product])), [source]);
  // The drawer takes one history entry at most: Back closes it, and once closed Back leaves the page.
  const drawer = useUrlOverlay('productId');
  const openProduct = useStableCallback((id: number) => (id ? drawer.open(String(id)) : drawer.close()));
  const tableActions = useMemo(
    () => ({
      ...actions,
      openProduct,
      filterFamily: table.setFamily,
      rememberCategory: remember.category,
    }),
    [actions, openProduct, table.setFamily, remember],
  );
  const selected = useMemo(
    () =>
      Object.keys(rowSelection).flatMap((id): SelectedProduct[] => {
        const product = byId.get(Number(id));
        const local = edits.local(Number(id));
        return product && local && rowSelection[id] ? [{ product, local }] : [];
      }),
    [rowSelection, byId, edits],
  );
  const drawerProduct = byId.get(Number(drawer.value) || 0) ?? null;
  // Pending changes live only on this page: leaving it, reloading or closing the tab asks first.
  useUnsavedChangesGuard(edits.hasChanges());

  return {
    source,
    edits,
    actions,
    tableActions,
    save,
    saving,
    discard,
    saveFamily,
    labels,
    remember,
    strategies,
    statuses,
    table,
    selected,
    clearSelection: () => setRowSelection({}),
    /** Every product that passes the filters, on every page, becomes selected. */
    selectAllMatching: () =>
      setRowSelection(Object.fromEntries(table.rows.map((product) => [String(product.id), true]))),
    openProduct,
    drawerProduct,
  };
}

export type EditableProductListState = ReturnType<typeof useEditableProductList>;

interface EditableProductListProps {
  list: EditableProductListState;
  /** The bulk actions offered (the brand page's seven by default). */
  choices?: readonly ProductBulkAction[];
  /** Beside the product count (the queue tag). */
  beside?: ReactNode;
  /** The export's file and sheet names. */
  exportNames: { file: string; sheet: string };
  onQueueCreated: (queue: ProductQueue) => void;
}

/** The count, the change counter with Save and Discard, the toolbar for a selection, and the table. */
export function EditableProductList({
  list,
  choices,
  beside,
  exportNames,
  onQueueCreated,
}: EditableProductListProps) {
  const me = useMe().data;
  const [exporting, setExporting] = useState(false);
  const { source, edits, table, labels } = list;

  const exportList = async () => {
    setExporting(true);
    try {
      const columns = table.visibleColumns;
      const rows = table.rows.map((product) => {
        const local = edits.local(product.id)!;
        return columns.map((column) => exportValue(column, product, local, labels));
      });
      await downloadXlsx(
        exportNames.file,
        exportNames.sheet,
        columns.map((column) => ({
          header: BRAND_COLUMN_LABELS[column],
          width: Math.round(COLUMN_WIDTHS[column] / 7),
          numFmt: PRICE_COLUMNS.has(column) ? '0.00' : undefined,
        })),
        rows,
      );
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Group gap="md">
        <Text fw={600} data-testid="product-count">
          {source.length} {source.length === 1 ? 'Product' : 'Products'}
        </Text>
        {beside}
        <Text data-testid="change-counter" c={edits.hasChanges() ? 'orange.8' : 'dimmed'}>
          {edits.counterText()}
        </Text>
        <ReasonButton
          onClick={list.save}
          loading={list.saving}
          disabledReason={edits.hasChanges() ? null : NO_CHANGES}
        >
          Save Changes
        </ReasonButton>
        <ReasonButton
          variant="default"
          onClick={list.discard}
          disabledReason={edits.hasChanges() ? null : NO_CHANGES}
          disabled={list.saving}
        >
          Discard Changes
        </ReasonButton>
      </Group>
      {list.selected.length > 0 && (
        <BulkToolbar
          selected={list.selected}
          choices={choices}
          adminUserAccess={me?.adminUserAccess ?? false}
          strategies={list.strategies}
          statuses={list.statuses}
          onApply={(changes) => {
            list.actions.editMany(changes);
            // A bulk change to a hidden column (Harmonized Code, DIM …) shows that column: no invisible edits.
            for (const column of columnsShowing(changes))
              table.table.getColumn(column)?.toggleVisibility(true);
          }}
          onClear={list.clearSelection}
          remember={list.remember}
          onQueueCreated={onQueueCreated}
        />
      )}
      <ListControls brandTable={table} exporting={exporting} onExport={exportList} />
      <SelectionBanner
        selected={list.selected.length}
        matching={table.rows.length}
        pageSelected={table.table.getIsAllPageRowsSelected()}
        pageSize={table.table.getRowModel().rows.length}
        onSelectAll={list.selectAllMatching}
        onClear={list.clearSelection}
      />
      <BrandProductsTable brandTable={table} edits={edits} actions={list.tableActions} />
    </>
  );
}

/**
 * The header checkbox selects the page (100 rows); when more products match the filters, this offers all of
 * them, and says when they are all selected.
 */
function SelectionBanner({
  selected,
  matching,
  pageSelected,
  pageSize,
  onSelectAll,
  onClear,
}: {
  selected: number;
  matching: number;
  pageSelected: boolean;
  pageSize: number;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  if (matching <= pageSize || selected === 0) return null;
  if (selected >= matching) {
    return (
      <Group gap="xs" justify="center" data-testid="selection-banner">
        <Text size="sm">{`All ${matching} matching products are selected.`}</Text>
        <Button size="compact-sm" variant="subtle" onClick={onClear}>
          Clear selection
        </Button>
      </Group>
    );
  }
  if (!pageSelected) return null;
  return (
    <Group gap="xs" justify="center" data-testid="selection-banner">
      <Text size="sm">{`All ${pageSize} products on this page are selected.`}</Text>
      <Button size="compact-sm" variant="subtle" onClick={onSelectAll}>
        {`Select all ${matching} matching products`}
      </Button>
    </Group>
  );
}

/** The names the cells show, for everything inside: the table and the product editor drawer. */
export function EditableProductListFrame({
  list,
  children,
}: {
  list: EditableProductListState;
  children: ReactNode;
}) {
  const { drawerProduct, source, edits } = list;
  // The family: products sharing the drawer product's parent (or having it as parent), as edited so far.
  const family = useMemo(() => {
    if (!drawerProduct) return [];
    const root = drawerProduct.parentProductId ?? drawerProduct.id;
    return source
      .filter((p) => p.id !== drawerProduct.id && (p.parentProductId ?? p.id) === root)
      .map((p) => ({ id: p.id, sku: p.sku, name: p.name, attributes: edits.local(p.id)?.attributes ?? [] }));
  }, [drawerProduct, source, edits]);
  const familyHeads = useMemo(
    () => new Set(source.flatMap((p) => (p.parentProductId ? [p.parentProductId] : []))),
    [source],
  );
  return (
    <BrandLabelsContext.Provider value={list.labels}>
      <FamilyHeadsContext.Provider value={familyHeads}>{children}</FamilyHeadsContext.Provider>
      <ProductEditor
        product={drawerProduct}
        local={drawerProduct ? edits.local(drawerProduct.id) : undefined}
        family={family}
        onEdit={(field, value) => drawerProduct && list.actions.edit(drawerProduct.id, field, value)}
        onSaveFamily={list.saveFamily}
        onOpenProduct={list.openProduct}
        onClose={() => list.openProduct(0)}
        changes={{
          counterText: edits.counterText(),
          pending: edits.hasChanges(),
          saving: list.saving,
          onSave: list.save,
          onDiscard: list.discard,
        }}
      />
    </BrandLabelsContext.Provider>
  );
}
