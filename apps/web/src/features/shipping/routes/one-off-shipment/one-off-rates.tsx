import { formatReadableInOffset, MAX_INSURED_DOLLARS, type OneOffShipmentDto } from '@backroom/shared';
import { Button, Group, NumberInput, Radio, Stack, Table, Text } from '@mantine/core';
import { ReasonButton } from '../../../../components/reason-button';
import type { oneOffControls } from './one-off-form';
import { oneOffReasons, sortedRates } from './one-off-form';

interface OneOffRatesProps {
  shipment: OneOffShipmentDto | null;
  rateId: string | null;
  onRate(rateId: string): void;
  insured: number;
  onInsured(value: number): void;
  controls: ReturnType<typeof oneOffControls>;
  /** Both addresses and every package are complete: rates can be asked for. */
  complete: boolean;
  busy: { rating: boolean; buying: boolean; voiding: boolean; printing: boolean };
  /** The mapped shipping label printer's name, or null when none is mapped. */
  printerName: string | null;
  utcOffset: string;
  onCalculate(): void;
  onBuy(): void;
  onVoid(): void;
  onPrint(): void;
}

const dollars = (rate: string) => `$${Number(rate).toFixed(2)}`;

/**
 * 'Rates' (catalogue-admin.md §2.12, §4.7, §5): Calculate Rates; Carrier / Service, Rate, Estimated Delivery
 * Date with a radio per rate, cheapest first; 'Insured Value (Nearest $)' 0–5000; Buy Label, Void Label,
 * Download Label PDF and Print Label ZPL, each enabled only in its state.
 */
export function OneOffRates(props: OneOffRatesProps) {
  const { shipment, rateId, controls, busy } = props;
  const rates = shipment ? sortedRates(shipment.rates) : [];
  const pdfUrl = shipment?.postage_label?.label_pdf_url;
  const why = oneOffReasons({ shipment, rateId, complete: props.complete, printerName: props.printerName });
  // A request under way: a moment's wait, which the busy button's spinner shows.
  const waiting = busy.rating || busy.buying || busy.voiding;

  return (
    <Stack gap="sm">
      <Group>
        <ReasonButton
          onClick={props.onCalculate}
          disabledReason={why.calculate}
          disabled={waiting}
          loading={busy.rating}
        >
          Calculate Rates
        </ReasonButton>
        {shipment?.tracking_code && (
          <Text size="sm" data-testid="one-off-tracking">
            Tracking <b>{shipment.tracking_code}</b>
          </Text>
        )}
      </Group>
      <Radio.Group value={rateId} onChange={props.onRate} aria-label="Rates">
        <Table withTableBorder highlightOnHover data-testid="one-off-rates">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40} />
              <Table.Th>Carrier / Service</Table.Th>
              <Table.Th>Rate</Table.Th>
              <Table.Th>Estimated Delivery Date</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rates.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed" ta="center" py="xs">
                    {busy.rating
                      ? 'Loading...'
                      : shipment
                        ? 'No carrier offers a rate for this package.'
                        : 'No rates yet: fill both addresses and the package, then Calculate Rates.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rates.map((rate) => {
                const label = `${rate.carrier} / ${rate.service}`;
                return (
                  <Table.Tr
                    key={rate.id}
                    data-testid="one-off-rate"
                    style={{ cursor: controls.canChooseRate ? 'pointer' : undefined }}
                    onClick={() => controls.canChooseRate && props.onRate(rate.id)}
                  >
                    <Table.Td>
                      <Radio value={rate.id} aria-label={label} disabled={!controls.canChooseRate} />
                    </Table.Td>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td>{dollars(rate.rate)}</Table.Td>
                    <Table.Td>
                      {rate.delivery_date
                        ? formatReadableInOffset(rate.delivery_date, props.utcOffset, { time: false })
                        : '—'}
                    </Table.Td>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Radio.Group>
      <NumberInput
        label="Insured Value (Nearest $)"
        w={220}
        min={0}
        max={MAX_INSURED_DOLLARS}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        prefix="$"
        value={props.insured}
        disabled={!controls.canInsure}
        onChange={(v) => props.onInsured(typeof v === 'number' ? v : 0)}
      />
      <Group>
        <ReasonButton onClick={props.onBuy} disabledReason={why.buy} disabled={waiting} loading={busy.buying}>
          Buy Label
        </ReasonButton>
        <ReasonButton
          color="red"
          variant="light"
          onClick={props.onVoid}
          disabledReason={why.void}
          disabled={waiting}
          loading={busy.voiding}
        >
          Void Label
        </ReasonButton>
        {/* A link downloads the bought label; before that there is nothing to link to. */}
        {controls.canDownload && pdfUrl ? (
          <Button component="a" variant="default" href={pdfUrl} download>
            Download Label PDF
          </Button>
        ) : (
          <ReasonButton variant="default" disabledReason={why.download ?? 'No label is bought yet'}>
            Download Label PDF
          </ReasonButton>
        )}
        <ReasonButton
          variant="default"
          onClick={props.onPrint}
          disabledReason={why.print}
          disabled={waiting}
          loading={busy.printing}
        >
          Print Label ZPL
        </ReasonButton>
      </Group>
      <Text size="xs" c={props.printerName ? 'dimmed' : 'orange'} data-testid="one-off-printer">
        {props.printerName
          ? `ZPL labels print on ${props.printerName}.`
          : 'No Shipping Label printer is chosen: pick one in Printer Settings to print ZPL labels.'}
      </Text>
    </Stack>
  );
}
