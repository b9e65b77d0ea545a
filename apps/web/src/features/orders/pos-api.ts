import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, api, apiOne } from '../../lib/api-client';
import { useMe } from '../auth/api';
import { type OrderChannel, type OrderNote, type OrderShipment, orderKeys } from './api';

// The point of sale (/POS/:id) and the Outbox (orders-warehouse.md §First-party order management, §7
// First-party orders). Every change answers the whole order with its new sourceModifiedAt; the screen's copy
// is replaced by the reply. Changes of one order go out one after another, each carrying the version the
// previous one left, so a burst of scans and edits never trips the stale-copy check on its own.

const V0 = '/api/backroom';
const V1 = '/api/v1/backroom';
const FP = `${V1}/channelOrder/firstParty`;

export interface PosItemDiscount {
  id: number;
  channelOrderItemId: number;
  discount: number;
  isPercent: number;
  isFlat: number;
  isUnit: number;
  sortOrder: number;
  isActive: number;
  /** '$x.xx', '$x.xx/ea' or 'x.xx%' (§3 Item discount). */
  label: string;
}

export interface PosUnit {
  pickRequestItemId: number;
  pickRequestId: number;
  inventoryLocationItemId: number;
  pickedAt: string | null;
}

export interface PosItem {
  id: number;
  productId: number | null;
  description: string | null;
  listingSKU: string | null;
  isPicked: number;
  /** How the line reaches the customer (DELIVERY_TYPE): the shipping ones bring the shipment panel. */
  deliveryTypeId: number;
  quantityOrdered: number;
  quantityAllocated: number;
  unitPrice: number;
  tax: number;
  taxPercent: number;
  lineTotal: number;
  lineDiscount: number;
  lineSubtotal: number;
  lineTax: number;
  product: { id: number; sku: string | null; name: string | null; typeId: number } | null;
  discounts: PosItemDiscount[];
  salesPeople: { id: number; firstName: string; lastName: string }[];
  units: PosUnit[];
}

export interface PosOrderDiscount {
  id: number;
  discount: number;
  discountTypeId: number;
  note: string | null;
  isActive: number;
  sortOrder: number;
  promotionId: number | null;
}

export interface PosRefund {
  id: number;
  amount: number;
  refundReasonId: number;
  reason: { description: string };
  destinationPaymentTypeId: number;
  destinationMerchantCreditId: number | null;
  createdAt: string | null;
}

export interface PosPayment {
  id: number;
  channelOrderId: number;
  referenceId: string | null;
  channelOrderPaymentTypeId: number;
  channelOrderPaymentStatusId: number;
  paymentNumber: string | null;
  amount: number;
  refunded: number;
  unrefunded: number;
  note: string | null;
  merchantCreditId: number | null;
  createdAt: string | null;
  status: { name: string };
  type: { name: string };
  refunds: PosRefund[];
}

/** GET /v1/backroom/channelOrder?channelOrderId=N, data[0], as the POS screen reads it. */
export interface PosOrder {
  id: number;
  accountId: number;
  channelOrderNumber: string;
  channelOrderTypeId: number;
  systemOrderStatusId: number;
  systemOrderStatus: { id: number; name: string };
  state: string;
  isFulfilled: boolean;
  overrideWarehouseId: number | null;
  customerId: number | null;
  channelId: number | null;
  channel: OrderChannel | null;
  customer: { id: number; firstName: string; lastName: string; email: string | null } | null;
  totals: {
    unitTotal: number;
    discountTotal: number;
    taxTotal: number;
    orderTotal: number;
    paidTotal: number;
  };
  /** What an edit sends back as sourceModifiedAt. */
  sourceModifiedAt: string;
  items: PosItem[];
  discounts: PosOrderDiscount[];
  payments: PosPayment[];
  notes: OrderNote[];
  shipments: OrderShipment[];
}

/** PUT …/refund answers the order plus the e-gift card it made, if any. */
export type RefundReply = PosOrder & {
  newMerchantCredit: { number: string; verificationCode: string } | null;
};

