import {
  buildUsedVariantDraft,
  CONDITION_SEVERITIES,
  conditionSummary,
  isUsedCondition,
  isVariantFormValid,
  isVariantSkuEditable,
  NEW_CONDITION_ID,
  PAPER_ID,
  PRODUCT_CONDITIONS,
  productConditionById,
  severityName,
  shouldRebuildDraft,
  usedVariantName,
  usedVariantSku,
  variantPrintButton,
} from '@backroom/shared';
import {
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Modal } from '../../../../components/modal';
import { moveBefore, useDragReorder } from '../../../../lib/drag-reorder';
import { usePrinters } from '../../../printing/api';
import { resolveLabelPrinter, useLabelMappings } from '../../../printing/components/label-mappings';
import {
  assignPoolBarcode,
  type Product,
  printProductLabel,
  uploadImage,
  useBrands,
  useCreateVariant,
  usePricingStrategies,
  usePurchasingStatuses,
} from '../../api';
import { CategorySearchSelect } from '../category-search-select';

interface DraftImage {
  imageId: number;
  url: string;
  isPrimaryImage: 0 | 1;
}

interface Draft {
  productConditionId: number;
  brandId: number;
  upc: string;
  sku: string;
  name: string;
  categoryId: number | null;
  pricingStrategyId: number | null;
  purchasingStatusId: number | null;
  serialNumber: string;
  wearSeverityId: number | null;
  wearDescription: string;
  damageSeverityId: number | null;
  damageDescription: string;
  missingDescription: string;
  note: string;
}

const newDraft = (source: Product): Draft => ({
  productConditionId: NEW_CONDITION_ID,
  brandId: source.brandId ?? 0,
  upc: '',
  sku: '',
  name: source.name,
  categoryId: source.categoryId,
  pricingStrategyId: source.pricingStrategyId,
  purchasingStatusId: source.purchasingStatusId,
  serialNumber: '',
  wearSeverityId: null,
  wearDescription: '',
  damageSeverityId: null,
  damageDescription: '',
  missingDescription: '',
  note: '',
});

/**
 * Manual product creation for condition variants (catalogue-admin.md §2.11, §4.9, §5 Used-variant form):
 * the draft follows the shared rules, the server builds the same SKU and name again when it saves.
 */
