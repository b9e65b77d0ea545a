import {
  type AssignedBarcode,
  assignedBarcodeMessage,
  isVariantSkuEditable,
  PRODUCT_CONDITIONS,
  type Product,
} from '@backroom/shared';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';

import { notify } from '../../../../lib/notify';

import { useBrands, usePricingStrategies, usePurchasingStatuses } from '../../api';
import { CategorySearchSelect } from '../category-search-select';

import type { Draft } from './used-variant-draft';

/**
 * Condition, UPC (typed or taken from the barcode pool by `takePoolBarcode`: usePoolBarcode, where the draft
 * lives), SKU, and the name the rules build.
 */
export function VariantIdentityFields({
  draft,
  sku,
  set,
  onCondition,
  takePoolBarcode,
}: {
  draft: Draft;
  sku: string;
  set: (fields: Partial<Draft>) => void;
  onCondition: (id: number) => void;
  takePoolBarcode: () => Promise<AssignedBarcode>;
}) {
  const poolBarcode = () =>
    // A refusal ('No Unused Barcode Found') is already a toast from the API client: nothing is left to throw.
    takePoolBarcode().then(
      ({ barcode }) => {
        set({ upc: barcode });
        notify({ color: 'green', message: assignedBarcodeMessage(barcode) });
      },
      () => undefined,
    );
  return (
    <>
      <SimpleGrid cols={3} spacing="sm">
        <Select
          label="Condition"
          allowDeselect={false}
          data={PRODUCT_CONDITIONS.map((c) => ({ value: String(c.id), label: c.name }))}
          value={String(draft.productConditionId)}
          onChange={(id) => id && onCondition(Number(id))}
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
          <Button variant="light" onClick={poolBarcode}>
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
    </>
  );
}

/** Brand, category, serial number, pricing strategy and purchasing status. */
export function VariantDetailFields({
  source,
  draft,
  set,
}: {
  source: Product;
  draft: Draft;
  set: (fields: Partial<Draft>) => void;
}) {
  const brands = useBrands();
  const strategies = usePricingStrategies();
  const statuses = usePurchasingStatuses();
  return (
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
  );
}
