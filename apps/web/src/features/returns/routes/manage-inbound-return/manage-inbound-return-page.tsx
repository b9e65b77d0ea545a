import {
  channelOrderDetailPath,
  channelOrderLink,
  invalidReturnIdMessage,
  parseReturnId,
  RELATED_ORDER_TYPE,
} from '@backroom/shared';
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Grid,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../../lib/api-client';
import { EmptyRow, Section } from '../../../orders/components/section';
import { addressLines, customerName } from '../../../orders/lib/order-format';
import { type InboundReturn, useInboundReturn } from '../../api';
import { CreateReturnRefund } from '../../components/create-return-refund-button';
import { ItemNotesButton } from '../../components/item-notes-modal';
import { ReturnAppealPanel } from '../../components/return-appeal-panel';
import { ReturnLabelsPanel } from '../../components/return-labels-panel';
import { ReturnNotesPanel } from '../../components/return-notes';
import { ReturnPaymentsPanel } from '../../components/return-payments-panel';

const ITEM_COLUMNS = ['SKU', 'Name', 'UPC', 'Expected', 'Received', 'Status', 'Reason', 'Notes'];

/**
 * Manage inbound return (/return/:inboundReturnId, returns.md §Manage inbound return), as far as the returns
 * work has come: the return's head (buyer, order links, RMA, status, address, the replacement alert), its
 * items, labels, payments, appeal and notes, read from GET …/returns/{id}.
 */
export function ManageInboundReturnPage() {
  const raw = useParams().inboundReturnId ?? '';
  const inboundReturnId = parseReturnId(raw) ?? 0;
  const query = useInboundReturn(inboundReturnId);
  const order = query.data?.channelOrderReturn?.order ?? null;

  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} to="/orders" size="sm">
        Orders
      </Anchor>
      {order && (
        <Anchor component={Link} to={channelOrderDetailPath(order.id)} size="sm">
          {order.channelOrderNumber}
        </Anchor>
      )}
      <Text size="sm">Return #{raw}</Text>
    </Breadcrumbs>
  );

  if (inboundReturnId === 0 || query.isError) {
    const message =
      inboundReturnId === 0
        ? invalidReturnIdMessage(raw)
        : query.error instanceof ApiError && query.error.status !== 404
          ? query.error.message
          : `Error Fetching Return #${raw}`;
    return (
      <Stack>
        {crumbs}
        <Alert color="red" title="Return not available" data-testid="return-error">
          {message}
        </Alert>
      </Stack>
    );
  }
  if (!query.data) {
    return (
      <Stack>
        {crumbs}
        <Text c="dimmed">Loading...</Text>
      </Stack>
    );
  }

  const detail = query.data;
  const reload = () => void query.refetch();
  return (
    <Stack gap="md" data-testid="manage-inbound-return">
      {crumbs}
      <CreateReturnRefund detail={detail} onChanged={reload} />
      <Grid gutter="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <ReturnHead detail={detail} />
            <ReturnNotesPanel detail={detail} onChanged={reload} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <ReturnItems
              items={detail.items}
              notes={(item) => <ItemNotesButton detail={detail} item={item} onChanged={reload} />}
            />
            <ReturnLabelsPanel detail={detail} onChanged={reload} />
            <ReturnPaymentsPanel detail={detail} onChanged={reload} />
            <ReturnAppealPanel detail={detail} onChanged={reload} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function ReturnHead({ detail }: { detail: InboundReturn }) {
  const channelReturn = detail.channelOrderReturn;
  const order = channelReturn?.order ?? null;
  const link = order
    ? channelOrderLink({
        id: order.id,
        channelOrderNumber: order.channelOrderNumber,
        siteId: order.channel?.siteId,
      })
    : null;
  const replacement = order?.relatedOrders.find(
    (related) => related.type.id === RELATED_ORDER_TYPE.REPLACEMENT,
  );
  const address = addressLines(order?.shipTo.address);
  return (
    <Paper withBorder p="md" data-testid="return-head">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz={20} data-testid="return-title">
            Return #{detail.id}
          </Title>
          <Badge
            data-testid="return-status"
            color={detail.isOpen ? 'blue' : 'dark'}
            variant="filled"
            size="lg"
            radius="sm"
            style={{ textTransform: 'none' }}
          >
            {detail.status.name}
          </Badge>
        </Group>
        <Text fw={600} data-testid="return-buyer">
          {customerName(detail.customer) || 'Default Customer'}
        </Text>
        {order && (
          <Group gap="md" data-testid="return-order">
            <Anchor href={channelOrderDetailPath(order.id)} target="_blank" size="sm">
              Order {order.channelOrderNumber}
            </Anchor>
            {link?.isExternal && (
              <Anchor href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
                Open on {order.channel?.name ?? 'the channel'}
              </Anchor>
            )}
          </Group>
        )}
        <Group gap="md">
          <Text size="sm" data-testid="return-rma">
            RMA {detail.referenceId ?? '—'}
          </Text>
          {channelReturn?.channelOrderReturnStatus && (
            <Text size="sm" c="dimmed" data-testid="channel-return-status">
              Channel status: {channelReturn.channelOrderReturnStatus}
            </Text>
          )}
        </Group>
        {replacement && (
          <Alert color="yellow" p="xs" data-testid="replacement-alert">
            Replacement Order Issued:{' '}
            <Anchor href={channelOrderDetailPath(replacement.id)} target="_blank" size="sm">
              {replacement.channelOrderNumber}
            </Anchor>
          </Alert>
        )}
        <div data-testid="return-address">
          {address.length ? (
            address.map((line) => (
              <Text size="sm" key={line}>
                {line}
              </Text>
            ))
          ) : (
            <Text size="sm" c="dimmed">
              Missing Shipping Information
            </Text>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

function ReturnItems({
  items,
  notes,
}: {
  items: InboundReturn['items'];
  notes: (item: InboundReturn['items'][number]) => ReactNode;
}) {
  return (
    <Section title="Return Items">
      <Table striped verticalSpacing={6} data-testid="return-items">
        <Table.Thead>
          <Table.Tr>
            {ITEM_COLUMNS.map((name) => (
              <Table.Th key={name}>{name}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.length === 0 ? (
            <EmptyRow columns={ITEM_COLUMNS.length} text="No Items" />
          ) : (
            items.map((item) => (
              <Table.Tr key={item.id} data-testid={`return-item-${item.id}`}>
                <Table.Td>{item.product?.sku ?? '—'}</Table.Td>
                <Table.Td>{item.product?.name ?? '—'}</Table.Td>
                <Table.Td>{item.product?.upc ?? '—'}</Table.Td>
                <Table.Td>{item.quantity}</Table.Td>
                <Table.Td>{item.quantityReceived}</Table.Td>
                <Table.Td>{item.status.name}</Table.Td>
                <Table.Td>{item.returnReason?.name ?? '—'}</Table.Td>
                <Table.Td>{notes(item)}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Section>
  );
}
