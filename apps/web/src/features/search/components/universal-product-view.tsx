import { Badge, Group, Indicator, Stack, Tabs, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import type { Location } from 'react-router';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes';
import { useBrands } from '../../catalogue/api';
import { type ProductTarget, useUniversalProduct } from '../api';
import { MODE_LABELS, SEARCH_MODES, type SearchMode } from '../lib/search-modes';
import { ProductAttributesPanel } from './product-attributes-panel';
import { ProductBasicForm } from './product-basic-form';
import { ProductImagesPanel } from './product-images-panel';
import { ProductSeoForm } from './product-seo-form';

interface UniversalProductViewProps {
  target: ProductTarget;
  mode: SearchMode;
  onModeChange: (mode: SearchMode) => void;
}

/** The view without its tab: switching tabs keeps every form, so it is not leaving. */
const withoutMode = (location: Location) => {
  const params = new URLSearchParams(location.search);
  params.delete('mode');
  return `${location.pathname}?${params.toString()}`;
};
const sameProductView = (current: Location, next: Location) => withoutMode(current) === withoutMode(next);

const NOTHING_DIRTY: Record<SearchMode, boolean> = {
  basic: false,
  images: false,
  attributes: false,
  seo: false,
};

/**
 * The universal product view (catalogue-admin.md §2.8) for a product id (number) or SKU (string). Every
 * mode edits and saves: basic fields, images and their review, attributes, SEO. The tabs stay mounted, so
 * switching tabs keeps unsaved edits; leaving the page with any asks first.
 */
export function UniversalProductView({ target, mode, onModeChange }: UniversalProductViewProps) {
  const { product, isLoading, isError } = useUniversalProduct(target);
  const brands = useBrands();
  const [dirty, setDirty] = useState(NOTHING_DIRTY);
  const reportDirty = useCallback(
    (which: SearchMode) => (value: boolean) =>
      setDirty((current) => (current[which] === value ? current : { ...current, [which]: value })),
    [],
  );
  useUnsavedChangesGuard(Object.values(dirty).some(Boolean), sameProductView);

  if (!target.productId && !target.sku) return <Text c="dimmed">Choose a product from the SEO search.</Text>;
  if (isLoading) return <Text c="dimmed">Loading...</Text>;
  if (!product) {
    const what = target.sku ? `SKU ${target.sku}` : `id ${target.productId}`;
    return (
      <Text c="dimmed">{isError ? 'The product could not be loaded.' : `No product with ${what}.`}</Text>
    );
  }

  const brandName = brands.data?.find((b) => b.id === product.brandId)?.name ?? '';
  const categoryPath = product.category ? product.category.path || product.category.name : '';
  // Fresh values after a save give a fresh form; a form whose values did not change keeps its edits.
  const basicKey = `${product.id}|${product.name}|${product.upc ?? ''}|${product.mpn ?? ''}`;
  const seoKey = `${product.id}|${JSON.stringify(product.seo)}`;
  const attributesKey = `${product.id}|${JSON.stringify(product.attributes.map((a) => [a.id, a.valueJSON]))}`;

  return (
    <Stack data-testid="universal-product">
      <Group gap="sm" align="baseline">
        <Title order={2}>{product.name}</Title>
        <Text ff="monospace" c="dimmed" data-testid="product-sku">
          {product.sku}
        </Text>
        {product.isActive !== 1 && (
          <Badge color="gray" variant="light">
            Inactive
          </Badge>
        )}
      </Group>
      <Tabs value={mode} onChange={(value) => value && onModeChange(value as SearchMode)} keepMounted>
        <Tabs.List>
          {SEARCH_MODES.map((m) => (
            <Tabs.Tab key={m} value={m}>
              <Indicator
                disabled={!dirty[m]}
                color="orange"
                size={7}
                offset={-4}
                title={dirty[m] ? 'Unsaved changes' : undefined}
              >
                {MODE_LABELS[m]}
              </Indicator>
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="basic" pt="md">
          <ProductBasicForm
            key={basicKey}
            product={product}
            brandName={brandName}
            categoryPath={categoryPath}
            onDirtyChange={reportDirty('basic')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="images" pt="md">
          <ProductImagesPanel product={product} />
        </Tabs.Panel>
        <Tabs.Panel value="attributes" pt="md">
          <ProductAttributesPanel
            key={attributesKey}
            product={product}
            onDirtyChange={reportDirty('attributes')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="seo" pt="md">
          <ProductSeoForm key={seoKey} product={product} onDirtyChange={reportDirty('seo')} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
