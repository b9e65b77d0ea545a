import { type Paper, type Printer, paperById } from '@backroom/shared';
import {
  ActionIcon,
  Badge,
  Box,
  CloseIcon,
  Group,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ReasonActionIcon, ReasonButton } from '../../../components/reason-button';
import { notify } from '../../../lib/notify';
import { whyNot } from '../../../lib/why-not';
import { useCalibrate, usePatchPrinter } from '../api';
import { TestPrintButton } from './new-printer-paper';
import { PRINTER_EDIT_DEBOUNCE_MS, printerAddressLabel } from './printer-list';

/**
 * A name edited in place: saved 350 ms after typing stops, at once when the field is left, and before the
 * row goes away (paging, closing the modal), so nothing typed is lost. An empty name is never sent.
 */
function EditableName({
  value,
  label,
  requiredMessage,
  width,
  onSave,
  readOnly,
}: {
  value: string;
  label: string;
  width: number;
  requiredMessage: string;
  onSave: (name: string) => void;
  readOnly: boolean;
}) {
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const focused = useRef(false);
  const save = useRef(onSave);
  save.current = onSave;

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const name = pending.current;
    pending.current = null;
    if (name !== null) save.current(name);
  }, []);
  useEffect(() => flush, [flush]);
  // Someone else's change (or a failed save rolled back) shows unless the user is typing here.
  useEffect(() => {
    if (!focused.current && pending.current === null) setText(value);
  }, [value]);

  return (
    <TextInput
      aria-label={label}
      w={width}
      size="xs"
      readOnly={readOnly}
      variant="filled"
      maxLength={120}
      value={text}
      error={error}
      onFocus={() => {
        focused.current = true;
      }}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        clearTimeout(timer.current);
        const name = next.trim();
        setError(name ? null : requiredMessage);
        pending.current = name && name !== value ? name : null;
        if (pending.current !== null) timer.current = setTimeout(flush, PRINTER_EDIT_DEBOUNCE_MS);
      }}
      onBlur={() => {
        focused.current = false;
        flush();
        if (!text.trim()) {
          setText(value);
          setError(null);
        }
      }}
    />
  );
}

/**
 * The printer's connection: a filled green dot online, a filled red dot offline. A deactivated printer gets
 * no coloured dot at all but a hollow grey ring, so it never reads as 'online' (issue 19 §4).
 */
function OnlineDot({ printer }: { printer: Printer }) {
  const online = printer.isOffline === 0;
  const active = printer.isActive === 1;
  const detail = printer.status?.message ?? (online ? null : `${printer.server.commonName} is not connected`);
  const text = active
    ? `${online ? 'Online' : 'Offline'}${detail ? `: ${detail}` : ''}`
    : 'Deactivated: no label is sent to it';
  return (
    <Tooltip label={text} withArrow multiline maw={280}>
      <Box
        role="img"
        aria-label={active ? (online ? 'Online' : 'Offline') : 'Deactivated'}
        data-testid="printer-online"
        data-online={online}
        data-active={active}
        w={10}
        h={10}
        style={{
          borderRadius: '50%',
          flex: 'none',
          border: active ? undefined : '2px solid var(--mantine-color-gray-6)',
        }}
        bg={active ? (online ? 'green.6' : 'red.6') : 'transparent'}
      />
    </Tooltip>
  );
}

/** Why a printer's controls are read-only (the server would refuse each change). */
const NEEDS_PRINTING = 'Changing printers needs the printing permission';

function CheckIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 15 15" fill="none" aria-hidden="true">
      <path d="M2.5 8l3.2 3L12.5 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** One printer of the Warehouse Printers table; every control saves on its own. */
