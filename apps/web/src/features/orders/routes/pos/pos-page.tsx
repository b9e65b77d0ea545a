import { canAddManualPayment, canEditItems } from '@backroom/shared';
import { Anchor, Box, Breadcrumbs, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useMe } from '../../../auth/api';
import { OrderShipmentPanels } from '../../../shipping/components/order-shipment-panels';
import { shipsToCustomer } from '../../../shipping/lib/shipment-draft';
import { OrderNotesPanel } from '../../components/order-notes-panel';
import { OrderPageState } from '../../components/order-page-state';
import { usePosOrder } from '../../pos-api';
import { ShipmentsTable } from '../channel-order-detail/order-tables';
import { PosCustomer } from './pos-customer';
import { PosDiscounts } from './pos-discounts';
import { PosHeader } from './pos-header';
import { PosLinesTable, ScanInput } from './pos-lines';
import { PosNextStep } from './pos-next-step';
import classes from './pos-page.module.css';
import { PosPayments } from './pos-payments';
import { PosTotals } from './pos-totals';
import { usePosScan } from './use-pos-scan';

/**
 * The point of sale (/POS/:id, orders-warehouse.md §First-party order management), laid out for a counter:
 * left the order's lines and the scan field (a clerk holds the scanner in one hand; the field takes focus
 * back after each add, and the page-wide scanner works anywhere); right what the customer pays: totals,
 * payments and refunds, discounts and promotion. Notes below the lines.
 */
export function PosPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const order = usePosOrder(valid ? id : 0);
  usePageTitle(order.data ? `Point of Sale: ${order.data.channelOrderNumber}` : 'Point of Sale');
  const utcOffset = useMe().data?.currentAccount.utcOffset ?? '+00:00';
  const scanInput = useRef<HTMLInputElement>(null);
  const [giftCard, setGiftCard] = useState<string | null>(null);
  const editItems = order.data ? canEditItems(order.data) : { allowed: false };
  const { pending, submitTyped, refocus } = usePosScan({
    orderId: valid ? id : 0,
    editItems,
    onGiftCard: setGiftCard,
    scanInput,
  });

  const onEdited = useCallback(() => refocus(true), [refocus]);
  const current = order.data;
  // What a scan does not change is built once per copy of the order: the 'adding…' row then redraws the
  // lines alone, while the request is on its way.
  const header = useMemo(() => current && <PosHeader order={current} />, [current]);
  const money = useMemo(
    () =>
      current && (
        <>
          <PosTotals order={current}>
            <PosNextStep order={current} />
          </PosTotals>
          <PosCustomer order={current} />
          <PosPayments
            order={current}
            canPay={canAddManualPayment(current)}
            giftCard={giftCard}
            onGiftCardOpen={() => setGiftCard('')}
            onGiftCardClose={() => {
              setGiftCard(null);
              // Once the modal has gone (it hands focus back on its way out).
              setTimeout(() => refocus(false), 300);
            }}
          />
          <PosDiscounts order={current} editItems={canEditItems(current)} />
        </>
      ),
    [current, giftCard, refocus],
  );
  const shipments = useMemo(
    () =>
      current &&
      shipsToCustomer(current) && (
        <ShipmentsTable shipments={current.shipments} utcOffset={utcOffset}>
          <OrderShipmentPanels order={current} />
        </ShipmentsTable>
      ),
    [current, utcOffset],
  );
  const notes = useMemo(
    () => current && <OrderNotesPanel channelOrderId={current.id} notes={current.notes} />,
    [current],
  );

  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} to="/orders" size="sm">
        Orders
      </Anchor>
      <Text size="sm">Point of Sale</Text>
    </Breadcrumbs>
  );
  const state = (
    <OrderPageState
      crumbs={crumbs}
      valid={valid}
      error={order.isError ? order.error : null}
      loaded={Boolean(order.data)}
      testId="pos-error"
    />
  );
  if (!valid || order.isError || !current) return state;

  return (
    <Stack gap="md" data-testid="pos-page">
      {crumbs}
      {header}
      {/* One tree for both layouts (nothing remounts on a resize): grid areas move the money column. */}
      <Box className={classes.layout}>
        <Stack gap="md" className={classes.lines}>
          <ScanInput inputRef={scanInput} onSubmit={submitTyped} check={editItems} />
          <PosLinesTable order={current} pending={pending} editItems={editItems} onEdited={onEdited} />
          {shipments}
        </Stack>
        <Box className={classes.money}>{money}</Box>
        <Box className={classes.notes}>{notes}</Box>
      </Box>
    </Stack>
  );
}
