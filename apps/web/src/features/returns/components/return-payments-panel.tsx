import {
  canAddReturnPayment,
  DEFAULT_RETURN_PAYMENT_STATUS_ID,
  DEFAULT_RETURN_PAYMENT_TYPE_ID,
  formatNoteDate,
  RETURN_PAYMENT_MAX,
  RETURN_PAYMENT_STATUSES,
  RETURN_PAYMENT_STEP,
  RETURN_PAYMENT_TYPE_AFTER_ADD,
  RETURN_PAYMENT_TYPES,
  returnPaymentAmountOf,
  returnPaymentAmountProblem,
  returnPaymentErrorText,
  returnPaymentStatusName,
  returnPaymentTypeName,
} from '@backroom/shared';
import { Group, NumberInput, Select, Table, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ReasonButton } from '../../../components/reason-button';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useMe } from '../../auth/api';
import { Section } from '../../orders/components/section';
import { dollars } from '../../orders/lib/order-format';
import { addReturnPayment, setReturnPaymentStatus } from '../panels-api';

/** A payment as the return (GET …/returns/{id}) carries it (returns.md §3 Inbound return payment). */
export interface ReturnPaymentLike {
  id: number;
  inboundReturnPaymentTypeId: number;
  inboundReturnPaymentStatusId: number;
  paymentNumber: string | null;
  amount: number;
  note: string | null;
  createdAt: string;
}

interface ReturnPaymentsPanelProps {
  detail: { id: number; payments: readonly ReturnPaymentLike[] };
  /** Reloads the return (returns.md §4 Reloads: after a payment is added). */
  onChanged: () => void;
  disabled?: boolean;
}

const COLUMNS = ['Type', 'Number', 'Amount', 'Note', 'Status', 'Created'];
const typeOptions = RETURN_PAYMENT_TYPES.map((type) => ({ value: String(type.id), label: type.name }));
const statusOptions = RETURN_PAYMENT_STATUSES.map((status) => ({
  value: String(status.id),
  label: status.name,
}));

/**
 * Return Payments (returns.md §Return payment row/editor, §5, §9): the list (type, number, amount, note,
 * status, creation time; '0 Payments' when empty) and the editor: type (35 at first, 5 after each payment),
 * number, amount (0.01 to 10,000,000; what is not a number counts as 0 and 'Add Payment' stays disabled at 0),
 * status and note.
 */
