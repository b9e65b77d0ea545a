import { formatInOffset, type PrintServer, utcOffsetLabel } from '@backroom/shared';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useMe } from '../../../auth/api';
import { useDivisionScan } from '../../../warehouse/components/use-division-scan';
import { useServers } from '../../api';
import { LabelSettingsModal, type LabelSettingsTab } from '../../components/label-settings-modal';
import { PrintersTable } from '../../components/printers-table';
import { useChosenWarehouse, WarehousePicker } from '../../components/warehouse-picker';

function ServerState({ server }: { server: PrintServer }) {
  if (server.isActive !== 1)
    return (
      <Badge color="gray" variant="light">
        Inactive
      </Badge>
    );
  return (
    <Badge color={server.isOnline ? 'green' : 'red'} variant="light">
      {server.isOnline ? 'Online' : 'Offline'}
    </Badge>
  );
}

/** Every print server of the account: is it connected, when did it last report, from which PC. */
function PrintServers() {
  const me = useMe().data!;
  const servers = useServers();
  const offset = me.currentAccount.utcOffset;
  return (
    <Stack gap="sm">
      <Title order={3}>Print Servers</Title>
      <Table striped withTableBorder data-testid="print-servers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Server</Table.Th>
            <Table.Th>Warehouse</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>{`Last heartbeat (${utcOffsetLabel(offset)})`}</Table.Th>
            <Table.Th>Hostname</Table.Th>
            <Table.Th>Agent version</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {servers.data?.map((server) => (
            <Table.Tr key={server.id} data-testid={`print-server-${server.id}`}>
              <Table.Td>
                <Text size="sm">{server.commonName}</Text>
                <Text size="xs" c="dimmed">
                  {server.kind === 'builtin' ? 'Built-in print server' : 'Print agent'}
                </Text>
              </Table.Td>
              <Table.Td>{server.warehouseName ?? 'All warehouses'}</Table.Td>
              <Table.Td>
                <ServerState server={server} />
              </Table.Td>
              <Table.Td>
                {server.kind === 'builtin'
                  ? 'Runs inside Backroom'
                  : server.lastHeartbeatAt
                    ? formatInOffset(new Date(server.lastHeartbeatAt), offset)
                    : 'Never connected'}
              </Table.Td>
              <Table.Td>{server.hostname ?? '—'}</Table.Td>
              <Table.Td>{server.agentVersion ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {servers.isPending && <Text c="dimmed">Loading...</Text>}
    </Stack>
  );
}

/**
 * Printers (/warehouse/printers): a warehouse's printers, the print servers, and the Label Settings modal.
 * The warehouse and the open modal are URL state, so a link opens the same view.
 */
export function PrintersPage() {
  usePageTitle('Printers');
  useDivisionScan();
  const [params, setParams] = useSearchParams();
  const chosenId = Number(params.get('warehouseId')) || null;
  const { warehouses, warehouse, isPending } = useChosenWarehouse(chosenId);
  const settings = params.get('labelSettings');
  const canPrint = useMe().data?.permissionGroups.includes('printing') ?? false;
  const settingsTab: LabelSettingsTab = settings === 'printers' ? 'printers' : 'labels';

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: key === 'warehouseId' },
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Printers</Title>
        <Group align="flex-end">
          <WarehousePicker
            warehouses={warehouses}
            value={warehouse}
            onChange={(id) => setParam('warehouseId', String(id))}
          />
          <Button variant="default" onClick={() => setParam('labelSettings', 'labels')}>
            Label Settings
          </Button>
        </Group>
      </Group>
      {warehouse ? (
        <PrintersTable warehouse={warehouse} />
      ) : (
        <Text c="dimmed">{isPending ? 'Loading...' : 'No warehouses yet.'}</Text>
      )}
      {/* Print servers are listed to those who may print (GET warehouse/servers needs it). */}
      {canPrint && <PrintServers />}
      {settings !== null && (
        <LabelSettingsModal
          opened
          onClose={() => setParam('labelSettings', null)}
          initialTab={settingsTab}
          warehouseId={warehouse?.id ?? null}
        />
      )}
    </Stack>
  );
}
