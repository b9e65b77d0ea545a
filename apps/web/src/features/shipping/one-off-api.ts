import type {
  OneOffBuyReply,
  OneOffBuyRequest,
  OneOffShipmentDto,
  OneOffShipmentRequest,
  OneOffVoidReply,
  OneOffVoidRequest,
  Shipper,
  Warehouse,
} from '@backroom/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, apiOne } from '../../lib/api-client';

// The one-off manual shipment screen's calls (catalogue-admin.md §7 One-off shipment) and the shipping
// settings screen's (GET /v1/shipping/shippers). Query keys of the shipping feature start with 'shipping'.

const ONE_OFF = '/api/v1/shipping/oneOffShipment';

export const oneOffKeys = {
  shippers: ['shipping', 'shippers'] as const,
  // Under 'warehouse' so a warehouse edit refreshes the Ship From choices too.
  fulfillingWarehouses: ['warehouse', 'list', { hasFulfillment: true }] as const,
};

/** The carrier accounts rates are asked of, and the adapter behind each. */
export const useShippers = () =>
  useQuery({
    queryKey: oneOffKeys.shippers,
    queryFn: () => api<Shipper>('GET', '/api/v1/shipping/shippers'),
  });

/** 'Select Warehouse' lists only warehouses whose type has fulfillment (§2.12), and only active ones. */
export const useFulfillingWarehouses = () =>
  useQuery({
    queryKey: oneOffKeys.fulfillingWarehouses,
    queryFn: async () =>
      (await api<Warehouse>('GET', '/api/backroom/warehouse/warehouses?hasFulfillment=1')).filter(
        (w) => w.isActive === 1,
      ),
  });

/** POST …/oneOffShipment: data[0] is the shipment with its rates. */
export const useRateOneOff = () =>
  useMutation({
    mutationFn: (body: OneOffShipmentRequest) => apiOne<OneOffShipmentDto>('POST', ONE_OFF, { body }),
  });

/** POST …/oneOffShipment/buy: data[0] has easypostJSON (now with tracking_code) and totalFee. */
export const useBuyOneOff = () =>
  useMutation({
    mutationFn: (body: OneOffBuyRequest) => apiOne<OneOffBuyReply>('POST', `${ONE_OFF}/buy`, { body }),
  });

/** POST …/oneOffShipment/void: data[0] has totalRefund. */
export const useVoidOneOff = () =>
  useMutation({
    mutationFn: (body: OneOffVoidRequest) => apiOne<OneOffVoidReply>('POST', `${ONE_OFF}/void`, { body }),
  });

/** POST /api/v1/shipping/label/print: the bought label's ZPL to a shipping label printer. */
export const usePrintShippingLabel = () =>
  useMutation({
    mutationFn: (body: { shipmentRateLabelId: number; serverPrinterId: number }) =>
      apiOne<{ printJobId: number; labelId: number }>('POST', '/api/v1/shipping/label/print', { body }),
  });
