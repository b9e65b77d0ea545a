import type { OrderDetailDto } from '@backroom/shared';
import { firstPartyTransition, nextPosStep, toCents } from '@backroom/shared';
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { posCalls, useIsStoreManager, usePosAction } from '../../pos-api';
import { PaymentDetailModal } from './payment-detail-modal';
import { AddPaymentModal } from './payment-forms';
import { CompleteCancellationModal } from './pos-header';
import { posFacts } from './pos-totals';

/**
 * The one primary button of the point of sale: the next sensible step by the status machine
 * (first-party-status.ts nextPosStep): take what is due, refund what was paid beyond the total, finalize,
 * complete a cancellation, or start the next sale. A clerk goes scan → pay → done without a status in mind.
 */
export function PosNextStep({ order }: { order: OrderDetailDto }) {
  const facts = posFacts(order);
  const next = nextPosStep(order, facts);
  const navigate = useNavigate();
  const isStoreManager = useIsStoreManager();
  const [open, setOpen] = useState<'pay' | 'refund' | 'completeCancellation' | null>(null);
  const finalize = usePosAction(order.id, {
    call: (current, _: undefined) => posCalls.finalize(current),
    success: 'Order Completed Successfully',
    failure: 'Error Completing Order',
  });
  // The refund goes from the latest payment that still holds money.
  const refundFrom = [...order.payments].reverse().find((p) => toCents(p.unrefunded) > 0) ?? null;
  if (next.step === 'scan')
    return (
      <Text size="sm" c="dimmed" ta="center" data-testid="pos-next-step" data-step="scan">
        Scan an item to start the sale
      </Text>
    );
  const refusal =
    next.step === 'finalize'
      ? firstPartyTransition(order, 'finalize', facts).reason
      : next.step === 'refund' && !isStoreManager
        ? 'Only a store manager can refund'
        : undefined;
  const run = () => {
    if (next.step === 'finalize') finalize.mutate();
    else if (next.step === 'newSale') navigate('/POS/new');
    else setOpen(next.step);
  };
  return (
    <>
      <Button
        size="lg"
        fullWidth
        color={next.step === 'newSale' ? 'blue' : next.step === 'finalize' ? 'green' : undefined}
        loading={finalize.isPending}
        disabled={Boolean(refusal)}
        title={refusal}
        onClick={run}
        data-testid="pos-next-step"
        data-step={next.step}
      >
        {next.label}
      </Button>
      {open === 'pay' && (
        <AddPaymentModal order={order} dueCents={facts.dueCents} onClose={() => setOpen(null)} />
      )}
      {open === 'refund' && refundFrom && (
        <PaymentDetailModal order={order} payment={refundFrom} onClose={() => setOpen(null)} />
      )}
      {open === 'completeCancellation' && (
        <CompleteCancellationModal order={order} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
