import {
  isUsedCondition,
  isVariantFormValid,
  PAPER_ID,
  type Product,
  variantPrintButton,
} from '@backroom/shared';
import { Button, Group, Stack, Title } from '@mantine/core';

import { useState } from 'react';

import { ConditionForm } from '../../../../components/condition-form';

import { Modal } from '../../../../components/modal';

import { notify } from '../../../../lib/notify';

import { usePrinters } from '../../../printing/api';

import { resolveLabelPrinter, useLabelMappings } from '../../../printing/components/label-mappings';

import { printProductLabel, useBrands, useCreateVariant, usePoolBarcode } from '../../api';
import {
  conditionChange,
  createVariantRequest,
  type Draft,
  type DraftImage,
  draftSku,
  newDraft,
} from './used-variant-draft';

import { VariantDetailFields, VariantIdentityFields } from './used-variant-fields';

import { VariantImages } from './used-variant-images';

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
  const create = useCreateVariant();
  const [draft, setDraft] = useState(() => newDraft(source));
  const [images, setImages] = useState<DraftImage[]>([]);
  const set = (fields: Partial<Draft>) => setDraft((current) => ({ ...current, ...fields }));
  // A pool barcode the draft took goes back to the pool when the draft drops it (closed without creating).
  const takePoolBarcode = usePoolBarcode(draft.upc);
  const reset = () => {
    setDraft(newDraft(source));
    setImages([]);
  };
  const close = () => {
    reset();
    onClose();
  };

  const used = isUsedCondition(draft.productConditionId);
  const sku = draftSku(draft, brands.data?.find((b) => b.id === draft.brandId)?.alias ?? '');
  const valid = isVariantFormValid({
    productConditionId: draft.productConditionId,
    upc: draft.upc,
    sku,
    images,
  });

  const submit = async () => {
    const created = await create.mutateAsync(createVariantRequest(source, draft, images));
    notify({ color: 'green', message: `Created ${created.sku}` });
    reset();
    onCreated(created.id);
  };

  return (
    <Modal opened={opened} onClose={close} title={`New Variant of ${source.sku}`} size="xl">
      <Stack gap="sm" data-testid="used-variant-form">
        <VariantIdentityFields
          draft={draft}
          sku={sku}
          set={set}
          onCondition={(id) => set(conditionChange(source, draft, id))}
          takePoolBarcode={takePoolBarcode}
        />
        <VariantDetailFields source={source} draft={draft} set={set} />
        <VariantImages images={images} setImages={setImages} used={used} />
        {used && (
          <>
            <Title order={6}>Condition</Title>
            <ConditionForm
              value={draft.condition}
              onChange={(update) =>
                setDraft((current) => ({ ...current, condition: update(current.condition) }))
              }
            />
          </>
        )}
        <Group justify="space-between">
          <PrintBarcodeButton sku={sku} upc={draft.upc} name={draft.name} />
          <Button onClick={submit} disabled={!valid || draft.brandId === 0} loading={create.isPending}>
            Create Product
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Print Barcode, shown once the variant has a SKU and UPC; needs a mapped product barcode label printer. */
function PrintBarcodeButton({ sku, upc, name }: { sku: string; upc: string; name: string }) {
  const printers = usePrinters();
  const [mappings] = useLabelMappings();
  const barcodePrinter = resolveLabelPrinter(
    'productBarcodeLabel',
    mappings.productBarcodeLabel,
    printers.data ?? [],
  );
  const printButton = variantPrintButton({ sku, upc, hasBarcodeLabelPrinter: barcodePrinter !== null });
  if (!printButton.visible) return <span />;
  return (
    <Button
      variant="default"
      disabled={printButton.disabled}
      title={printButton.disabled ? 'Map a product barcode label printer in Label Settings' : undefined}
      onClick={() => {
        if (!barcodePrinter) return;
        printProductLabel(PAPER_ID.productBarcodeLabel, barcodePrinter.id, { id: 0, sku, name, upc }).then(
          () => notify({ color: 'green', message: 'Printed Product Barcode' }),
          () => undefined,
        );
      }}
    >
      Print Barcode
    </Button>
  );
}
