import type { OrderDetailDto, OrderItemDto } from '@backroom/shared';
import { lineQuantityChange, removeLineQuestion, toCents } from '@backroom/shared';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Popover,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { dollars } from '../../lib/order-format';
import { posCalls, toastFailure, usePosAction, useSalesPeople } from '../../pos-api';

// The editable cells of a POS line. An edit is sent on Enter or when the field is left, with the order's
// current sourceModifiedAt; Escape puts the shown value back.

interface CellProps {
  order: OrderDetailDto;
  item: OrderItemDto;
  editable: boolean;
  onDone?: () => void;
}

function useLinePatch(order: OrderDetailDto, item: OrderItemDto) {
  return usePosAction(order.id, {
    call: (current, patch: { quantityOrdered?: number; unitPrice?: number }) =>
      posCalls.patchItem(current, { channelOrderItemId: item.id, patch }),
    success: 'Order Item Modified Successfully',
    failure: 'Error Modifying Order Item',
  });
}

/**
 * Takes a line off the order, after asking (the × button and a quantity of 0 alike). Resolves once removed;
 * rejects when the clerk keeps the line or the removal fails, so a quantity field shows its value again.
 */
export function useRemoveLine(order: OrderDetailDto, item: OrderItemDto) {
  const remove = usePosAction(order.id, {
    call: (current, _: undefined) =>
      posCalls.patchItem(current, { channelOrderItemId: item.id, patch: { quantityOrdered: 0 } }),
    success: 'Order Item Removed Successfully',
    failure: 'Error Removing Order Item',
  });
  const sku = item.product?.sku ?? item.listingSKU ?? String(item.id);
  const ask = () =>
    new Promise<void>((resolve, reject) => {
      modals.openConfirmModal({
        title: 'Please Confirm',
        children: <Text size="sm">{removeLineQuestion(sku)}</Text>,
        labels: { confirm: 'Remove', cancel: 'Keep' },
        confirmProps: { color: 'red', 'data-autofocus': true },
        onConfirm: () => remove.mutateAsync(undefined).then(() => resolve(), reject),
        onCancel: () => reject(new Error('kept')),
      });
    });
  return { ask, isPending: remove.isPending };
}

/** A number edited in place: sent when it differs from the order's value. */
function InlineNumber({
  value,
  editable,
  label,
  onCommit,
  onDone,
  money,
  allowNegative = false,
  testId,
}: {
  value: number;
  editable: boolean;
  label: string;
  /** Sends the value; when it fails, the field shows the order's value again. */
  onCommit: (value: number | string) => Promise<unknown>;
  onDone?: () => void;
  money?: boolean;
  /** Let a minus sign through to onCommit, which refuses it with its reason (never silently made positive). */
  allowNegative?: boolean;
  testId: string;
}) {
  const [draft, setDraft] = useState<number | string>(value);
  // Enter sends and moves on, which also blurs the field: the same value is not sent twice.
  const sent = useRef<number | null>(null);
  const shown = useRef(value);
  shown.current = value;
  useEffect(() => {
    setDraft(value);
    sent.current = null;
  }, [value]);
  if (!editable) {
    return (
      <Text size="sm" data-testid={testId}>
        {money ? dollars(value) : value}
      </Text>
    );
  }
  const commit = () => {
    const next = typeof draft === 'number' ? draft : Number.parseFloat(draft);
    if (!Number.isFinite(next) || (next < 0 && !allowNegative)) return setDraft(value);
    const same = money ? toCents(next) === toCents(value) : next === value;
    if (same || sent.current === next) return;
    sent.current = next;
    onCommit(next).catch(() => {
      sent.current = null;
      setDraft(shown.current);
    });
  };
  return (
    <NumberInput
      size="xs"
      aria-label={label}
      data-testid={testId}
      value={draft}
      onChange={setDraft}
      min={0}
      max={money ? 9_999_999.99 : 999}
      step={money ? 0.01 : 1}
      decimalScale={money ? 2 : 0}
      fixedDecimalScale={money}
      prefix={money ? '$' : undefined}
      thousandSeparator={money ? ',' : undefined}
      allowNegative={allowNegative}
      hideControls
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
          onDone?.();
        } else if (event.key === 'Escape') {
          setDraft(value);
        }
      }}
    />
  );
}

