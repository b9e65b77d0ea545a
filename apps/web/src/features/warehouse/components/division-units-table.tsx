import type { DivisionUnit } from '@backroom/shared';
import { Anchor, Table, Text } from '@mantine/core';

/**
 * The units stored in a division, as the Warehouses panel and the View Barcode page list them: SKU, Name, a
 * third column that suits the screen (the unit's exact location in a panel; the UPC on View Barcode, where a
 * clerk compares it with the label in hand), and the unit, opening its history where the screen offers it.
 */
export function DivisionUnitsTable({
  units,
  third,
  onUnit,
  testId,
}: {
  units: DivisionUnit[] | undefined;
  third: 'Location' | 'UPC';
  onUnit?: (unitId: number) => void;
  testId: string;
}) {
  if (units?.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing is stored here.
      </Text>
    );
  return (
    <Table striped withTableBorder fz="sm" data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>SKU</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>{third}</Table.Th>
          <Table.Th>Unit</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {units?.map((unit) => (
          <Table.Tr key={unit.id}>
            <Table.Td>{unit.product.sku}</Table.Td>
            <Table.Td>{unit.product.name}</Table.Td>
            <Table.Td>{third === 'UPC' ? unit.product.normalizedUPC : unit.locationBarcode}</Table.Td>
            <Table.Td>
              {onUnit ? (
                <Anchor component="button" size="sm" onClick={() => onUnit(unit.id)}>
                  #{unit.id}
                </Anchor>
              ) : (
                `#${unit.id}`
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
