import {
  type BundleItem,
  CONFIGURE_PRINTER_TEXT,
  isLabelButtonEnabled,
  labelPrinters,
  PRODUCT_LABEL_BUTTONS,
  type Product,
  SELECT_PRINTER_TEXT,
  type VendorProduct,
} from '@backroom/shared';
import {
  Anchor,
  Button,
  Card,
  Group,
  Image,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';

import { useState } from 'react';

import { notify } from '../../../../lib/notify';

import { usePrinters } from '../../../printing/api';

import { printProductLabel, useSaveBundleItems } from '../../api';

export function VendorProductsSection({ vendorProducts }: { vendorProducts: VendorProduct[] }) {
  if (vendorProducts.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No vendor sells this product yet.
      </Text>
    );
  return (
    <Table withTableBorder striped data-testid="vendor-products">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Vendor</Table.Th>
          <Table.Th>Vendor SKU</Table.Th>
          <Table.Th ta="right">Cost</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {vendorProducts.map((vendorProduct) => (
          <Table.Tr key={vendorProduct.id}>
            <Table.Td>{vendorProduct.vendorName}</Table.Td>
            <Table.Td>{vendorProduct.vendorSku}</Table.Td>
            <Table.Td ta="right">{vendorProduct.priceCost.toFixed(2)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Print Barcodes & Labels (§2.3, §5 Labels): only printers with paper 32, 37 or 64 are offered. */
export function PrintSection({ product }: { product: Product }) {
  const printers = usePrinters();
  const choices = labelPrinters((printers.data ?? []).filter((printer) => printer.isActive === 1));
  const [printerId, setPrinterId] = useState<number | null>(null);
  const printer = choices.find((p) => p.id === printerId) ?? null;
  const [busy, setBusy] = useState<string | null>(null);
  const print = async (label: string, paperId: number) => {
    if (!printer) return;
    setBusy(label);
    try {
      await printProductLabel(paperId, printer.id, product);
      notify({ color: 'green', message: 'Printed Product Barcode' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="sm">
      <Select
        w={320}
        aria-label="Label printer"
        placeholder={choices.length ? SELECT_PRINTER_TEXT : CONFIGURE_PRINTER_TEXT}
        disabled={choices.length === 0}
        data={choices.map((p) => ({
          value: String(p.id),
          label: `${p.commonName} (${p.paper?.name ?? ''})`,
        }))}
        value={printerId ? String(printerId) : null}
        onChange={(value) => setPrinterId(value ? Number(value) : null)}
      />
      <Group gap="sm">
        {PRODUCT_LABEL_BUTTONS.map((button) => (
          <Button
            key={button.label}
            size="xs"
            variant="light"
            loading={busy === button.label}
            disabled={!isLabelButtonEnabled(button.paperId, printer)}
            onClick={() => print(button.label, button.paperId)}
          >
            {button.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

type SwitchField = 'isIncludedInCost' | 'isIncludedInMAP' | 'isIncludedInMSRP';

/** Bundle Components (§2.11): one card per component; quantity and the three switches save at once. */
export function BundleSection({
  productId,
  items,
  onOpenProduct,
}: {
  productId: number;
  items: BundleItem[];
  onOpenProduct: (id: number) => void;
}) {
  const save = useSaveBundleItems(productId);
  // A switch flips at once; the server's answer replaces the card, and a refusal flips it back.
  const [flipped, setFlipped] = useState<Record<string, boolean>>({});
  const toggle = (item: BundleItem, field: SwitchField, value: boolean) => {
    const key = `${item.id}.${field}`;
    setFlipped((current) => ({ ...current, [key]: value }));
    save.mutate([{ id: item.id, [field]: value }], {
      onSettled: () => setFlipped(({ [key]: _done, ...rest }) => rest),
    });
  };
  return (
    <SimpleGrid cols={2} spacing="sm" data-testid="bundle-components">
      {items.map((item) => (
        <Card key={item.id} withBorder padding="sm" data-testid="bundle-component">
          <Group align="flex-start" wrap="nowrap" gap="sm">
            {item.imageUrl ? (
              <Image src={item.imageUrl} w={64} h={64} fit="contain" alt={item.name} />
            ) : (
              <div style={{ width: 64, height: 64, background: 'var(--mantine-color-gray-1)' }} />
            )}
            <Stack gap={2} style={{ flex: 1 }}>
              <Text size="sm" fw={600} lineClamp={2}>
                {item.name}
              </Text>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => onOpenProduct(item.itemProductId)}
              >
                {item.sku}
              </Anchor>
              <Text size="xs" c="dimmed">
                {item.upc ?? 'No barcode'} · {item.lengthInch} x {item.widthInch} x {item.heightInch} in ·{' '}
                {item.weightOunce} oz
              </Text>
            </Stack>
            <NumberInput
              aria-label={`Quantity of ${item.sku}`}
              w={70}
              min={1}
              max={999}
              value={item.quantity}
              onBlur={(event) => {
                const quantity = Math.max(
                  1,
                  Math.min(999, Math.round(Number(event.currentTarget.value) || 1)),
                );
                if (quantity !== item.quantity) save.mutate([{ id: item.id, quantity }]);
              }}
            />
          </Group>
          <Group gap="md" mt="xs">
            {(
              [
                ['isIncludedInCost', 'In Cost'],
                ['isIncludedInMAP', 'In MAP'],
                ['isIncludedInMSRP', 'In MSRP'],
              ] as const
            ).map(([field, label]) => (
              <Switch
                key={field}
                size="xs"
                label={label}
                checked={flipped[`${item.id}.${field}`] ?? item[field]}
                onChange={(event) => toggle(item, field, event.currentTarget.checked)}
              />
            ))}
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
