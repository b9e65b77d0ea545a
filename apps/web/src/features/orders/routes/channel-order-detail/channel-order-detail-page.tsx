import { Anchor, Breadcrumbs, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useScreenHelp } from '../../../../app/help/screen-help';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useMe } from '../../../auth/api';
import { OrderShipmentPanels } from '../../../shipping/components/order-shipment-panels';
import { useChannelOrder } from '../../api';
import { OrderNotesPanel } from '../../components/order-notes-panel';
import { OrderPageState } from '../../components/order-page-state';
import { ORDER_DETAIL_HELP } from '../../components/order-scan-help';
import { useOrderScan } from '../../components/use-order-scan';
import { OrderActionsMenu, SendConfirmationButton } from './order-actions';
import { OrderAddresses, OrderSummary } from './order-summary';
import {
  ItemsTable,
  OrderTotals,
  PaymentsTable,
  RelatedOrdersTable,
  ReturnsTable,
  ShipmentsTable,
} from './order-tables';

/**
 * Channel order detail (/channelOrder/:channelOrderId/detail, orders-warehouse.md §Channel order detail):
 * read-only. Left: the order, its status and dates, customer and shipping addresses, notes. Right: totals,
 * items, shipments, payments, returns and related orders. Above: the order's actions.
 */
export function ChannelOrderDetailPage() {
  const channelOrderId = Number(useParams().channelOrderId);
  const valid = Number.isInteger(channelOrderId) && channelOrderId > 0;
  const utcOffset = useMe().data!.currentAccount.utcOffset;
  const order = useChannelOrder(valid ? channelOrderId : 0);
  usePageTitle(order.data ? `Order ${order.data.channelOrderNumber}` : 'Order');
  useOrderScan();
  useScreenHelp(ORDER_DETAIL_HELP);

  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} to="/orders" size="sm">
        Orders
      </Anchor>
      <Text size="sm">{order.data?.channelOrderNumber ?? (valid ? channelOrderId : '…')}</Text>
    </Breadcrumbs>
  );

  const state = (
    <OrderPageState
      crumbs={crumbs}
      valid={valid}
      error={order.isError ? order.error : null}
      loaded={Boolean(order.data)}
      testId="order-error"
    />
  );
  if (!valid || order.isError || !order.data) return state;

  const detail = order.data;
  return (
    <Stack gap="md" data-testid="channel-order-detail">
      <Group justify="space-between" wrap="wrap">
        {crumbs}
        <Group gap="sm">
          <SendConfirmationButton order={detail} />
          <OrderActionsMenu order={detail} />
        </Group>
      </Group>
      <Grid gutter="md" align="flex-start">
        {/* Two columns on a wide screen; below that the left side's cards sit side by side above the rest. */}
        <Grid.Col span={{ base: 12, xl: 3 }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, md: 3, xl: 1 }} spacing="md">
              <OrderSummary order={detail} utcOffset={utcOffset} />
              <OrderAddresses order={detail} />
            </SimpleGrid>
            <OrderNotesPanel channelOrderId={detail.id} notes={detail.notes} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 9 }}>
          <Stack gap="md">
            <OrderTotals totals={detail.totals} />
            <ItemsTable items={detail.items} />
            <ShipmentsTable shipments={detail.shipments} utcOffset={utcOffset}>
              <OrderShipmentPanels order={detail} />
            </ShipmentsTable>
            <PaymentsTable payments={detail.payments} />
            <ReturnsTable orderId={detail.id} returns={detail.returns} />
            <RelatedOrdersTable related={detail.relatedOrders} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
