import type { Product, ProductAttribute } from '@backroom/shared';
import {
  Accordion,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';

import { useState } from 'react';

import { NO_CHANGES, ReasonButton } from '../../../../components/reason-button';

import { useProduct } from '../../api';
import { formatPrice } from '../../lib/brand-columns';

import type { EditableProduct } from '../../lib/brand-edits';

import { AttributesEditor } from './attributes-editor';
import { BasicSection, Field } from './basic-section';
import { BundleImageEditor } from './bundle-image-editor';
import { BundleSection, PrintSection, VendorProductsSection } from './detail-sections';
import type { FamilyMember } from './family-attributes';

import { ImagesSection } from './images-section';

import { InventorySection } from './inventory-section';

import { MarketplaceCategories } from './marketplace-categories';

import { UsedVariantModal } from './used-variant-modal';

export interface ProductEditorProps {
  product: Product | null;
  local: EditableProduct | undefined;
  family: FamilyMember[];
  onEdit: <K extends keyof EditableProduct & string>(field: K, value: EditableProduct[K]) => void;
  onSaveFamily: (changes: { id: number; attributes: ProductAttribute[] }[]) => Promise<void>;
  onOpenProduct: (id: number) => void;
  onClose: () => void;
  /** The page's pending changes: the editor shows their counter and saves or discards them itself. */
  changes: PendingChanges;
}

export interface PendingChanges {
  counterText: string;
  pending: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}

/**
 * The product editor inside the brand page (catalogue-admin.md §2.3). Fields of the list (brand, shipping
 * code, attributes) are pending changes of the page, saved with Save Changes here or on the page; images,
 * bundle components and new variants are saved as they are made.
 */
export function ProductEditor({
  product,
  local,
  family,
  onEdit,
  onSaveFamily,
  onOpenProduct,
  onClose,
  changes,
}: ProductEditorProps) {
  const opened = product !== null && local !== undefined;
  const detail = useProduct(product?.id ?? 0);
  const [variantOpen, setVariantOpen] = useState(false);
  const [bundleImageOpen, setBundleImageOpen] = useState(false);
  const bundleItems = detail.data?.bundleItems ?? [];
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      withCloseButton={false}
      // Escape closes the modal open over the drawer (a variant draft, the bundle image), not both.
      closeOnEscape={!variantOpen && !bundleImageOpen}
    >
      {product && local && (
        <Stack gap="md" data-testid="product-drawer">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Title order={3}>{product.sku}</Title>
              <Text size="sm">{product.name}</Text>
              <Group gap="xs" mt={4}>
                <Badge color={local.isActive ? 'green' : 'red'} variant="light">
                  {local.isActive ? 'Active' : 'Inactive'}
                </Badge>
                {product.typeId !== 0 && (
                  <Badge variant="light">{bundleItems.length ? 'Bundle' : `Type ${product.typeId}`}</Badge>
                )}
              </Group>
            </div>
            <Group gap="md">
              <Button size="xs" variant="light" onClick={() => setVariantOpen(true)}>
                New Variant
              </Button>
              <Anchor component="button" type="button" onClick={onClose}>
                Close
              </Anchor>
            </Group>
          </Group>
          {/* The drawer covers the page's Save: its own counter and buttons save the same pending changes. */}
          <Group gap="sm" data-testid="drawer-changes">
            <Text size="sm" data-testid="drawer-change-counter" c={changes.pending ? 'orange.8' : 'dimmed'}>
              {changes.counterText}
            </Text>
            <ReasonButton
              size="xs"
              onClick={changes.onSave}
              loading={changes.saving}
              disabledReason={changes.pending ? null : NO_CHANGES}
            >
              Save Changes
            </ReasonButton>
            <ReasonButton
              size="xs"
              variant="default"
              onClick={changes.onDiscard}
              disabledReason={changes.pending ? null : NO_CHANGES}
              disabled={changes.saving}
            >
              Discard Changes
            </ReasonButton>
          </Group>
          <SimpleGrid cols={4} spacing="sm">
            <Field label="Cost">{formatPrice(local.priceCost)}</Field>
            <Field label="MAP">{formatPrice(local.priceMAP)}</Field>
            <Field label="Verified MAP">{formatPrice(product.verifiedPriceMAP)}</Field>
            <Field label="Store Price">{formatPrice(product.priceSale)}</Field>
          </SimpleGrid>
          <Accordion multiple defaultValue={['basic', 'bundle', 'attributes']} variant="separated">
            <Accordion.Item value="basic">
              <Accordion.Control>Basic</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <BasicSection
                    product={product}
                    brandId={local.brandId}
                    harmonizedCode={local.harmonizedCode}
                    onBrand={(brandId) => onEdit('brandId', brandId)}
                    onHarmonizedCode={(code) => onEdit('harmonizedCode', code)}
                  />
                  <MarketplaceCategories productId={product.id} />
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
            {bundleItems.length > 0 && (
              <Accordion.Item value="bundle">
                <Accordion.Control>Bundle Components</Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    <BundleSection productId={product.id} items={bundleItems} onOpenProduct={onOpenProduct} />
                    <Button
                      size="xs"
                      variant="light"
                      w="fit-content"
                      onClick={() => setBundleImageOpen(true)}
                    >
                      Edit Bundle Image
                    </Button>
                  </Stack>
                  <BundleImageEditor
                    key={product.id}
                    productId={product.id}
                    items={bundleItems}
                    imageCount={detail.data?.images.length ?? 0}
                    opened={bundleImageOpen}
                    onClose={() => setBundleImageOpen(false)}
                  />
                </Accordion.Panel>
              </Accordion.Item>
            )}
            <Accordion.Item value="images">
              <Accordion.Control>Images</Accordion.Control>
              <Accordion.Panel>
                {detail.data ? (
                  <ImagesSection productId={product.id} images={detail.data.images} />
                ) : (
                  <Text size="sm" c="dimmed">
                    Loading images...
                  </Text>
                )}
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="attributes">
              <Accordion.Control>Attributes</Accordion.Control>
              <Accordion.Panel>
                <AttributesEditor
                  product={product}
                  attributes={local.attributes}
                  onChange={(attributes) => onEdit('attributes', attributes)}
                  family={family}
                  onOpenProduct={onOpenProduct}
                  onSaveFamily={onSaveFamily}
                />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="vendors">
              <Accordion.Control>Vendor Products</Accordion.Control>
              <Accordion.Panel>
                <VendorProductsSection vendorProducts={detail.data?.vendorProducts ?? []} />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="inventory">
              <Accordion.Control>Inventory</Accordion.Control>
              <Accordion.Panel>
                <InventorySection product={product} />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="print">
              <Accordion.Control>Print Barcodes &amp; Labels</Accordion.Control>
              <Accordion.Panel>
                <PrintSection product={product} />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
          <UsedVariantModal
            key={product.id}
            source={product}
            opened={variantOpen}
            onClose={() => setVariantOpen(false)}
            onCreated={() => setVariantOpen(false)}
          />
        </Stack>
      )}
    </Drawer>
  );
}
