import type { OrderDetailDto, OrderDiscountDto } from '@backroom/shared';
import { type ActionCheck, formatOrderDiscount, ORDER_DISCOUNT_TYPE, toCents } from '@backroom/shared';
import { ActionIcon, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { posCalls, usePosAction } from '../../pos-api';
import { discountTypeName, promotionCodeOf } from './order-discount-draft';
import type { useRemovePromotion } from './promotion-code-form';

/** The order's discounts: each with its on/off switch, a promotion with its remove button. */
export function OrderDiscountList({
  order,
  editItems,
  remove,
}: {
  order: OrderDetailDto;
  editItems: ActionCheck;
  remove: ReturnType<typeof useRemovePromotion>;
}) {
  const toggle = usePosAction(order.id, {
    call: (current, v: { id: number; isActive: 0 | 1 }) =>
      posCalls.patchOrderDiscount(current, { id: v.id, patch: { isActive: v.isActive } }),
    success: 'Order Discount Modified Successfully',
    failure: 'Error Modifying Order Discount',
  });

  return (
    <Stack gap={4} data-testid="order-discount-list">
      {order.discounts.length === 0 && (
        <Text size="sm" c="dimmed">
          No order discounts
        </Text>
      )}
      {order.discounts.map((discount) => (
        <DiscountRow
          key={discount.id}
          discount={discount}
          editItems={editItems}
          onToggle={(isActive) => toggle.mutate({ id: discount.id, isActive })}
          toggling={toggle.isPending}
          onRemove={() => remove.mutate(promotionCodeOf(discount))}
          removing={remove.isPending}
        />
      ))}
    </Stack>
  );
}

function DiscountRow({
  discount,
  editItems,
  onToggle,
  toggling,
  onRemove,
  removing,
}: {
  discount: OrderDiscountDto;
  editItems: ActionCheck;
  onToggle: (isActive: 0 | 1) => void;
  toggling: boolean;
  onRemove: () => void;
  removing: boolean;
}) {
  const isPromotion = discount.discountTypeId === ORDER_DISCOUNT_TYPE.PROMOTION;
  const label = formatOrderDiscount({
    discount: toCents(discount.discount),
    discountTypeId: discount.discountTypeId,
  });
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      data-testid="order-discount"
      data-type={discount.discountTypeId}
      data-active={discount.isActive === 1}
    >
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} td={discount.isActive ? undefined : 'line-through'}>
          {discountTypeName(discount.discountTypeId)}: {label}
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
            loading={removing}
            onClick={onRemove}
          >
            ×
          </ActionIcon>
        </Tooltip>
      ) : (
        <Switch
          aria-label={`${discountTypeName(discount.discountTypeId)} ${label} on`}
          checked={discount.isActive === 1}
          disabled={!editItems.allowed || toggling}
          onChange={(event) => onToggle(event.currentTarget.checked ? 1 : 0)}
        />
      )}
    </Group>
  );
}
