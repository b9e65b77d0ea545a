import { type AddressFieldKey, canCalculateOneOffRates, type OneOffShipmentDto } from '@backroom/shared';
import { Button, Grid, Group, Paper, Select, Stack, Textarea, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import {
  AddressEditor,
  type AddressEditorValue,
  type AddressIds,
} from '../../../../components/address-editor';
import { PermissionNeeded } from '../../../../components/permission-needed';
import { notify } from '../../../../lib/notify';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useMe } from '../../../auth/api';
import { useLabelPrinter } from '../../../printing/components/label-mappings';
import { LabelSettingsModal } from '../../../printing/components/label-settings-modal';
import {
  useBuyOneOff,
  useFulfillingWarehouses,
  usePrintShippingLabel,
  useRateOneOff,
  useVoidOneOff,
} from '../../one-off-api';
import {
  emptyAddress,
  emptyParcel,
  isValidParcel,
  labelPurchasedText,
  missingAddressFields,
  oneOffControls,
  type ParcelRow,
  toOneOffAddress,
  toOneOffParcel,
  voidedText,
  warehouseAddress,
} from './one-off-form';
import { OneOffPackages } from './one-off-packages';
import { OneOffRates } from './one-off-rates';

/** One address edit applied: the text, and the state or country id chosen with it. */
function applyEdit(a: AddressEditorValue, field: AddressFieldKey, value: string, ids?: AddressIds) {
  return { ...a, [field]: value || null, ...ids };
}

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder p="md" h="100%" data-testid={testId}>
      <Stack gap="sm">
        <Title order={4}>{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * One-Off Manual Shipment (catalogue-admin.md §2.12, §4.7, §7): a parcel from a warehouse that fulfils orders
 * to any address, rated, bought, voided and printed through the shipping core, with no order or return.
 */
export function OneOffShipmentPage() {
  usePageTitle('One-Off Manual Shipment');
  const me = useMe().data;
  // Rating, buying and voiding need the shipping permission: without it there is nothing to do here.
  return (
    <PermissionNeeded
      title="One-Off Manual Shipment"
      permission="shipping"
      message="One-off shipments need the shipping permission."
    >
      <OneOffShipment utcOffset={me?.currentAccount.utcOffset ?? ''} />
    </PermissionNeeded>
  );
}

function OneOffShipment({ utcOffset }: { utcOffset: string }) {
  const warehouses = useFulfillingWarehouses();
  const printer = useLabelPrinter('shippingLabel');
  const rate = useRateOneOff();
  const buy = useBuyOneOff();
  const voidLabel = useVoidOneOff();
  const print = usePrintShippingLabel();

  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [shipFrom, setShipFrom] = useState<AddressEditorValue>(emptyAddress);
  const [shipTo, setShipTo] = useState<AddressEditorValue>(emptyAddress);
  const [parcels, setParcels] = useState<ParcelRow[]>(() => [emptyParcel(1)]);
  const [notes, setNotes] = useState('');
  const [shipment, setShipment] = useState<OneOffShipmentDto | null>(null);
  const [rateId, setRateId] = useState<string | null>(null);
  const [insured, setInsured] = useState(0);
  const [labelId, setLabelId] = useState<number | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const loading = rate.isPending || buy.isPending || voidLabel.isPending;
  const controls = oneOffControls({ shipment, rateId, loading });
  // Once a label is bought the shipment is what it is until it is voided.
  const locked = controls.purchased || loading;
  // §5's rule, and the §9 side bounds the server holds parcels to.
  const complete =
    canCalculateOneOffRates({
      parcels: parcels.map(toOneOffParcel),
      shipFrom: toOneOffAddress(shipFrom),
      shipTo: toOneOffAddress(shipTo),
      loading: false,
    }) && parcels.every(isValidParcel);

  /** Rates were for the shipment as it was: a change before buying asks for them again. */
  const changed = () => {
    setShipment(null);
    setRateId(null);
  };

  /** After a purchase the screen is locked to that label: the next shipment starts from the same warehouse. */
  const startNew = () => {
    setShipTo(emptyAddress());
    setParcels([emptyParcel(1)]);
    setNotes('');
    setShipment(null);
    setRateId(null);
    setInsured(0);
    setLabelId(null);
  };

  const chooseWarehouse = (value: string | null) => {
    const warehouse = warehouses.data?.find((w) => String(w.id) === value);
    if (!warehouse) return;
    setWarehouseId(warehouse.id);
    setShipFrom(warehouseAddress(warehouse));
    changed();
  };

  const calculate = () =>
    rate.mutate(
      {
        shipFrom: toOneOffAddress(shipFrom),
        shipTo: toOneOffAddress(shipTo),
        parcels: parcels.map(toOneOffParcel),
        warehouseId,
        // Internal Notes are "free text, not sent anywhere" (§2.12).
      },
      {
        onSuccess: (rated) => {
          setShipment(rated);
          setRateId(null);
          setLabelId(null);
        },
      },
    );

  const buyLabel = () => {
    if (!shipment || !rateId) return;
    buy.mutate(
      { easypostJSON: shipment, rateId, insuredAmount: insured },
      {
        onSuccess: (bought) => {
          setShipment(bought.easypostJSON);
          setLabelId(bought.labelId);
          notify({ color: 'green', message: labelPurchasedText(bought.totalFee) });
        },
      },
    );
  };

  const voidShipment = () => {
    if (!shipment) return;
    voidLabel.mutate(
      // integrationId is the spec's; the session names the account.
      { shipmentId: shipment.id, integrationId: null },
      {
        onSuccess: (voided) => {
          if (voided.totalRefund != null) notify({ color: 'green', message: voidedText(voided.id) });
          // "Void Label clears the shipment and the selected rate."
          setShipment(null);
          setRateId(null);
          setLabelId(null);
        },
      },
    );
  };

  const printLabel = () => {
    if (!printer || labelId === null) return;
    print.mutate(
      { shipmentRateLabelId: labelId, serverPrinterId: printer.id },
      {
        onSuccess: () => notify({ color: 'green', message: `Label sent to ${printer.commonName}.` }),
      },
    );
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>One-Off Manual Shipment</Title>
        <Group align="flex-end">
          <Select
            aria-label="Select Warehouse"
            placeholder="Select Warehouse"
            data-testid="one-off-warehouse"
            w={260}
            data={(warehouses.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
            value={warehouseId ? String(warehouseId) : null}
            onChange={chooseWarehouse}
            allowDeselect={false}
            disabled={locked}
            nothingFoundMessage={warehouses.isPending ? 'Loading...' : 'No warehouse fulfils orders'}
          />
          {controls.purchased && (
            <Button variant="light" onClick={startNew} disabled={loading}>
              New Shipment
            </Button>
          )}
          <Button variant="default" onClick={() => setSettingsOpen(true)}>
            Printer Settings
          </Button>
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Panel title="Ship From Address" testId="one-off-ship-from">
            <AddressEditor
              value={shipFrom}
              omit={['addressLine3']}
              missing={missingAddressFields(shipFrom)}
              disabled={locked}
              data-testid="ship-from-address"
              onChange={(field, value, ids) => {
                setShipFrom((a) => applyEdit(a, field, value, ids));
                changed();
              }}
            />
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Panel title="Ship To Address" testId="one-off-ship-to">
            <AddressEditor
              value={shipTo}
              omit={['addressLine3']}
              missing={missingAddressFields(shipTo)}
              disabled={locked}
              data-testid="ship-to-address"
              onChange={(field, value, ids) => {
                setShipTo((a) => applyEdit(a, field, value, ids));
                changed();
              }}
            />
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Panel title="Package(s)" testId="one-off-packages-panel">
            <OneOffPackages
              parcels={parcels}
              disabled={locked}
              onChange={(next) => {
                setParcels(next);
                changed();
              }}
            />
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Panel title="Internal Notes" testId="one-off-notes">
            <Textarea
              aria-label="Internal Notes"
              autosize
              minRows={4}
              maxLength={4000}
              value={notes}
              onChange={(e) => setNotes(e.currentTarget.value)}
            />
          </Panel>
        </Grid.Col>
        <Grid.Col span={12}>
          <Panel title="Rates" testId="one-off-rates-panel">
            <OneOffRates
              shipment={shipment}
              rateId={rateId}
              onRate={setRateId}
              insured={insured}
              onInsured={setInsured}
              controls={controls}
              complete={complete}
              busy={{
                rating: rate.isPending,
                buying: buy.isPending,
                voiding: voidLabel.isPending,
                printing: print.isPending,
              }}
              printerName={printer?.commonName ?? null}
              utcOffset={utcOffset}
              onCalculate={calculate}
              onBuy={buyLabel}
              onVoid={voidShipment}
              onPrint={printLabel}
            />
          </Panel>
        </Grid.Col>
      </Grid>
      {settingsOpen && (
        <LabelSettingsModal opened onClose={() => setSettingsOpen(false)} warehouseId={warehouseId} />
      )}
    </Stack>
  );
}
