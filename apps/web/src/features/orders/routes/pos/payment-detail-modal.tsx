import type { OrderDetailDto, OrderPaymentDto } from '@backroom/shared';
import {
  formatOrderDate,
  isRefundButtonDisabled,
  REFUND_REASON,
  REFUND_REASONS,
  refundDestinations,
  toCents,
  validateRefund,
} from '@backroom/shared';
import {
  Alert,
  Button,
  Code,
  Divider,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Modal } from '../../../../components/modal';
import { useMe } from '../../../auth/api';
import { dollars } from '../../lib/order-format';
import { posCalls, posKeys, useIsStoreManager, usePosAction } from '../../pos-api';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value || '—'}
      </Text>
    </div>
  );
}

const centsOf = (value: number | string): number => {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
};

/**
 * A payment's details (§Order payments panels): amount, status, method, time and note; its refunds (id,
 * reason, amount); and the refund form (§5 Refund): amount above 0 and not above what is left, to the
 * original type or a 'New Electronic Gift Card', with a reason. The new card's number and code are shown
 * to the clerk once made.
 */
export function PaymentDetailModal({
  order,
  payment,
  onClose,
}: {
  order: OrderDetailDto;
  payment: OrderPaymentDto;
  onClose: () => void;
}) {
  const isStoreManager = useIsStoreManager();
  const destinations = refundDestinations(payment);
  const [amount, setAmount] = useState<number | string>(payment.unrefunded > 0 ? payment.unrefunded : '');
  const [destination, setDestination] = useState<string>(destinations[0]!.key);
  const [reason, setReason] = useState<string>(String(REFUND_REASON.CUSTOMER_REQUESTED));
  const [card, setCard] = useState<{ number: string; verificationCode: string } | null>(null);
  const refund = usePosAction(order.id, {
    call: (current, v: Parameters<typeof posCalls.refund>[1]) => posCalls.refund(current, v),
    success: 'Payment Refund Successful',
    failure: 'Error Refunding Payment',
  });
  // §7 'What the product does with answers': the payment is read again when the dialog opens and after a
  // refund fails (a success already brings the order back), so 'Left to Refund' is never another tab's past.
  const client = useQueryClient();
  const reload = useCallback(
    () => client.refetchQueries({ queryKey: posKeys.order(order.id) }),
    [client, order.id],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  // An amount above what is now left comes down to it.
  useEffect(() => {
    setAmount((typed) =>
      typeof typed === 'number' && typed > payment.unrefunded
        ? payment.unrefunded > 0
          ? payment.unrefunded
          : ''
        : typed,
    );
  }, [payment.unrefunded]);

  const cents = centsOf(amount);
  const check = validateRefund(
    cents,
    { amount: toCents(payment.amount), refunds: payment.refunds.map((r) => ({ amount: toCents(r.amount) })) },
    { isStoreManager },
  );
  const disabled = isRefundButtonDisabled({
    formDisabled: !check.ok,
    working: refund.isPending,
    isStoreManager,
  });
  const chosen = destinations.find((d) => d.key === destination) ?? destinations[0]!;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    refund.mutate(
      {
        channelOrderPaymentId: payment.id,
        destinationPaymentTypeId: chosen.destinationPaymentTypeId,
        destinationPaymentRecordId: chosen.destinationPaymentRecordId,
        amount: cents / 100,
        refundReasonId: Number(reason),
      },
      {
        onSuccess: (reply) => {
          setCard(reply.newMerchantCredit ?? null);
          setAmount('');
        },
        onError: () => void reload(),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Payment ${payment.id}`} size={640}>
      <Stack gap="md" data-testid="payment-detail">
        <PaymentFacts payment={payment} />

        <RefundsTable refunds={payment.refunds} />
        {card && <NewCardAlert card={card} />}

        <Divider />
        <form onSubmit={submit}>
          <Stack gap="sm">
            <Title order={5}>Refund</Title>
            <RefundFields
              amount={amount}
              setAmount={setAmount}
              amountError={amount !== '' && !check.ok && isStoreManager ? check.error : undefined}
              destinations={destinations}
              destination={destination}
              setDestination={setDestination}
              reason={reason}
              setReason={setReason}
              disabled={!isStoreManager}
            />
            {!isStoreManager && (
              <Text size="sm" c="dimmed">
                Only a store manager can refund.
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button type="submit" color="red" disabled={disabled} loading={refund.isPending}>
                Refund {cents > 0 ? dollars(cents / 100) : ''}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}

/** The payment's refunds: id, reason and amount, or 'No Refunds'. */
function RefundsTable({ refunds }: { refunds: OrderPaymentDto['refunds'] }) {
  return (
    <Stack gap={4}>
      <Title order={5}>Refunds</Title>
      {refunds.length === 0 ? (
        <Text size="sm" c="dimmed">
          No Refunds
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={4} data-testid="refunds-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {refunds.map((r) => (
              <Table.Tr key={r.id} data-testid="refund-row">
                <Table.Td>{r.id}</Table.Td>
                <Table.Td>{r.reason.description}</Table.Td>
                <Table.Td ta="right">{dollars(r.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The new electronic gift card a refund made: its number and code, shown to the clerk once. */
function NewCardAlert({ card }: { card: { number: string; verificationCode: string } }) {
  return (
    <Alert color="green" title="New Electronic Gift Card" data-testid="new-egift-card">
      <Stack gap={4}>
        <Text size="sm">Give these to the customer; they are not shown again.</Text>
        <Group gap="xl">
          <div>
            <Text size="xs" c="dimmed">
              Card Number
            </Text>
            <Code fz="lg" data-testid="new-egift-card-number">
              {card.number}
            </Code>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Verification Code
            </Text>
            <Code fz="lg" data-testid="new-egift-card-code">
              {card.verificationCode}
            </Code>
          </div>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The payment's facts: amount, status, method, created, refunded, left to refund, and its note. */
function PaymentFacts({ payment }: { payment: OrderPaymentDto }) {
  const utcOffset = useMe().data!.currentAccount.utcOffset;
  return (
    <>
      <SimpleGrid cols={3} spacing="sm">
        <Fact label="Amount" value={dollars(payment.amount)} testId="payment-detail-amount" />
        <Fact label="Status" value={payment.status.name} />
        <Fact label="Method" value={[payment.type.name, payment.paymentNumber].filter(Boolean).join(' ')} />
        <Fact label="Created" value={formatOrderDate(payment.createdAt, utcOffset)} />
        <Fact label="Refunded" value={dollars(payment.refunded)} testId="payment-detail-refunded" />
        <Fact label="Left to Refund" value={dollars(payment.unrefunded)} testId="payment-detail-left" />
      </SimpleGrid>
      {payment.note && <Fact label="Note" value={payment.note} />}
    </>
  );
}

/** The refund's amount, destination (original type or a new gift card) and reason. */
function RefundFields({
  amount,
  setAmount,
  amountError,
  destinations,
  destination,
  setDestination,
  reason,
  setReason,
  disabled,
}: {
  amount: number | string;
  setAmount: (amount: number | string) => void;
  amountError: string | undefined;
  destinations: ReturnType<typeof refundDestinations>;
  destination: string;
  setDestination: (key: string) => void;
  reason: string;
  setReason: (reason: string) => void;
  disabled: boolean;
}) {
  return (
    <Group align="flex-start" wrap="nowrap">
      <NumberInput
        w={150}
        label="Amount"
        data-testid="refund-amount"
        value={amount}
        onChange={setAmount}
        min={0}
        step={0.01}
        decimalScale={2}
        prefix="$"
        allowNegative={false}
        disabled={disabled}
        error={amountError}
      />
      <Select
        style={{ flex: 1 }}
        label="Destination"
        data-testid="refund-destination"
        allowDeselect={false}
        data={destinations.map((d) => ({ value: d.key, label: d.label }))}
        value={destination}
        onChange={(value) => value && setDestination(value)}
        disabled={disabled}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        w={205}
        label="Reason"
        data-testid="refund-reason"
        allowDeselect={false}
        data={REFUND_REASONS.map((r) => ({ value: String(r.id), label: r.description }))}
        value={reason}
        onChange={(value) => value !== null && setReason(value)}
        disabled={disabled}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}