export function QuantityCell({ order, item, editable, onDone }: CellProps) {
  const patch = useLinePatch(order, item);
  const removal = useRemoveLine(order, item);
  // The shared rule decides: refused (negative, fraction, too many) with its reason, 0 asks and removes.
  const commit = (typed: number | string) => {
    const change = lineQuantityChange(item.quantityOrdered, typed);
    if (change.kind === 'refused') {
      toastFailure('Error Modifying Order Item', new Error(change.reason));
      return Promise.reject(new Error(change.reason));
    }
    if (change.kind === 'remove') return removal.ask();
    if (change.kind === 'unchanged') return Promise.resolve();
    return patch.mutateAsync({ quantityOrdered: change.quantity });
  };
  return (
    <InlineNumber
      value={item.quantityOrdered}
      editable={editable}
      label={`Quantity of ${item.listingSKU ?? item.id}`}
      testId="line-qty"
      allowNegative
      onCommit={commit}
      onDone={onDone}
    />
  );
}

export function PriceCell({ order, item, editable, onDone }: CellProps) {
  const patch = useLinePatch(order, item);
  return (
    <InlineNumber
      value={item.unitPrice}
      editable={editable}
      money
      label={`Price of ${item.listingSKU ?? item.id}`}
      testId="line-price"
      onCommit={(unitPrice) => patch.mutateAsync({ unitPrice: Number(unitPrice) })}
      onDone={onDone}
    />
  );
}

type ItemDiscountKind = 'flat' | 'unit' | 'percent';

