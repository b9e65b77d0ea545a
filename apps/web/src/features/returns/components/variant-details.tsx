import { type AssignedBarcode, assignedBarcodeMessage, type ProductCondition } from '@backroom/shared';
import { Button, FileButton, Group, Image, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ConditionForm } from '../../../components/condition-form';
import { notify } from '../../../lib/notify';
import { uploadImage } from '../../catalogue/api';
import type { ReceiptProduct, ReturnItem } from '../api';

type Value = ReceiptProduct & { assignedBarcode?: string };

/**
 * The used product a graded unit becomes when the item's product has no variant of that condition yet
 * (returns.md §5; catalogue-admin.md §4.9): its UPC (from the barcode pool), its SKU (brand alias + UPC +
 * condition alias), a primary image (one of the product's, or a photo of the unit) and the condition.
 */
export function VariantDetails({
  source,
  condition,
  sku,
  value,
  onChange,
  takePoolBarcode,
}: {
  /** The product the variant is made from (a return item's, or a reconditioned unit's base product). */
  source: Pick<NonNullable<ReturnItem['product']>, 'sku' | 'brandAlias' | 'images'>;
  condition: ProductCondition;
  sku: string;
  value: Value;
  /** Gets an update of the latest value: an upload finishing later must not undo what was typed meanwhile. */
  onChange: (update: (previous: Value) => Value) => void;
  /** 'Pool Barcode': usePoolBarcode where the draft lives, so a dropped draft gives the barcode back. */
  takePoolBarcode: () => Promise<AssignedBarcode>;
}) {
  const [uploads, setUploads] = useState<{ imageId: number; url: string }[]>([]);
  const [uploading, setUploading] = useState(false);
  const set = (fields: Partial<Value>) => onChange((previous) => ({ ...previous, ...fields }));
  const choices = [...source.images.map(({ imageId, url }) => ({ imageId, url })), ...uploads];
  const primary = value.images.find((image) => image.isPrimaryImage === 1)?.imageId ?? null;
  const choosePrimary = (imageId: number) => set({ images: [{ imageId, isPrimaryImage: 1 }] });

  const upload = async (files: File[]) => {
    setUploading(true);
    try {
      const added: { imageId: number; url: string }[] = [];
      for (const file of files) added.push(await uploadImage(file));
      setUploads((current) => [...current, ...added]);
      const first = added[0];
      if (first)
        onChange((previous) =>
          previous.images.some((image) => image.isPrimaryImage === 1)
            ? previous
            : { ...previous, images: [{ imageId: first.imageId, isPrimaryImage: 1 }] },
        );
    } finally {
      setUploading(false);
    }
  };

  return (
    <Paper withBorder p="sm" data-testid="variant-details">
      <Stack gap="xs">
        <Title order={6}>
          New {condition.name} product of {source.sku}
        </Title>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="UPC"
            required
            value={value.upc}
            inputMode="numeric"
            onChange={(event) => set({ upc: event.currentTarget.value.replace(/\D/g, '').slice(0, 16) })}
          />
          <Button
            variant="light"
            onClick={() =>
              // A refusal ('No Unused Barcode Found') is already a toast from the API client.
              takePoolBarcode().then(
                ({ barcode }) => {
                  set({ upc: barcode, assignedBarcode: barcode });
                  notify({ color: 'green', message: assignedBarcodeMessage(barcode) });
                },
                () => undefined,
              )
            }
          >
            Pool Barcode
          </Button>
          <TextInput label="SKU" value={sku} readOnly variant="filled" style={{ flex: 1 }} />
        </Group>
        {!source.brandAlias && (
          <Text size="xs" c="red">
            {source.sku} has no brand: a used product's SKU starts with the brand's alias.
          </Text>
        )}
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Primary image
          </Text>
          <FileButton onChange={upload} accept="image/*" multiple>
            {(props) => (
              <Button size="compact-xs" variant="light" loading={uploading} {...props}>
                Upload Photo
              </Button>
            )}
          </FileButton>
          {primary === null && (
            <Text size="xs" c="red">
              A used product needs a primary image.
            </Text>
          )}
        </Group>
        <Radio.Group
          value={primary === null ? null : String(primary)}
          onChange={(id) => choosePrimary(Number(id))}
        >
          <Group gap="xs">
            {choices.map((image) => (
              <Paper key={image.imageId} withBorder p={4} w={96}>
                <Image src={image.url} h={64} fit="contain" alt={`Image ${image.imageId}`} />
                <Radio size="xs" mt={4} value={String(image.imageId)} label="Primary" />
              </Paper>
            ))}
          </Group>
        </Radio.Group>
        <ConditionForm
          value={value.productListingData}
          onChange={(update) =>
            onChange((previous) => ({ ...previous, productListingData: update(previous.productListingData) }))
          }
        />
      </Stack>
    </Paper>
  );
}
