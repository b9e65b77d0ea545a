import { BIN_TYPES, type BinTypeCode, type Division } from '@backroom/shared';
import { Badge, Button, Group, Paper, Select, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useCreateBin, useGroupBins } from '../api';
import { divisionTitle } from './division-text';

/** The warehouse's own bins (receiving, return, quarantine, transfer …), outside the zones. */
export function GroupBins({
  warehouseId,
  selectedId,
  onSelect,
}: {
  warehouseId: number;
  selectedId: number | null;
  onSelect(division: Division): void;
}) {
  const bins = useGroupBins(warehouseId);
  const create = useCreateBin();
  const [type, setType] = useState<BinTypeCode>('receiving');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={4}>Warehouse bins</Title>
        {bins.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            No receiving, return or quarantine bins yet.
          </Text>
        )}
        {bins.data?.map((bin) => (
          <UnstyledButton
            key={bin.id}
            onClick={() => onSelect(bin)}
            data-testid={`division-node-${bin.barcode}`}
          >
            <Group gap={6}>
              <Text
                size="sm"
                fw={selectedId === bin.id ? 700 : 500}
                td={bin.isActive ? undefined : 'line-through'}
              >
                {divisionTitle(bin)}
              </Text>
              <Text size="xs" c="dimmed">
                {bin.displayName ?? bin.name}
              </Text>
              {(bin.unitCount ?? 0) > 0 && <Badge size="xs">{bin.unitCount}</Badge>}
            </Group>
          </UnstyledButton>
        ))}
        <Group gap="xs" align="flex-end">
          <Select
            size="xs"
            label="New bin"
            w={150}
            data={BIN_TYPES.filter((t) => t.code !== 'bin' && t.code !== 'salesPerson').map((t) => ({
              value: t.code,
              label: t.name,
            }))}
            value={type}
            onChange={(v) => v && setType(v as BinTypeCode)}
            allowDeselect={false}
          />
          <Button
            size="xs"
            loading={create.isPending}
            onClick={() =>
              create.mutate(
                { warehouseId, type },
                {
                  onSuccess: (bin) =>
                    notify({
                      color: 'green',
                      message: `Added ${divisionTitle(bin)} (${bin.barcode})`,
                    }),
                },
              )
            }
          >
            Add bin
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
