import { formatMoney, toCents } from '@backroom/shared';
import { Badge, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ReasonButton } from '../../../components/reason-button';
import { useMe } from '../../auth/api';
import { addressOneLine } from '../../orders/lib/order-format';
import { ScaleWidget } from '../../warehouse/scale/scale-widget';
import type { OrderShipment } from '../api';
import { PackageControls } from './package-controls';
import { RateTable } from './rate-table';
import { type ShipmentPanelOptions, type ShipmentPanelState, useShipmentPanel } from './use-shipment-panel';

const money = (dollars: number) => formatMoney(toCents(dollars));

function StateBadges({ shipment }: { shipment: OrderShipment }) {
  return (
    <Group gap={6}>
      {shipment.isVoided === 1 ? (
        <Badge color="red" variant="light">
          Voided
        </Badge>
      ) : shipment.rateState === 'shipped' ? (
        <Badge color="blue" variant="light">
          Label Purchased
        </Badge>
      ) : shipment.isPacked === 1 ? (
        <Badge color="green" variant="light">
          Packed
        </Badge>
      ) : (
        <Badge color="gray" variant="light">
          Not Packed
        </Badge>
      )}
      {shipment.isTrainingShipment === 1 && (
        <Badge color="yellow" variant="light">
          Training
        </Badge>
      )}
    </Group>
  );
}

/** The bought (or voided) label: carrier, service, tracking number, fee, and the refund once voided. */
function LabelSummary({ panel }: { panel: ShipmentPanelState }) {
  const label = panel.label!;
  const id = panel.shipment.id;
  const busy = panel.work !== null;
  return (
    <Paper withBorder p="sm" bg={panel.labelLive ? 'var(--mantine-color-blue-light)' : undefined}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {label.carrier} {label.service}
          </Text>
          <Text fw={700} ff="monospace" fz="lg" data-testid={`tracking-${id}`}>
            {label.trackingNumber}
          </Text>
          <Text size="sm" data-testid={`label-fee-${id}`}>
            Fee {money(label.fee)}
            {label.insured > 0 ? ` (insured for ${money(label.insured)})` : ''}
            {label.state === 'voided'
              ? ` · Voided, refund of ${money(label.refund)} ${label.refundStatus ?? 'requested'}`
              : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          <ReasonButton
            variant="default"
            color="red"
            onClick={panel.actions.void}
            disabledReason={panel.why.void}
            disabled={busy}
          >
            Void Label
          </ReasonButton>
          <ReasonButton
            variant="default"
            onClick={panel.actions.print}
            disabledReason={panel.why.print}
            disabled={busy}
            loading={panel.work === 'print'}
          >
            Print Label
          </ReasonButton>
          {panel.can.download ? (
            <Button variant="default" component="a" href={label.pdfUrl} download>
              Download Label
            </Button>
          ) : (
            <ReasonButton variant="default" disabledReason={panel.why.download ?? 'The label is voided.'}>
              Download Label
            </ReasonButton>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** Items and address of the shipment, on one line each. */
function ShipmentHead({ shipment, extra }: { shipment: OrderShipment; extra?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <Stack gap={2}>
        <Group gap="sm">
          <Title order={5}>Shipment #{shipment.id}</Title>
          <StateBadges shipment={shipment} />
        </Group>
        <Text size="sm" data-testid={`shipment-items-${shipment.id}`}>
          {shipment.items.map((item) => `${item.quantity} × ${item.sku ?? item.productId}`).join(', ') ||
            'No Items'}
        </Text>
        <Text size="sm" c={shipment.address ? 'dimmed' : 'red'}>
          Ship to: {addressOneLine(shipment.address) || 'Missing Shipping Information'}
        </Text>
      </Stack>
      {extra}
    </Group>
  );
}

/**
 * The shipment panel (orders-warehouse.md §Order item and shipment screens; layout and texts after
 * returns.md §Shipment panel): the scale and dimensions control, Pack, Calculate Shipping, the rates with
 * their radios, the insured value and Purchase Label, then the label with Void, Print and Download.
 */
export function ShipmentPanelView({
  panel,
  external,
  showScale = false,
  onEnter,
  headExtra,
}: {
  panel: ShipmentPanelState;
  external: boolean;
  showScale?: boolean;
  onEnter?: () => void;
  headExtra?: ReactNode;
}) {
  const utcOffset = useMe().data?.currentAccount.utcOffset ?? '+00:00';
  const { shipment, can, rates } = panel;
  const open = shipment.rateState === 'unshipped' && shipment.isVoided !== 1 && !external;
  return (
    <Paper withBorder p="md" data-testid={`shipment-panel-${shipment.id}`} data-work={panel.work ?? ''}>
      <Stack gap="sm">
        <ShipmentHead shipment={shipment} extra={headExtra} />
        {showScale && can.edit && <ScaleWidget />}
        {open && (
          <>
            <PackageControls panel={panel} external={external} onEnter={onEnter} />
            <Group gap="xs" align="center">
              <ReasonButton
                variant={shipment.isPacked === 1 ? 'default' : 'filled'}
                onClick={panel.actions.pack}
                disabledReason={panel.why.pack}
                disabled={panel.work !== null}
                loading={panel.work === 'pack'}
              >
                Pack
              </ReasonButton>
              <ReasonButton
                variant="default"
                onClick={panel.actions.calculate}
                disabledReason={panel.why.rate}
                disabled={panel.work !== null}
                loading={panel.work === 'rates'}
              >
                Calculate Shipping
              </ReasonButton>
              {panel.ratesBlocked && (
                <Text size="sm" c="dimmed" data-testid={`rates-blocked-${shipment.id}`}>
                  {panel.ratesBlocked}
                </Text>
              )}
            </Group>
          </>
        )}
        {open && rates.length > 0 && (
          <>
            <RateTable
              shipmentId={shipment.id}
              rates={rates}
              selectedRateId={panel.selectedRateId}
              onSelect={panel.setSelectedRateId}
              disabled={panel.work !== null}
              utcOffset={utcOffset}
            />
            <Group align="flex-end" gap="sm">
              <NumberInput
                label="Insured Value (Nearest $)"
                w={180}
                min={0}
                max={5000}
                step={1}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="strict"
                value={panel.insuredAmount}
                onChange={(value) => panel.setInsuredAmount(typeof value === 'number' ? value : 0)}
              />
              <ReasonButton
                onClick={panel.actions.buy}
                disabledReason={panel.why.buy}
                disabled={panel.work !== null}
                loading={panel.work === 'buy'}
                data-testid={`buy-${shipment.id}`}
              >
                Purchase Label
              </ReasonButton>
            </Group>
          </>
        )}
        {open && rates.length === 0 && shipment.isPacked === 1 && !panel.ratesBlocked && (
          <Text size="sm" c="dimmed">
            No rates yet: Calculate Shipping lists them.
          </Text>
        )}
        {panel.label && <LabelSummary panel={panel} />}
      </Stack>
    </Paper>
  );
}

/** The panel of one shipment, with its own state (the order detail and the point of sale). */
export function ShipmentPanel({
  shipment,
  external,
  followScale,
  printer,
}: {
  shipment: OrderShipment;
  external: boolean;
  followScale: boolean;
  printer: ShipmentPanelOptions['printer'];
}) {
  const panel = useShipmentPanel(shipment, { followScale, printer });
  return <ShipmentPanelView panel={panel} external={external} showScale={followScale} />;
}