export const posKeys = {
  /** The same cache entry as the order detail, so the shared notes panel's saves show here too. */
  order: (id: number) => orderKeys.detail(id),
  paymentTypes: ['orders', 'paymentTypes'] as const,
  salesPeople: ['orders', 'salesPeople'] as const,
  units: (productId: number, warehouseId: number) => ['orders', 'units', productId, warehouseId] as const,
  deallocation: (pickRequestId: number) => ['orders', 'deallocation', pickRequestId] as const,
};

const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : String(error);

/** The stale-copy refusal (409 'The order was changed by someone else…'): the order is reloaded. */
export const isStaleOrder = (error: unknown) => error instanceof ApiError && error.code === 'stale';

export function usePosOrder(id: number) {
  return useQuery({
    queryKey: posKeys.order(id),
    queryFn: () => apiOne<PosOrder>('GET', `${V1}/channelOrder?channelOrderId=${id}`, { quiet: true }),
    enabled: id > 0,
  });
}

export function useIsStoreManager(): boolean {
  const me = useMe().data;
  return Boolean(me?.roles.some((role) => role.code === 'storeManager' || role.code === 'admin'));
}

/** PUT …/firstParty with its first item (a UPC or SKU); the point-of-sale channel and warehouse default. */
export const createPosOrder = (barcode: string) => fp('PUT', '', { barcode });

function fp<T = PosOrder>(method: string, suffix: string, body: unknown): Promise<T> {
  return apiOne<T>(method, `${FP}${suffix}`, { body, quiet: true });
}

const queues = new Map<number, Promise<unknown>>();
function inOrderQueue<T>(orderId: number, run: () => Promise<T>): Promise<T> {
  // Nothing queued: the request goes out now, before the screen redraws for it (a scan's line is timed).
  const previous = queues.get(orderId);
  const next = previous ? previous.catch(() => undefined).then(run) : run();
  queues.set(orderId, next);
  const forget = () => {
    if (queues.get(orderId) === next) queues.delete(orderId);
  };
  next.then(forget, forget);
  return next;
}

const time = (value: string | null | undefined) => (value ? new Date(value).getTime() : 0);

/**
 * Runs one change of the order: in the order's queue, with the order as it stands when the change goes out.
 * The reply replaces the screen's copy (unless a newer copy already arrived); a stale-copy refusal reloads
 * the order before the error reaches the caller.
 */
export function useOrderChange(orderId: number) {
  const client = useQueryClient();
  return useCallback(
    <T extends PosOrder>(send: (order: PosOrder) => Promise<T>): Promise<T> =>
      inOrderQueue(orderId, async () => {
        const current = client.getQueryData<PosOrder>(posKeys.order(orderId));
        if (!current) throw new ApiError(0, 'The order is still loading.');
        try {
          const reply = await send(current);
          const { newMerchantCredit: _card, ...order } = reply as T & { newMerchantCredit?: unknown };
          client.setQueryData<PosOrder>(posKeys.order(orderId), (shown) =>
            shown && time(shown.sourceModifiedAt) > time(order.sourceModifiedAt) ? shown : order,
          );
          return reply;
        } catch (error) {
          if (isStaleOrder(error)) await client.refetchQueries({ queryKey: posKeys.order(orderId) });
          throw error;
        }
      }),
    [client, orderId],
  );
}

export function toastSuccess(message: string) {
  notifications.show({ color: 'green', message, autoClose: 2500 });
}

/** §8 failure toast: the catalogue's title with the server's reason under it. */
export function toastFailure(title: string, error: unknown) {
  const message = messageOf(error);
  notifications.show({
    color: 'red',
    title,
    // The server's gift-card refusals already start with the title; say it once.
    message: message.startsWith(`${title}: `) ? message.slice(title.length + 2) : message,
    autoClose: 8000,
  });
}

/**
 * One kind of order change as a mutation: its call, and the §8 toasts it shows. `isPending` lets the
 * screen show the button working.
 */
