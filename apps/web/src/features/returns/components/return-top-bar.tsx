import {
  LABEL_KINDS,
  type Printer,
  RETURN_LABEL_KINDS,
  THIRD_PARTY_WAREHOUSE_TYPE_ID,
  type Warehouse,
} from '@backroom/shared';
import { Alert, Button, Group, Paper, Select } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { ReasonButton } from '../../../components/reason-button';
import { useMe } from '../../auth/api';
import { useLabelPrinter } from '../../printing/components/label-mappings';
import { LabelSettingsModal } from '../../printing/components/label-settings-modal';
import { useWarehouses } from '../../warehouse/api';

export interface ReturnPrinters {
  inboundReturnLabel: Printer | null;
  pguLabel: Printer | null;
  productBarcodeLabel: Printer | null;
}

/** The three printers the screen prints on (returns.md §2, §3 Printer mappings), as mapped in Label Settings. */
export function useReturnPrinters(): ReturnPrinters {
  return {
    inboundReturnLabel: useLabelPrinter('inboundReturnLabel'),
    pguLabel: useLabelPrinter('pguLabel'),
    productBarcodeLabel: useLabelPrinter('productBarcodeLabel'),
  };
}

/** The warehouse the clerk receives into, remembered per account in this browser; null until chosen. */
export function useReturnWarehouse() {
  const accountId = useMe().data?.currentAccount.id ?? 0;
  const [chosenId, setChosenId] = useLocalStorage<number | null>({
    key: `backroom.returns.warehouse.${accountId}`,
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  const list = useWarehouses().data ?? [];
  // Units are received where returns arrive: active warehouses that are not third party.
  const receiving = list.filter(
    (w) => w.isActive === 1 && w.warehouseTypeId !== THIRD_PARTY_WAREHOUSE_TYPE_ID,
  );
  const warehouse = receiving.find((w) => w.id === chosenId) ?? null;
  return { warehouses: receiving, warehouse, choose: setChosenId };
}

/**
 * The top bar (returns.md §Manage inbound return): back to the returns search, Save, printer settings, the
 * warehouse picker, and a warning row while a printer the screen needs is not mapped.
 */
export function ReturnTopBar({
  warehouses,
  warehouse,
  onWarehouse,
  onSave,
  busy,
  printers,
}: {
  warehouses: readonly Warehouse[];
  warehouse: Warehouse | null;
  onWarehouse: (id: number) => void;
  onSave: () => void;
  busy: boolean;
  printers: ReturnPrinters;
}) {
  const [settings, setSettings] = useState(false);
  const unmapped = RETURN_LABEL_KINDS.filter((kind) => printers[kind] === null);
  return (
    <Paper withBorder p="xs" data-testid="return-top-bar">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Button component={Link} to="/returns" variant="default" size="sm">
            ← Returns
          </Button>
          <ReasonButton
            size="sm"
            onClick={onSave}
            loading={busy}
            disabledReason={!warehouse && 'Choose the warehouse you receive into first'}
          >
            Save
          </ReasonButton>
          <Button size="sm" variant="default" onClick={() => setSettings(true)}>
            Printer Settings
          </Button>
        </Group>
        <Select
          aria-label="Warehouse"
          data-testid="return-warehouse"
          placeholder="Choose a warehouse"
          w={280}
          allowDeselect={false}
          data={warehouses.map((w) => ({ value: String(w.id), label: `${w.name} (${w.shortAlias})` }))}
          value={warehouse ? String(warehouse.id) : null}
          onChange={(id) => id && onWarehouse(Number(id))}
          error={warehouse ? undefined : 'Choose the warehouse you receive into'}
        />
      </Group>
      {unmapped.length > 0 && (
        <Alert color="yellow" mt="xs" p="xs" data-testid="printer-warning">
          Printers not mapped: {unmapped.map((kind) => LABEL_KINDS[kind].name).join(', ')}. Map them in{' '}
          <Button size="compact-xs" variant="subtle" onClick={() => setSettings(true)}>
            Printer Settings
          </Button>
        </Alert>
      )}
      <LabelSettingsModal
        opened={settings}
        onClose={() => setSettings(false)}
        warehouseId={warehouse?.id ?? null}
      />
    </Paper>
  );
}
