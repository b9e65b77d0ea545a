import type { OrderDetailDto, OrderItemDto } from '@backroom/shared';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '../../../../components/modal';
import { ReasonButton } from '../../../../components/reason-button';
import { ApiError } from '../../../../lib/api-client';
import { whyNot } from '../../../../lib/why-not';
import { posCalls, useAvailableUnits, useDeallocationOptions, usePosAction } from '../../pos-api';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/**
 * 'Choose Units' for one line: which physical units (from the order's warehouse) are allocated to it, up
 * to its quantity; allocated units can be marked picked, or deallocated into a chosen location.
 */
export function ChooseUnitsModal({
  order,
  item,
  onClose,
}: {
  order: OrderDetailDto;
  item: OrderItemDto;
  onClose: () => void;
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={`Choose Units: ${item.product?.sku ?? item.listingSKU ?? ''} (${item.quantityAllocated} of ${item.quantityOrdered} allocated)`}
    >
      <Stack gap="md" data-testid="choose-units">
        {!order.overrideWarehouseId && (
          <Alert color="yellow">The order has no warehouse to take units from.</Alert>
        )}
        <AllocatedUnits order={order} item={item} />
        <AvailableUnits order={order} item={item} onClose={onClose} />
      </Stack>
    </Modal>
  );
}

/** After a change, the unit lists (available and deallocation options) are fetched again. */
function useRefreshUnits() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['orders', 'units'] });
    void client.invalidateQueries({ queryKey: ['orders', 'deallocation'] });
  };
}

const toggle = (list: number[], id: number) =>
  list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

type UnitProps = { order: OrderDetailDto; item: OrderItemDto };
type AllocatedUnit = OrderItemDto['units'][number];

