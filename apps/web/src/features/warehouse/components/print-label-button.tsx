import { DIVISION_LABEL_TYPES, type DivisionLabelType, isPrinterAllowedForLabelKind } from '@backroom/shared';
import { Button, Popover, Select, Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { usePrintDivisionLabels, usePrinters } from '../../printing/api';

const LABEL_TYPE_NAMES: Record<DivisionLabelType, string> = {
  miniDivisionLabel: 'Mini',
  largeDivisionLabel: 'Large',
  thinDivisionLabel: 'Thin',
  rackDivisionLabel: 'Rack',
  miniThinDivisionLabel: 'Mini thin',
};

/**
 * The choices' list drawn inside the popover, not in a portal: a click on a choice in a portal counted, now
 * and then, as a click outside the popover, which closed it under the user's hand.
 */
const INSIDE_POPOVER = { withinPortal: false } as const;

/** 'Print label' on a division: pick a printer with division-label paper and a layout; both are remembered. */
export function PrintLabelButton({
  barcodes,
  label = 'Print label',
  everythingUnder = false,
}: {
  barcodes: string[];
  label?: string;
  /** The labels of every division under the barcodes too, as one print job (a shelf, a row, a zone). */
  everythingUnder?: boolean;
}) {
  const printers = usePrinters();
  const print = usePrintDivisionLabels();
  const [opened, setOpened] = useState(false);
  const [printerId, setPrinterId] = useLocalStorage<string | null>({
    key: 'backroom.divisionLabelPrinter',
    defaultValue: null,
  });
  const [labelType, setLabelType] = useLocalStorage<DivisionLabelType>({
    key: 'backroom.divisionLabelType',
    defaultValue: 'miniDivisionLabel',
  });
  const options = (printers.data ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.commonName}${p.isOffline ? ' (offline)' : ''}`,
    disabled: !isPrinterAllowedForLabelKind('divisionLabel', p.paper),
  }));
  const chosen = options.find((o) => o.value === printerId && !o.disabled)?.value ?? null;

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          onClick={() => setOpened((o) => !o)}
          disabled={barcodes.length === 0}
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack w={260}>
          <Select
            label="Printer"
            placeholder="Choose a printer"
            data={options}
            value={chosen}
            onChange={setPrinterId}
            allowDeselect={false}
            comboboxProps={INSIDE_POPOVER}
          />
          <Select
            label="Label"
            data={DIVISION_LABEL_TYPES.map((t) => ({ value: t, label: LABEL_TYPE_NAMES[t] }))}
            value={labelType}
            onChange={(v) => v && setLabelType(v as DivisionLabelType)}
            allowDeselect={false}
            comboboxProps={INSIDE_POPOVER}
          />
          <Button
            disabled={!chosen}
            loading={print.isPending}
            onClick={() =>
              print.mutate(
                {
                  serverPrinterId: Number(chosen),
                  barcode: barcodes.length === 1 ? barcodes[0]! : barcodes,
                  barcodeType: labelType,
                  // Many labels go as one job (one ZPL stream): sent, retried or voided as a whole.
                  ...(everythingUnder ? { includeDescendants: true } : {}),
                  ...(everythingUnder || barcodes.length > 1 ? { oneJob: true } : {}),
                },
                {
                  onSuccess: (jobs) => {
                    setOpened(false);
                    const printer = options.find((o) => o.value === chosen)?.label;
                    notify({
                      color: 'green',
                      message:
                        jobs.length === 1 && jobs[0]!.labels > 1
                          ? `${jobs[0]!.description} sent to ${printer} as one job`
                          : `${jobs.length === 1 ? `Label ${jobs[0]!.description}` : `${jobs.length} labels`} sent to ${printer}`,
                    });
                  },
                  onError: (error) =>
                    notify({
                      color: 'red',
                      title: 'Failed to Print Warehouse Barcode!',
                      message: error.message,
                    }),
                },
              )
            }
          >
            {everythingUnder
              ? 'Print all labels'
              : `Print ${barcodes.length === 1 ? 'label' : `${barcodes.length} labels`}`}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
