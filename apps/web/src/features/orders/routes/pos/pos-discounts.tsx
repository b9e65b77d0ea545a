import type { ActionCheck, OrderDetailDto } from '@backroom/shared';
import { Divider, Paper, Stack, Title } from '@mantine/core';
import { OrderDiscountForm } from './order-discount-form';
import { OrderDiscountList } from './order-discount-list';
import { PromotionCodeForm, useRemovePromotion } from './promotion-code-form';

/** Order discounts (% Off, $ Off, $ Off / ea) with their on/off switches, and the promotion code. */
export function PosDiscounts({ order, editItems }: { order: OrderDetailDto; editItems: ActionCheck }) {
  const remove = useRemovePromotion(order.id);
  return (
    <Paper withBorder p="md" data-testid="pos-discounts">
      <Stack gap="sm">
        <Title order={4}>Discounts</Title>
        <OrderDiscountForm order={order} editItems={editItems} />
        <OrderDiscountList order={order} editItems={editItems} remove={remove} />
        <Divider />
        <PromotionCodeForm order={order} editItems={editItems} remove={remove} />
      </Stack>
    </Paper>
  );
}
