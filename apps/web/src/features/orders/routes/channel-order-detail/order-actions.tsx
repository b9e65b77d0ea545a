import type { OrderDetailDto } from '@backroom/shared';
import {
  type ActionCheck,
  canCancel,
  canMakeShippableBackorder,
  canMarkPackingDelayed,
  canMarkShipped,
  canPrePack,
  canSendOrderConfirmation,
} from '@backroom/shared';
import { Button, Group, Menu, Stack, TagsInput, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { Modal } from '../../../../components/modal';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import {
  type ChannelOrderAction,
  useChannelOrderAction,
  useMarkShipped,
  useSendOrderConfirmation,
} from '../../api';
import { ChevronDownIcon } from '../../components/icons';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** §8 'Updated {ids}.' / 'Error updating {ids}.', the failure with the server's reason (a refused rule's 409). */
function updated(id: number) {
  notify({ color: 'green', message: `Updated ${id}.` });
}
function notUpdated(id: number, error: unknown) {
  notify({
    color: 'red',
    title: `Error updating ${id}.`,
    message: messageOf(error),
    autoClose: 8000,
  });
}

interface MenuAction {
  key: ChannelOrderAction | 'markShipped';
  label: string;
  check: ActionCheck;
  color?: string;
}

/**
 * The channel order actions (orders-warehouse.md §7: cancel, packingDelayed, prePack, makeShippableBackorder,
 * markShipped), each enabled by the shared rule, a refused one showing the rule's reason as its tooltip.
 * The server checks the same rules under a row lock; its refusal (409) shows in the failure toast.
 */
export function OrderActionsMenu({ order }: { order: OrderDetailDto }) {
  const requiresPacking = order.warehouseRequiresPacking;
  const action = useChannelOrderAction(order.id);
  const [shipping, setShipping] = useState(false);

  const actions: MenuAction[] = [
    { key: 'prePack', label: 'Pre-Pack', check: canPrePack(order, requiresPacking) },
    {
      key: 'packingDelayed',
      label: 'Packing Delayed',
      check: canMarkPackingDelayed(order, requiresPacking),
    },
    {
      key: 'makeShippableBackorder',
      label: 'Make Shippable Backorder',
      check: canMakeShippableBackorder(order),
    },
    { key: 'markShipped', label: 'Mark Shipped', check: canMarkShipped(order, requiresPacking) },
    { key: 'cancel', label: 'Cancel', check: canCancel(order), color: 'red' },
  ];

  const run = (key: ChannelOrderAction) =>
    action.mutate(key, {
      onSuccess: () => updated(order.id),
      onError: (error) => notUpdated(order.id, error),
    });

  const choose = (item: MenuAction) => {
    if (item.key === 'markShipped') return setShipping(true);
    if (item.key === 'cancel') {
      return modals.openConfirmModal({
        title: 'Please Confirm',
        children: <Text size="sm">This will cancel order {order.channelOrderNumber}. Are you sure?</Text>,
        labels: { confirm: 'Cancel Order', cancel: 'Keep Order' },
        confirmProps: { color: 'red' },
        onConfirm: () => run('cancel'),
      });
    }
    run(item.key);
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal width={240}>
        <Menu.Target>
          <Button variant="default" rightSection={<ChevronDownIcon size={14} />} loading={action.isPending}>
            Actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown data-testid="order-actions">
          {actions.map((item) => (
            <Tooltip
              key={item.key}
              label={item.check.reason}
              disabled={item.check.allowed}
              position="left"
              withArrow
              multiline
              w={240}
            >
              <div data-testid={`action-${item.key}`}>
                <Menu.Item
                  color={item.color}
                  disabled={!item.check.allowed}
                  onClick={() => choose(item)}
                  aria-description={item.check.reason}
                >
                  {item.label}
                </Menu.Item>
              </div>
            </Tooltip>
          ))}
        </Menu.Dropdown>
      </Menu>
      <MarkShippedModal order={order} opened={shipping} onClose={() => setShipping(false)} />
    </>
  );
}

/** Mark Shipped: the tracking numbers (any number, Enter or a comma after each), then one call. */
function MarkShippedModal({
  order,
  opened,
  onClose,
}: {
  order: OrderDetailDto;
  opened: boolean;
  onClose(): void;
}) {
  const [trackingNumbers, setTrackingNumbers] = useState<string[]>([]);
  const markShipped = useMarkShipped(order.id);
  const submit = () =>
    markShipped.mutate(trackingNumbers, {
      onSuccess: () => {
        updated(order.id);
        setTrackingNumbers([]);
        onClose();
      },
      onError: (error) => notUpdated(order.id, error),
    });
  return (
    <Modal opened={opened} onClose={onClose} title={`Mark ${order.channelOrderNumber} Shipped`}>
      <Stack>
        <TagsInput
          label="Tracking Numbers"
          description="Enter or a comma after each; one shipment is recorded per tracking number"
          placeholder={trackingNumbers.length ? undefined : '1Z999AA10123456784'}
          value={trackingNumbers}
          onChange={(values) => setTrackingNumbers(values.map((v) => v.trim()).filter(Boolean))}
          splitChars={[',', ' ']}
          maxTags={20}
          clearable
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={markShipped.isPending}>
            Mark Shipped
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * 'Send Order Confirmation Email', shown only for the own website's orders (site 99, channel type 1).
 * Toasts 'Order Confirmation Sent' / 'Error sending Order Confirmation'.
 */
export function SendConfirmationButton({ order }: { order: OrderDetailDto }) {
  const send = useSendOrderConfirmation();
  if (!order.channel || !canSendOrderConfirmation(order).allowed) return null;
  const channel = order.channel;
  return (
    <Button
      variant="light"
      loading={send.isPending}
      onClick={() =>
        send.mutate(
          { id: order.id, siteId: channel.siteId, channelId: channel.id },
          {
            onSuccess: () => notify({ color: 'green', message: 'Order Confirmation Sent' }),
            onError: (error) =>
              notify({
                color: 'red',
                title: 'Error sending Order Confirmation',
                message: messageOf(error),
              }),
          },
        )
      }
    >
      Send Order Confirmation Email
    </Button>
  );
}
