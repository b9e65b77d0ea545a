import { formatReadableInOffset } from '@backroom/shared';
import { Badge, Modal, Table, Text } from '@mantine/core';
import { useMe } from '../../auth/api';
import { useUnitHistory } from '../api';

/** Where a unit has been: every event, with who and when in the account's UTC offset. */
export function UnitHistoryModal({ unitId, onClose }: { unitId: number | null; onClose(): void }) {
  const history = useUnitHistory(unitId);
  const offset = useMe().data!.currentAccount.utcOffset;
  const when = (iso: string) => formatReadableInOffset(iso, offset);
  return (
    <Modal
      opened={unitId !== null}
      onClose={onClose}
      title={history.data ? `Unit #${history.data.id}: ${history.data.sku}` : 'Unit'}
      size="lg"
    >
      {history.data && (
        <>
          <Text size="sm" mb="xs">
            {history.data.name} — now in {history.data.locationBarcode ?? 'no location'}
          </Text>
          <Table striped fz="sm" data-testid="unit-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.events.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{when(e.createdAt)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{e.eventType}</Badge>
                  </Table.Td>
                  <Table.Td>{e.from ?? '—'}</Table.Td>
                  <Table.Td>{e.to ?? '—'}</Table.Td>
                  <Table.Td>{e.by ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Modal>
  );
}
