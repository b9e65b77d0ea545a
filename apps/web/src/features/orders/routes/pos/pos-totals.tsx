import {
  everyLineHandedOver,
  type FirstPartyFacts,
  formatMoney,
  type OrderDetailDto,
  toCents,
} from '@backroom/shared';
import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What is still due: the order total less what was paid net of refunds. */
export const dueCents = (order: OrderDetailDto) =>
  toCents(order.totals.orderTotal) - toCents(order.totals.paidTotal);

/** What the first-party status machine reads of the order on the screen. */
export const posFacts = (order: OrderDetailDto): FirstPartyFacts => ({
  itemCount: order.items.length,
  dueCents: dueCents(order),
  everyLineHandedOver: everyLineHandedOver(order.items),
});

function Row({
  label,
  cents,
  testId,
  strong,
}: {
  label: string;
  cents: number;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} data-testid={testId} ff="monospace">
        {formatMoney(cents)}
      </Text>
    </Group>
  );
}

/**
 * Unit Total, Discount Total, Tax Total, Order Total, then Paid and Due (what the clerk collects), and under
 * them `children`: the next step.
 */
export function PosTotals({ order, children }: { order: OrderDetailDto; children?: ReactNode }) {
  const due = dueCents(order);
  return (
    <Paper withBorder p="md" data-testid="pos-totals">
      <Stack gap={4}>
        <Row label="Unit Total" cents={toCents(order.totals.unitTotal)} testId="total-unit" />
        <Row label="Discount Total" cents={toCents(order.totals.discountTotal)} testId="total-discount" />
        <Row label="Tax Total" cents={toCents(order.totals.taxTotal)} testId="total-tax" />
        <Row label="Order Total" cents={toCents(order.totals.orderTotal)} testId="total-order" strong />
        <Divider my={4} />
        <Row label="Paid" cents={toCents(order.totals.paidTotal)} testId="total-paid" />
        <Group justify="space-between" wrap="nowrap">
          <Text size="xl" fw={800}>
            Due
          </Text>
          <Text size="xl" fw={800} ff="monospace" c={due > 0 ? 'red.7' : 'green.7'} data-testid="total-due">
            {formatMoney(due)}
          </Text>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
