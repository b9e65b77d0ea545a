import {
  type AddressInput,
  type AvailableUnitDto,
  type Customer,
  type DeallocationOptionsDto,
  isStoreManager,
  type ORDER_STATUS,
  type OrderDetailDto,
  type RefundReplyDto,
  type UserDiscountTypeId,
} from '@backroom/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, api, apiOne } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useMe } from '../auth/api';
import { orderKeys } from './api';

// The point of sale (/POS/:id) and the Outbox (orders-warehouse.md §First-party order management, §7
// First-party orders). Every change answers the whole order with its new sourceModifiedAt; the screen's copy
// is replaced by the reply. Changes of one order go out one after another, each carrying the version the
// previous one left, so a burst of scans and edits never trips the stale-copy check on its own.

const V0 = '/api/backroom';
const V1 = '/api/v1/backroom';
const FP = `${V1}/channelOrder/firstParty`;

/** The status changes the POS header makes: put the order on hold, or make it ready again. */
export type PosStatusChange = typeof ORDER_STATUS.ON_HOLD | typeof ORDER_STATUS.READY;

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
    queryFn: () => apiOne<OrderDetailDto>('GET', `${V1}/channelOrder?channelOrderId=${id}`, { quiet: true }),
    enabled: id > 0,
  });
}

export function useIsStoreManager(): boolean {
  const me = useMe().data;
  return me ? isStoreManager(me) : false;
}

/** PUT …/firstParty with its first item (a UPC or SKU); the point-of-sale channel and warehouse default. */
export const createPosOrder = (barcode: string) => fp('PUT', '', { barcode });

