import { type ChannelOrderListRow, formatOrderDate, isFulfilled, orderStatusName } from '@backroom/shared';
import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type RefObject, useEffect, useImperativeHandle, useRef } from 'react';
import { useMe } from '../../../auth/api';
import { OrderStatusTag } from '../../../orders/components/order-badges';
import { customerName } from '../../../orders/lib/order-format';
import { useOrderShipments } from '../../api';
import { ShipmentPanelView } from '../../components/shipment-panel';
import { type ShipmentPanelOptions, useShipmentPanel } from '../../components/use-shipment-panel';
import { isExternalShipment, type PackagingBox } from '../../lib/shipment-draft';
import { markPacking, PACKING_MARKS } from './use-packing-station';

/** What the station's keyboard does to the shipment being packed. */
export interface PackingControls {
  buy(): void;
  moveRate(step: 1 | -1): void;
  chooseBox(box: PackagingBox): boolean;
}

function OrderCard({ row, channelOrderId }: { row: ChannelOrderListRow | null; channelOrderId: number }) {
  const utcOffset = useMe().data?.currentAccount.utcOffset ?? '+00:00';
  return (
    <Paper withBorder p="md" data-testid="packing-order">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={3} data-testid="packing-order-number">
            {row?.channelOrderNumber ?? `Order ${channelOrderId}`}
          </Title>
          <Text size="sm" c="dimmed">
            #{channelOrderId}
            {row?.channel ? ` · ${row.channel.name}` : ''}
            {row ? ` · ${customerName(row.customer)}` : ''}
            {row ? ` · ordered ${formatOrderDate(row.orderedAt, utcOffset)}` : ''}
          </Text>
        </Stack>
        {row && (
          <OrderStatusTag
            name={orderStatusName(row.systemOrderStatusId)}
            fulfilled={isFulfilled(row.systemOrderStatusId)}
          />
        )}
      </Group>
    </Paper>
  );
}

/**
 * The order being packed and its shipment's panel in the packing station's mode: it packs and rates by
 * itself, follows the scale, chooses the cheapest rate; the station's keyboard reaches it through `controls`.
 */
export function PackingOrder({
  channelOrderId,
  shipmentId,
  row,
  printer,
  controls,
  onEnter,
  onVoided,
}: {
  channelOrderId: number;
  shipmentId: number;
  row: ChannelOrderListRow | null;
  printer: ShipmentPanelOptions['printer'];
  controls: RefObject<PackingControls | null>;
  onEnter: () => void;
  onVoided: (replacementId: number | null) => void;
}) {
  const shipments = useOrderShipments(channelOrderId);
  const shipment = shipments.data?.find((s) => s.id === shipmentId);
  return (
    <Stack gap="md">
      <OrderCard row={row} channelOrderId={channelOrderId} />
      {shipment ? (
        <PackingShipment
          key={shipment.id}
          shipment={shipment}
          printer={printer}
          controls={controls}
          onEnter={onEnter}
          onVoided={onVoided}
        />
      ) : (
        <Text c={shipments.isError ? 'red' : 'dimmed'}>
          {shipments.isError ? shipments.error.message : shipments.isPending ? 'Loading...' : 'No Shipments'}
        </Text>
      )}
    </Stack>
  );
}

function PackingShipment({
  shipment,
  printer,
  controls,
  onEnter,
  onVoided,
}: {
  shipment: NonNullable<ReturnType<typeof useOrderShipments>['data']>[number];
  printer: ShipmentPanelOptions['printer'];
  controls: RefObject<PackingControls | null>;
  onEnter: () => void;
  onVoided: (replacementId: number | null) => void;
}) {
  const panel = useShipmentPanel(shipment, {
    auto: true,
    followScale: true,
    printer,
    onBought: () => markPacking(PACKING_MARKS.bought),
    onVoided: (_voided, replacement) => onVoided(replacement?.id ?? null),
  });
  const latest = useRef(panel);
  latest.current = panel;
  useImperativeHandle(
    controls,
    () => ({
      buy: () => latest.current.actions.buy(),
      moveRate: (step) => {
        const { rates, selectedRateId, setSelectedRateId, shipment: current } = latest.current;
        if (!rates.length || current.rateState !== 'unshipped') return;
        const at = rates.findIndex((rate) => rate.id === selectedRateId);
        const next = Math.min(rates.length - 1, Math.max(0, at + step));
        setSelectedRateId(rates[next]!.id);
      },
      chooseBox: (box) => {
        if (!latest.current.can.edit) return false;
        latest.current.chooseBox(box);
        return true;
      },
    }),
    [],
  );
  // The order and its shipment are on the screen: the figure the station is measured by.
  useEffect(() => {
    markPacking(PACKING_MARKS.shown);
  }, []);
  // Rated with a rate chosen: what is left is the packer's Enter.
  const ready = panel.can.buy;
  const readyMarked = useRef(false);
  useEffect(() => {
    if (!ready || readyMarked.current) return;
    readyMarked.current = true;
    markPacking(PACKING_MARKS.ready);
  }, [ready]);

  const bought = panel.labelLive;
  return (
    <Stack gap="md">
      <ShipmentPanelView panel={panel} external={isExternalShipment(shipment)} onEnter={onEnter} />
      {bought && (
        <Alert color="green" title="Label purchased" data-testid="packing-done">
          {printer
            ? `Printed on ${printer.commonName}. `
            : 'Not printed: no shipping label printer is mapped. '}
          Scan the next product to pack the next order.
        </Alert>
      )}
      {!bought && panel.rates.length > 0 && panel.can.buy && (
        <Text size="sm" c="dimmed" data-testid="packing-ready">
          Enter buys the chosen rate; ↑ and ↓ choose another.
        </Text>
      )}
    </Stack>
  );
}
