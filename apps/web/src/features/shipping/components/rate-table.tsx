import { formatMoney, formatShipmentDate, type ShipmentRateDto, toCents } from '@backroom/shared';
import { Radio, Table, Text } from '@mantine/core';

const COLUMNS = ['', 'Shipper', 'Service', 'Cost', 'Est. Delivery'];

/** "Rate delivery dates are shown as MM/DD/YY in the account's UTC offset" (returns.md §9). */
function delivery(rate: ShipmentRateDto, utcOffset: string): string {
  if (rate.deliveryDate) return formatShipmentDate(rate.deliveryDate, utcOffset);
  if (rate.deliveryDays !== null) return `${rate.deliveryDays} day${rate.deliveryDays === 1 ? '' : 's'}`;
  return '—';
}

/**
 * The shipping rates (returns.md §Shipment panel): Shipper, Service, Cost, Est. Delivery, cheapest first,
 * one chosen by its radio button. Locked once a label is bought.
 */
export function RateTable({
  shipmentId,
  rates,
  selectedRateId,
  onSelect,
  disabled,
  utcOffset,
}: {
  shipmentId: number;
  rates: readonly ShipmentRateDto[];
  selectedRateId: string | null;
  onSelect: (rateId: string) => void;
  disabled: boolean;
  utcOffset: string;
}) {
  return (
    <Table striped highlightOnHover verticalSpacing={4} data-testid={`rates-${shipmentId}`}>
      <Table.Thead>
        <Table.Tr>
          {COLUMNS.map((name) => (
            <Table.Th key={name} ta={name === 'Cost' ? 'right' : undefined}>
              {name}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rates.map((rate) => {
          const cost = formatMoney(toCents(rate.rate));
          const checked = rate.id === selectedRateId;
          return (
            <Table.Tr
              key={rate.id}
              data-testid="rate-row"
              data-rate-id={rate.id}
              data-selected={checked}
              bg={checked ? 'var(--mantine-color-blue-light)' : undefined}
              style={{ cursor: disabled ? undefined : 'pointer' }}
              onClick={() => !disabled && onSelect(rate.id)}
            >
              <Table.Td w={36}>
                <Radio
                  name={`rate-${shipmentId}`}
                  aria-label={`${rate.carrier} ${rate.service} ${cost}`}
                  checked={checked}
                  disabled={disabled}
                  onChange={() => onSelect(rate.id)}
                />
              </Table.Td>
              <Table.Td>{rate.carrier}</Table.Td>
              <Table.Td>{rate.service}</Table.Td>
              <Table.Td ta="right" data-testid="rate-cost">
                <Text size="sm" fw={checked ? 700 : undefined}>
                  {cost}
                </Text>
              </Table.Td>
              <Table.Td>{delivery(rate, utcOffset)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
