import type { Warehouse } from '@backroom/shared';
import { Select } from '@mantine/core';
import { useWarehouses } from '../../warehouse/api';
import { defaultPrinterWarehouse } from './printer-list';

/** The chosen warehouse, or the default one while none is chosen (or the chosen one is not in the list). */
export function useChosenWarehouse(chosenId: number | null) {
  const warehouses = useWarehouses();
  const list = warehouses.data ?? [];
  const warehouse = list.find((w) => w.id === chosenId) ?? defaultPrinterWarehouse(list);
  return { warehouses: list, warehouse, isPending: warehouses.isPending };
}

export function WarehousePicker({
  warehouses,
  value,
  onChange,
}: {
  warehouses: readonly Warehouse[];
  value: Warehouse | null;
  onChange: (warehouseId: number) => void;
}) {
  return (
    <Select
      label="Warehouse"
      data-testid="printer-warehouse"
      w={260}
      allowDeselect={false}
      data={warehouses.map((w) => ({
        value: String(w.id),
        label: `${w.name} (${w.shortAlias})${w.isActive === 1 ? '' : ' · inactive'}`,
      }))}
      value={value ? String(value.id) : null}
      onChange={(id) => id && onChange(Number(id))}
    />
  );
}
