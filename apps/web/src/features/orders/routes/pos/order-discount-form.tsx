import type { OrderDetailDto, UserDiscountTypeId } from '@backroom/shared';
import { type ActionCheck, ORDER_DISCOUNT_TYPE, USER_ADDABLE_DISCOUNT_TYPES } from '@backroom/shared';
import { Group, NumberInput, SegmentedControl, TextInput } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { posCalls, usePosAction } from '../../pos-api';
import { readDiscountDraft } from './order-discount-draft';
import { RuleButton } from './rule-button';

/** Enter in a field submits the form it belongs to. */
export const onEnter = (action: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    action();
  }
};

/** The add-an-order-discount form: type (% Off, $ Off, $ Off / ea), amount, note. */
export function OrderDiscountForm({ order, editItems }: { order: OrderDetailDto; editItems: ActionCheck }) {
  const [typeId, setTypeId] = useState<string>(String(ORDER_DISCOUNT_TYPE.PERCENT_OFF));
  const [amount, setAmount] = useState<number | string>('');
  const [note, setNote] = useState('');
  const add = usePosAction(order.id, {
    call: (current, v: { discountTypeId: UserDiscountTypeId; discount: number; note: string }) =>
      posCalls.addOrderDiscount(current, v),
    success: 'Order Discount Added Successfully',
    failure: 'Error Adding Order Discount',
  });

  const { percent, value, valid, discountTypeId } = readDiscountDraft(typeId, amount);
  const submit = () => {
    if (!valid || !editItems.allowed) return;
    add.mutate(
      { discountTypeId, discount: value, note },
      {
        onSuccess: () => {
          setAmount('');
          setNote('');
        },
      },
    );
  };

  return (
    <>
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
          onKeyDown={onEnter(submit)}
        />
        <TextInput
          label="Note"
          placeholder="Optional"
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          disabled={!editItems.allowed}
          style={{ flex: 1 }}
          onKeyDown={onEnter(submit)}
        />
        <RuleButton
          check={editItems}
          onClick={submit}
          loading={add.isPending}
          need={valid ? null : 'Enter a discount above zero first'}
        >
          Add
        </RuleButton>
      </Group>
    </>
  );
}
