import {
  DEFAULT_NEW_PRINTER_LABEL_KIND,
  DEFAULT_PAPER_FOR_LABEL_KIND,
  LABEL_KINDS,
  type LabelKindKey,
  type Printer,
  papersForLabelKind,
} from '@backroom/shared';
import { Button, Paper as Card, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ReasonButton } from '../../../components/reason-button';
import { notify } from '../../../lib/notify';
import { usePatchPrinter, useTestPrint } from '../api';

const KIND_OPTIONS = Object.values(LABEL_KINDS)
  .filter((kind) => kind.isActive)
  .map((kind) => ({ value: kind.key, label: kind.name }));

/** 'Test print': a test label for the printer's paper goes through the queue; the toast says where. */
export function TestPrintButton({
  printer,
  disabledReason,
}: {
  printer: Printer;
  /** Why the row is read-only, if it is. */
  disabledReason?: string | false;
}) {
  const test = useTestPrint();
  return (
    <ReasonButton
      size="xs"
      variant="light"
      disabledReason={disabledReason || (printer.paper === null && 'Choose a paper first')}
      loading={test.isPending}
      aria-label={`Test print on ${printer.commonName}`}
      onClick={() =>
        test.mutate(printer.id, {
          onSuccess: (job) =>
            notify({
              color: 'green',
              message: `Test print #${job.id} sent to ${printer.commonName}: find it in the Print Queue`,
            }),
        })
      }
    >
      Test print
    </ReasonButton>
  );
}

/**
 * A printer that registered without paper (a print agent's new printer): asks what it will print and offers
 * the paper for that, the usual one preselected (4" x 6" for shipping, 2.25" x 1.25" for bin labels …).
 */
function ChoosePaper({ printer }: { printer: Printer }) {
  const patch = usePatchPrinter();
  const [kind, setKind] = useState<LabelKindKey>(DEFAULT_NEW_PRINTER_LABEL_KIND);
  const [paperId, setPaperId] = useState<number>(
    DEFAULT_PAPER_FOR_LABEL_KIND[DEFAULT_NEW_PRINTER_LABEL_KIND],
  );
  const papers = papersForLabelKind(kind);
  return (
    <Card withBorder p="sm" data-testid={`new-printer-${printer.id}`}>
      <Stack gap="xs">
        <Text size="sm" fw={500}>{`${printer.commonName} (${printer.uri}) has no paper yet`}</Text>
        <Group align="flex-end" gap="sm">
          <Select
            label="It prints"
            size="xs"
            w={260}
            allowDeselect={false}
            data={KIND_OPTIONS}
            value={kind}
            onChange={(value) => {
              if (!value) return;
              const next = value as LabelKindKey;
              setKind(next);
              setPaperId(DEFAULT_PAPER_FOR_LABEL_KIND[next]);
            }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Paper"
            size="xs"
            w={280}
            allowDeselect={false}
            data={papers.map((p) => ({ value: String(p.id), label: p.name }))}
            value={String(paperId)}
            onChange={(value) => value && setPaperId(Number(value))}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            size="xs"
            loading={patch.isPending}
            onClick={() =>
              patch.mutate(
                { id: printer.id, paperId },
                {
                  onSuccess: (saved) =>
                    notify({
                      color: 'green',
                      message: `${saved.commonName} is loaded with ${saved.paper?.name ?? 'its paper'}`,
                    }),
                },
              )
            }
          >
            Save paper
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The print agent's printers as they register: a new one asks for its paper, one with paper offers a test
 * print. `printers` are those to show (one server's in the Add print server dialog, the warehouse's new
 * printers above the table).
 */
export function NewPrinters({ printers, canEdit }: { printers: Printer[]; canEdit: boolean }) {
  return (
    <Stack gap="xs">
      {printers.map((printer) =>
        printer.paper === null && canEdit ? (
          <ChoosePaper key={printer.id} printer={printer} />
        ) : (
          <Group key={printer.id} gap="sm" data-testid={`new-printer-${printer.id}`}>
            <Text size="sm">{`${printer.commonName} (${printer.uri}): ${printer.paper?.name ?? 'no paper yet'}`}</Text>
            <TestPrintButton
              printer={printer}
              disabledReason={!canEdit && 'Changing printers needs the printing permission'}
            />
          </Group>
        ),
      )}
    </Stack>
  );
}