/** §3 Item discount: '$x.xx' (flat), '$x.xx/ea' (per unit) or 'x.xx%'. A click switches one on or off. */
export function ItemDiscountsCell({ order, item, editable }: CellProps) {
  const [opened, setOpened] = useState(false);
  const [kind, setKind] = useState<ItemDiscountKind>('flat');
  const [amount, setAmount] = useState<number | string>('');
  const add = usePosAction(order.id, {
    call: (current, v: { discount: number; kind: ItemDiscountKind }) =>
      posCalls.addItemDiscount(current, {
        channelOrderItemId: item.id,
        discount: v.discount,
        isPercent: v.kind === 'percent' ? 1 : 0,
        isUnit: v.kind === 'unit' ? 1 : 0,
      }),
    success: 'Item Discount Added Successfully',
    failure: 'Error Adding Order Discount',
  });
  const toggle = usePosAction(order.id, {
    call: (current, v: { id: number; isActive: 0 | 1 }) =>
      posCalls.patchItemDiscount(current, { id: v.id, patch: { isActive: v.isActive } }),
    success: 'Item Discount Modified Successfully',
    failure: 'Error Modifying Order Item Discount',
  });
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  const valid = Number.isFinite(value) && value > 0 && (kind !== 'percent' || value <= 100);
  const submit = () => {
    if (!valid) return;
    add.mutate(
      { discount: value, kind },
      {
        onSuccess: () => {
          setAmount('');
          setOpened(false);
        },
      },
    );
  };
  return (
    <Group gap={4} wrap="wrap" data-testid="line-discounts">
      {item.discounts.map((discount) => {
        const on = discount.isActive === 1;
        return (
          <Tooltip
            key={discount.id}
            label={
              editable ? (on ? 'Click to switch off' : 'Click to switch on') : `Switched ${on ? 'on' : 'off'}`
            }
          >
            <UnstyledButton
              disabled={!editable || toggle.isPending}
              onClick={() => toggle.mutate({ id: discount.id, isActive: on ? 0 : 1 })}
              aria-label={`Item discount ${discount.label} ${on ? 'on' : 'off'}`}
              aria-pressed={on}
            >
              <Badge
                variant={on ? 'light' : 'outline'}
                color={on ? 'grape' : 'gray'}
                style={{ textTransform: 'none', textDecoration: on ? undefined : 'line-through' }}
                data-testid="item-discount"
                data-active={on}
              >
                {discount.label}
              </Badge>
            </UnstyledButton>
          </Tooltip>
        );
      })}
      {editable && (
        <Popover opened={opened} onChange={setOpened} trapFocus withArrow position="bottom" shadow="md">
          <Popover.Target>
            <ActionIcon
              size="sm"
              variant="light"
              aria-label={`Add an item discount to ${item.listingSKU ?? item.id}`}
              onClick={() => setOpened((o) => !o)}
            >
              +
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="xs" w={220}>
              <SegmentedControl
                size="xs"
                value={kind}
                onChange={(v) => setKind(v as ItemDiscountKind)}
                data={[
                  { value: 'flat', label: '$' },
                  { value: 'unit', label: '$ / ea' },
                  { value: 'percent', label: '%' },
                ]}
              />
              <NumberInput
                size="xs"
                label={
                  kind === 'percent' ? 'Percent off' : kind === 'unit' ? 'Dollars off each' : 'Dollars off'
                }
                data-autofocus
                value={amount}
                onChange={setAmount}
                min={0}
                max={kind === 'percent' ? 100 : undefined}
                step={0.01}
                decimalScale={2}
                allowNegative={false}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    submit();
                  }
                }}
              />
              <Button size="xs" onClick={submit} disabled={!valid} loading={add.isPending}>
                Add Item Discount
              </Button>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      )}
      {!editable && item.discounts.length === 0 && (
        <Text size="sm" c="dimmed">
          —
        </Text>
      )}
    </Group>
  );
}

/** The sales people credited with the line (users with the salesperson role). */
export function SalesPeopleCell({ order, item }: Omit<CellProps, 'editable'>) {
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const people = useSalesPeople();
  const save = usePosAction(order.id, {
    call: (current, userIds: number[]) =>
      posCalls.setSalesPeople(current, { channelOrderItemId: item.id, userIds }),
    success: 'Sales People Updated',
    failure: 'Error Updating Sales People',
  });
  const names = item.salesPeople.map((p) => `${p.firstName} ${p.lastName}`.trim());
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      withArrow
      shadow="md"
      position="bottom-end"
      onOpen={() => setChosen(item.salesPeople.map((p) => String(p.id)))}
    >
      <Popover.Target>
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          aria-label={`Sales people of ${item.listingSKU ?? item.id}`}
          data-testid="line-sales-people"
        >
          <Text size="sm" c={names.length ? undefined : 'blue'} lineClamp={2} maw={140}>
            {names.length ? names.join(', ') : 'Assign'}
          </Text>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={220}>
          <Checkbox.Group
            label="Sales People"
            value={chosen}
            onChange={setChosen}
            error={people.error instanceof ApiError ? people.error.message : undefined}
          >
            <ScrollArea.Autosize mah={220} mt={6}>
              <Stack gap={6}>
                {people.isLoading && (
                  <Text size="xs" c="dimmed">
                    Loading...
                  </Text>
                )}
                {(people.data ?? []).map((p, index) => (
                  <Checkbox
                    key={p.id}
                    size="xs"
                    value={String(p.id)}
                    label={`${p.firstName} ${p.lastName}`.trim()}
                    data-autofocus={index === 0 ? true : undefined}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Checkbox.Group>
          <Button
            size="xs"
            loading={save.isPending}
            onClick={() => save.mutate(chosen.map(Number), { onSuccess: () => setOpened(false) })}
          >
            Save Sales People
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
