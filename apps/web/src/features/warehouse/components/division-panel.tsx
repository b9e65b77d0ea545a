import { type Division, divisionUpdatedText, divisionUpdateFailedText } from '@backroom/shared';
import {
  Badge,
  Button,
  Code,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useState } from 'react';
import { notify } from '../../../lib/notify';
import { useClearBin, useDivisionUnits, usePatchDivisions } from '../api';
import { CHILD_LEVEL } from '../lib/next-division';
import { useAddNextDivision } from './add-next-division';
import { divisionCode, divisionTitle } from './division-text';
import { DivisionUnitsTable } from './division-units-table';
import { PrintLabelButton } from './print-label-button';
import { UnitHistoryModal } from './unit-history-modal';

interface DivisionPanelProps {
  division: Division;
  shortAlias: string;
  onAdded(parentId: number): void;
}

/** The selected division: its barcode, name, active state, what it holds, and its actions. */
export function DivisionPanel({ division, shortAlias, onAdded }: DivisionPanelProps) {
  const units = useDivisionUnits(division.barcode);
  const patch = usePatchDivisions();
  const clear = useClearBin();
  const addNext = useAddNextDivision(division.warehouseId);
  const [displayName, setDisplayName] = useState(division.displayName ?? '');
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [addCount, setAddCount] = useState(1);
  useEffect(() => setDisplayName(division.displayName ?? ''), [division.displayName]);
  const childLevel = CHILD_LEVEL[division.level];
  // "PATCH …/warehouse/division: success or failure toast" in §8's words, the server's reason under a failure.
  const save = (fields: Partial<Division>) =>
    patch
      .mutateAsync({
        warehouseId: division.warehouseId,
        warehouseDivisionPatches: [{ id: division.id, ...fields }],
      })
      .then(
        (saved) => {
          notify({ color: 'green', message: divisionUpdatedText([division.barcode]) });
          return saved;
        },
        (error: unknown) => {
          notify({
            color: 'red',
            title: divisionUpdateFailedText([division.barcode]),
            message: error instanceof Error ? error.message : String(error),
            autoClose: 6000,
          });
          throw error;
        },
      );

  const confirmClear = () =>
    modals.openConfirmModal({
      title: 'Please Confirm',
      children: <Text size="sm">Move every unit out of {division.barcode}?</Text>,
      labels: { confirm: 'Clear', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        clear.mutate(
          { shortAlias, chaosBin: division.chaosBin! },
          { onSuccess: (result) => notify({ color: 'green', message: result.message }) },
        ),
    });

  return (
    <Paper withBorder p="md" radius="md" data-testid="division-panel">
      <Stack>
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Title order={3}>{divisionTitle(division)}</Title>
            <Code data-testid="division-barcode">{division.barcode}</Code>
          </div>
          <Switch
            label="Active"
            checked={division.isActive === 1}
            disabled={patch.isPending}
            onChange={(e) => void save({ isActive: e.currentTarget.checked ? 1 : 0 }).catch(() => undefined)}
          />
        </Group>
        <TextInput
          label="Display name"
          placeholder={division.name ?? divisionCode(division)}
          value={displayName}
          onChange={(e) => setDisplayName(e.currentTarget.value)}
          onBlur={() =>
            displayName !== (division.displayName ?? '') &&
            void save({ displayName: displayName || null }).catch(() => undefined)
          }
          onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
        />
        <Group gap="xs">
          {childLevel && (
            <Group gap={4} wrap="nowrap">
              <NumberInput
                aria-label={`How many ${childLevel}s to add`}
                size="xs"
                w={64}
                min={1}
                max={99}
                allowDecimal={false}
                allowNegative={false}
                value={addCount}
                onChange={(value) => setAddCount(typeof value === 'number' ? value : 1)}
              />
              <Button
                size="xs"
                loading={addNext.isPending}
                onClick={() =>
                  void addNext.add(division, childLevel, Math.min(99, Math.max(1, addCount))).then(
                    () => onAdded(division.id),
                    () => undefined,
                  )
                }
              >
                {addCount > 1 ? `Add next ${addCount} ${childLevel}s` : `Add next ${childLevel}`}
              </Button>
            </Group>
          )}
          <PrintLabelButton barcodes={[division.barcode]} />
          {division.level !== 'bin' && (
            <PrintLabelButton
              barcodes={[division.barcode]}
              label={`Print all labels of this ${division.level}`}
              everythingUnder
            />
          )}
          {division.binGroupType === 'group' && (
            <Button size="xs" color="red" variant="light" onClick={confirmClear} loading={clear.isPending}>
              Clear bin
            </Button>
          )}
        </Group>
        <div>
          <Group gap="xs" mb={4}>
            <Text fw={600}>Units</Text>
            <Badge variant="light">{units.data?.length ?? '…'}</Badge>
          </Group>
          <DivisionUnitsTable
            units={units.data}
            third="Location"
            onUnit={setHistoryOf}
            testId="division-units"
          />
        </div>
      </Stack>
      <UnitHistoryModal unitId={historyOf} onClose={() => setHistoryOf(null)} />
    </Paper>
  );
}