export function usePosAction<V, R extends PosOrder = PosOrder>(
  orderId: number,
  options: {
    call: (order: PosOrder, vars: V) => Promise<R>;
    success: string | null;
    failure: string;
  },
) {
  const change = useOrderChange(orderId);
  return useMutation({
    mutationFn: (vars: V) => change((order) => options.call(order, vars)),
    onSuccess: () => {
      if (options.success) toastSuccess(options.success);
    },
    onError: (error) => toastFailure(options.failure, error),
  });
}

// The calls. Each takes the order as it stands and sends its sourceModifiedAt where the call takes one.

export const posCalls = {
  addItem: (order: PosOrder, barcode: string) =>
    fp('PUT', '/item', { channelOrderId: order.id, barcode, quantity: 1 }),
  patchItem: (
    order: PosOrder,
    v: {
      channelOrderItemId: number;
      patch: { quantityOrdered?: number; unitPrice?: number; taxPercent?: number; description?: string };
    },
  ) => fp('PATCH', '/item', { ...v, sourceModifiedAt: order.sourceModifiedAt }),
  setStatus: (order: PosOrder, systemOrderStatusId: 40 | 4) =>
    fp('PATCH', '', {
      channelOrderId: order.id,
      patch: { systemOrderStatusId },
      sourceModifiedAt: order.sourceModifiedAt,
    }),
  finalize: (order: PosOrder) =>
    fp('PATCH', '/finalize', { channelOrderId: order.id, sourceModifiedAt: order.sourceModifiedAt }),
  cancel: (order: PosOrder) =>
    apiOne<PosOrder>('POST', `${V0}/warehouse/channelOrder/cancel`, {
      body: { channelOrderId: order.id },
      quiet: true,
    }),
  completeCancellation: (order: PosOrder, division: number | string) =>
    fp('PATCH', '/completeCancellation', {
      channelOrderId: order.id,
      unpickedUnitWarehouseDivision: division,
    }),
  addOrderDiscount: (order: PosOrder, v: { discountTypeId: 47 | 52 | 57; discount: number; note?: string }) =>
    fp('PUT', '/discount', {
      channelOrderId: order.id,
      ...v,
      note: v.note?.trim() || null,
      sourceModifiedAt: order.sourceModifiedAt,
    }),
  patchOrderDiscount: (order: PosOrder, v: { id: number; patch: { isActive?: 0 | 1; discount?: number } }) =>
    fp('PATCH', '/discount', { ...v, sourceModifiedAt: order.sourceModifiedAt }),
  addItemDiscount: (
    order: PosOrder,
    v: { channelOrderItemId: number; discount: number; isPercent: 0 | 1; isUnit: 0 | 1 },
  ) => fp('PUT', '/item/discount', { ...v, sourceModifiedAt: order.sourceModifiedAt }),
  patchItemDiscount: (order: PosOrder, v: { id: number; patch: { isActive?: 0 | 1; discount?: number } }) =>
    fp('PATCH', '/item/discount', { ...v, sourceModifiedAt: order.sourceModifiedAt }),
  applyPromotion: (order: PosOrder, redemptionCode: string) =>
    fp('POST', '/applyPromotion', { channelOrderId: order.id, redemptionCode }),
  removePromotion: (order: PosOrder, redemptionCode: string) =>
    fp('POST', '/removePromotion', { channelOrderId: order.id, redemptionCode }),
  addManualPayment: (
    order: PosOrder,
    payment: {
      channelOrderPaymentTypeId: number;
      amount: number;
      referenceId?: string | null;
      paymentNumber?: string | null;
      note?: string | null;
    },
  ) => fp('PUT', '/manualPayment', { channelOrderId: order.id, payment }),
  redeemMerchantCredit: (
    order: PosOrder,
    v: { merchantCreditId: string; verificationCode: string; amount: number; note?: string | null },
  ) => fp('PUT', '/redeemMerchantCredit', { channelOrderId: order.id, ...v }),
  refund: (
    order: PosOrder,
    v: {
      channelOrderPaymentId: number;
      destinationPaymentTypeId: number;
      destinationPaymentRecordId: number | null;
      amount: number;
      refundReasonId: number;
    },
  ) => fp<RefundReply>('PUT', '/refund', { channelOrderId: order.id, ...v }),
  setSalesPeople: (_order: PosOrder, v: { channelOrderItemId: number; userIds: number[] }) =>
    fp('PATCH', '/salesPeople', v),
  allocate: (
    order: PosOrder,
    v: {
      warehouseId: number;
      selectedProductUnits: { channelOrderItemId: number; inventoryLocationItemId: number }[];
    },
  ) => fp('PATCH', '/allocateSelectedProductUnits', { channelOrderId: order.id, ...v }),
  deallocate: (order: PosOrder, v: { selectedUnits: number[]; destinationDivision: number | string }) =>
    fp('PATCH', '/deallocateSelectedUnits', { channelOrderId: order.id, ...v }),
  markPicked: (_order: PosOrder, v: { inventoryLocationItem: number; pickRequestItem: number }) =>
    apiOne<PosOrder>('PATCH', `${V0}/chaos/markPicked`, { body: v, quiet: true }),
};

