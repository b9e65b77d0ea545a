import {
  canCalculateReturnShipping,
  ERROR_ADDING_SHIPMENT,
  ERROR_CALCULATING_SHIPPING,
  formatShipmentDate,
  MAX_INSURED_DOLLARS,
  ouncesFromPounds,
  poundsFromOunces,
  type ReturnAddressInput,
  type ReturnShipmentDto,
  returnRatesShown,
} from '@backroom/shared';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ReasonButton } from '../../../components/reason-button';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { whyNot } from '../../../lib/why-not';
import { useMe } from '../../auth/api';
import { addressLines, dollars } from '../../orders/lib/order-format';
import { buyReturnShipment, rateReturnShipment } from '../panels-api';

/** Why the label's controls are disabled once it is bought. */
const LABEL_BOUGHT = 'The label is bought';

/** An address as the order (its ship-to) or a shipment carries it. */
export interface AddressLike {
  name?: string | null;
  company?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  addressLine3?: string | null;
  city?: string | null;
  stateOrProvidence?: string | null;
  postalCode?: string | null;
  country?: string | null;
  phoneHome?: string | null;
  phoneCell?: string | null;
  phoneWork?: string | null;
  email?: string | null;
}

type SenderKey =
  | 'name'
  | 'company'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'stateOrProvidence'
  | 'postalCode'
  | 'country'
  | 'phone';
type Sender = Record<SenderKey, string>;

const SENDER_FIELDS: { key: SenderKey; label: string; span?: number }[] = [
  { key: 'name', label: 'Name', span: 2 },
  { key: 'company', label: 'Company', span: 2 },
  { key: 'addressLine1', label: 'Address line 1', span: 2 },
  { key: 'addressLine2', label: 'Address line 2', span: 2 },
  { key: 'city', label: 'City' },
  { key: 'stateOrProvidence', label: 'State' },
  { key: 'postalCode', label: 'Zip code' },
  { key: 'country', label: 'Country' },
  { key: 'phone', label: 'Phone', span: 2 },
];

function senderOf(address: AddressLike | null | undefined): Sender {
  return {
    name: address?.name ?? '',
    company: address?.company ?? '',
    addressLine1: address?.addressLine1 ?? '',
    addressLine2: address?.addressLine2 ?? '',
    city: address?.city ?? '',
    stateOrProvidence: address?.stateOrProvidence ?? '',
    postalCode: address?.postalCode ?? '',
    country: address?.country ?? 'US',
    phone: address?.phoneHome || address?.phoneCell || address?.phoneWork || '',
  };
}

const orNull = (value: string) => value.trim() || null;
function senderInput(sender: Sender): ReturnAddressInput {
  return {
    name: orNull(sender.name),
    company: orNull(sender.company),
    addressLine1: orNull(sender.addressLine1),
    addressLine2: orNull(sender.addressLine2),
    city: orNull(sender.city),
    stateOrProvidence: orNull(sender.stateOrProvidence),
    postalCode: orNull(sender.postalCode),
    country: orNull(sender.country)?.toUpperCase() ?? null,
    phone: orNull(sender.phone),
  };
}

const numberOr = (value: string | number, fallback: number | null = null) => {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) ? n : fallback;
};
const sizeOf = (inches: number) => (inches > 0 ? inches : '');

const failed = (title: string, error: unknown) =>
  notify({
    color: 'red',
    title,
    message: error instanceof ApiError ? error.message : String(error),
  });

export interface ShipmentPanelProps {
  inboundReturnId: number;
  shipment: ReturnShipmentDto;
  /** The order's ship-to address: 'Fill from Order Address'. */
  orderAddress: AddressLike | null;
  /** Warehouses a return may go to (active, receiving, not third party). */
  destinations: { id: number; name: string }[];
  onChanged: () => void;
}

/**
 * Shipment panel (returns.md §Shipment panel, §4 Shipments, §5): from (the customer; 'Fill from Order
 * Address') and to (a warehouse that receives), the package in inches with its weight in pounds, the insured
 * value (whole dollars 0–5000); Calculate Shipping lists the rates cheapest first (Shipper, Service, Cost, Est.
 * Delivery), one is chosen, Purchase Label buys it and Download Label opens its PDF.
 */
