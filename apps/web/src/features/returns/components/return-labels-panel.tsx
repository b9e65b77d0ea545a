import { isReturnDestination, type ReturnShipmentDto } from '@backroom/shared';
import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Section } from '../../orders/components/section';
import { dollars } from '../../orders/lib/order-format';
import { useWarehouses } from '../../warehouse/api';
import { AddShipmentModal } from './add-shipment-modal';
import type { AddressLike } from './return-shipment-panel';

interface ReturnLabelsPanelProps {
  /** The return as GET …/returns/{id} answers it. */
  detail: {
    id: number;
    channelOrderReturnId?: number | null;
    channelOrderReturn?: {
      id: number;
      order?: { shipTo?: { address: AddressLike | null } | null } | null;
    } | null;
    shipments: readonly ReturnShipmentDto[];
  };
  /** Reloads the return (returns.md §4 Reloads: after a shipment is added, rated or bought). */
  onChanged: () => void;
  /** The page's chosen warehouse: the destination offered first when it may receive returns. */
  warehouse?: { id: number } | null;
  disabled?: boolean;
}

function stateOf(shipment: ReturnShipmentDto) {
  if (shipment.isVoided) return { label: 'Voided', color: 'gray' };
  if (shipment.isDelivered) return { label: 'Delivered', color: 'green' };
  if (shipment.isPurchased) return { label: 'Purchased', color: 'blue' };
  if (shipment.hasLabel) return { label: 'External', color: 'teal' };
  return { label: shipment.hasRates ? 'Rated' : 'No Label Yet', color: 'yellow' };
}

/**
 * Return Labels (returns.md §Manage inbound return, §Add shipment modal, §Shipment panel, §4 Shipments): the
 * return's labels ('0 Labels' when empty) with their tracking numbers, costs and Download Label; 'Add a Return
 * Label' opens the Add shipment modal; a new label not bought yet opens again on its Shipment panel.
 */
export function ReturnLabelsPanel({ detail, onChanged, disabled, warehouse }: ReturnLabelsPanelProps) {
  const warehouses = useWarehouses();
  const [open, setOpen] = useState<{ resume: ReturnShipmentDto | null } | null>(null);
  const destinations = (warehouses.data ?? [])
    .filter(isReturnDestination)
    .map((w) => ({ id: w.id, name: w.name }))
    // The chosen warehouse first.
    .sort((a, b) => Number(b.id === warehouse?.id) - Number(a.id === warehouse?.id));
  const count = detail.shipments.length;
  const warehouseName = (id: number | null) => warehouses.data?.find((w) => w.id === id)?.name;

  return (
    <Section
      title="Return Labels"
      data-testid="return-labels"
      actions={
        <Button
          size="xs"
          onClick={() => setOpen({ resume: null })}
          disabled={disabled || !warehouses.isSuccess}
          data-testid="add-return-label"
        >
          Add a Return Label
        </Button>
      }
    >
      <Text size="sm" c="dimmed" data-testid="return-labels-count">
        {count} Label{count === 1 ? '' : 's'}
      </Text>
      {count > 0 && (
        <Table striped verticalSpacing={4} fz="sm" data-testid="return-labels-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tracking Number</Table.Th>
              <Table.Th>Carrier</Table.Th>
              <Table.Th ta="right">Cost</Table.Th>
              <Table.Th>Destination</Table.Th>
              <Table.Th w={110}>State</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.shipments.map((shipment) => {
              const state = stateOf(shipment);
              return (
                <Table.Tr key={shipment.id} data-testid="return-label-row">
                  <Table.Td>{shipment.trackingNumber ?? `Shipment #${shipment.id}`}</Table.Td>
                  <Table.Td>{[shipment.carrier, shipment.service].filter(Boolean).join(' ') || '—'}</Table.Td>
                  <Table.Td ta="right">{dollars(shipment.carrierFeeBilled)}</Table.Td>
                  <Table.Td>
                    {warehouseName(shipment.warehouseId) ?? shipment.destinationAddress?.name ?? '—'}
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={state.color}>
                      {state.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {shipment.labelDownloadUrl && (
                        <Anchor size="xs" href={shipment.labelDownloadUrl} download>
                          Download Label
                        </Anchor>
                      )}
                      {!shipment.hasLabel && !shipment.isVoided && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          disabled={disabled || !warehouses.isSuccess}
                          onClick={() => setOpen({ resume: shipment })}
                        >
                          Continue
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {open && (
        <AddShipmentModal
          inboundReturnId={detail.id}
          channelOrderReturnId={detail.channelOrderReturn?.id ?? detail.channelOrderReturnId ?? null}
          orderAddress={detail.channelOrderReturn?.order?.shipTo?.address ?? null}
          destinations={destinations}
          resume={open.resume}
          onChanged={onChanged}
          onClose={() => setOpen(null)}
        />
      )}
    </Section>
  );
}
