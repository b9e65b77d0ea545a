import { Button, Group, Stack, Text } from '@mantine/core';
import type { RowSelectionState } from '@tanstack/react-table';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useMe } from '../../../auth/api';
import { type ProductQueue, useBrand, useBrandProducts, useBrands } from '../../api';
import { ProductEditor } from '../../components/product-editor/product-editor';
import { BRAND_COLUMN_LABELS, exportFileName, exportValue, PRICE_COLUMNS } from '../../lib/brand-columns';
import { downloadXlsx } from '../../lib/export-xlsx';
import { BrandHeader } from './brand-header';
import { BrandProductsTable } from './brand-products-table';
import { BulkToolbar, type SelectedProduct } from './bulk-toolbar';
import { ListControls } from './list-controls';
import { QueueTag } from './queue-controls';
import { BrandLabelsContext } from './row-context';
import { COLUMN_WIDTHS } from './table-columns';
import { useBrandEdits, useBrandLabels } from './use-brand-edits';
import { useBrandTable } from './use-brand-table';

/** A callback with a fixed identity that always runs the latest code (memoised rows hold it). */
function useStableCallback<A extends unknown[]>(fn: (...args: A) => void) {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}

const activeWord = (isActive: number) => (isActive ? 'Active' : 'Inactive');

/** One brand's Active or Inactive list; remounted for another list, so nothing carries over. */
function BrandProductsList({
  brandId,
  isActive,
  queueId,
}: {
  brandId: number;
  isActive: number;
  queueId: number;
}) {
  const me = useMe().data;
  const brands = useBrands();
  const brand = useBrand(brandId);
  const products = useBrandProducts(brandId, isActive, queueId);
  const [params, setParams] = useSearchParams();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [exporting, setExporting] = useState(false);
  const { source, edits, actions, save, saving, discard, saveFamily } = useBrandEdits(products.data, () =>
    setRowSelection({}),
  );
  const { labels, remember, strategies, statuses } = useBrandLabels(source);
  const brandTable = useBrandTable(source, rowSelection, setRowSelection);
  const brandName = brand.data?.name ?? brands.data?.find((b) => b.id === brandId)?.name ?? '';

  const byId = useMemo(() => new Map(source.map((product) => [product.id, product])), [source]);
  const openProduct = useStableCallback((id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('productId', String(id));
      else next.delete('productId');
      return next;
    }),
  );
  const tableActions = useMemo(
    () => ({
      ...actions,
      openProduct,
      filterFamily: brandTable.setFamily,
      rememberCategory: remember.category,
    }),
    [actions, openProduct, brandTable.setFamily, remember],
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

  const exportList = async () => {
    setExporting(true);
    try {
      const columns = brandTable.visibleColumns;
      const rows = brandTable.rows.map((product) => {
        const local = edits.local(product.id)!;
        return columns.map((column) => exportValue(column, product, local, labels));
      });
      await downloadXlsx(
        exportFileName(brandName),
        `${brandName} ${activeWord(isActive)}`,
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

  // The queue tag's ×: the whole brand again (the list is remounted without the queue).
  const removeQueue = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('queueId');
      return next;
    });
  const queueTag = queueId ? (
    <QueueTag queueId={queueId} blockedTitle={edits.toggleBlockedTitle()} onRemove={removeQueue} />
  ) : null;
  const openQueue = (queue: ProductQueue) => {
    // Opening it would reload the list: with changes pending, the queue is only made (the select opens it).
    if (edits.hasChanges()) return;
    setRowSelection({});
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('queueId', String(queue.id));
      next.delete('productId');
      return next;
    });
  };

  const productId = Number(params.get('productId')) || 0;
  const drawerProduct = byId.get(productId) ?? null;
  const word = activeWord(isActive);
  // The family: products sharing the drawer product's parent (or having it as parent), as edited so far.
  const family = useMemo(() => {
    if (!drawerProduct) return [];
    const root = drawerProduct.parentProductId ?? drawerProduct.id;
    return source
      .filter((p) => p.id !== drawerProduct.id && (p.parentProductId ?? p.id) === root)
      .map((p) => ({ id: p.id, sku: p.sku, name: p.name, attributes: edits.local(p.id)?.attributes ?? [] }));
  }, [drawerProduct, source, edits]);
  let body: React.ReactNode;
  if (products.isError) {
    // The API client has already shown the server's words as a toast.
    body = (
      <Group gap="md">
        {queueTag}
        <Text c="red">The products could not be loaded.</Text>
      </Group>
    );
  } else if (products.isPending || !brandName) {
    body = <Text c="dimmed">{brandName ? `Loading ${word} ${brandName} Products...` : 'Loading...'}</Text>;
  } else if (source.length === 0) {
    body = (
      <Group gap="md">
        {queueTag}
        <Text c="dimmed">{`No ${word} Products Found for ${brandName}`}</Text>
      </Group>
    );
  } else {
    body = (
      <>
        <Group gap="md">
          <Text fw={600} data-testid="product-count">
            {source.length} {source.length === 1 ? 'Product' : 'Products'}
          </Text>
          {queueTag}
          <Text data-testid="change-counter" c={edits.hasChanges() ? 'orange.8' : 'dimmed'}>
            {edits.counterText()}
          </Text>
          <Button onClick={save} loading={saving} disabled={!edits.hasChanges()}>
            Save Changes
          </Button>
          <Button variant="default" onClick={discard} disabled={!edits.hasChanges() || saving}>
            Discard Changes
          </Button>
        </Group>
        {selected.length > 0 && (
          <BulkToolbar
            selected={selected}
            adminUserAccess={me?.adminUserAccess ?? false}
            strategies={strategies}
            statuses={statuses}
            onApply={actions.editMany}
            onClear={() => setRowSelection({})}
            remember={remember}
            onQueueCreated={openQueue}
          />
        )}
        <ListControls brandTable={brandTable} exporting={exporting} onExport={exportList} />
        <BrandProductsTable brandTable={brandTable} edits={edits} actions={tableActions} />
      </>
    );
  }

  return (
    <BrandLabelsContext.Provider value={labels}>
      <Stack gap="sm">
        <BrandHeader brandId={brandId} isActive={isActive} blockedTitle={edits.toggleBlockedTitle()} />
        {body}
      </Stack>
      <ProductEditor
        product={drawerProduct}
        local={drawerProduct ? edits.local(drawerProduct.id) : undefined}
        family={family}
        onEdit={(field, value) => drawerProduct && actions.edit(drawerProduct.id, field, value)}
        onSaveFamily={saveFamily}
        onOpenProduct={openProduct}
        onClose={() => openProduct(0)}
      />
    </BrandLabelsContext.Provider>
  );
}

/** Brand products page (catalogue-admin.md §2.2): /catalogue/brand/:brandId?isActive=0|1. */
export function BrandProductsPage() {
  const brandId = Number(useParams().brandId) || 0;
  const [params] = useSearchParams();
  const isActive = params.get('isActive') === '0' ? 0 : 1;
  if (!brandId) {
    return (
      <Stack gap="sm">
        <BrandHeader brandId={0} isActive={isActive} blockedTitle={null} />
        <Text c="dimmed">Select a brand to see its products.</Text>
      </Stack>
    );
  }
  const queueId = Number(params.get('queueId')) || 0;
  return (
    <BrandProductsList
      key={`${brandId}-${isActive}-${queueId}`}
      brandId={brandId}
      isActive={isActive}
      queueId={queueId}
    />
  );
}
