import type { AddressFieldKey, Division, Warehouse } from '@backroom/shared';
import {
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AddressEditor, type AddressEditorValue } from '../../../../components/address-editor';
import { PageScanField } from '../../../../components/page-scan-field';
import { usePageTitle } from '../../../../lib/use-page-title';
import { lookupDivision, useUpsertWarehouse, useWarehouse, useWarehouseTypes } from '../../api';
import { useAddNextDivision } from '../../components/add-next-division';
import { DivisionPanel } from '../../components/division-panel';
import { DivisionTree } from '../../components/division-tree';
import { GroupBins } from '../../components/group-bins';
import { useDivisionScan } from '../../components/use-division-scan';

/** The warehouse's address fields as the shared address editor names them. */
const ADDRESS_MAP: Partial<Record<AddressFieldKey, keyof Warehouse>> = {
  company: 'company',
  addressLine1: 'addressLine1',
  addressLine2: 'addressLine2',
  addressLine3: 'addressLine3',
  city: 'city',
  state: 'stateOrProvidence',
  postalCode: 'postalCode',
  country: 'country',
  email: 'email',
  phone: 'phoneWork',
};

/** Warehouse editor: name, alias, address, and the hierarchy down to the bin. A scanned division opens it. */
export function WarehouseEditorPage() {
  const warehouseId = Number(useParams().warehouseId);
  const [params, setParams] = useSearchParams();
  const barcode = params.get('division');
  const warehouse = useWarehouse(warehouseId);
  usePageTitle(warehouse.data?.name ? `Warehouse ${warehouse.data.name}` : 'Warehouse');
  const types = useWarehouseTypes();
  const upsert = useUpsertWarehouse();
  const addNext = useAddNextDivision(warehouseId);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [name, setName] = useState('');
  useDivisionScan();

  const selected = useQuery({
    queryKey: ['warehouse', 'division', barcode],
    queryFn: () => lookupDivision(barcode!),
    enabled: barcode !== null,
  });
  // Opening a division (from a scan or a link) opens the tree down to it.
  useEffect(() => {
    const d = selected.data;
    if (!d) return;
    const path = [
      d.warehouseZoneId,
      d.warehouseZoneRowId,
      d.warehouseZoneRowSectionId,
      d.warehouseZoneRowSectionShelfId,
    ];
    setExpanded((current) => new Set([...current, ...path.filter((id): id is number => id !== null)]));
  }, [selected.data]);
  useEffect(() => setName(warehouse.data?.name ?? ''), [warehouse.data?.name]);

  if (warehouse.isPending) return <Loader />;
  if (!warehouse.data) return <Text c="red">{warehouse.error?.message ?? 'Warehouse not found.'}</Text>;
  const w = warehouse.data;
  const select = (division: Division) => setParams({ division: division.barcode });
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const address: AddressEditorValue = {
    ...Object.fromEntries(
      Object.entries(ADDRESS_MAP).map(([key, field]) => [
        key,
        (w[field as keyof Warehouse] as string | null) ?? null,
      ]),
    ),
    stateId: w.stateId,
    countryId: w.countryId,
  };
  const save = (fields: Record<string, unknown>) => upsert.mutate({ id: w.id, ...fields });

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          <Anchor component={Link} to="/warehouse" size="sm">
            Warehouses
          </Anchor>
          <Text c="dimmed">/</Text>
          <Title order={2}>{w.name}</Title>
          <Badge size="lg" variant="outline" data-testid="warehouse-alias">
            {w.shortAlias}
          </Badge>
        </Group>
        <PageScanField
          label="Scan or type a bin or shelf label"
          description="Opens it here or in its own warehouse. The scanner works anywhere on the page."
          testId="warehouse-scan-field"
        />
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                <TextInput
                  label="Name"
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  onBlur={() => name.trim() && name !== w.name && save({ name: name.trim() })}
                  onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
                />
                <Select
                  label="Type"
                  data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
                  value={String(w.warehouseTypeId)}
                  onChange={(v) => v && save({ warehouseTypeId: Number(v) })}
                  allowDeselect={false}
                />
                <Text size="sm" fw={500}>
                  Address
                </Text>
                <AddressEditor
                  value={address}
                  omit={['name']}
                  onChange={(field, value, ids) => save({ [ADDRESS_MAP[field]!]: value || null, ...ids })}
                />
              </Stack>
            </Paper>
            <GroupBins warehouseId={w.id} selectedId={selected.data?.id ?? null} onSelect={select} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md">
            <Group justify="space-between" mb="xs">
              <Title order={4}>Locations</Title>
              <Button
                size="xs"
                loading={addNext.isPending}
                onClick={() => void addNext.add(null, 'zone').catch(() => undefined)}
              >
                Add next zone
              </Button>
            </Group>
            <DivisionTree
              warehouseId={w.id}
              selectedId={selected.data?.id ?? null}
              expanded={expanded}
              onToggle={toggle}
              onSelect={select}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {selected.data ? (
            <DivisionPanel
              division={selected.data}
              shortAlias={w.shortAlias}
              onAdded={(parentId) => setExpanded((current) => new Set([...current, parentId]))}
            />
          ) : (
            <Paper withBorder p="md" radius="md">
              <Text c="dimmed">
                {selected.error?.message ?? 'Choose or scan a division to see what it holds.'}
              </Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
