import { channelOrderDetailPath, formatOrderDate, isFulfilled } from '@backroom/shared';
import { Anchor, Group, Table, Text, Tooltip } from '@mantine/core';
import type { KeyboardEvent, MouseEvent, RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ChannelOrderRow } from '../../api';
import { ExternalLinkIcon } from '../../components/icons';
import { OrderStatusTag, PrimeFbaIcons } from '../../components/order-badges';
import { customerName, dollars } from '../../lib/order-format';

/**
 * Where a row opens inside the app: the route channelOrderLink builds when it is one of ours (the detail, or
 * /POS/{id} for a point-of-sale order), else the detail; a marketplace's page opens from the link icon.
 */
export function orderRoute(order: Pick<ChannelOrderRow, 'id' | 'link'>): string {
  return order.link && !order.link.isExternal ? order.link.href : channelOrderDetailPath(order.id);
}

const nowrap = { whiteSpace: 'nowrap' } as const;

interface OrdersTableProps {
  orders: ChannelOrderRow[];
  utcOffset: string;
  tableRef: RefObject<HTMLTableSectionElement | null>;
  /** ArrowUp on the first row goes back to the search box. */
  onLeaveTop(): void;
}

export function OrdersTable({ orders, utcOffset, tableRef, onLeaveTop }: OrdersTableProps) {
  const navigate = useNavigate();

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, order: ChannelOrderRow) => {
    if (event.target !== event.currentTarget) return;
    const row = event.currentTarget;
    if (event.key === 'Enter') {
      event.preventDefault();
      navigate(orderRoute(order));
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      (row.nextElementSibling as HTMLElement | null)?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      const previous = row.previousElementSibling as HTMLElement | null;
      if (previous) previous.focus();
      else onLeaveTop();
    }
  };

  // A click anywhere on the row opens it, except on its own links (and not when text is being selected).
  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, order: ChannelOrderRow) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    if (window.getSelection()?.toString()) return;
    navigate(orderRoute(order));
  };

  return (
    <Table
      highlightOnHover
      verticalSpacing={6}
      data-testid="orders-table"
      stickyHeader
      stickyHeaderOffset={56}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Order #</Table.Th>
          <Table.Th>Channel</Table.Th>
          <Table.Th>Customer</Table.Th>
          <Table.Th>Ordered</Table.Th>
          <Table.Th ta="right">Items</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th aria-label="Prime and FBA" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody ref={tableRef}>
        {orders.map((order) => (
          <Table.Tr
            key={order.id}
            tabIndex={0}
            data-testid={`order-row-${order.id}`}
            style={{ cursor: 'pointer' }}
            onKeyDown={(event) => onRowKeyDown(event, order)}
            onClick={(event) => onRowClick(event, order)}
          >
            <Table.Td style={nowrap}>
              <Group gap={6} wrap="nowrap">
                <Anchor component={Link} to={orderRoute(order)} fw={600} size="sm" tabIndex={-1}>
                  {order.channelOrderNumber}
                </Anchor>
                {order.link?.isExternal && (
                  <Tooltip label={`Open on ${order.channel?.name ?? 'the channel'}`} withArrow>
                    <Anchor
                      href={order.link.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      c="dimmed"
                      tabIndex={-1}
                      display="inline-flex"
                      aria-label={`Open ${order.channelOrderNumber} on ${order.channel?.name ?? 'the channel'}`}
                    >
                      <ExternalLinkIcon size={14} />
                    </Anchor>
                  </Tooltip>
                )}
              </Group>
            </Table.Td>
            <Table.Td style={nowrap}>
              <Text size="sm">{order.channel?.name ?? '—'}</Text>
              <PrimeFbaIcons isPrime={order.isPrime} isFBA={order.isFBA} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" maw={220} truncate="end">
                {customerName(order.customer)}
              </Text>
              {order.customer?.email && (
                <Text size="xs" c="dimmed" maw={220} truncate="end" title={order.customer.email}>
                  {order.customer.email}
                </Text>
              )}
            </Table.Td>
            <Table.Td style={nowrap}>
              <OrderedAt value={formatOrderDate(order.orderedAt, utcOffset)} />
            </Table.Td>
            <Table.Td ta="right">{order.itemCount}</Table.Td>
            <Table.Td ta="right" style={nowrap}>
              {dollars(order.billedOrderTotal)}
            </Table.Td>
            <Table.Td style={nowrap}>
              <OrderStatusTag
                size="sm"
                name={order.systemOrderStatus.name}
                fulfilled={isFulfilled(order.systemOrderStatusId)}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** 'yyyy-MM-dd HH:mm zz' as two lines, the day above the time and zone (the text still reads as one date). */
function OrderedAt({ value }: { value: string }) {
  const space = value.indexOf(' ');
  if (space < 0) return <Text size="sm">{value || '—'}</Text>;
  return (
    <>
      <Text size="sm" span display="block">
        {value.slice(0, space + 1)}
      </Text>
      <Text size="xs" c="dimmed" span display="block">
        {value.slice(space + 1)}
      </Text>
    </>
  );
}
