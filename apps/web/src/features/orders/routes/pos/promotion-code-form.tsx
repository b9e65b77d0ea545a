import type { ActionCheck, OrderDetailDto } from '@backroom/shared';
import { Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { posCalls, usePosAction } from '../../pos-api';
import { onEnter } from './order-discount-form';
import { RuleButton } from './rule-button';

/** Takes a promotion off the order (the code field's Remove and the promotion's × in the list share it). */
export const useRemovePromotion = (orderId: number) =>
  usePosAction(orderId, {
    call: (current, redemptionCode: string) => posCalls.removePromotion(current, redemptionCode),
    success: 'Promotion removed.',
    failure: 'Error removing Promotion.',
  });

/** The promotion code field with Apply and Remove. */
export function PromotionCodeForm({
  order,
  editItems,
  remove,
}: {
  order: OrderDetailDto;
  editItems: ActionCheck;
  remove: ReturnType<typeof useRemovePromotion>;
}) {
  const [code, setCode] = useState('');
  // Applying a code adds the order's Promotion discount; §8 names no toast of its own for it.
  const apply = usePosAction(order.id, {
    call: (current, redemptionCode: string) => posCalls.applyPromotion(current, redemptionCode),
    success: 'Order Discount Added Successfully',
    failure: 'Error Adding Order Discount',
  });
  const promo = (action: 'apply' | 'remove') => {
    const text = code.trim();
    if (!text) return;
    (action === 'apply' ? apply : remove).mutate(text, { onSuccess: () => setCode('') });
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label="Promotion Code"
        placeholder="Code"
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        disabled={!editItems.allowed}
        style={{ flex: 1 }}
        styles={{ input: { textTransform: 'uppercase' } }}
        onKeyDown={onEnter(() => promo('apply'))}
      />
      <RuleButton
        check={editItems}
        onClick={() => promo('apply')}
        loading={apply.isPending}
        need={code.trim() ? null : 'Type a promotion code first'}
      >
        Apply
      </RuleButton>
      <RuleButton
        check={editItems}
        variant="default"
        onClick={() => promo('remove')}
        loading={remove.isPending}
        need={code.trim() ? null : 'Type a promotion code first'}
      >
        Remove
      </RuleButton>
    </Group>
  );
}
