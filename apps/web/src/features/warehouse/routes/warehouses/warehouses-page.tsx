import { isWarehouseValid, MAX_SHORT_ALIAS_LENGTH } from '@backroom/shared';
import {
  Badge,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageScanField } from '../../../../components/page-scan-field';
import { ReasonButton } from '../../../../components/reason-button';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useMe } from '../../../auth/api';
import { useCreateWarehouse, useWarehouses, useWarehouseTypes } from '../../api';
import { useDivisionScan } from '../../components/use-division-scan';
import { ScaleWidget } from '../../scale/scale-widget';

/** Every warehouse of the account; a new one is two fields away. */
export function WarehousesPage() {
  usePageTitle('Warehouses');
  const me = useMe().data!;
  const warehouses = useWarehouses();
  const types = useWarehouseTypes();
  const create = useCreateWarehouse();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ name: '', shortAlias: '', warehouseTypeId: '1' });
  useDivisionScan();
  const valid = isWarehouseValid({ ...form, accountId: me.currentAccount.id });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Warehouses</Title>
        {me.permissionGroups.includes('warehouse') && (
          <Button onClick={() => setOpen(true)}>New Warehouse</Button>
        )}
      </Group>
      <PageScanField
        label="Scan or type a bin or shelf label"
        description="Opens that bin or shelf in its warehouse. The scanner works anywhere on the page."
        testId="warehouse-scan-field"
      />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Table striped highlightOnHover withTableBorder data-testid="warehouse-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Alias</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>City</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {warehouses.data?.map((w) => (
                <Table.Tr
                  key={w.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => navigate(`/warehouse/${w.id}`)}
                >
                  <Table.Td>
                    <Link to={`/warehouse/${w.id}`}>{w.shortAlias}</Link>
                  </Table.Td>
                  <Table.Td>{w.name}</Table.Td>
                  <Table.Td>{w.warehouseType?.name}</Table.Td>
                  <Table.Td>{[w.city, w.stateOrProvidence].filter(Boolean).join(', ')}</Table.Td>
                  <Table.Td>
                    <Badge color={w.isActive ? 'green' : 'gray'} variant="light">
                      {w.isActive ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {warehouses.data?.length === 0 && <Text c="dimmed">No warehouses yet.</Text>}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Paper withBorder p="md" radius="md">
            <Text fw={600} mb={4}>
              Bench scale
            </Text>
            <Text size="sm" c="dimmed" mb="xs" data-testid="bench-scale-help">
              Weighs a parcel on a USB postage scale plugged into this computer; the weight then fills in on
              the shipment and packing screens by itself. To connect: plug the scale in, switch it on, press
              Connect and choose it in the browser’s list (Chrome or Edge; other browsers cannot reach USB
              devices).
            </Text>
            <ScaleWidget />
          </Paper>
        </Grid.Col>
      </Grid>

      <Modal opened={open} onClose={() => setOpen(false)} title="New Warehouse">
        <Stack>
          <TextInput
            label="Name"
            required
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
          />
          <TextInput
            label="Short alias"
            description={`Printed on every label: 1 to ${MAX_SHORT_ALIAS_LENGTH} letters or digits`}
            required
            maxLength={MAX_SHORT_ALIAS_LENGTH}
            value={form.shortAlias}
            onChange={(e) =>
              setForm({ ...form, shortAlias: e.currentTarget.value.toUpperCase().replace(/[^A-Z0-9]/g, '') })
            }
          />
          <Select
            label="Type"
            data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            value={form.warehouseTypeId}
            onChange={(v) => v && setForm({ ...form, warehouseTypeId: v })}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <ReasonButton
              disabledReason={!valid && 'Give the warehouse a name and a short alias first'}
              loading={create.isPending}
              onClick={() =>
                create.mutate(
                  {
                    name: form.name.trim(),
                    shortAlias: form.shortAlias,
                    warehouseTypeId: Number(form.warehouseTypeId),
                  },
                  { onSuccess: (w) => navigate(`/warehouse/${w.id}`) },
                )
              }
            >
              Create Warehouse
            </ReasonButton>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
