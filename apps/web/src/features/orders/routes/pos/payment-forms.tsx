import type { OrderDetailDto } from '@backroom/shared';
import { type Cents, formatMoney, PAYMENT_TYPE } from '@backroom/shared';
import { Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Modal } from '../../../../components/modal';
import { posCalls, usePaymentTypes, usePosAction } from '../../pos-api';

const amountOf = (value: number | string) => (typeof value === 'number' ? value : Number.parseFloat(value));
const dueDollars = (cents: Cents) => (cents > 0 ? cents / 100 : '');

/** A payment taken by hand: any picker type but merchant credit (a gift card is redeemed by its number). */
export function AddPaymentModal({
  order,
  dueCents,
  onClose,
}: {
  order: OrderDetailDto;
  dueCents: Cents;
  onClose: () => void;
}) {
  const types = usePaymentTypes();
  const [typeId, setTypeId] = useState<string | null>(String(PAYMENT_TYPE.CASH));
  const [amount, setAmount] = useState<number | string>(dueDollars(dueCents));
  const [referenceId, setReferenceId] = useState('');
  const [paymentNumber, setPaymentNumber] = useState('');
  const [note, setNote] = useState('');
  const add = usePosAction(order.id, {
    call: (current, payment: Parameters<typeof posCalls.addManualPayment>[1]) =>
      posCalls.addManualPayment(current, payment),
    success: 'Manual Payment Added',
    failure: 'Error Adding Manual Payment',
  });
  const value = amountOf(amount);
  const valid = Boolean(typeId) && Number.isFinite(value) && value > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    add.mutate(
      {
        channelOrderPaymentTypeId: Number(typeId),
        amount: value,
        referenceId: referenceId.trim() || null,
        paymentNumber: paymentNumber.trim() || null,
        note: note.trim() || null,
      },
      { onSuccess: onClose },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Add Payment">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Due: {formatMoney(Math.max(0, dueCents))}
          </Text>
          <Select
            label="Payment Type"
            data-testid="payment-type"
            allowDeselect={false}
            data={(types.data ?? [])
              .filter((t) => t.id !== PAYMENT_TYPE.MERCHANT_CREDIT)
              .map((t) => ({ value: String(t.id), label: t.name }))}
            value={typeId}
            onChange={setTypeId}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label="Amount"
            data-testid="payment-amount-input"
            data-autofocus
            required
            value={amount}
            onChange={setAmount}
            min={0}
            step={0.01}
            decimalScale={2}
            fixedDecimalScale
            prefix="$"
            allowNegative={false}
          />
          <Group grow>
            <TextInput
              label="Reference"
              value={referenceId}
              onChange={(e) => setReferenceId(e.currentTarget.value)}
            />
            <TextInput
              label="Payment Number"
              placeholder="Check or card number"
              value={paymentNumber}
              onChange={(e) => setPaymentNumber(e.currentTarget.value)}
            />
          </Group>
          <TextInput label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid} loading={add.isPending}>
              Add Payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Pays with a gift card (//GC…//) or e-gift card (//EGC…//): its number, verification code and amount. */
export function RedeemGiftCardModal({
  order,
  dueCents,
  number: scanned,
  onClose,
}: {
  order: OrderDetailDto;
  dueCents: Cents;
  number: string;
  onClose: () => void;
}) {
  const [number, setNumber] = useState(scanned);
  const [code, setCode] = useState('');
  const [amount, setAmount] = useState<number | string>(dueDollars(dueCents));
  const [note, setNote] = useState('');
  const redeem = usePosAction(order.id, {
    call: (current, v: Parameters<typeof posCalls.redeemMerchantCredit>[1]) =>
      posCalls.redeemMerchantCredit(current, v),
    success: 'Merchant Credit Redeemed',
    failure: 'Error Redeeming Merchant Credit',
  });
  const value = amountOf(amount);
  const valid = Boolean(number.trim()) && Boolean(code.trim()) && Number.isFinite(value) && value > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    redeem.mutate(
      {
        merchantCreditId: number.trim(),
        verificationCode: code.trim(),
        amount: value,
        note: note.trim() || null,
      },
      { onSuccess: onClose },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Redeem Gift Card">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Due: {formatMoney(Math.max(0, dueCents))}
          </Text>
          <TextInput
            label="Gift Card Number"
            data-testid="gift-card-number"
            required
            data-autofocus={scanned ? undefined : true}
            value={number}
            onChange={(e) => setNumber(e.currentTarget.value)}
            ff="monospace"
          />
          <TextInput
            label="Verification Code"
            data-testid="gift-card-code"
            required
            data-autofocus={scanned ? true : undefined}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            autoComplete="off"
          />
          <NumberInput
            label="Amount"
            data-testid="gift-card-amount"
            required
            value={amount}
            onChange={setAmount}
            min={0}
            step={0.01}
            decimalScale={2}
            fixedDecimalScale
            prefix="$"
            allowNegative={false}
          />
          <TextInput label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid} loading={redeem.isPending}>
              Redeem
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
