import {
  canCreateReturnRefund,
  isRefundButtonDisabled,
  RETURN_REFUND_ERROR,
  RETURN_REFUND_SUCCESS,
  suggestedRefund,
  toCents,
  validateRefund,
} from '@backroom/shared';
import {
  Alert,
  Button,
  Code,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { dollars } from '../../orders/lib/order-format';
import { useIsStoreManager } from '../../orders/pos-api';
import { createReturnRefund, useReturnRefundInfo } from '../panels-api';

interface CreateReturnRefundProps {
  /** The return as GET …/returns/{id} answers it. */
  detail: { id: number; isFirstPartyReturn: boolean; items: readonly { quantity: number }[] };
  /** Reloads the return (the refund is recorded among its payments). */
  onChanged: () => void;
  disabled?: boolean;
}

/**
 * 'Create Return Refund' (returns.md §Manage inbound return, §5, §6): shown for first-party returns, enabled
 * when the return expects more than 0 units (and, as every refund, only for store managers). It refunds one of
 * the order's payments by the orders refund rules: above 0, never above what the payment still holds, to the
 * original payment type or a New Electronic Gift Card.
 */
export function CreateReturnRefund({ detail, onChanged, disabled }: CreateReturnRefundProps) {
  const isStoreManager = useIsStoreManager();
  const [opened, setOpened] = useState(false);
  if (!detail.isFirstPartyReturn) return null;
  const enabled = canCreateReturnRefund(detail) && isStoreManager && !disabled;
  return (
    <>
      <Tooltip label="Only a store manager can refund" disabled={isStoreManager}>
        <Button
          size="xs"
          color="orange"
          style={{ alignSelf: 'flex-end' }}
          disabled={!enabled}
          onClick={() => setOpened(true)}
          data-testid="create-return-refund"
        >
          Create Return Refund
        </Button>
      </Tooltip>
      {opened && (
        <ReturnRefundModal
          inboundReturnId={detail.id}
          onChanged={onChanged}
          onClose={() => setOpened(false)}
        />
      )}
    </>
  );
}

function ReturnRefundModal({
  inboundReturnId,
  onChanged,
  onClose,
}: {
  inboundReturnId: number;
  onChanged: () => void;
  onClose: () => void;
}) {
  const isStoreManager = useIsStoreManager();
  const info = useReturnRefundInfo(inboundReturnId, true);
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const [destinationKey, setDestinationKey] = useState<string>('original');
  const [busy, setBusy] = useState(false);
  const [card, setCard] = useState<{ number: string; verificationCode: string } | null>(null);

  const payments = info.data?.payments ?? [];
  const payment = payments.find((p) => String(p.id) === paymentId) ?? null;
  // The first payment with money left, and the return's value (capped by it), to start with.
  useEffect(() => {
    if (!info.data || paymentId !== null) return;
    const first = info.data.payments.find((p) => p.unrefunded > 0) ?? info.data.payments[0];
    if (!first) return;
    setPaymentId(String(first.id));
    setAmount(suggestedRefund(info.data.returnValue, info.data.refundedForReturn, first.unrefunded) || '');
  }, [info.data, paymentId]);

  const n = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  const cents = Number.isFinite(n) ? Math.round(n * 100) : 0;
  const check = payment
    ? validateRefund(
        cents,
        { amount: toCents(payment.amount), refunds: [{ amount: toCents(payment.refunded) }] },
        { isStoreManager },
      )
    : ({ ok: false, error: 'Choose a payment' } as const);
  const destination =
    payment?.destinations.find((d) => d.key === destinationKey) ?? payment?.destinations[0] ?? null;
  const refuse = isRefundButtonDisabled({
    formDisabled: !check.ok || !destination,
    working: busy,
    isStoreManager,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (refuse || !payment || !destination) return;
    setBusy(true);
    try {
      const result = await createReturnRefund({
        inboundReturnId,
        channelOrderPaymentId: payment.id,
        destinationPaymentTypeId: destination.destinationPaymentTypeId,
        destinationPaymentRecordId: destination.destinationPaymentRecordId,
        amount: cents / 100,
      });
      notify({ color: 'green', message: RETURN_REFUND_SUCCESS });
      setCard(result.newMerchantCredit);
      setAmount('');
      await info.refetch();
      onChanged();
    } catch (error) {
      notify({
        color: 'red',
        title: RETURN_REFUND_ERROR,
        message: error instanceof ApiError ? error.message : String(error),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Create Return Refund for Return #${inboundReturnId}`} size={620}>
      {info.isError ? (
        <Alert color="red" data-testid="return-refund-error">
          {info.error instanceof ApiError ? info.error.message : RETURN_REFUND_ERROR}
        </Alert>
      ) : !info.data ? (
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      ) : (
        <form onSubmit={submit}>
          <Stack gap="sm" data-testid="return-refund-form">
            <SimpleGrid cols={4} spacing="sm">
              <Fact label="Order" value={info.data.channelOrderNumber} />
              <Fact label="Units Expected" value={String(info.data.expectedQuantity)} />
              <Fact
                label="Return Value"
                value={dollars(info.data.returnValue)}
                testId="return-refund-value"
              />
              <Fact
                label="Refunded"
                value={dollars(info.data.refundedForReturn)}
                testId="return-refund-refunded"
              />
            </SimpleGrid>
            {card && (
              <Alert color="green" title="New Electronic Gift Card" data-testid="new-egift-card">
                <Group gap="xl">
                  <Text size="sm">
                    Card Number <Code fz="md">{card.number}</Code>
                  </Text>
                  <Text size="sm">
                    Verification Code <Code fz="md">{card.verificationCode}</Code>
                  </Text>
                </Group>
              </Alert>
            )}
            {payments.length === 0 ? (
              <Text size="sm" c="dimmed">
                The order has no payments to refund.
              </Text>
            ) : (
              <>
                <Select
                  size="xs"
                  label="Payment"
                  data={payments.map((p) => ({
                    value: String(p.id),
                    label: `#${p.id} ${p.type.name} ${dollars(p.amount)}: ${dollars(p.unrefunded)} left to refund`,
                  }))}
                  value={paymentId}
                  allowDeselect={false}
                  onChange={(value) => {
                    setPaymentId(value);
                    setDestinationKey('original');
                  }}
                  data-testid="return-refund-payment"
                />
                <Group align="flex-start" wrap="nowrap">
                  <NumberInput
                    w={160}
                    size="xs"
                    label="Amount"
                    prefix="$"
                    min={0}
                    step={0.01}
                    decimalScale={2}
                    fixedDecimalScale
                    allowNegative={false}
                    value={amount}
                    onChange={setAmount}
                    error={amount !== '' && !check.ok ? check.error : undefined}
                    data-testid="return-refund-amount"
                  />
                  <Select
                    style={{ flex: 1 }}
                    size="xs"
                    label="Destination"
                    data={(payment?.destinations ?? []).map((d) => ({ value: d.key, label: d.label }))}
                    value={destination?.key ?? null}
                    allowDeselect={false}
                    onChange={(value) => value && setDestinationKey(value)}
                    data-testid="return-refund-destination"
                  />
                </Group>
                <Group justify="flex-end">
                  <Button
                    type="submit"
                    color="orange"
                    loading={busy}
                    disabled={refuse}
                    data-testid="submit-return-refund"
                  >
                    Refund {cents > 0 ? dollars(cents / 100) : ''}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
