import { Table, Text } from '@mantine/core';
import { useWarehouses } from '../../warehouse/api';
import type { InventoryLocation } from '../api';

/** A product's inventory per warehouse (available and physical), or a line saying there is none. */
export function InventoryLocationsTable({
  locations,
  compact = false,
  testId,
}: {
  locations: InventoryLocation[];
  compact?: boolean;
  testId?: string;
}) {
  const warehouses = useWarehouses();
  const names = new Map(warehouses.data?.map((w) => [w.id, w.name]));
  if (locations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No inventory for this product.
      </Text>
    );
  }
  return (
    <Table
      withTableBorder
      striped={!compact}
      fz={compact ? 'xs' : undefined}
      verticalSpacing={compact ? 4 : undefined}
      data-testid={testId}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Warehouse</Table.Th>
          <Table.Th ta="right">Available</Table.Th>
          <Table.Th ta="right">Physical</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {locations.map((location) => (
          <Table.Tr key={location.id}>
            <Table.Td>{names.get(location.warehouseId) ?? `Warehouse ${location.warehouseId}`}</Table.Td>
            <Table.Td ta="right">{location.quantityAvailable}</Table.Td>
            <Table.Td ta="right">{location.totals.physicalQuantity}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