function fp<T = OrderDetailDto>(method: string, suffix: string, body: unknown): Promise<T> {
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
    <T extends OrderDetailDto>(send: (order: OrderDetailDto) => Promise<T>): Promise<T> =>
      inOrderQueue(orderId, async () => {
        const current = client.getQueryData<OrderDetailDto>(posKeys.order(orderId));
        if (!current) throw new ApiError(0, 'The order is still loading.');
        try {
          const reply = await send(current);
          const { newMerchantCredit: _card, ...order } = reply as T & { newMerchantCredit?: unknown };
          client.setQueryData<OrderDetailDto>(posKeys.order(orderId), (shown) =>
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
  notify({ color: 'green', message, autoClose: 2500 });
}

/** §8 failure toast: the catalogue's title with the server's reason under it. */
export function toastFailure(title: string, error: unknown) {
  const message = messageOf(error);
  notify({
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
export function usePosAction<V, R extends OrderDetailDto = OrderDetailDto>(
  orderId: number,
  options: {
    call: (order: OrderDetailDto, vars: V) => Promise<R>;
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
  addItem: (order: OrderDetailDto, barcode: string) =>
    fp('PUT', '/item', { channelOrderId: order.id, barcode, quantity: 1 }),
  patchItem: (
    order: OrderDetailDto,
    v: {
      channelOrderItemId: number;
      patch: { quantityOrdered?: number; unitPrice?: number; taxPercent?: number; description?: string };
    },
  ) => fp('PATCH', '/item', { ...v, sourceModifiedAt: order.sourceModifiedAt }),
  /** The order's customer (null takes it off). */
  setCustomer: (order: OrderDetailDto, customerId: number | null) =>
    fp('PATCH', '', {
      channelOrderId: order.id,
      patch: { customerId },
      sourceModifiedAt: order.sourceModifiedAt,
    }),
  /** The order's shipping address (§5 Address for shipping; null removes it). */
  setShipTo: (order: OrderDetailDto, shipTo: AddressInput | null) =>
    fp('PATCH', '', {
      channelOrderId: order.id,
      patch: { shipTo },
      sourceModifiedAt: order.sourceModifiedAt,
    }),
  setStatus: (order: OrderDetailDto, systemOrderStatusId: PosStatusChange) =>
    fp('PATCH', '', {
      channelOrderId: order.id,
      patch: { systemOrderStatusId },
      sourceModifiedAt: order.sourceModifiedAt,
    }),
  finalize: (order: OrderDetailDto) =>
    fp('PATCH', '/finalize', { channelOrderId: order.id, sourceModifiedAt: order.sourceModifiedAt }),
  cancel: (order: OrderDetailDto) =>
    apiOne<OrderDetailDto>('POST', `${V0}/warehouse/channelOrder/cancel`, {
      body: { channelOrderId: order.id },
      quiet: true,
    }),
  completeCancellation: (order: OrderDetailDto, division: number | string) =>
    fp('PATCH', '/completeCancellation', {
      channelOrderId: order.id,
      unpickedUnitWarehouseDivision: division,
    }),
  addOrderDiscount: (
    order: OrderDetailDto,
    v: { discountTypeId: UserDiscountTypeId; discount: number; note?: string },
  ) =>
    fp('PUT', '/discount', {
      channelOrderId: order.id,
      ...v,
      note: v.note?.trim() || null,
      sourceModifiedAt: order.sourceModifiedAt,
    }),
  patchOrderDiscount: (
    order: OrderDetailDto,
    v: { id: number; patch: { isActive?: 0 | 1; discount?: number } },
  ) => fp('PATCH', '/discount', { ...v, sourceModifiedAt: order.sourceModifiedAt }),
  addItemDiscount: (
    order: OrderDetailDto,
    v: { channelOrderItemId: number; discount: number; isPercent: 0 | 1; isUnit: 0 | 1 },
  ) => fp('PUT', '/item/discount', { ...v, sourceModifiedAt: order.sourceModifiedAt }),
  patchItemDiscount: (
    order: OrderDetailDto,
    v: { id: number; patch: { isActive?: 0 | 1; discount?: number } },
  ) => fp('PATCH', '/item/discount', { ...v, sourceModifiedAt: order.sourceModifiedAt }),
  applyPromotion: (order: OrderDetailDto, redemptionCode: string) =>
    fp('POST', '/applyPromotion', { channelOrderId: order.id, redemptionCode }),
  removePromotion: (order: OrderDetailDto, redemptionCode: string) =>
    fp('POST', '/removePromotion', { channelOrderId: order.id, redemptionCode }),
  addManualPayment: (
    order: OrderDetailDto,
    payment: {
      channelOrderPaymentTypeId: number;
      amount: number;
      referenceId?: string | null;
      paymentNumber?: string | null;
      note?: string | null;
    },
  ) => fp('PUT', '/manualPayment', { channelOrderId: order.id, payment }),
  redeemMerchantCredit: (
    order: OrderDetailDto,
    v: { merchantCreditId: string; verificationCode: string; amount: number; note?: string | null },
  ) => fp('PUT', '/redeemMerchantCredit', { channelOrderId: order.id, ...v }),
  refund: (
    order: OrderDetailDto,
    v: {
      channelOrderPaymentId: number;
      destinationPaymentTypeId: number;
      destinationPaymentRecordId: number | null;
      amount: number;
      refundReasonId: number;
    },
  ) => fp<RefundReplyDto>('PUT', '/refund', { channelOrderId: order.id, ...v }),
  setSalesPeople: (_order: OrderDetailDto, v: { channelOrderItemId: number; userIds: number[] }) =>
    fp('PATCH', '/salesPeople', v),
  allocate: (
    order: OrderDetailDto,
    v: {
      warehouseId: number;
      selectedProductUnits: { channelOrderItemId: number; inventoryLocationItemId: number }[];
    },
  ) => fp('PATCH', '/allocateSelectedProductUnits', { channelOrderId: order.id, ...v }),
  deallocate: (order: OrderDetailDto, v: { selectedUnits: number[]; destinationDivision: number | string }) =>
    fp('PATCH', '/deallocateSelectedUnits', { channelOrderId: order.id, ...v }),
  markPicked: (_order: OrderDetailDto, v: { inventoryLocationItem: number; pickRequestItem: number }) =>
    apiOne<OrderDetailDto>('PATCH', `${V0}/chaos/markPicked`, { body: v, quiet: true }),
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

export const useAvailableUnits = (productId: number | null, warehouseId: number | null) =>
  useQuery({
    queryKey: posKeys.units(productId ?? 0, warehouseId ?? 0),
    queryFn: () =>
      api<AvailableUnitDto>('POST', `${V1}/inventory/getAvailableUnitSelectionData`, {
        body: { productIds: [productId], warehouseIds: [warehouseId], limit: 200 },
        quiet: true,
      }),
    enabled: Boolean(productId && warehouseId),
  });

export const useDeallocationOptions = (pickRequestId: number | null) =>
  useQuery({
    queryKey: posKeys.deallocation(pickRequestId ?? 0),
    queryFn: () =>
      apiOne<DeallocationOptionsDto>('POST', `${V1}/inventory/getDeallocationUnitOptions`, {
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

/** GET /v1/backroom/customers: by name, e-mail or phone, from 2 characters typed. */
export const useCustomerSearch = (searchTerm: string) =>
  useQuery({
    queryKey: ['orders', 'customers', searchTerm] as const,
    queryFn: ({ signal }) =>
      api<Customer>('GET', `${V1}/customers?searchTerm=${encodeURIComponent(searchTerm)}&limit=8`, {
        quiet: true,
        signal,
      }),
    enabled: searchTerm.trim().length >= 2,
    staleTime: 10_000,
  });

/** PUT /v1/backroom/customer and PATCH /v1/backroom/customer. */
export const customerCalls = {
  create: (body: {
    firstName: string;
    lastName: string;
    email: string | null;
    phone: string | null;
    address: AddressInput | null;
  }) => apiOne<Customer>('PUT', `${V1}/customer`, { body, quiet: true }),
  patch: (
    id: number,
    patch: Partial<Pick<Customer, 'firstName' | 'lastName' | 'email' | 'phone'>> & {
      address?: AddressInput | null;
    },
  ) => apiOne<Customer>('PATCH', `${V1}/customer`, { body: { id, patch }, quiet: true }),
};
