import { Badge, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useBrands } from '../../catalogue/api';
import { type ProductTarget, useProductDetail, useUniversalProduct } from '../api';
import { MODE_LABELS, SEARCH_MODES, type SearchMode } from '../lib/search-modes';
import { ProductBasicForm } from './product-basic-form';
import { AttributesPanel, ImagesPanel, SeoPanel } from './product-panels';

interface UniversalProductViewProps {
  target: ProductTarget;
  mode: SearchMode;
  onModeChange: (mode: SearchMode) => void;
}

/** The universal product view (catalogue-admin.md §2.8) for a product id (number) or SKU (string). */
export function UniversalProductView({ target, mode, onModeChange }: UniversalProductViewProps) {
  const found = useUniversalProduct(target);
  const product = found.data ?? null;
  const detail = useProductDetail(product);
  const brands = useBrands();

  if (!target.productId && !target.sku) return <Text c="dimmed">Choose a product from the SEO search.</Text>;
  if (found.isLoading) return <Text c="dimmed">Loading...</Text>;
  if (!product) {
    const what = target.sku ? `SKU ${target.sku}` : `id ${target.productId}`;
    return (
      <Text c="dimmed">
        {found.isError ? 'The product could not be loaded.' : `No product with ${what}.`}
      </Text>
    );
  }

  const brandName = brands.data?.find((b) => b.id === product.brandId)?.name ?? '';
  const category = detail.data?.category;
  const categoryPath = category ? category.path || category.name : detail.isLoading ? 'Loading...' : '';
  // Fresh values after a save give a fresh form.
  const formKey = `${product.id}|${product.name}|${product.upc ?? ''}|${product.mpn ?? ''}`;

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
      <Tabs value={mode} onChange={(value) => value && onModeChange(value as SearchMode)} keepMounted={false}>
        <Tabs.List>
          {SEARCH_MODES.map((m) => (
            <Tabs.Tab key={m} value={m}>
              {MODE_LABELS[m]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="basic" pt="md">
          <ProductBasicForm
            key={formKey}
            product={product}
            brandName={brandName}
            categoryPath={categoryPath}
          />
        </Tabs.Panel>
        <Tabs.Panel value="images" pt="md">
          <ImagesPanel product={product} />
        </Tabs.Panel>
        <Tabs.Panel value="attributes" pt="md">
          <AttributesPanel product={product} />
        </Tabs.Panel>
        <Tabs.Panel value="seo" pt="md">
          <SeoPanel product={product} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
