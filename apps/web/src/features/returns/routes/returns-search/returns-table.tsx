import {
  channelOrderDetailPath,
  type ReturnSearchRow,
  returnNotesTooltip,
  returnOrderedDate,
  returnSearchCustomerName,
} from '@backroom/shared';
import { ActionIcon, Anchor, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { Icon, type IconProps } from '../../../../components/icon';

function NoteIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 4h11l3 3v13H5z" />
      <path d="M9 10h6M9 14h6M9 18h3" />
    </Icon>
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;

interface ReturnsTableProps {
  rows: ReturnSearchRow[];
  utcOffset: string;
  onOrderNumber(orderNumber: string): void;
  onNotes(row: ReturnSearchRow): void;
}

/**
 * The table 'Returns' (returns.md §Returns search): Return (links to the return), Return Status (with the notes
 * icon beside it), Order (the order number, which filters the list to that order, then '#' and the channel
 * order id, which opens the order), Name, Channel, Order Status, Ordered (YYYY-MM-DD), newest order first.
 */
export function ReturnsTable({ rows, utcOffset, onOrderNumber, onNotes }: ReturnsTableProps) {
  return (
    <Table
      highlightOnHover
      verticalSpacing={6}
      stickyHeader
      stickyHeaderOffset={56}
      data-testid="returns-table"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Return</Table.Th>
          <Table.Th>Return Status</Table.Th>
          <Table.Th>Order</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>Channel</Table.Th>
          <Table.Th>Order Status</Table.Th>
          <Table.Th>Ordered</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-testid={`return-row-${row.id}`}>
            <Table.Td style={nowrap}>
              <Anchor component={Link} to={`/return/${row.id}`} fw={600} size="sm">
                {row.id}
              </Anchor>
            </Table.Td>
            <Table.Td style={nowrap}>
              <Group gap={6} wrap="nowrap">
                <Badge variant="light" size="sm" data-testid="return-status">
                  {row.returnStatus.name}
                </Badge>
                <Tooltip label={returnNotesTooltip(row)} withArrow multiline maw={360}>
                  <ActionIcon
                    variant="subtle"
                    color={row.noteCount ? 'yellow.8' : 'gray'}
                    size="sm"
                    aria-label={`Notes of return ${row.id}`}
                    data-testid="return-notes"
                    onClick={() => onNotes(row)}
                  >
                    <NoteIcon size={15} />
                  </ActionIcon>
                </Tooltip>
                {row.noteCount > 0 && (
                  <Text size="xs" c="dimmed" data-testid="return-note-count">
                    {row.noteCount}
                  </Text>
                )}
              </Group>
            </Table.Td>
            <Table.Td style={nowrap}>
              {row.channelOrderNumber ? (
                <Group gap={4} wrap="nowrap">
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    title={`Show the returns of order ${row.channelOrderNumber}`}
                    data-testid="order-number"
                    onClick={() => onOrderNumber(row.channelOrderNumber!)}
                  >
                    {row.channelOrderNumber}
                  </Anchor>
                  {row.channelOrderId && (
                    <Anchor
                      component={Link}
                      to={channelOrderDetailPath(row.channelOrderId)}
                      size="sm"
                      c="dimmed"
                    >
                      #{row.channelOrderId}
                    </Anchor>
                  )}
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm" maw={220} truncate="end">
                {returnSearchCustomerName(row)}
              </Text>
            </Table.Td>
            <Table.Td style={nowrap}>
              <Text size="sm">{row.channelName ?? '—'}</Text>
            </Table.Td>
            <Table.Td style={nowrap}>
              <Text size="sm">{row.systemOrderStatus?.name ?? '—'}</Text>
            </Table.Td>
            <Table.Td style={nowrap}>
              <Text size="sm">{returnOrderedDate(row.orderedAt, utcOffset)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