export function ReturnPaymentsPanel({ detail, onChanged, disabled }: ReturnPaymentsPanelProps) {
  const utcOffset = useMe().data!.currentAccount.utcOffset;
  const [typeId, setTypeId] = useState<number>(DEFAULT_RETURN_PAYMENT_TYPE_ID);
  const [statusId, setStatusId] = useState<number>(DEFAULT_RETURN_PAYMENT_STATUS_ID);
  const [paymentNumber, setPaymentNumber] = useState('');
  const [amountInput, setAmountInput] = useState<string | number>('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const amount = returnPaymentAmountOf(amountInput);
  const count = detail.payments.length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canAddReturnPayment(amount) || busy) return;
    setBusy(true);
    try {
      await addReturnPayment({
        inboundReturnId: detail.id,
        inboundReturnPaymentTypeId: typeId,
        inboundReturnPaymentStatusId: statusId,
        paymentNumber: paymentNumber.trim() || null,
        amount,
        note: note.trim() || null,
      });
      setTypeId(RETURN_PAYMENT_TYPE_AFTER_ADD);
      setStatusId(DEFAULT_RETURN_PAYMENT_STATUS_ID);
      setPaymentNumber('');
      setAmountInput('');
      setNote('');
      onChanged();
    } catch (error) {
      notify({
        color: 'red',
        title: returnPaymentErrorText(detail.id),
        message: error instanceof ApiError ? error.message : String(error),
      });
    } finally {
      setBusy(false);
    }
  };

  const changeStatus = async (paymentId: number, inboundReturnPaymentStatusId: number) => {
    setBusy(true);
    try {
      await setReturnPaymentStatus(paymentId, inboundReturnPaymentStatusId);
      notify({
        color: 'green',
        message: `Payment ${returnPaymentStatusName(inboundReturnPaymentStatusId)}`,
      });
    } catch (error) {
      notify({
        color: 'red',
        title: 'Error Updating the Return Payment',
        message: error instanceof ApiError ? error.message : String(error),
      });
    } finally {
      setBusy(false);
      onChanged();
    }
  };

  return (
    <Section title="Return Payments" data-testid="return-payments">
      <Text size="sm" c="dimmed" data-testid="return-payments-count">
        {count} Payment{count === 1 ? '' : 's'}
      </Text>
      {count > 0 && (
        <Table striped verticalSpacing={4} fz="sm" data-testid="return-payments-table">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((name) => (
                <Table.Th key={name} ta={name === 'Amount' ? 'right' : undefined}>
                  {name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.payments.map((payment) => (
              <Table.Tr key={payment.id} data-testid="return-payment-row">
                <Table.Td>{returnPaymentTypeName(payment.inboundReturnPaymentTypeId)}</Table.Td>
                <Table.Td>{payment.paymentNumber ?? '—'}</Table.Td>
                <Table.Td ta="right">{dollars(payment.amount)}</Table.Td>
                <Table.Td>{payment.note ?? ''}</Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    w={120}
                    aria-label={`Status of payment ${payment.paymentNumber ?? payment.id}`}
                    data={statusOptions}
                    value={String(payment.inboundReturnPaymentStatusId)}
                    allowDeselect={false}
                    disabled={disabled || busy}
                    onChange={(value) => value && void changeStatus(payment.id, Number(value))}
                    data-testid="return-payment-row-status"
                  />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatNoteDate(payment.createdAt, utcOffset)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <form onSubmit={submit} data-testid="return-payment-editor">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <Select
            w={170}
            size="xs"
            label="Payment Type"
            data={typeOptions}
            value={String(typeId)}
            allowDeselect={false}
            onChange={(value) => value && setTypeId(Number(value))}
            disabled={disabled || busy}
            data-testid="return-payment-type"
          />
          <TextInput
            w={150}
            size="xs"
            label="Payment Number"
            value={paymentNumber}
            maxLength={100}
            onChange={(event) => setPaymentNumber(event.currentTarget.value)}
            disabled={disabled || busy}
          />
          <NumberInput
            w={140}
            size="xs"
            label="Amount"
            prefix="$"
            min={0}
            max={RETURN_PAYMENT_MAX}
            step={RETURN_PAYMENT_STEP}
            decimalScale={2}
            fixedDecimalScale
            allowNegative={false}
            value={amountInput}
            onChange={setAmountInput}
            disabled={disabled || busy}
            data-testid="return-payment-amount"
          />
          <Select
            w={130}
            size="xs"
            label="Status"
            data={statusOptions}
            value={String(statusId)}
            allowDeselect={false}
            onChange={(value) => value && setStatusId(Number(value))}
            disabled={disabled || busy}
            data-testid="return-payment-status"
          />
          <TextInput
            style={{ flex: 1, minWidth: 160 }}
            size="xs"
            label="Note"
            value={note}
            maxLength={4000}
            onChange={(event) => setNote(event.currentTarget.value)}
            disabled={disabled || busy}
          />
          <ReasonButton
            type="submit"
            size="xs"
            loading={busy}
            disabled={disabled}
            disabledReason={
              canAddReturnPayment(amount)
                ? null
                : amount === 0
                  ? 'Enter the amount first'
                  : returnPaymentAmountProblem(amount)
            }
            data-testid="add-return-payment"
          >
            Add Payment
          </ReasonButton>
        </Group>
      </form>
    </Section>
  );
}
