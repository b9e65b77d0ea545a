import {
  canActivate,
  canCancel,
  canCompleteCancellation,
  canEmailOrderConfirmation,
  canHold,
  derivedOrderState,
  firstPartyTransition,
  ORDER_STATUS,
  type OrderDetailDto,
} from '@backroom/shared';
import { Anchor, Autocomplete, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../../../components/modal';
import { useSendOrderConfirmation } from '../../api';
import {
  type PosStatusChange,
  posCalls,
  toastFailure,
  toastSuccess,
  useDeallocationOptions,
  usePosAction,
} from '../../pos-api';
import { posFacts } from './pos-totals';
import { PrintReceiptButtons } from './print-receipt';
import { RuleButton } from './rule-button';

const STATE_COLORS: Record<string, string> = {
  Active: 'green',
  'On Hold': 'yellow',
  'Awaiting Payment': 'orange',
  Canceled: 'red',
};

/**
 * Order number, status tag, derived state, and the order's actions with the rules' reasons (the primary next
 * step is PosNextStep's, under the totals).
 */
export function PosHeader({ order }: { order: OrderDetailDto }) {
  const state = derivedOrderState(order);
  const [completing, setCompleting] = useState(false);
  const completeCheck = canCompleteCancellation(
    order,
    order.items.reduce((n, item) => n + item.units.length, 0),
  );
  const modify = usePosAction(order.id, {
    call: (current, status: PosStatusChange) => posCalls.setStatus(current, status),
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
          {/* One status badge (issue 19 §2): the state a clerk acts on, then the order's status. */}
          <Badge
            color={STATE_COLORS[state] ?? 'gray'}
            variant="light"
            size="lg"
            data-testid="pos-status"
            data-fulfilled={order.isFulfilled}
            style={{ textTransform: 'none' }}
          >
            {order.systemOrderStatus.name === state ? (
              // Said once when both are the same ('Canceled').
              <span data-testid="order-status">
                <span data-testid="pos-order-state">{state}</span>
              </span>
            ) : (
              <>
                <span data-testid="pos-order-state">{state}</span>
                {' · '}
                <span data-testid="order-status">{order.systemOrderStatus.name}</span>
              </>
            )}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Order {order.id}
          {order.channel ? ` · ${order.channel.name}` : ''} ·{' '}
          <Anchor component={Link} to={`/channelOrder/${order.id}/detail`} size="sm" underline="always">
            Detail view
          </Anchor>
        </Text>
      </Stack>
      <Group gap="xs" data-testid="pos-actions">
        <RuleButton
          check={canHold(order)}
          variant="default"
          loading={modify.isPending && modify.variables === ORDER_STATUS.ON_HOLD}
          onClick={() => modify.mutate(ORDER_STATUS.ON_HOLD)}
        >
          Hold
        </RuleButton>
        <RuleButton
          check={canActivate(order)}
          variant="default"
          loading={modify.isPending && modify.variables === ORDER_STATUS.READY}
          onClick={() => modify.mutate(ORDER_STATUS.READY)}
        >
          Activate
        </RuleButton>
        <RuleButton
          check={firstPartyTransition(order, 'finalize', posFacts(order))}
          variant="default"
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
        {/* Offered once there is a cancellation to complete (asked for, or units to put back on hold), and
            after it, disabled with its reason; never on a new or active order (issue 19). */}
        {(completeCheck.allowed || order.systemOrderStatusId === ORDER_STATUS.CANCELED) && (
          <RuleButton check={completeCheck} color="red" variant="subtle" onClick={() => setCompleting(true)}>
            Complete Cancellation
          </RuleButton>
        )}
        <PrintReceiptButtons order={order} />
        <SendConfirmationButton order={order} />
      </Group>
      {completing && <CompleteCancellationModal order={order} onClose={() => setCompleting(false)} />}
    </Group>
  );
}

/**
 * 'Send Order Confirmation Email' for a sale with a customer e-mail (canEmailOrderConfirmation). Toasts
 * 'Order Confirmation Sent' / 'Error sending Order Confirmation' (§8).
 */
function SendConfirmationButton({ order }: { order: OrderDetailDto }) {
  const send = useSendOrderConfirmation();
  const channel = order.channel;
  return (
    <RuleButton
      check={canEmailOrderConfirmation(order)}
      variant="default"
      loading={send.isPending}
      onClick={() =>
        channel &&
        send.mutate(
          { id: order.id, siteId: channel.siteId, channelId: channel.id },
          {
            onSuccess: () => toastSuccess('Order Confirmation Sent'),
            onError: (error) => toastFailure('Error sending Order Confirmation', error),
          },
        )
      }
    >
      Send Order Confirmation Email
    </RuleButton>
  );
}

/** Where the order's unpicked units go back to (a location's barcode, scanned or typed, or one listed). */
export function CompleteCancellationModal({
  order,
  onClose,
}: {
  order: OrderDetailDto;
  onClose: () => void;
}) {
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
