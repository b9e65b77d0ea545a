import { canShipOrder } from '@backroom/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useMe } from '../../auth/api';
import { useLabelPrinter } from '../../printing/components/label-mappings';
import { LabelSettingsModal } from '../../printing/components/label-settings-modal';
import { type OrderShipment, shipmentCalls, shipmentsChanged } from '../api';
import { isExternalShipment, isOpenShipment, unshippedUnits } from '../lib/shipment-draft';
import { ShipmentPanel } from './shipment-panel';

export interface ShippableOrder {
  id: number;
  systemOrderStatusId: number;
  isFBA?: number | null;
  items: readonly { productId: number | null; quantityOrdered: number }[];
  shipments: readonly OrderShipment[];
}

/** Where the shipping label prints, and the Label Settings to change it. */
export function ShippingPrinterBar({ warehouseId }: { warehouseId?: number | null }) {
  const printer = useLabelPrinter('shippingLabel');
  const [settings, setSettings] = useState(false);
  return (
    <Group gap="xs" data-testid="shipping-printer">
      <Text size="sm" c={printer ? 'dimmed' : 'orange'}>
        {printer
          ? `Labels print on ${printer.commonName}`
          : 'No shipping label printer is mapped: labels are bought without printing.'}
      </Text>
      <Button size="xs" variant="subtle" onClick={() => setSettings(true)}>
        Label Settings
      </Button>
      {settings && (
        <LabelSettingsModal opened onClose={() => setSettings(false)} warehouseId={warehouseId ?? null} />
      )}
    </Group>
  );
}

/**
 * The shipment panels of an order (its detail and the point of sale): one for each shipment still at the
 * bench and each whose label was bought here, the first of them following the USB scale. Shipments shipped
 * elsewhere (tracking numbers entered, FBA) and voided ones stay in the table above only. 'New Shipment'
 * makes a shipment of what no shipment holds yet, while the order can ship.
 */
export function OrderShipmentPanels({ order }: { order: ShippableOrder }) {
  const me = useMe().data;
  const client = useQueryClient();
  const printer = useLabelPrinter('shippingLabel');
  const [creating, setCreating] = useState(false);
  if (!me?.permissionGroups.includes('shipping')) return null;

  const shown = order.shipments.filter(
    (s) =>
      s.isVoided !== 1 &&
      ((isOpenShipment(s) && !isExternalShipment(s, order)) ||
        (s.label?.state === 'bought' && s.rateState === 'shipped')),
  );
  const followerId = shown.find(isOpenShipment)?.id;
  const canShip = canShipOrder(order).allowed;
  const canCreate =
    canShip && !order.shipments.some(isOpenShipment) && unshippedUnits(order.items, order.shipments) > 0;
  const create = async () => {
    setCreating(true);
    try {
      const created = await shipmentCalls.patch({ channelOrderId: order.id });
      shipmentsChanged(client, order.id, created);
      notify({ color: 'green', message: `Updated ${created.map((s) => s.id).join(', ')}.` });
    } catch (error) {
      notify({
        color: 'red',
        title: `Error updating ${order.id}.`,
        message: error instanceof ApiError ? error.message : String(error),
      });
    } finally {
      setCreating(false);
    }
  };

  if (shown.length === 0 && !canCreate) return null;
  return (
    <Stack gap="sm" data-testid="shipment-panels">
      <Group justify="space-between">
        <ShippingPrinterBar warehouseId={shown[0]?.warehouseId} />
        {canCreate && (
          <Button size="xs" variant="light" onClick={create} loading={creating}>
            New Shipment
          </Button>
        )}
      </Group>
      {shown.map((shipment) => (
        <ShipmentPanel
          key={shipment.id}
          shipment={shipment}
          external={isExternalShipment(shipment, order)}
          followScale={shipment.id === followerId}
          printer={printer}
        />
      ))}
    </Stack>
  );
}
