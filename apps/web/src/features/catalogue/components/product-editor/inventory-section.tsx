import {
  aboveOnHandWarning,
  belowPhysicalQuantityMessage,
  editQuantityAvailable,
  type InventoryLocationDto,
  type Product,
  parseQuantityAvailable,
} from '@backroom/shared';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';

import { useQueryClient } from '@tanstack/react-query';

import { useState } from 'react';

import { notify } from '../../../../lib/notify';

import { useWarehouses } from '../../../warehouse/api';
import { productDetailKey, saveQuantityAvailable } from '../../api';
import { InventoryLocationsTable } from '../inventory-locations-table';

import { Field } from './basic-section';

type Inventory = Product['inventory'];

/**
 * One location's Available input: Enter or leaving the field saves a changed value; Escape puts it back. What
 * is typed stays as typed (a plain text field: nothing rounds '5.6' or drops the '-' of '-4'); `onSave`
 * refuses what is not a whole number, saying so, and answers the refusal's words, or null once saved.
 * `onTyped` reports the whole number typed so far (null otherwise), for the above-on-hand warning.
 */
function AvailableInput({
  location,
  warehouseName,
  refused,
  onSave,
  onReset,
  onRefuse,
  onTyped,
}: {
  location: InventoryLocationDto;
  warehouseName: string;
  refused: boolean;
  onSave: (value: number) => Promise<string | null>;
  onReset: () => void;
  onRefuse: (message: string) => void;
  onTyped: (quantity: number | null) => void;
}) {
  const [value, setValue] = useState(String(location.quantityAvailable));
  const [saving, setSaving] = useState(false);
  const reset = () => {
    setValue(String(location.quantityAvailable));
    onTyped(null);
    onReset();
  };
  const commit = async () => {
    if (saving) return;
    const parsed = parseQuantityAvailable(value);
    if (!parsed.ok) return onRefuse(parsed.message);
    if (parsed.quantity === location.quantityAvailable) return reset();
    setSaving(true);
    await onSave(parsed.quantity);
    setSaving(false);
  };
  return (
    <TextInput
      aria-label={`Available at ${warehouseName}`}
      size="xs"
      w={110}
      ml="auto"
      inputMode="numeric"
      value={value}
      error={refused}
      aria-invalid={refused}
      disabled={saving}
      styles={{ input: { textAlign: 'right' } }}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setValue(typed);
        const parsed = parseQuantityAvailable(typed);
        onTyped(parsed.ok ? parsed.quantity : null);
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          void commit();
        } else if (event.key === 'Escape') {
          reset();
        }
      }}
    />
  );
}

/**
 * Inventory (§2.3, §4.1): the totals and each warehouse's available and physical quantities. A location's
 * available quantity is edited in place: the shared rule refuses a value between 0 and the physical
 * quantity at once; the server applies the same rule, saves it, and its answer gives the new totals.
 */
export function InventorySection({ product }: { product: Product }) {
  const client = useQueryClient();
  // The server's latest answer for this product (the brand list may hold an older copy while edits are pending).
  const [saved, setSaved] = useState<{ productId: number; inventory: Inventory } | null>(null);
  const inventory = saved?.productId === product.id ? saved.inventory : product.inventory;
  // The last refusal, shown under the table: which location and the words.
  const [refusal, setRefusal] = useState<{ locationId: number; message: string } | null>(null);

  // What is being typed at each location (a whole number), for the above-on-hand warning before it is saved.
  const [typed, setTyped] = useState<Record<number, number | null>>({});
  const warehouses = useWarehouses();
  const warnings = inventory.locations.flatMap((location) => {
    const warning = aboveOnHandWarning(
      typed[location.id] ?? location.quantityAvailable,
      location.totals.physicalQuantity,
    );
    const name = warehouses.data?.find((w) => w.id === location.warehouseId)?.name;
    return warning ? [`${name ?? `Warehouse ${location.warehouseId}`}: ${warning}`] : [];
  });

  const refuseAt = (location: InventoryLocationDto) => (message: string) => {
    setRefusal({ locationId: location.id, message });
    return message;
  };
  const save = async (
    location: InventoryLocationDto,
    name: string,
    value: number,
  ): Promise<string | null> => {
    const refuse = refuseAt(location);
    const local = editQuantityAvailable(inventory, location.id, value);
    if (!local.ok)
      return refuse(belowPhysicalQuantityMessage(local.quantityAvailable, local.physicalQuantity));
    try {
      const next = await saveQuantityAvailable(product.id, location.warehouseId, value);
      setSaved({ productId: product.id, inventory: next });
      setRefusal(null);
      // The brand lists show the new QAV from the server's answer; the editor's own read is refreshed.
      client.setQueriesData<Product[]>({ queryKey: ['catalogue', 'brandProducts'] }, (list) =>
        list?.some((p) => p.id === product.id)
          ? list.map((p) => (p.id === product.id ? { ...p, inventory: next } : p))
          : list,
      );
      void client.invalidateQueries({ queryKey: productDetailKey(product.id) });
      notify({
        color: 'green',
        message: `${product.sku}: ${local.quantityAvailable} available at ${name}`,
      });
      return null;
    } catch (error) {
      return refuse(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Stack gap="sm" data-testid="inventory-section">
      <SimpleGrid cols={4} spacing="sm">
        <Field label="Available">
          <span data-testid="inventory-total-available">{inventory.totalQuantityAvailable}</span>
        </Field>
        <Field label="On Hand">{inventory.totalQuantityOnHand}</Field>
        <Field label="On Order">{inventory.totalQuantityOnOrder}</Field>
        <Field label="Non-fulfillable">{inventory.totalNonFulfillableQuantityAvailable}</Field>
      </SimpleGrid>
      <InventoryLocationsTable
        locations={inventory.locations}
        testId="inventory-locations"
        available={
          product.typeId === 0
            ? (location, name) => (
                // Keyed by the saved value, so a new answer from the server resets what was typed.
                <AvailableInput
                  key={location.quantityAvailable}
                  location={location}
                  warehouseName={name}
                  refused={refusal?.locationId === location.id}
                  onSave={(value) => save(location, name, value)}
                  onReset={() => setRefusal(null)}
                  onRefuse={refuseAt(location)}
                  onTyped={(quantity) => setTyped((current) => ({ ...current, [location.id]: quantity }))}
                />
              )
            : undefined
        }
      />
      {refusal && (
        <Text size="sm" c="red" role="alert" data-testid="inventory-refusal">
          {refusal.message}
        </Text>
      )}
      {warnings.map((warning) => (
        <Text key={warning} size="sm" c="orange.9" data-testid="inventory-warning">
          {warning}
        </Text>
      ))}
    </Stack>
  );
}
