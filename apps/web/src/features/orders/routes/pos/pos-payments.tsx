import type { OrderDetailDto, OrderPaymentDto } from '@backroom/shared';
import { type ActionCheck, PAYMENT_TYPE, paymentProcessorLink, toCents } from '@backroom/shared';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Modal } from '../../../../components/modal';
import { dollars } from '../../lib/order-format';
import { useIsStoreManager } from '../../pos-api';
import { PaymentDetailModal } from './payment-detail-modal';
import { AddPaymentModal, RedeemGiftCardModal } from './payment-forms';
import { dueCents } from './pos-totals';
import { RuleButton } from './rule-button';

/**
 * Payments (§Order payments panels): Add Payment (the picker's types), Redeem Gift Card, the list with
 * status, type, amount and refunded. The ID opens the payment details (with refunds) only for a store
 * manager; a Stripe payment's type links to the card processor's page.
 */
export function PosPayments({
  order,
  canPay,
  giftCard,
  onGiftCardClose,
  onGiftCardOpen,
}: {
  order: OrderDetailDto;
  canPay: ActionCheck;
  /** The card number to redeem (a scan fills it), or null when the redemption is closed. */
  giftCard: string | null;
  onGiftCardOpen: () => void;
  onGiftCardClose: () => void;
}) {
  const [adding, setAdding] = useState(false);
  const [listing, setListing] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  const detail = order.payments.find((p) => p.id === detailId) ?? null;
  const due = dueCents(order);
  return (
    <Paper withBorder p="md" data-testid="pos-payments">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4}>Payments</Title>
          <Button size="compact-sm" variant="subtle" onClick={() => setListing(true)}>
            All Payments ({order.payments.length})
          </Button>
        </Group>
        <SimpleGrid cols={2} spacing="xs">
          <RuleButton
            check={canPay}
            fullWidth
            px={8}
            variant="light"
            onClick={() => setAdding(true)}
            data-testid="add-payment"
          >
            Add Payment
          </RuleButton>
          <RuleButton
            check={canPay}
            fullWidth
            px={8}
            variant="default"
            onClick={onGiftCardOpen}
            data-testid="redeem-gift-card"
          >
            Redeem Gift Card
          </RuleButton>
        </SimpleGrid>
        <PaymentsTable payments={order.payments} onOpen={setDetailId} />
      </Stack>
      {adding && <AddPaymentModal order={order} dueCents={due} onClose={() => setAdding(false)} />}
      {giftCard !== null && (
        <RedeemGiftCardModal order={order} dueCents={due} number={giftCard} onClose={onGiftCardClose} />
      )}
      <Modal opened={listing} onClose={() => setListing(false)} title="Order Payments" size="lg">
        <PaymentsTable
          payments={order.payments}
          onOpen={(id) => {
            setListing(false);
            setDetailId(id);
          }}
        />
      </Modal>
      {detail && <PaymentDetailModal order={order} payment={detail} onClose={() => setDetailId(null)} />}
    </Paper>
  );
}

/** ID, Status, Type, Amount, Refunded. */
export function PaymentsTable({
  payments,
  onOpen,
}: {
  payments: OrderPaymentDto[];
  onOpen: (paymentId: number) => void;
}) {
  const isStoreManager = useIsStoreManager();
  if (payments.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="xs">
        No Payments
      </Text>
    );
  }
  return (
    <Table fz="xs" verticalSpacing={4} horizontalSpacing={5} data-testid="payments-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>ID</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th ta="right">Refunded</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {payments.map((payment) => {
          const processor = paymentProcessorLink(payment);
          return (
            <Table.Tr
              key={payment.id}
              data-testid="payment-row"
              data-type={payment.channelOrderPaymentTypeId}
            >
              <Table.Td>
                {isStoreManager ? (
                  <Anchor
                    component="button"
                    type="button"
                    size="xs"
                    onClick={() => onOpen(payment.id)}
                    aria-label={`Payment ${payment.id} details`}
                  >
                    {payment.id}
                  </Anchor>
                ) : (
                  payment.id
                )}
              </Table.Td>
              <Table.Td>{payment.status.name}</Table.Td>
              <Table.Td>
                {processor ? (
                  <Anchor href={processor} target="_blank" rel="noreferrer" size="xs">
                    {payment.type.name}
                  </Anchor>
                ) : (
                  payment.type.name
                )}
                {payment.channelOrderPaymentTypeId === PAYMENT_TYPE.MERCHANT_CREDIT &&
                  payment.paymentNumber && (
                    <Text size="xs" c="dimmed">
                      {payment.paymentNumber}
                    </Text>
                  )}
              </Table.Td>
              <Table.Td ta="right" data-testid="payment-amount">
                {dollars(payment.amount)}
              </Table.Td>
              <Table.Td ta="right" data-testid="payment-refunded">
                {toCents(payment.refunded) ? dollars(payment.refunded) : '—'}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
