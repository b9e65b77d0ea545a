import { ERROR_ADDING_SHIPMENT, formatMoney, type ReturnShipmentDto, toCents } from '@backroom/shared';
import {
  ActionIcon,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Icon } from '../../../components/icon';
import { Modal } from '../../../components/modal';
import { ReasonButton } from '../../../components/reason-button';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { addReturnShipments } from '../panels-api';
import { type AddressLike, ReturnShipmentPanel } from './return-shipment-panel';

interface AddShipmentModalProps {
  inboundReturnId: number;
  channelOrderReturnId: number | null;
  orderAddress: AddressLike | null;
  destinations: { id: number; name: string }[];
  /** A shipment to go on with (a new label not bought yet): the modal opens on its panel. */
  resume?: ReturnShipmentDto | null;
  onChanged: () => void;
  onClose: () => void;
}

/** Why 'Add an Existing Label' is closed once a new label is started. */
const STARTED = 'A new label is started: finish it here, or close and add existing labels then';

const failed = (error: unknown) =>
  notify({
    color: 'red',
    title: ERROR_ADDING_SHIPMENT,
    message: error instanceof ApiError ? error.message : String(error),
  });

/**
 * Add shipment modal (returns.md §Add shipment modal): 'Add an Existing Label' (tracking numbers with their
 * costs listed, then added together; the add button is disabled until one is listed) or 'Create a New Label'
 * (a shipment from the customer to the chosen warehouse, rated and bought on the Shipment panel).
 */
export function AddShipmentModal({
  inboundReturnId,
  channelOrderReturnId,
  orderAddress,
  destinations,
  resume,
  onChanged,
  onClose,
}: AddShipmentModalProps) {
  const [tab, setTab] = useState<string>(resume ? 'new' : 'existing');
  const [warehouseId, setWarehouseId] = useState<string | null>(
    destinations[0] ? String(destinations[0].id) : null,
  );
  const [listed, setListed] = useState<{ trackingNumber: string; carrierFeeBilled: number }[]>([]);
  const [tracking, setTracking] = useState('');
  const [cost, setCost] = useState<string | number>('');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<ReturnShipmentDto | null>(resume ?? null);

  const listOne = (event: FormEvent) => {
    event.preventDefault();
    const trackingNumber = tracking.trim();
    if (!trackingNumber || listed.some((l) => l.trackingNumber === trackingNumber)) return;
    const n = typeof cost === 'number' ? cost : Number.parseFloat(cost);
    setListed((current) => [
      ...current,
      { trackingNumber, carrierFeeBilled: Number.isFinite(n) && n > 0 ? n : 0 },
    ]);
    setTracking('');
    setCost('');
  };

  const send = async (trackingNumbers: typeof listed) => {
    setBusy(true);
    try {
      const made = await addReturnShipments({
        inboundReturnId,
        channelOrderReturnId,
        trackingNumbers,
        destinationAddressId: warehouseId ? Number(warehouseId) : null,
      });
      onChanged();
      return made;
    } catch (error) {
      failed(error);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const destinationSelect = (
    <Select
      size="xs"
      label="Destination Warehouse"
      data={destinations.map((w) => ({ value: String(w.id), label: w.name }))}
      value={warehouseId}
      allowDeselect={false}
      onChange={setWarehouseId}
      data-testid="add-shipment-destination"
    />
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Add a Return Label to Return #${inboundReturnId}`}
      size={created ? 900 : 620}
    >
      <Tabs
        value={tab}
        onChange={(value) => value && !(created && value === 'existing') && setTab(value)}
        keepMounted={false}
      >
        <Tabs.List mb="sm">
          {/* Once a new label is started the modal is about it: the tab says why it is closed (issue 19 §2). */}
          <Tooltip
            label={STARTED}
            disabled={!created}
            withArrow
            events={{ hover: true, focus: true, touch: true }}
          >
            <Tabs.Tab
              value="existing"
              data-disabled={created ? true : undefined}
              aria-disabled={created ? true : undefined}
              aria-description={created ? STARTED : undefined}
              data-testid="add-existing-label-tab"
            >
              Add an Existing Label
            </Tabs.Tab>
          </Tooltip>
          <Tabs.Tab value="new" data-testid="create-new-label-tab">
            Create a New Label
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="existing">
          <Stack gap="sm" data-testid="add-existing-label">
            {destinationSelect}
            <form onSubmit={listOne}>
              <Group align="flex-end" gap="xs">
                <TextInput
                  style={{ flex: 1 }}
                  size="xs"
                  label="Tracking Number"
                  value={tracking}
                  maxLength={60}
                  onChange={(event) => setTracking(event.currentTarget.value)}
                  data-testid="existing-tracking-number"
                />
                <NumberInput
                  w={120}
                  size="xs"
                  label="Cost"
                  prefix="$"
                  min={0}
                  step={0.01}
                  decimalScale={2}
                  fixedDecimalScale
                  allowNegative={false}
                  value={cost}
                  onChange={setCost}
                  data-testid="existing-cost"
                />
                <ReasonButton
                  type="submit"
                  size="xs"
                  variant="light"
                  disabledReason={!tracking.trim() && 'Type or scan a tracking number first'}
                  data-testid="list-existing-label"
                >
                  Add to List
                </ReasonButton>
              </Group>
            </form>
            {listed.length === 0 ? (
              <Text size="sm" c="dimmed">
                No tracking numbers listed yet.
              </Text>
            ) : (
              <Table verticalSpacing={4} fz="sm" data-testid="existing-labels">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Tracking Number</Table.Th>
                    <Table.Th ta="right">Cost</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {listed.map((label) => (
                    <Table.Tr key={label.trackingNumber}>
                      <Table.Td>{label.trackingNumber}</Table.Td>
                      <Table.Td ta="right">{formatMoney(toCents(label.carrierFeeBilled))}</Table.Td>
                      <Table.Td w={40}>
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          color="red"
                          aria-label={`Take ${label.trackingNumber} off the list`}
                          onClick={() => setListed((current) => current.filter((l) => l !== label))}
                        >
                          <Icon>
                            <path d="M6 6l12 12M18 6L6 18" />
                          </Icon>
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Group justify="flex-end">
              <ReasonButton
                onClick={async () => {
                  if (await send(listed)) onClose();
                }}
                loading={busy}
                disabledReason={listed.length === 0 && 'Add a tracking number to the list first'}
                data-testid="add-existing-labels"
              >
                Add {listed.length > 1 ? `${listed.length} Labels` : 'Label'}
              </ReasonButton>
            </Group>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="new">
          {created ? (
            <ReturnShipmentPanel
              inboundReturnId={inboundReturnId}
              shipment={created}
              orderAddress={orderAddress}
              destinations={destinations}
              onChanged={onChanged}
            />
          ) : (
            <Stack gap="sm" data-testid="create-new-label">
              {destinationSelect}
              <Text size="sm" c="dimmed">
                A label from the customer to this warehouse: the customer's address is filled from the order
                and can be changed before the rates are calculated.
              </Text>
              <Group justify="flex-end">
                <ReasonButton
                  onClick={async () => {
                    const [made] = (await send([])) ?? [];
                    if (made) setCreated(made);
                  }}
                  loading={busy}
                  disabledReason={!warehouseId && 'Choose the destination warehouse first'}
                  data-testid="start-new-label"
                >
                  Create a New Label
                </ReasonButton>
              </Group>
            </Stack>
          )}
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
