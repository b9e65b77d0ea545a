import { attributeValueLabel } from '@backroom/shared';
import { Anchor, Badge, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Product } from '../../api';
import { availableQuantity, formatPrice } from '../../lib/brand-columns';
import type { EditableProduct } from '../../lib/brand-edits';
import { useBrandLabelsContext } from './row-context';

interface ProductDrawerProps {
  product: Product | null;
  local: EditableProduct | undefined;
  onClose: () => void;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children === '' || children === null || children === undefined ? '—' : children}</Text>
    </div>
  );
}

/**
 * The product as the list holds it, pending changes included, read-only. The full editor (§2.3) will
 * take this place; its Close link is already the spec's.
 */
export function ProductDrawer({ product, local, onClose }: ProductDrawerProps) {
  const labels = useBrandLabelsContext();
  const opened = product !== null && local !== undefined;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      withCloseButton={false}
      aria-label="Product"
    >
      {product && local && (
        <Stack gap="md" data-testid="product-drawer">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Title order={3}>{product.sku}</Title>
              <Text size="sm">{product.name}</Text>
            </div>
            <Anchor component="button" type="button" onClick={onClose}>
              Close
            </Anchor>
          </Group>
          <Group gap="xs">
            <Badge color={local.isActive ? 'green' : 'red'} variant="light">
              {local.isActive ? 'Active' : 'Inactive'}
            </Badge>
            {product.typeId !== 0 && <Badge variant="light">Type {product.typeId}</Badge>}
          </Group>
          <Title order={5}>Basic</Title>
          <SimpleGrid cols={2} spacing="sm">
            <Field label="UPC">{product.upc}</Field>
            <Field label="Normalized UPC">{product.normalizedUpc}</Field>
            <Field label="MPN">{product.mpn}</Field>
            <Field label="Family">{product.parentProductId}</Field>
            <Field label="Category">{labels.category(local.categoryId)}</Field>
            <Field label="Harmonized Code">{local.harmonizedCode}</Field>
            <Field label="Pricing">{labels.pricingStrategy(local.pricingStrategyId)}</Field>
            <Field label="Purchasing">{labels.purchasingStatus(local.purchasingStatusId)}</Field>
          </SimpleGrid>
          <Title order={5}>Prices</Title>
          <SimpleGrid cols={4} spacing="sm">
            <Field label="Cost">{formatPrice(local.priceCost)}</Field>
            <Field label="MAP">{formatPrice(local.priceMAP)}</Field>
            <Field label="Verified MAP">{formatPrice(product.verifiedPriceMAP)}</Field>
            <Field label="Store Price">{formatPrice(product.priceSale)}</Field>
          </SimpleGrid>
          <Title order={5}>Dimensions</Title>
          <SimpleGrid cols={4} spacing="sm">
            <Field label="Length (in)">{product.productLengthInch}</Field>
            <Field label="Width (in)">{product.productWidthInch}</Field>
            <Field label="Height (in)">{product.productHeightInch}</Field>
            <Field label="Weight (oz)">{product.productWeightOunce}</Field>
          </SimpleGrid>
          <Title order={5}>Attributes</Title>
          {local.attributes.length === 0 ? (
            <Text size="sm" c="dimmed">
              This item has no attributes yet!
            </Text>
          ) : (
            <SimpleGrid cols={2} spacing="sm">
              {local.attributes.map((attribute) => (
                <Field key={attribute.attributeId} label={labels.attribute(attribute.attributeId)}>
                  {Object.entries(attribute.valueJSON)
                    .flatMap(([list, values]) => values.map((value) => attributeValueLabel(list, value)))
                    .join(', ')}
                </Field>
              ))}
            </SimpleGrid>
          )}
          <Title order={5}>Inventory</Title>
          <SimpleGrid cols={3} spacing="sm">
            <Field label="Available">{availableQuantity(product).quantity}</Field>
            <Field label="On Hand">{product.inventory.totalQuantityOnHand}</Field>
            <Field label="On Order">{product.inventory.totalQuantityOnOrder}</Field>
          </SimpleGrid>
        </Stack>
      )}
    </Drawer>
  );
}
