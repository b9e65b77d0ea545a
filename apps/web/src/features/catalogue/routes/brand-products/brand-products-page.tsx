import type { ProductQueue } from '@backroom/shared';
import { Group, Stack, Text } from '@mantine/core';

import { useParams, useSearchParams } from 'react-router';

import { usePageTitle } from '../../../../lib/use-page-title';

import { useBrand, useBrandProducts, useBrands } from '../../api';
import { exportFileName } from '../../lib/brand-columns';

import { BrandHeader } from './brand-header';

import {
  EditableProductList,
  EditableProductListFrame,
  useEditableProductList,
} from './editable-product-list';

import { QueueTag } from './queue-controls';

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
  const brands = useBrands();
  const brand = useBrand(brandId);
  const products = useBrandProducts(brandId, isActive, queueId);
  const [, setParams] = useSearchParams();
  const list = useEditableProductList(products.data);
  const { source, edits } = list;
  const brandName = brand.data?.name ?? brands.data?.find((b) => b.id === brandId)?.name ?? '';

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
    list.clearSelection();
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('queueId', String(queue.id));
      next.delete('productId');
      return next;
    });
  };

  const word = activeWord(isActive);
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
      <EditableProductList
        list={list}
        beside={queueTag}
        exportNames={{ file: exportFileName(brandName), sheet: `${brandName} ${word}` }}
        onQueueCreated={openQueue}
      />
    );
  }

  return (
    <EditableProductListFrame list={list}>
      <Stack gap="sm">
        <BrandHeader brandId={brandId} isActive={isActive} blockedTitle={edits.toggleBlockedTitle()} />
        {body}
      </Stack>
    </EditableProductListFrame>
  );
}

/** Brand products page (catalogue-admin.md §2.2): /catalogue/brand/:brandId?isActive=0|1. */
export function BrandProductsPage() {
  const brandId = Number(useParams().brandId) || 0;
  usePageTitle('Brand Products');
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
