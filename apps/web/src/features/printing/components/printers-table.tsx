import { formatInOffset, type Printer } from '@backroom/shared';
import { Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { TablePagination } from '../../../components/pagination';
import { ReasonButton } from '../../../components/reason-button';
import { useMe } from '../../auth/api';
import { usePapers, usePatchPrinter, useWarehousePrinters } from '../api';
import { AddPrintServerButton } from './add-print-server';
import { NewPrinters } from './new-printer-paper';
import {
  PRINTER_LIST_COLUMNS,
  PRINTERS_PAGE_SIZE,
  printerListFileName,
  printerListRows,
  toCsv,
} from './printer-list';
import { PrinterRow } from './printer-row';

function downloadCsv(fileName: string, csv: string) {
  // The byte order mark makes spreadsheet programs read the names as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The Warehouse Printers table (orders-warehouse.md §2): the printers of the warehouse's print servers plus the
 * unassigned ones (the built-in print server serves every warehouse).
 */
export function PrintersTable({ warehouse }: { warehouse: { id: number; name: string } }) {
  const me = useMe().data;
  const canEdit = me?.permissionGroups.includes('printing') ?? false;
  const [showInactive, setShowInactive] = useState(false);
  const printers = useWarehousePrinters(warehouse.id, showInactive);
  const papers = usePapers();
  const patch = usePatchPrinter();
  // The page belongs to a warehouse: another warehouse starts on its first page.
  const [paging, setPaging] = useState({ warehouseId: warehouse.id, page: 1 });
  const list = printers.data ?? [];
  const pages = Math.max(1, Math.ceil(list.length / PRINTERS_PAGE_SIZE));
  // Rows that left the list can leave the page past the end.
  const page = paging.warehouseId === warehouse.id ? Math.min(paging.page, pages) : 1;
  const setPage = (next: number) => setPaging({ warehouseId: warehouse.id, page: next });
  const shown = list.slice((page - 1) * PRINTERS_PAGE_SIZE, page * PRINTERS_PAGE_SIZE);

  const confirmDeactivate = (printer: Printer) =>
    modals.openConfirmModal({
      title: 'Please Confirm',
      children: <Text size="sm">{`This will deactivate printer: ${printer.commonName}. Are you sure?`}</Text>,
      labels: { confirm: 'Deactivate', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => patch.mutate({ id: printer.id, isActive: 0 }),
    });

  const download = () => {
    const today = formatInOffset(new Date(), me?.currentAccount.utcOffset ?? '+00:00').slice(0, 10);
    downloadCsv(printerListFileName(today), toCsv(PRINTER_LIST_COLUMNS, printerListRows(list)));
  };

  const first = (page - 1) * PRINTERS_PAGE_SIZE + 1;
  // A print agent's printers arrive without paper: they ask for it above the table.
  const withoutPaper = list.filter((p) => p.paper === null && p.isActive === 1 && p.server.kind === 'agent');
  return (
    <Stack gap="sm" data-testid="printers-table">
      <Group justify="space-between" wrap="wrap">
        <Title order={3}>{`${warehouse.name} Printers`}</Title>
        <Group gap="sm">
          <Checkbox
            label="Show inactive"
            checked={showInactive}
            onChange={(e) => setShowInactive(e.currentTarget.checked)}
          />
          <ReasonButton
            variant="default"
            onClick={download}
            disabledReason={list.length === 0 && 'No printers listed: nothing to download'}
          >
            Download
          </ReasonButton>
          <AddPrintServerButton warehouse={warehouse} />
        </Group>
      </Group>
      {canEdit && withoutPaper.length > 0 && (
        <Stack gap="xs" data-testid="printers-without-paper">
          <Text size="sm" fw={500}>
            New printers: choose the paper each is loaded with, then make a test print.
          </Text>
          <NewPrinters printers={withoutPaper} canEdit={canEdit} />
        </Stack>
      )}
      {/* Fits a 1366 px screen beside the menu; below this width the table scrolls instead of squeezing the names. */}
      <Table.ScrollContainer minWidth={1000}>
        <Table striped highlightOnHover withTableBorder verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={120}>Active</Table.Th>
              <Table.Th>Server</Table.Th>
              <Table.Th>Printer</Table.Th>
              <Table.Th>Settings</Table.Th>
              <Table.Th>Paper</Table.Th>
              <Table.Th>Address</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((printer) => (
              <PrinterRow
                key={printer.id}
                printer={printer}
                papers={papers.data ?? []}
                onDeactivate={confirmDeactivate}
                canEdit={canEdit}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {printers.isPending && <Text c="dimmed">Loading...</Text>}
      {printers.isSuccess && list.length === 0 && (
        <Text c="dimmed">
          No printers for this warehouse yet. Add a print server to connect its printers.
        </Text>
      )}
      {list.length > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {`${first}–${first + shown.length - 1} of ${list.length} printers · ${PRINTERS_PAGE_SIZE} per page`}
          </Text>
          {pages > 1 && <TablePagination size="sm" total={pages} value={page} onChange={setPage} />}
        </Group>
      )}
    </Stack>
  );
}
