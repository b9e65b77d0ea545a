import {
  canActivate,
  canCancel,
  canCompleteCancellation,
  canFinalize,
  canHold,
  derivedOrderState,
} from '@backroom/shared';
import { Anchor, Autocomplete, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../../../components/modal';
import { OrderStatusTag } from '../../components/order-badges';
import { type PosOrder, posCalls, useDeallocationOptions, usePosAction } from '../../pos-api';
import { PrintReceiptButtons } from './print-receipt';
import { RuleButton } from './rule-button';

const STATE_COLORS: Record<string, string> = {
  Active: 'green',
  'On Hold': 'yellow',
  'Awaiting Payment': 'orange',
  Canceled: 'red',
};

/** Order number, status tag, derived state, and the order's actions with the rules' reasons. */
export function PosHeader({ order }: { order: PosOrder }) {
  const state = derivedOrderState(order);
  const [completing, setCompleting] = useState(false);
  const modify = usePosAction(order.id, {
    call: (current, status: 40 | 4) => posCalls.setStatus(current, status),
    success: 'Order Modified Successfully',
    failure: 'Error Modifying Order',
  });
  const finalize = usePosAction(order.id, {
    call: (current, _: undefined) => posCalls.finalize(current),
    success: 'Order Completed Successfully',
    failure: 'Error Completing Order',
  });
  const cancel = usePosAction(order.id, {
    call: (current, _: undefined) => posCalls.cancel(current),
    success: 'Order Cancellation Successful',
    failure: 'Error Cancelling Order',
  });

  const confirmCancel = () =>
    modals.openConfirmModal({
      title: 'Please Confirm',
      children: <Text size="sm">This will cancel order {order.channelOrderNumber}. Are you sure?</Text>,
      labels: { confirm: 'Cancel Order', cancel: 'Keep Order' },
      confirmProps: { color: 'red', 'data-autofocus': true },
      onConfirm: () => cancel.mutate(),
    });

  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={2}>
        <Group gap="sm" align="center">
          <Title order={2} data-testid="pos-order-number">
            {order.channelOrderNumber}
          </Title>
          <OrderStatusTag name={order.systemOrderStatus.name} fulfilled={order.isFulfilled} />
          <Badge
            color={STATE_COLORS[state] ?? 'gray'}
            variant="light"
            size="lg"
            data-testid="pos-order-state"
            style={{ textTransform: 'none' }}
          >
            {state}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Order {order.id}
          {order.channel ? ` · ${order.channel.name}` : ''} ·{' '}
          <Anchor component={Link} to={`/channelOrder/${order.id}/detail`} size="sm">
            Detail view
          </Anchor>
        </Text>
      </Stack>
      <Group gap="xs" data-testid="pos-actions">
        <RuleButton
          check={canHold(order)}
          variant="default"
          loading={modify.isPending && modify.variables === 40}
          onClick={() => modify.mutate(40)}
        >
          Hold
        </RuleButton>
        <RuleButton
          check={canActivate(order)}
          variant="default"
          loading={modify.isPending && modify.variables === 4}
          onClick={() => modify.mutate(4)}
        >
          Activate
        </RuleButton>
        <RuleButton
          check={canFinalize(order, order.items.length)}
          color="green"
          loading={finalize.isPending}
          onClick={() => finalize.mutate()}
        >
          Finalize
        </RuleButton>
        <RuleButton
          check={canCancel(order)}
          color="red"
          variant="light"
          loading={cancel.isPending}
          onClick={confirmCancel}
        >
          Cancel
        </RuleButton>
        <RuleButton
          check={canCompleteCancellation(order)}
          color="red"
          variant="subtle"
          onClick={() => setCompleting(true)}
        >
          Complete Cancellation
        </RuleButton>
        <PrintReceiptButtons order={order} />
      </Group>
      {completing && <CompleteCancellationModal order={order} onClose={() => setCompleting(false)} />}
    </Group>
  );
}

/** Where the order's unpicked units go back to (a location's barcode, scanned or typed, or one listed). */
function CompleteCancellationModal({ order, onClose }: { order: PosOrder; onClose: () => void }) {
  const pickRequestId = order.items.flatMap((i) => i.units)[0]?.pickRequestId ?? null;
  const options = useDeallocationOptions(pickRequestId);
  const [division, setDivision] = useState('');
  const complete = usePosAction(order.id, {
    call: (current, value: string) => {
      const match = options.data?.divisions.find((d) => d.barcode === value);
      return posCalls.completeCancellation(current, match ? match.id : value);
    },
    success: 'Order Cancellation Successful',
    failure: 'Error Cancelling Order',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (division.trim()) complete.mutate(division.trim(), { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={`Complete Cancellation of ${order.channelOrderNumber}`}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">
            The order is canceled for good. Its allocated units that were not picked go back to this location.
            Money taken must be refunded first.
          </Text>
          <Autocomplete
            label="Return unpicked units to"
            placeholder="Scan or type a location barcode"
            data-autofocus
            data={(options.data?.divisions ?? []).map((d) => d.barcode)}
            value={division}
            onChange={setDivision}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep Order
            </Button>
            <Button type="submit" color="red" disabled={!division.trim()} loading={complete.isPending}>
              Complete Cancellation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