export function UsedVariantModal({
  source,
  opened,
  onClose,
  onCreated,
}: {
  source: Product;
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const brands = useBrands();
  const strategies = usePricingStrategies();
  const statuses = usePurchasingStatuses();
  const create = useCreateVariant();
  const printers = usePrinters();
  const [mappings] = useLabelMappings();
  const [draft, setDraft] = useState(() => newDraft(source));
  const [images, setImages] = useState<DraftImage[]>([]);
  const [uploading, setUploading] = useState(false);
  const set = (fields: Partial<Draft>) => setDraft((current) => ({ ...current, ...fields }));

  const condition = productConditionById(draft.productConditionId)!;
  const brand = brands.data?.find((b) => b.id === draft.brandId);
  const used = isUsedCondition(draft.productConditionId);
  // "SKU is disabled for used products": brand alias + UPC + condition alias.
  const sku = used
    ? draft.upc
      ? usedVariantSku(brand?.alias ?? '', draft.upc, condition.alias)
      : ''
    : draft.sku;
  const summaryInput = {
    wearSeverity: severityName(draft.wearSeverityId),
    wearDescription: draft.wearDescription,
    damageSeverity: severityName(draft.damageSeverityId),
    damageDescription: draft.damageDescription,
    missingDescription: draft.missingDescription,
    note: draft.note,
  };
  const summary = conditionSummary(summaryInput);
  const valid = isVariantFormValid({
    productConditionId: draft.productConditionId,
    upc: draft.upc,
    sku,
    images,
  });
  const barcodePrinter = resolveLabelPrinter(
    'productBarcodeLabel',
    mappings.productBarcodeLabel,
    printers.data ?? [],
  );
  const printButton = variantPrintButton({
    sku,
    upc: draft.upc,
    hasBarcodeLabelPrinter: barcodePrinter !== null,
  });

  const changeCondition = (id: number) => {
    if (shouldRebuildDraft(draft.productConditionId, id)) {
      // §4.9: rebuilt from the source: SKU and UPC empty, pricing strategy 41, purchasing status 7.
      const rebuilt = buildUsedVariantDraft(
        {
          ...source,
          categoryId: source.categoryId ?? 0,
          statusId: 1,
          warehousePackagingId: 0,
        },
        id,
        { id: draft.brandId, accountId: 0 },
      );
      set({
        productConditionId: id,
        upc: '',
        sku: '',
        name: rebuilt.name,
        pricingStrategyId: rebuilt.pricingStrategyId,
        purchasingStatusId: rebuilt.purchasingStatusId,
      });
    } else {
      const next = productConditionById(id)!;
      set({
        productConditionId: id,
        name: isUsedCondition(id) ? usedVariantName(source.name, next.name) : source.name,
      });
    }
  };

  const upload = async (files: File[]) => {
    setUploading(true);
    try {
      const added: DraftImage[] = [];
      for (const file of files) {
        const { imageId, url } = await uploadImage(file);
        added.push({ imageId, url, isPrimaryImage: 0 });
      }
      setImages((current) => {
        const all = [...current, ...added];
        if (!all.some((image) => image.isPrimaryImage) && all[0]) all[0] = { ...all[0], isPrimaryImage: 1 };
        return all;
      });
    } finally {
      setUploading(false);
    }
  };

  const dragProps = useDragReorder<number>((imageId, targetId) =>
    setImages((current) => moveBefore(current, (image) => image.imageId, imageId, targetId)),
  );

  const submit = async () => {
    const created = await create.mutateAsync({
      sourceProductId: source.id,
      productConditionId: draft.productConditionId,
      brandId: draft.brandId,
      upc: draft.upc,
      sku: used ? undefined : draft.sku,
      categoryId: draft.categoryId,
      pricingStrategyId: draft.pricingStrategyId ?? undefined,
      purchasingStatusId: draft.purchasingStatusId ?? undefined,
      serialNumber: draft.serialNumber || null,
      productListingData: {
        wearConditionSeverityId: draft.wearSeverityId,
        wearConditionDescription: draft.wearDescription || null,
        damageConditionSeverityId: draft.damageSeverityId,
        damageConditionDescription: draft.damageDescription || null,
        missingConditionDescription: draft.missingDescription || null,
        conditionDescription: draft.note || null,
      },
      images: images.map((image) => ({
        imageId: image.imageId,
        isPrimaryImage: image.isPrimaryImage,
        isActive: 1,
      })),
    });
    notifications.show({ color: 'green', message: `Created ${created.sku}` });
    setDraft(newDraft(source));
    setImages([]);
    onCreated(created.id);
  };

  const severity = (label: string, value: number | null, onChange: (id: number | null) => void) => (
    <Select
      label={label}
      clearable
      placeholder="None"
      data={CONDITION_SEVERITIES.map((s) => ({ value: String(s.id), label: s.name }))}
      value={value ? String(value) : null}
      onChange={(id) => onChange(id ? Number(id) : null)}
    />
  );

  return (
    <Modal opened={opened} onClose={onClose} title={`New Variant of ${source.sku}`} size="xl">
      <Stack gap="sm" data-testid="used-variant-form">
        <SimpleGrid cols={3} spacing="sm">
          <Select
            label="Condition"
            allowDeselect={false}
            data={PRODUCT_CONDITIONS.map((c) => ({ value: String(c.id), label: c.name }))}
            value={String(draft.productConditionId)}
            onChange={(id) => id && changeCondition(Number(id))}
          />
          <Group gap={4} align="flex-end" wrap="nowrap">
            <TextInput
              label="UPC"
              required
              style={{ flex: 1 }}
              value={draft.upc}
              inputMode="numeric"
              onChange={(event) => set({ upc: event.currentTarget.value.replace(/\D/g, '').slice(0, 16) })}
            />
            <Button
              variant="light"
              onClick={() =>
                // A refusal ('No Unused Barcode Found') is already a toast from the API client: nothing is left
                // to throw.
                assignPoolBarcode().then(
                  ({ barcode }) => {
                    set({ upc: barcode });
                    notifications.show({ color: 'green', message: `Assigned Barcode ${barcode}` });
                  },
                  () => undefined,
                )
              }
            >
              Pool Barcode
            </Button>
          </Group>
          <TextInput
            label="SKU"
            required
            disabled={!isVariantSkuEditable(draft.productConditionId)}
            value={sku}
            onChange={(event) => set({ sku: event.currentTarget.value })}
          />
        </SimpleGrid>
        <TextInput label="Name" value={draft.name} readOnly variant="filled" />
        <SimpleGrid cols={3} spacing="sm">
          <Select
            label="Brand"
            searchable
            allowDeselect={false}
            data={(brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            value={draft.brandId ? String(draft.brandId) : null}
            onChange={(id) => id && set({ brandId: Number(id) })}
          />
          <CategorySearchSelect
            label="Category"
            value={draft.categoryId}
            placeholder={source.category?.path ?? 'Search categories'}
            onChange={(category) => set({ categoryId: category?.id ?? null })}
          />
          <TextInput
            label="Serial Number"
            value={draft.serialNumber}
            onChange={(event) => set({ serialNumber: event.currentTarget.value })}
          />
          <Select
            label="Pricing Strategy"
            searchable
            data={(strategies.data ?? []).map((s) => ({ value: String(s.id), label: s.label }))}
            value={draft.pricingStrategyId ? String(draft.pricingStrategyId) : null}
            onChange={(id) => set({ pricingStrategyId: id ? Number(id) : null })}
          />
          <Select
            label="Purchasing Status"
            searchable
            data={(statuses.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={draft.purchasingStatusId ? String(draft.purchasingStatusId) : null}
            onChange={(id) => set({ purchasingStatusId: id ? Number(id) : null })}
          />
        </SimpleGrid>

        <Title order={6}>Images</Title>
        <Group gap="sm">
          <FileButton onChange={upload} accept="image/*" multiple>
            {(props) => (
              <Button size="xs" variant="light" loading={uploading} {...props}>
                Upload Images
              </Button>
            )}
          </FileButton>
          {used && !images.some((image) => image.isPrimaryImage) && (
            <Text size="xs" c="red">
              A used product needs a primary image.
            </Text>
          )}
        </Group>
        <Group gap="sm">
          {images.map((image) => (
            <Paper
              key={image.imageId}
              withBorder
              p={4}
              w={120}
              {...dragProps(image.imageId)}
              data-testid="variant-image"
            >
              <Image src={image.url} h={80} fit="contain" alt={`Image ${image.imageId}`} />
              <Radio
                size="xs"
                mt={4}
                label="Primary"
                checked={image.isPrimaryImage === 1}
                onChange={() =>
                  setImages((current) =>
                    current.map((other) => ({
                      ...other,
                      isPrimaryImage: other.imageId === image.imageId ? 1 : 0,
                    })),
                  )
                }
              />
            </Paper>
          ))}
        </Group>

        {used && (
          <>
            <Title order={6}>Condition</Title>
            <SimpleGrid cols={2} spacing="sm">
              {severity('Wear severity', draft.wearSeverityId, (id) => set({ wearSeverityId: id }))}
              <TextInput
                label="Wear description"
                value={draft.wearDescription}
                onChange={(event) => set({ wearDescription: event.currentTarget.value })}
              />
              {severity('Damage severity', draft.damageSeverityId, (id) => set({ damageSeverityId: id }))}
              <TextInput
                label="Damage description"
                value={draft.damageDescription}
                onChange={(event) => set({ damageDescription: event.currentTarget.value })}
              />
              <TextInput
                label="Missing"
                value={draft.missingDescription}
                onChange={(event) => set({ missingDescription: event.currentTarget.value })}
              />
              <TextInput
                label="Additional notes"
                value={draft.note}
                onChange={(event) => set({ note: event.currentTarget.value })}
              />
            </SimpleGrid>
            <Textarea
              label="Condition summary"
              readOnly
              autosize
              value={summary}
              error={summary === '' ? 'Describe the condition' : undefined}
              data-testid="condition-summary"
            />
          </>
        )}

        <Group justify="space-between">
          {printButton.visible ? (
            <Button
              variant="default"
              disabled={printButton.disabled}
              title={
                printButton.disabled ? 'Map a product barcode label printer in Label Settings' : undefined
              }
              onClick={() => {
                if (!barcodePrinter) return;
                printProductLabel(PAPER_ID.productBarcodeLabel, barcodePrinter.id, {
                  id: 0,
                  sku,
                  name: draft.name,
                  upc: draft.upc,
                }).then(
                  () => notifications.show({ color: 'green', message: 'Printed Product Barcode' }),
                  () => undefined,
                );
              }}
            >
              Print Barcode
            </Button>
          ) : (
            <span />
          )}
          <Button onClick={submit} disabled={!valid || draft.brandId === 0} loading={create.isPending}>
            Create Product
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