export function ReturnShipmentPanel({
  inboundReturnId,
  shipment: given,
  orderAddress,
  destinations,
  onChanged,
}: ShipmentPanelProps) {
  const utcOffset = useMe().data!.currentAccount.utcOffset;
  const [shipment, setShipment] = useState(given);
  const [sender, setSender] = useState<Sender>(() => senderOf(given.sourceAddress));
  const [warehouseId, setWarehouseId] = useState<string | null>(
    given.warehouseId ? String(given.warehouseId) : destinations[0] ? String(destinations[0].id) : null,
  );
  const [length, setLength] = useState<string | number>(sizeOf(given.packageLengthInch));
  const [width, setWidth] = useState<string | number>(sizeOf(given.packageWidthInch));
  const [height, setHeight] = useState<string | number>(sizeOf(given.packageHeightInch));
  const [pounds, setPounds] = useState<string | number>(
    given.packageWeightOunce > 0 ? poundsFromOunces(given.packageWeightOunce) : '',
  );
  const [insured, setInsured] = useState<string | number>(0);
  const [selectedRateId, setSelectedRateId] = useState<string | null>(
    given.rates.find((rate) => rate.isSelectedRate)?.id ?? null,
  );
  const [busy, setBusy] = useState<'rate' | 'buy' | null>(null);

  const pkg = {
    packageLengthInch: numberOr(length),
    packageWidthInch: numberOr(width),
    packageHeightInch: numberOr(height),
    packageWeightOunce: numberOr(pounds) === null ? null : ouncesFromPounds(numberOr(pounds)!),
  };
  const hasLabel = shipment.hasLabel;
  const rates = returnRatesShown(shipment.rates);
  const insuredAmount = Math.trunc(numberOr(insured, 0)!);
  const canRate = !hasLabel && !busy && canCalculateReturnShipping(pkg, sender, warehouseId !== null);
  const canBuy = !hasLabel && !busy && selectedRateId !== null && rates.some((r) => r.id === selectedRateId);
  const destination = shipment.destinationAddress;

  const calculate = async () => {
    if (!canRate) return;
    setBusy('rate');
    try {
      const rated = await rateReturnShipment({
        id: shipment.id,
        inboundReturnId,
        warehouseId: Number(warehouseId),
        packageLengthInch: pkg.packageLengthInch!,
        packageWidthInch: pkg.packageWidthInch!,
        packageHeightInch: pkg.packageHeightInch!,
        packageWeightOunce: pkg.packageWeightOunce!,
        sourceAddress: senderInput(sender),
      });
      setShipment(rated);
      setSelectedRateId(null);
      onChanged();
    } catch (error) {
      failed(ERROR_CALCULATING_SHIPPING, error);
    } finally {
      setBusy(null);
    }
  };

  const purchase = async () => {
    if (!canBuy) return;
    setBusy('buy');
    try {
      setShipment(
        await buyReturnShipment({
          inboundReturnId,
          inboundReturnShipmentId: shipment.id,
          selectedRateId: selectedRateId!,
          insuredAmount,
        }),
      );
      onChanged();
    } catch (error) {
      failed(ERROR_ADDING_SHIPMENT, error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm" data-testid="return-shipment-panel">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap={6}>
          <Group justify="space-between">
            <Title order={5}>From</Title>
            <ReasonButton
              size="compact-xs"
              variant="subtle"
              disabledReason={whyNot([hasLabel, LABEL_BOUGHT], [!orderAddress, 'The order has no address'])}
              onClick={() => setSender(senderOf(orderAddress))}
              data-testid="fill-from-order-address"
            >
              Fill from Order Address
            </ReasonButton>
          </Group>
          <SimpleGrid cols={2} spacing={6} verticalSpacing={4}>
            {SENDER_FIELDS.map((field) => (
              <TextInput
                key={field.key}
                size="xs"
                label={field.label}
                style={{ gridColumn: field.span === 2 ? 'span 2' : undefined }}
                value={sender[field.key]}
                disabled={hasLabel}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setSender((current) => ({ ...current, [field.key]: value }));
                }}
                data-testid={`sender-${field.key}`}
              />
            ))}
          </SimpleGrid>
        </Stack>
        <Stack gap={6}>
          <Title order={5}>To</Title>
          <Select
            size="xs"
            label="Destination Warehouse"
            data={destinations.map((w) => ({ value: String(w.id), label: w.name }))}
            value={warehouseId}
            allowDeselect={false}
            disabled={hasLabel}
            onChange={setWarehouseId}
            data-testid="shipment-destination"
          />
          {destination && String(shipment.warehouseId) === warehouseId && (
            <Stack gap={0} data-testid="shipment-destination-address">
              {addressLines(destination)
                .filter((line, index, lines) => line !== lines[index - 1])
                .map((line) => (
                  <Text size="xs" c="dimmed" key={line}>
                    {line}
                  </Text>
                ))}
            </Stack>
          )}
          <Title order={5} mt="xs">
            Package
          </Title>
          <Group gap={6} wrap="nowrap">
            {(
              [
                ['Length (in)', length, setLength, 'package-length'],
                ['Width (in)', width, setWidth, 'package-width'],
                ['Height (in)', height, setHeight, 'package-height'],
              ] as const
            ).map(([label, value, set, testId]) => (
              <NumberInput
                key={label}
                size="xs"
                label={label}
                min={0}
                max={300}
                step={0.1}
                decimalScale={2}
                allowNegative={false}
                value={value}
                onChange={set}
                disabled={hasLabel}
                data-testid={testId}
              />
            ))}
          </Group>
          <Group gap={6} wrap="nowrap">
            <NumberInput
              size="xs"
              label="Weight (lb)"
              min={0}
              max={300}
              step={0.05}
              decimalScale={2}
              allowNegative={false}
              value={pounds}
              onChange={setPounds}
              disabled={hasLabel}
              data-testid="package-weight"
            />
            <NumberInput
              size="xs"
              label="Insured Value"
              prefix="$"
              min={0}
              max={MAX_INSURED_DOLLARS}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              value={insured}
              onChange={setInsured}
              disabled={hasLabel}
              data-testid="insured-value"
            />
          </Group>
        </Stack>
      </SimpleGrid>

      <Group gap="xs">
        <ReasonButton
          size="xs"
          onClick={calculate}
          loading={busy === 'rate'}
          disabled={Boolean(busy)}
          disabledReason={whyNot(
            [hasLabel, LABEL_BOUGHT],
            [warehouseId === null, 'Choose the destination warehouse first'],
            [!canRate && !busy, "Fill in the sender's address and the package's size and weight first"],
          )}
          data-testid="calculate-shipping"
        >
          Calculate Shipping
        </ReasonButton>
        <ReasonButton
          size="xs"
          color="green"
          onClick={purchase}
          loading={busy === 'buy'}
          disabled={Boolean(busy)}
          disabledReason={whyNot(
            [hasLabel, LABEL_BOUGHT],
            [rates.length === 0, 'Calculate Shipping first'],
            [!canBuy && !busy, 'Choose a rate first'],
          )}
          data-testid="purchase-label"
        >
          Purchase Label
        </ReasonButton>
        {shipment.labelDownloadUrl ? (
          <Button
            size="xs"
            variant="default"
            component="a"
            href={shipment.labelDownloadUrl}
            download
            data-testid="download-label"
          >
            Download Label
          </Button>
        ) : (
          <ReasonButton
            size="xs"
            variant="default"
            disabledReason="Purchase a label first"
            data-testid="download-label"
          >
            Download Label
          </ReasonButton>
        )}
      </Group>

      {hasLabel && (
        <Alert color="green" p="xs" data-testid="shipment-label">
          Label bought: {shipment.carrier} {shipment.service}, tracking {shipment.trackingNumber},{' '}
          {dollars(shipment.carrierFeeBilled)}.
        </Alert>
      )}
      {rates.length > 0 && (
        <Radio.Group value={selectedRateId} onChange={setSelectedRateId}>
          <Table verticalSpacing={4} fz="sm" data-testid="shipment-rates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>Shipper</Table.Th>
                <Table.Th>Service</Table.Th>
                <Table.Th ta="right">Cost</Table.Th>
                <Table.Th>Est. Delivery</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rates.map((rate) => (
                <Table.Tr key={rate.id} data-testid="shipment-rate">
                  <Table.Td>
                    <Radio
                      value={rate.id}
                      disabled={hasLabel}
                      aria-label={`${rate.carrier} ${rate.service}`}
                    />
                  </Table.Td>
                  <Table.Td>{rate.carrier}</Table.Td>
                  <Table.Td>{rate.service}</Table.Td>
                  <Table.Td ta="right">{dollars(rate.rate)}</Table.Td>
                  <Table.Td>{formatShipmentDate(rate.delivery_date, utcOffset) || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Radio.Group>
      )}
    </Stack>
  );
}
