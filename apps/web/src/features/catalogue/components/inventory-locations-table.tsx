import type { InventoryLocationDto } from '@backroom/shared';
import { Group, Table, Text } from '@mantine/core';

import type { ReactNode } from 'react';

import { useWarehouses } from '../../warehouse/api';

/**
 * A product's inventory per warehouse (available and physical), or a line saying there is none. `available`
 * draws the Available cell instead of the number (the editor puts an input there). A quantity set by hand
 * says who set it.
 */
export function InventoryLocationsTable({
  locations,
  compact = false,
  testId,
  available,
}: {
  locations: InventoryLocationDto[];
  compact?: boolean;
  testId?: string;
  available?: (location: InventoryLocationDto, warehouseName: string) => ReactNode;
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
        {locations.map((location) => {
          const name = names.get(location.warehouseId) ?? `Warehouse ${location.warehouseId}`;
          return (
            <Table.Tr key={location.id}>
              <Table.Td>
                <Group gap={6}>
                  {name}
                  {location.modifiedAt && (
                    <Text span size="xs" c="dimmed" data-testid="inventory-modified">
                      set by {location.modifiedByName ?? `user ${location.modifiedBy}`}
                    </Text>
                  )}
                </Group>
              </Table.Td>
              <Table.Td ta="right">
                {available ? available(location, name) : location.quantityAvailable}
              </Table.Td>
              <Table.Td ta="right">{location.totals.physicalQuantity}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
