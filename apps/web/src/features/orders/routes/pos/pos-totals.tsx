import {
  type ActionCheck,
  formatMoney,
  formatOrderDiscount,
  ORDER_DISCOUNT_TYPE,
  ORDER_DISCOUNT_TYPES,
  toCents,
  USER_ADDABLE_DISCOUNT_TYPES,
} from '@backroom/shared';
import {
  ActionIcon,
  Divider,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { type PosOrder, type PosOrderDiscount, posCalls, usePosAction } from '../../pos-api';
import { RuleButton } from './rule-button';

/** What is still due: the order total less what was paid net of refunds. */
export const dueCents = (order: PosOrder) =>
  toCents(order.totals.orderTotal) - toCents(order.totals.paidTotal);

function Row({
  label,
  cents,
  testId,
  strong,
}: {
  label: string;
  cents: number;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} data-testid={testId} ff="monospace">
        {formatMoney(cents)}
      </Text>
    </Group>
  );
}

/** Unit Total, Discount Total, Tax Total, Order Total, then Paid and Due (what the clerk collects). */
export function PosTotals({ order }: { order: PosOrder }) {
  const due = dueCents(order);
  return (
    <Paper withBorder p="md" data-testid="pos-totals">
      <Stack gap={4}>
        <Row label="Unit Total" cents={toCents(order.totals.unitTotal)} testId="total-unit" />
        <Row label="Discount Total" cents={toCents(order.totals.discountTotal)} testId="total-discount" />
        <Row label="Tax Total" cents={toCents(order.totals.taxTotal)} testId="total-tax" />
        <Row label="Order Total" cents={toCents(order.totals.orderTotal)} testId="total-order" strong />
        <Divider my={4} />
        <Row label="Paid" cents={toCents(order.totals.paidTotal)} testId="total-paid" />
        <Group justify="space-between" wrap="nowrap">
          <Text size="xl" fw={800}>
            Due
          </Text>
          <Text size="xl" fw={800} ff="monospace" c={due > 0 ? 'red.7' : 'green.7'} data-testid="total-due">
            {formatMoney(due)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

const typeName = (id: number) => ORDER_DISCOUNT_TYPES.find((t) => t.id === id)?.name ?? `Type ${id}`;
/** A promotion's note is '{CODE}: {name}' (what the server writes when the code is applied). */
const promotionCodeOf = (discount: PosOrderDiscount) => discount.note?.split(':')[0]?.trim() ?? '';

/** Order discounts (% Off, $ Off, $ Off / ea) with their on/off switches, and the promotion code. */
export function PosDiscounts({ order, editItems }: { order: PosOrder; editItems: ActionCheck }) {
  const [typeId, setTypeId] = useState<string>(String(ORDER_DISCOUNT_TYPE.PERCENT_OFF));
  const [amount, setAmount] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [code, setCode] = useState('');
  const add = usePosAction(order.id, {
    call: (current, v: { discountTypeId: 47 | 52 | 57; discount: number; note: string }) =>
      posCalls.addOrderDiscount(current, v),
    success: 'Order Discount Added Successfully',
    failure: 'Error Adding Order Discount',
  });
  const toggle = usePosAction(order.id, {
    call: (current, v: { id: number; isActive: 0 | 1 }) =>
      posCalls.patchOrderDiscount(current, { id: v.id, patch: { isActive: v.isActive } }),
    success: 'Order Discount Modified Successfully',
    failure: 'Error Modifying Order Discount',
  });
  // Applying a code adds the order's Promotion discount; §8 names no toast of its own for it.
  const apply = usePosAction(order.id, {
    call: (current, redemptionCode: string) => posCalls.applyPromotion(current, redemptionCode),
    success: 'Order Discount Added Successfully',
    failure: 'Error Adding Order Discount',
  });
  const remove = usePosAction(order.id, {
    call: (current, redemptionCode: string) => posCalls.removePromotion(current, redemptionCode),
    success: 'Promotion removed.',
    failure: 'Error removing Promotion.',
  });

  const percent = Number(typeId) === ORDER_DISCOUNT_TYPE.PERCENT_OFF;
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  const valid = Number.isFinite(value) && value > 0 && (!percent || value <= 100);
  const submit = () => {
    if (!valid || !editItems.allowed) return;
    add.mutate(
      { discountTypeId: Number(typeId) as 47 | 52 | 57, discount: value, note },
      {
        onSuccess: () => {
          setAmount('');
          setNote('');
        },
      },
    );
  };
  const promo = (action: 'apply' | 'remove') => {
    const text = code.trim();
    if (!text) return;
    (action === 'apply' ? apply : remove).mutate(text, { onSuccess: () => setCode('') });
  };

  return (
    <Paper withBorder p="md" data-testid="pos-discounts">
      <Stack gap="sm">
        <Title order={4}>Discounts</Title>
        <SegmentedControl
          fullWidth
          size="xs"
          aria-label="Discount type"
          value={typeId}
          onChange={setTypeId}
          disabled={!editItems.allowed}
          data={USER_ADDABLE_DISCOUNT_TYPES.map((t) => ({ value: String(t.id), label: t.name }))}
        />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NumberInput
            label={percent ? 'Percent' : 'Dollars'}
            aria-label="Order discount"
            data-testid="order-discount-amount"
            value={amount}
            onChange={setAmount}
            min={0}
            max={percent ? 100 : undefined}
            step={percent ? 1 : 0.01}
            decimalScale={2}
            allowNegative={false}
            prefix={percent ? undefined : '$'}
            suffix={percent ? '%' : undefined}
            disabled={!editItems.allowed}
            w={110}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                submit();
              }
            }}
          />
          <TextInput
            label="Note"
            placeholder="Optional"
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            disabled={!editItems.allowed}
            style={{ flex: 1 }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                submit();
              }
            }}
          />
          <RuleButton check={editItems} onClick={submit} loading={add.isPending} disabled={!valid}>
            Add
          </RuleButton>
        </Group>

        <Stack gap={4} data-testid="order-discount-list">
          {order.discounts.length === 0 && (
            <Text size="sm" c="dimmed">
              No order discounts
            </Text>
          )}
          {order.discounts.map((discount) => {
            const isPromotion = discount.discountTypeId === ORDER_DISCOUNT_TYPE.PROMOTION;
            const label = formatOrderDiscount({
              discount: toCents(discount.discount),
              discountTypeId: discount.discountTypeId,
            });
            return (
              <Group
                key={discount.id}
                justify="space-between"
                wrap="nowrap"
                data-testid="order-discount"
                data-type={discount.discountTypeId}
                data-active={discount.isActive === 1}
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} td={discount.isActive ? undefined : 'line-through'}>
                    {typeName(discount.discountTypeId)}: {label}
                  </Text>
                  {discount.note && (
                    <Text size="xs" c="dimmed" truncate>
                      {discount.note}
                    </Text>
                  )}
                </div>
                {isPromotion ? (
                  <Tooltip label={editItems.allowed ? 'Remove the promotion' : editItems.reason}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove promotion ${promotionCodeOf(discount)}`}
                      disabled={!editItems.allowed}
                      loading={remove.isPending}
                      onClick={() => remove.mutate(promotionCodeOf(discount))}
                    >
                      ×
                    </ActionIcon>
                  </Tooltip>
                ) : (
                  <Switch
                    aria-label={`${typeName(discount.discountTypeId)} ${label} on`}
                    checked={discount.isActive === 1}
                    disabled={!editItems.allowed || toggle.isPending}
                    onChange={(event) =>
                      toggle.mutate({ id: discount.id, isActive: event.currentTarget.checked ? 1 : 0 })
                    }
                  />
                )}
              </Group>
            );
          })}
        </Stack>

        <Divider />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Promotion Code"
            placeholder="Code"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            disabled={!editItems.allowed}
            style={{ flex: 1 }}
            styles={{ input: { textTransform: 'uppercase' } }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                promo('apply');
              }
            }}
          />
          <RuleButton
            check={editItems}
            onClick={() => promo('apply')}
            loading={apply.isPending}
            disabled={!code.trim()}
          >
            Apply
          </RuleButton>
          <RuleButton
            check={editItems}
            variant="default"
            onClick={() => promo('remove')}
            loading={remove.isPending}
            disabled={!code.trim()}
          >
            Remove
          </RuleButton>
        </Group>
      </Stack>
    </Paper>
  );
}
