import { formatOrderDate } from '@backroom/shared';
import {
  Alert,
  Anchor,
  Badge,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { TablePagination } from '../../../../components/pagination';
import { ApiError } from '../../../../lib/api-client';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useMe } from '../../../auth/api';
import { type OutboxRow, useOutbox, useOutboxMessage } from './outbox-api';

const PAGE_SIZE = 25;
const STATUS_COLORS: Record<string, string> = { outbox: 'blue', sent: 'green', failed: 'red' };
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/**
 * The Outbox (/orders/outbox): the e-mail the product sent (order confirmations), newest first, a page at a
 * time. Choosing a message shows it as the customer sees it, in a sandboxed frame (no scripts, no
 * same-origin access: sandbox="").
 */
export function OutboxPage() {
  usePageTitle('Outbox');
  const utcOffset = useMe().data!.currentAccount.utcOffset;
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const outbox = useOutbox(page, PAGE_SIZE);
  const rows = outbox.data ?? [];
  const total = rows[0]?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Stack gap="md" data-testid="outbox-page">
      <Group justify="space-between">
        <Title order={2}>Outbox</Title>
        <Text size="sm" c="dimmed" data-testid="outbox-total">
          {total} message{total === 1 ? '' : 's'}
        </Text>
      </Group>
      <Grid gutter="md" align="flex-start">
        <Grid.Col span={{ base: 12, xl: 7 }}>
          <Paper withBorder p="md">
            <Stack gap="sm">
              {outbox.isError ? (
                <Alert color="red" title="Outbox not available">
                  {messageOf(outbox.error)}
                </Alert>
              ) : (
                <Table.ScrollContainer minWidth={720} type="native">
                  <Table highlightOnHover fz="sm" verticalSpacing={6} data-testid="outbox-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>To</Table.Th>
                        <Table.Th>Subject</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th>Order</Table.Th>
                        <Table.Th>Sent at</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {outbox.isLoading && (
                        <Table.Tr>
                          <Table.Td colSpan={5}>
                            <Center py="md">
                              <Loader size="sm" />
                            </Center>
                          </Table.Td>
                        </Table.Tr>
                      )}
                      {!outbox.isLoading && rows.length === 0 && (
                        <Table.Tr>
                          <Table.Td colSpan={5}>
                            <Text size="sm" c="dimmed" ta="center" py="md" data-testid="outbox-empty">
                              No Messages
                            </Text>
                            <Text size="sm" c="dimmed" ta="center" pb="md">
                              Every e-mail Backroom sends to a customer appears here, with its state: an order
                              confirmation sent from an order’s page, a POS receipt, a return’s label.
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      )}
                      {rows.map((row) => (
                        <OutboxTableRow
                          key={row.id}
                          row={row}
                          utcOffset={utcOffset}
                          selected={row.id === selected}
                          onSelect={() => setSelected(row.id)}
                        />
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              {pages > 1 && (
                <Group justify="flex-end">
                  <TablePagination
                    total={pages}
                    value={page + 1}
                    onChange={(value) => setPage(value - 1)}
                    size="sm"
                    data-testid="outbox-pages"
                  />
                </Group>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 5 }}>
          <MessagePreview id={selected} utcOffset={utcOffset} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function OutboxTableRow({
  row,
  utcOffset,
  selected,
  onSelect,
}: {
  row: OutboxRow;
  utcOffset: string;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <Table.Tr
      data-testid="outbox-row"
      data-message-id={row.id}
      aria-selected={selected}
      tabIndex={0}
      onClick={onSelect}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSelect();
        }
      }}
      style={{ cursor: 'pointer' }}
      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <Table.Td>{row.toAddress}</Table.Td>
      <Table.Td>{row.subject}</Table.Td>
      <Table.Td miw={96}>
        <Badge color={STATUS_COLORS[row.status] ?? 'gray'} variant="light" title={row.error ?? undefined}>
          {row.status}
        </Badge>
      </Table.Td>
      <Table.Td>
        {row.channelOrderId ? (
          <Anchor
            component={Link}
            to={`/channelOrder/${row.channelOrderId}/detail`}
            size="sm"
            onClick={(event) => event.stopPropagation()}
          >
            {row.channelOrderId}
          </Anchor>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatOrderDate(row.createdAt, utcOffset)}</Table.Td>
    </Table.Tr>
  );
}

function MessagePreview({ id, utcOffset }: { id: number | null; utcOffset: string }) {
  const message = useOutboxMessage(id);
  if (!id) {
    return (
      <Paper withBorder p="md">
        <Text size="sm" c="dimmed" ta="center" py="xl">
          Choose a message to see it.
        </Text>
      </Paper>
    );
  }
  if (message.isError) {
    return (
      <Alert color="red" title="Message not available">
        {messageOf(message.error)}
      </Alert>
    );
  }
  if (!message.data) {
    return (
      <Paper withBorder p="md">
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      </Paper>
    );
  }
  const m = message.data;
  return (
    <Paper withBorder p="md" data-testid="outbox-preview">
      <Stack gap="xs">
        <Title order={4}>{m.subject}</Title>
        <Text size="sm">
          To <b>{m.toAddress}</b> · {formatOrderDate(m.createdAt, utcOffset)} · {m.status}
        </Text>
        {m.error && (
          <Alert color="red" p="xs">
            {m.error}
          </Alert>
        )}
        <iframe
          title={`Message ${m.id}`}
          data-testid="outbox-preview-frame"
          sandbox=""
          srcDoc={m.html ?? `<pre>${escapeHtml(m.text ?? '')}</pre>`}
          style={{
            width: '100%',
            height: 640,
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 4,
          }}
        />
      </Stack>
    </Paper>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
