import type { AccountSite, ProductAttribute, ProductPatch } from '@backroom/shared';
import { Anchor, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { notify } from '../../../../lib/notify';
import { useUnsavedChangesGuard } from '../../../../lib/use-unsaved-changes';
import { useSaveProducts } from '../../../catalogue/api';
import type { FamilyMember } from '../../../catalogue/components/product-editor/family-attributes';
import { useUniversalProduct } from '../../../search/api';
import { ProductAttributesPanel } from '../../../search/components/product-attributes-panel';
import { toEditableAttributes } from '../../../search/lib/product-fields';
import { productFamilyKey, useProductFacets, useProductFamily, useSiteAttributes } from '../../api';

/**
 * A result's product opened from the collections editor (catalogue-admin.md §2.5 second variant): its attributes
 * against what the storefront's site requires ('any of' groups) and the facets it filters by, with Replace
 * Attributes and the family table (Settings disabled, 25 a page). Saves go straight to the product.
 */
export function ProductAttributesDrawer({
  site,
  siteName,
  productId,
  onOpenProduct,
  onClose,
}: {
  site: AccountSite;
  siteName: string;
  productId: number | null;
  onOpenProduct: (id: number) => void;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={productId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title="Product Attributes"
      data-testid="collection-product-drawer"
    >
      {productId !== null && (
        <DrawerBody
          key={productId}
          site={site}
          siteName={siteName}
          productId={productId}
          onOpenProduct={onOpenProduct}
        />
      )}
    </Drawer>
  );
}

function DrawerBody({
  site,
  siteName,
  productId,
  onOpenProduct,
}: {
  site: AccountSite;
  siteName: string;
  productId: number;
  onOpenProduct: (id: number) => void;
}) {
  const { product, isLoading } = useUniversalProduct({ productId });
  const requirements = useSiteAttributes(productId, site.siteId);
  const facets = useProductFacets(site.siteId, site.channelId);
  const family = useProductFamily(productId);
  const saveProducts = useSaveProducts();
  const client = useQueryClient();
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesGuard(dirty);
  const members = useMemo(
    (): FamilyMember[] =>
      (family.data ?? [])
        .filter((member) => member.id !== productId)
        .map((member) => ({ ...member, attributes: toEditableAttributes(member.attributes) })),
    [family.data, productId],
  );
  const saveFamily = async (changes: { id: number; attributes: ProductAttribute[] }[]) => {
    await saveProducts.mutateAsync(
      changes.map((change) => ({ ...change, attributesReplace: true })) as ProductPatch[],
    );
    await client.invalidateQueries({ queryKey: productFamilyKey(productId) });
    notify({ color: 'green', message: `Saved attributes of ${changes.length} family members` });
  };

  if (isLoading || !product) return <Text c="dimmed">Loading...</Text>;
  // Fresh values after a save give a fresh form; unchanged values keep the edits.
  const key = `${product.id}|${JSON.stringify(product.attributes.map((a) => [a.id, a.valueJSON]))}`;
  return (
    <Stack gap="sm">
      <Group gap="sm" align="baseline">
        <Title order={4}>{product.name}</Title>
        <Anchor
          href={`/tools/universal/product?productId=${product.id}&mode=attributes`}
          target="_blank"
          ff="monospace"
        >
          {product.sku}
        </Anchor>
      </Group>
      <ProductAttributesPanel
        key={key}
        product={product}
        onDirtyChange={setDirty}
        site={{ siteName, requirements: requirements.data, facets: facets.data }}
        family={members}
        onOpenProduct={onOpenProduct}
        onSaveFamily={saveFamily}
      />
    </Stack>
  );
}