/** The picker's payment types (Venmo omitted by the server). */
export const usePaymentTypes = () =>
  useQuery({
    queryKey: posKeys.paymentTypes,
    queryFn: () => api<{ id: number; name: string }>('GET', `${V0}/warehouse/channelOrder/paymentTypes`),
    staleTime: Infinity,
  });

export interface SalesPerson {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

export const useSalesPeople = () =>
  useQuery({
    queryKey: posKeys.salesPeople,
    queryFn: () =>
      api<SalesPerson>('GET', `${V1}/user?roleList=salesperson`, { quiet: true }).catch((error) => {
        throw new ApiError(
          error instanceof ApiError ? error.status : 0,
          `Error Listing SalesPerson Users: ${messageOf(error)}`,
        );
      }),
    staleTime: 300_000,
  });

export interface AvailableUnit {
  id: number;
  productId: number;
  warehouseId: number;
  inventoryLocationId: number;
  barcode: string | null;
  displayName: string | null;
  inventoryConditionId: number;
  priceCost: number;
  receivedAt: string | null;
}

export const useAvailableUnits = (productId: number | null, warehouseId: number | null) =>
  useQuery({
    queryKey: posKeys.units(productId ?? 0, warehouseId ?? 0),
    queryFn: () =>
      api<AvailableUnit>('POST', `${V1}/inventory/getAvailableUnitSelectionData`, {
        body: { productIds: [productId], warehouseIds: [warehouseId], limit: 200 },
        quiet: true,
      }),
    enabled: Boolean(productId && warehouseId),
  });

export interface DeallocationOptions {
  pickRequestId: number;
  warehouseId: number;
  units: {
    pickRequestItemId: number;
    channelOrderItemId: number;
    inventoryLocationItemId: number;
    pickedAt: string | null;
    sku: string | null;
    barcode: string | null;
  }[];
  divisions: { id: number; barcode: string; displayName: string | null }[];
}

export const useDeallocationOptions = (pickRequestId: number | null) =>
  useQuery({
    queryKey: posKeys.deallocation(pickRequestId ?? 0),
    queryFn: () =>
      apiOne<DeallocationOptions>('POST', `${V1}/inventory/getDeallocationUnitOptions`, {
        body: { pickRequestId },
        quiet: true,
      }),
    enabled: Boolean(pickRequestId),
  });

/** POST /v1/backroom/print/receipt: a receipt or a gift receipt on a receipt printer (paper 50). */
export function usePrintReceipt() {
  return useMutation({
    mutationFn: (body: { serverPrinterId: number; channelOrderId: number; isGiftReceipt: boolean }) =>
      api<{ id: number }>('POST', `${V1}/print/receipt`, { body, quiet: true }),
  });
}