export function PrinterRow({
  printer,
  papers,
  onDeactivate,
  canEdit,
}: {
  printer: Printer;
  papers: readonly Paper[];
  onDeactivate: (printer: Printer) => void;
  /** Without the printing permission every control is shown read-only: the server would refuse each change. */
  canEdit: boolean;
}) {
  const patch = usePatchPrinter();
  const calibrate = useCalibrate();
  const paper = paperById(printer.paperId);
  const active = printer.isActive === 1;
  const uri = printer.config.uri || printer.uri;

  return (
    <Table.Tr
      data-testid={`printer-row-${printer.id}`}
      bg={active ? undefined : 'var(--mantine-color-gray-1)'}
      style={active ? undefined : { fontStyle: 'italic' }}
    >
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Badge
            size="sm"
            variant={active ? 'light' : 'outline'}
            color={active ? 'green' : 'gray'}
            data-testid="printer-active"
            style={{ textTransform: 'none', flexShrink: 0 }}
            styles={{ label: { overflow: 'visible' } }}
          >
            {active ? 'Active' : 'Inactive'}
          </Badge>
          {!canEdit ? (
            <ReasonActionIcon
              variant="subtle"
              color={active ? 'red' : 'green'}
              disabledReason={NEEDS_PRINTING}
              aria-label={`${active ? 'Deactivate' : 'Activate'} ${printer.commonName}`}
            >
              {active ? <CloseIcon size="16" /> : <CheckIcon />}
            </ReasonActionIcon>
          ) : active ? (
            <Tooltip label="Deactivate" withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Deactivate ${printer.commonName}`}
                onClick={() => onDeactivate(printer)}
              >
                <CloseIcon size="16" />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Tooltip label="Activate" withArrow>
              <ActionIcon
                variant="subtle"
                color="green"
                aria-label={`Activate ${printer.commonName}`}
                onClick={() => patch.mutate({ id: printer.id, isActive: 1 })}
              >
                <CheckIcon />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <EditableName
          value={printer.server.commonName}
          label="Server name"
          width={130}
          requiredMessage="Server name is required"
          readOnly={!canEdit}
          onSave={(commonName) =>
            patch.mutate({ id: printer.id, server: { id: printer.server.id, commonName } })
          }
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <OnlineDot printer={printer} />
          <EditableName
            value={printer.commonName}
            label="Printer name"
            width={150}
            requiredMessage="Printer name is required"
            readOnly={!canEdit}
            onSave={(commonName) => patch.mutate({ id: printer.id, commonName })}
          />
        </Group>
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Switch
            size="xs"
            label="Peel"
            disabled={!canEdit}
            checked={printer.config.peel}
            onChange={(e) => patch.mutate({ id: printer.id, config: { peel: e.currentTarget.checked } })}
          />
          <Switch
            size="xs"
            label="Cut"
            disabled={!canEdit}
            checked={printer.config.cut}
            onChange={(e) => patch.mutate({ id: printer.id, config: { cut: e.currentTarget.checked } })}
          />
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Select
            aria-label="Paper"
            size="xs"
            w={190}
            placeholder="Choose paper"
            disabled={!canEdit}
            clearable
            // Mantine hides the clear button from keyboards and screen readers; taking the paper out is a real action.
            clearButtonProps={{ 'aria-label': 'Clear paper', 'aria-hidden': false, tabIndex: 0 }}
            data={papers.map((p) => ({ value: String(p.id), label: p.name }))}
            value={printer.paperId === null ? null : String(printer.paperId)}
            onChange={(value) => patch.mutate({ id: printer.id, paperId: value ? Number(value) : null })}
            comboboxProps={{ withinPortal: true }}
          />
          <ReasonButton
            size="xs"
            variant="default"
            // "Calibrate is enabled only when a paper is chosen" (orders-warehouse.md §5 Printers).
            disabledReason={whyNot([!canEdit, NEEDS_PRINTING], [paper === null, 'Choose a paper first'])}
            loading={calibrate.isPending}
            onClick={() =>
              paper &&
              calibrate.mutate(
                { serverPrinterId: printer.id, paper: paper.id },
                {
                  onSuccess: () =>
                    notify({
                      color: 'green',
                      message: `Calibration for ${paper.name} sent to ${printer.commonName}`,
                    }),
                },
              )
            }
          >
            Calibrate
          </ReasonButton>
          <TestPrintButton printer={printer} disabledReason={!canEdit && NEEDS_PRINTING} />
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" title={uri} miw={110} style={{ overflowWrap: 'anywhere' }}>
          {printerAddressLabel(uri)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
