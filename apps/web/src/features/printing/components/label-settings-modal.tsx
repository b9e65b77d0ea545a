import {
  LABEL_KINDS,
  type LabelKind,
  PAPER_TYPE,
  type PaperTypeId,
  type Printer,
  paperById,
  printersForLabelKind,
} from '@backroom/shared';
import { Modal, Select, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useMe } from '../../auth/api';
import { usePrinters } from '../api';
import { resolveLabelPrinter, useLabelMappings } from './label-mappings';
import { PrintersTable } from './printers-table';
import { useChosenWarehouse, WarehousePicker } from './warehouse-picker';

const PAPER_TYPE_NAMES: Record<PaperTypeId, string> = {
  [PAPER_TYPE.document]: 'document',
  [PAPER_TYPE.receipt]: 'receipt',
  [PAPER_TYPE.warehouseLabel]: 'warehouse label',
  [PAPER_TYPE.shippingLabel]: 'shipping label',
  [PAPER_TYPE.productLabel]: 'product label',
};

/** Which paper a kind takes, so a disabled printer explains itself. */
function paperNeeded(kind: LabelKind): string {
  const names = kind.paperIds?.map((id) => paperById(id)?.name ?? `paper ${id}`);
  return names
    ? `Needs ${names.join(' or ')} paper`
    : `Needs any ${PAPER_TYPE_NAMES[kind.paperTypeId]} paper`;
}

const printerPaper = (p: Printer) => p.paper ?? paperById(p.paperId);

function LabelsTab() {
  const printers = usePrinters();
  const [mappings, setMapping] = useLabelMappings();
  const list = printers.data ?? [];
  const kinds = Object.values(LABEL_KINDS).filter((kind) => kind.isActive);

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Choose the printer for each kind of label. The choice is kept in this browser for this account; a
        printer without suitable paper cannot be chosen.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {kinds.map((kind) => {
          const options = printersForLabelKind(kind, list, printerPaper);
          const mappedId = mappings[kind.key];
          const current = resolveLabelPrinter(kind.key, mappedId, list, printerPaper);
          const lost = printers.isSuccess && mappedId !== undefined && current === null;
          return (
            <Select
              key={kind.key}
              data-testid={`label-kind-${kind.key}`}
              label={kind.name}
              description={paperNeeded(kind)}
              placeholder={printers.isPending ? 'Loading...' : 'Choose a printer'}
              clearable
              clearButtonProps={{ 'aria-label': `Unmap ${kind.name}`, 'aria-hidden': false, tabIndex: 0 }}
              data={options.map(({ printer, disabled }) => ({
                value: String(printer.id),
                label: `${printer.commonName} · ${printer.server.commonName}${printer.isOffline ? ' (offline)' : ''}`,
                disabled,
              }))}
              value={current ? String(current.id) : null}
              onChange={(value) => setMapping(kind.key, value ? Number(value) : null)}
              error={
                lost
                  ? 'The chosen printer is gone or no longer has suitable paper. Choose another.'
                  : undefined
              }
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

function PrinterSettingsTab({ initialWarehouseId }: { initialWarehouseId: number | null }) {
  const [chosenId, setChosenId] = useState(initialWarehouseId);
  const { warehouses, warehouse, isPending } = useChosenWarehouse(chosenId);
  return (
    <Stack>
      <WarehousePicker warehouses={warehouses} value={warehouse} onChange={setChosenId} />
      {warehouse ? (
        <PrintersTable warehouse={warehouse} />
      ) : (
        <Text c="dimmed">{isPending ? 'Loading...' : 'No warehouses yet.'}</Text>
      )}
    </Stack>
  );
}

export type LabelSettingsTab = 'labels' | 'printers';

/** The 'Label Settings' modal (orders-warehouse.md §2): a printer per label kind, and the warehouse's printers. */
export function LabelSettingsModal({
  opened,
  onClose,
  initialTab = 'labels',
  warehouseId = null,
}: {
  opened: boolean;
  onClose: () => void;
  initialTab?: LabelSettingsTab;
  /** The warehouse the Printer Settings tab opens on; the first that fulfils orders when not given. */
  warehouseId?: number | null;
}) {
  const me = useMe().data;
  const [tab, setTab] = useState<LabelSettingsTab>(initialTab);
  const canEditPrinters = me?.permissionGroups.includes('printing') ?? false;

  return (
    <Modal opened={opened} onClose={onClose} title="Label Settings" size="min(1280px, 96vw)">
      <Tabs value={tab} onChange={(value) => value && setTab(value as LabelSettingsTab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="labels">Labels</Tabs.Tab>
          <Tabs.Tab value="printers">Printer Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="labels">
          <LabelsTab />
        </Tabs.Panel>
        <Tabs.Panel value="printers">
          {canEditPrinters ? (
            <PrinterSettingsTab initialWarehouseId={warehouseId} />
          ) : (
            <Text c="dimmed">Changing printers needs the printing permission.</Text>
          )}
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
