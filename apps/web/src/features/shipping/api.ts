import type {
  BoughtShipmentDto,
  ChannelOrderListRow,
  OrderShipmentDto,
  OrderShipmentPatch,
  ShipmentCopy,
} from '@backroom/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, apiOne } from '../../lib/api-client';
import { orderKeys } from '../orders/api';

// Order shipments (orders-warehouse.md §7 Shipments): the shipment panel's and the packing station's calls.
// Every call answers the shipments it touched; they replace the screen's copies in the order detail (and the
// POS order, the same cache entry) and in the packing station's list, and the order is read again for the
// notes and the status the change left.

const V0 = '/api/backroom';
const W1 = '/api/v1/backroom/warehouse';

export type OrderShipment = OrderShipmentDto;

export const shippingKeys = {
  orderShipments: (channelOrderId: number) => ['shipping', 'orderShipments', channelOrderId] as const,
};

/** GET …/warehouse/shipments?channelOrderId=: the order's shipments, oldest first (permission shipping). */
export const fetchOrderShipments = (channelOrderId: number) =>
  api<OrderShipment>('GET', `${W1}/shipments?channelOrderId=${channelOrderId}`, { quiet: true });

export const useOrderShipments = (channelOrderId: number) =>
  useQuery({
    queryKey: shippingKeys.orderShipments(channelOrderId),
    queryFn: () => fetchOrderShipments(channelOrderId),
    enabled: channelOrderId > 0,
  });

/** The statuses an order waits at the packing bench in (§4: "Packing is required when the status is 13, 14, 21 or 19"). */
export const PACKING_STATUS_IDS = [13, 14, 19, 21] as const;

/** POST …/warehouse/channelOrder/packing/search: the orders holding the scanned product, oldest first. */
export const packingSearch = (upc: string, limit = 20) =>
  api<ChannelOrderListRow>('POST', `${V0}/warehouse/channelOrder/packing/search`, {
    body: { upc, systemOrderStatusId: [...PACKING_STATUS_IDS], limit },
    quiet: true,
  });

/** The screen's copy of a shipment as the rates, pack, void and buy calls carry it. */
export function shipmentCopy(shipment: OrderShipment): ShipmentCopy {
  return {
    id: shipment.id,
    channelOrderId: shipment.channelOrderId,
    warehousePackagingId: shipment.warehousePackagingId,
    packageWidthInch: shipment.packageWidthInch,
    packageHeightInch: shipment.packageHeightInch,
    packageLengthInch: shipment.packageLengthInch,
    packageWeightOunce: shipment.packageWeightOunce,
    isTrainingShipment: shipment.isTrainingShipment === 1 ? 1 : 0,
  };
}

/** The calls, without caching: the hook below puts their answers where the screens read them. */
export const shipmentCalls = {
  /** PATCH …/warehouse/shipments with one shipment's changes; without `id` a new shipment of the order. */
  patch: (patch: OrderShipmentPatch) =>
    api<OrderShipment>('PATCH', `${W1}/shipments`, { body: { shipments: [patch] }, quiet: true }),
  pack: (copy: ShipmentCopy) =>
    api<OrderShipment>('POST', `${W1}/shipments/package/pack`, { body: { shipment: copy }, quiet: true }),
  rates: (shipment: OrderShipment) =>
    api<OrderShipment>('POST', `${W1}/shipment/package/rates`, {
      body: {
        channelOrderId: shipment.channelOrderId,
        channelOrderShipmentId: shipment.id,
        shipment: shipmentCopy(shipment),
      },
      quiet: true,
    }),
  buy: (
    shipment: OrderShipment,
    body: { selectedRateId: string; serverPrinterId: number | null; insuredAmount: number },
  ) =>
    apiOne<BoughtShipmentDto>('POST', `${W1}/shipment/package/buy`, {
      body: {
        channelOrderId: shipment.channelOrderId,
        channelOrderShipmentId: shipment.id,
        shipment: shipmentCopy(shipment),
        ...body,
      },
      quiet: true,
    }),
  /** Answers [the voided shipment, the shipment that replaces it]. */
  void: (shipment: OrderShipment) =>
    api<OrderShipment>('POST', `${W1}/shipments/package/void`, {
      body: { channelOrderShipment: shipmentCopy(shipment) },
      quiet: true,
    }),
  print: (shipment: OrderShipment, serverPrinterId: number) =>
    apiOne<{ printJobId: number; channelOrderShipmentId: number; labelId: number }>(
      'POST',
      `${W1}/shipment/printLabel`,
      { body: { serverPrinterId, channelOrderShipmentId: shipment.id }, quiet: true },
    ),
};

function merge(list: readonly OrderShipment[], changed: readonly OrderShipment[]): OrderShipment[] {
  const next = list.map((s) => changed.find((c) => c.id === s.id) ?? s);
  for (const c of changed) if (!list.some((s) => s.id === c.id)) next.push(c);
  return next;
}

interface CachedOrder {
  id: number;
  shipments?: OrderShipment[];
  sourceModifiedAt?: string;
}

/** Puts changed shipments into every copy the screens hold, and the order's new version with them. */
export function shipmentsChanged(
  client: QueryClient,
  channelOrderId: number,
  changed: readonly OrderShipment[],
  { reloadOrder = true } = {},
) {
  if (changed.length === 0) return;
  const version = changed[changed.length - 1]!.sourceModifiedAt;
  client.setQueryData<OrderShipment[]>(shippingKeys.orderShipments(channelOrderId), (list) =>
    list ? merge(list, changed) : list,
  );
  client.setQueryData<CachedOrder>(orderKeys.detail(channelOrderId), (order) =>
    order?.shipments
      ? {
          ...order,
          shipments: merge(order.shipments, changed),
          ...(order.sourceModifiedAt ? { sourceModifiedAt: version } : {}),
        }
      : order,
  );
  // Notes, status and totals the change left on the order.
  if (reloadOrder) void client.invalidateQueries({ queryKey: orderKeys.detail(channelOrderId), exact: true });
}

/** Reads the order's shipments again (after a refusal that says the screen's copy is out of date). */
export function useReloadShipments() {
  const client = useQueryClient();
  return useCallback(
    async (channelOrderId: number) => {
      const fresh = await fetchOrderShipments(channelOrderId).catch(() => null);
      if (fresh) shipmentsChanged(client, channelOrderId, fresh);
      return fresh;
    },
    [client],
  );
}