/** The 'Allocated' section: the line's units, to mark picked or tick and deallocate into a location. */
function AllocatedUnits({ order, item }: UnitProps) {
  const refresh = useRefreshUnits();
  const pickRequestId = item.units[0]?.pickRequestId ?? null;
  const deallocation = useDeallocationOptions(pickRequestId);
  const [toRelease, setToRelease] = useState<number[]>([]);
  const [destination, setDestination] = useState<string | null>(null);
  const deallocate = usePosAction(order.id, {
    call: (current, v: { ids: number[]; division: number }) =>
      posCalls.deallocate(current, { selectedUnits: v.ids, destinationDivision: v.division }),
    success: 'Inventory Successfully Deallocated',
    failure: 'Error Deallocating Inventory',
  });
  const barcodeOf = (pickRequestItemId: number) =>
    deallocation.data?.units.find((u) => u.pickRequestItemId === pickRequestItemId)?.barcode ?? '';

  return (
    <Stack gap="xs">
      <Title order={5}>Allocated</Title>
      {item.units.length === 0 ? (
        <Text size="sm" c="dimmed">
          No units allocated yet.
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32} />
              <Table.Th>Unit</Table.Th>
              <Table.Th>Location</Table.Th>
              <Table.Th>Picked</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {item.units.map((unit) => (
              <AllocatedRow
                key={unit.pickRequestItemId}
                orderId={order.id}
                unit={unit}
                location={barcodeOf(unit.pickRequestItemId)}
                ticked={toRelease.includes(unit.pickRequestItemId)}
                onTick={() => setToRelease((list) => toggle(list, unit.pickRequestItemId))}
                refresh={refresh}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}

      {item.units.length > 0 && (
        <Group align="flex-end">
          <Select
            label="Put deallocated units in"
            placeholder={deallocation.isLoading ? 'Loading...' : 'Choose a location'}
            searchable
            w={300}
            data={(deallocation.data?.divisions ?? []).map((d) => ({
              value: String(d.id),
              label: d.displayName ? `${d.barcode} (${d.displayName})` : d.barcode,
            }))}
            value={destination}
            onChange={setDestination}
            comboboxProps={{ withinPortal: true }}
          />
          <ReasonButton
            variant="default"
            disabledReason={whyNot(
              [!toRelease.length, 'Tick the units to deallocate first'],
              [!destination, 'Choose where to put the deallocated units first'],
            )}
            loading={deallocate.isPending}
            onClick={() =>
              deallocate.mutate(
                { ids: toRelease, division: Number(destination) },
                {
                  onSuccess: () => {
                    setToRelease([]);
                    refresh();
                  },
                },
              )
            }
          >
            Deallocate {toRelease.length || ''}
          </ReasonButton>
        </Group>
      )}
    </Stack>
  );
}

/** One allocated unit: the deallocate tick, its location, whether picked, and Mark Picked. */
function AllocatedRow({
  orderId,
  unit,
  location,
  ticked,
  onTick,
  refresh,
}: {
  orderId: number;
  unit: AllocatedUnit;
  location: string;
  ticked: boolean;
  onTick: () => void;
  refresh: () => void;
}) {
  const markPicked = usePosAction(orderId, {
    call: (current, v: { inventoryLocationItem: number; pickRequestItem: number }) =>
      posCalls.markPicked(current, v),
    success: 'Unit Marked Picked',
    failure: 'Error Picking Unit',
  });
  return (
    <Table.Tr data-testid="allocated-unit">
      <Table.Td>
        <Checkbox
          aria-label={`Deallocate unit ${unit.inventoryLocationItemId}`}
          disabled={Boolean(unit.pickedAt)}
          checked={ticked}
          onChange={onTick}
        />
      </Table.Td>
      <Table.Td>{unit.inventoryLocationItemId}</Table.Td>
      <Table.Td>{location}</Table.Td>
      <Table.Td>
        {unit.pickedAt ? (
          <Badge color="green" variant="light">
            Picked
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            No
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">
        {!unit.pickedAt && (
          <Button
            size="compact-xs"
            variant="light"
            loading={markPicked.isPending && markPicked.variables?.pickRequestItem === unit.pickRequestItemId}
            onClick={() =>
              markPicked.mutate(
                {
                  inventoryLocationItem: unit.inventoryLocationItemId,
                  pickRequestItem: unit.pickRequestItemId,
                },
                { onSuccess: refresh },
              )
            }
          >
            Mark Picked
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The 'Available' section: the free units of the product in the order's warehouse, to tick and allocate. */
function AvailableUnits({ order, item, onClose }: UnitProps & { onClose: () => void }) {
  const refresh = useRefreshUnits();
  const warehouseId = order.overrideWarehouseId;
  const available = useAvailableUnits(item.productId, warehouseId);
  const [toAllocate, setToAllocate] = useState<number[]>([]);
  const room = Math.max(0, item.quantityOrdered - item.quantityAllocated);
  const allocate = usePosAction(order.id, {
    call: (current, ids: number[]) =>
      posCalls.allocate(current, {
        warehouseId: warehouseId ?? 0,
        selectedProductUnits: ids.map((inventoryLocationItemId) => ({
          channelOrderItemId: item.id,
          inventoryLocationItemId,
        })),
      }),
    success: 'Inventory Successfully Allocated',
    failure: 'Error Allocating Inventory',
  });

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={5}>Available</Title>
        <Text size="sm" c="dimmed">
          {room ? `Choose up to ${room}` : 'The line has all its units'}
        </Text>
      </Group>

      {available.isLoading ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Loading...</Text>
        </Group>
      ) : available.isError ? (
        <Alert color="red">{messageOf(available.error)}</Alert>
      ) : (available.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          No free units of this product in the order's warehouse.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={280}>
          <Table fz="sm" verticalSpacing={4} data-testid="available-units">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={32} />
                <Table.Th>Unit</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th>Received</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(available.data ?? []).map((unit) => {
                const checked = toAllocate.includes(unit.id);
                return (
                  <Table.Tr key={unit.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Allocate unit ${unit.id}`}
                        checked={checked}
                        disabled={!checked && toAllocate.length >= room}
                        onChange={() => setToAllocate((list) => toggle(list, unit.id))}
                      />
                    </Table.Td>
                    <Table.Td>{unit.id}</Table.Td>
                    <Table.Td>
                      {unit.displayName ? `${unit.barcode} (${unit.displayName})` : unit.barcode}
                    </Table.Td>
                    <Table.Td>{unit.receivedAt?.slice(0, 10) ?? ''}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <ReasonButton
          disabledReason={whyNot(
            [!warehouseId, 'The order has no warehouse to take units from'],
            [room === 0, 'The line has all its units'],
            [!toAllocate.length, 'Tick the units to allocate first'],
          )}
          loading={allocate.isPending}
          onClick={() =>
            allocate.mutate(toAllocate, {
              onSuccess: () => {
                setToAllocate([]);
                refresh();
              },
            })
          }
        >
          Allocate {toAllocate.length || ''}
        </ReasonButton>
      </Group>
    </Stack>
  );
}
