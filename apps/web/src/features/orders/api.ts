import {
  type ChannelOrderListRow,
  channelOrderLink,
  type OrderLink,
  type OrderShipmentDto,
  orderStatusName,
  type Envelope as SharedEnvelope,
} from '@backroom/shared';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, api, apiOne } from '../../lib/api-client';
import { authKeys } from '../auth/api';

/** orders-warehouse.md §7 Channel orders (non first-party). {product} = backroom. */
const V0 = '/api/backroom';
const V1 = '/api/v1/backroom';

/** Rows per page of the orders list. */
export const ORDERS_PAGE_SIZE = 100;

export interface OrderAddress {
  id?: number;
  name: string | null;
  company: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  addressLine3: string | null;
  city: string | null;
  stateOrProvidence: string | null;
  postalCode: string | null;
  country: string | null;
  phoneHome?: string | null;
  phoneCell?: string | null;
  phoneWork?: string | null;
  email?: string | null;
}

export interface OrderChannel {
  id: number;
  name: string;
  siteId: number;
  channelTypeId: number;
}

/**
 * One row of the orders list: what POST /v1/backroom/channelOrders sends, with the status name and the
 * channel link derived here by the shared rules.
 */
export interface ChannelOrderRow extends ChannelOrderListRow {
  systemOrderStatus: { id: number; name: string };
  link: OrderLink | null;
}

function toOrderRow(row: ChannelOrderListRow): ChannelOrderRow {
  return {
    ...row,
    systemOrderStatus: { id: row.systemOrderStatusId, name: orderStatusName(row.systemOrderStatusId) },
    link: channelOrderLink({
      id: row.id,
      channelOrderNumber: row.channelOrderNumber,
      channelOrderTypeId: row.channelOrderTypeId,
      siteId: row.channel?.siteId ?? null,
    }),
  };
}

export interface OrderNote {
  id: number;
  channelOrderId: number;
  userId: number | null;
  noteTypeId: number;
  text: string;
  createdAt: string;
  user: { firstName: string | null; lastName: string | null } | null;
}

export interface OrderItem {
  id: number;
  productId: number | null;
  description: string | null;
  listingSKU: string | null;
  quantityOrdered: number;
  unitPrice: number;
  lineTotal: number;
  lineDiscount: number;
  lineSubtotal: number;
  lineTax: number;
  product: { id: number; sku: string | null; name: string | null } | null;
}

/** A shipment as the order detail (and every shipment call) answers it (orderShipmentSchema). */
export type OrderShipment = OrderShipmentDto;

export interface OrderPayment {
  id: number;
  channelOrderPaymentTypeId: number;
  referenceId: string | null;
  amount: number;
  refunded: number;
  status: { name: string };
  type: { name: string };
}

/** A return of the order as its Returns table shows it (returns.md §3 Inbound return). */
export interface OrderReturn {
  id: number;
  referenceId: string | null;
  returnStatusId: number;
  status: { id: number; name: string };
  requestedAt: string;
  /** What the returned units sold for on this order. */
  amount: number;
  shipments: { id: number; trackingNumber: string | null }[];
  payments: { id: number; amount: number }[];
  appeal: { claimAmountDollar: number | null; reimbursementAmountDollar: number | null } | null;
}

export interface RelatedOrder {
  id: number;
  channelOrderNumber: string;
  type: { name: string };
  status: { id: number; name: string };
}

/** GET /v1/backroom/channelOrder?channelOrderId=N, data[0] (server: domains/orders/order-detail.ts). */
export interface ChannelOrderDetail {
  id: number;
  channelOrderNumber: string;
  channelOrderTypeId: number;
  systemOrderStatusId: number;
  systemOrderStatus: { id: number; name: string };
  isFulfilled: boolean;
  channelId: number | null;
  channel: OrderChannel | null;
  link: OrderLink | null;
  isPrime: number;
  isFBA: number;
  overrideWarehouseId: number | null;
  /** Whether the order's warehouse requires packing (§4 packing rules); true without a warehouse. */
  warehouseRequiresPacking: boolean;
  prePackedAt: string | null;
  prePackedBy: number | null;
  orderedAt: string | null;
  latestDeliveredAt: string | null;
  latestShippedAt: string | null;
  customer: {
    id: number;
    firstName: string;
    lastName: string;
    email: string | null;
    phone: string | null;
    address: OrderAddress | null;
  } | null;
  shipTo: { address: OrderAddress | null } | null;
  totals: { unitTotal: number; discountTotal: number; taxTotal: number; orderTotal: number };
  items: OrderItem[];
  shipments: OrderShipment[];
  payments: OrderPayment[];
  notes: OrderNote[];
  returns: OrderReturn[];
  relatedOrders: RelatedOrder[];
}

export interface SalesChannel extends OrderChannel {
  isActive: number;
  isFirstParty: boolean;
}

export interface OrderSearch {
  searchTerm: string;
  channelId: number | null;
  systemOrderStatusIds: number[];
  page: number;
}

export const orderKeys = {
  all: ['orders'] as const,
  search: (search: OrderSearch) => ['orders', 'search', search] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  statuses: ['orders', 'statuses'] as const,
  channels: ['orders', 'channels'] as const,
};

/** The orders list: newest first, a page at a time; hasMore says whether a next page exists. */
export function useChannelOrders(search: OrderSearch) {
  const client = useQueryClient();
  return useQuery({
    queryKey: orderKeys.search(search),
    queryFn: async ({ signal }) => {
      const response = await fetchEnvelope<ChannelOrderListRow>(client, 'POST', `${V1}/channelOrders`, {
        body: {
          searchTerm: search.searchTerm,
          channelId: search.channelId,
          systemOrderStatusIds: search.systemOrderStatusIds.length ? search.systemOrderStatusIds : undefined,
          limit: ORDERS_PAGE_SIZE,
          offset: search.page * ORDERS_PAGE_SIZE,
        },
        signal,
      });
      return { orders: response.data.map(toOrderRow), hasMore: Boolean(response.hasMore) };
    },
    placeholderData: keepPreviousData,
  });
}

export const useChannelOrder = (channelOrderId: number) =>
  useQuery({
    queryKey: orderKeys.detail(channelOrderId),
    queryFn: () =>
      apiOne<ChannelOrderDetail>('GET', `${V1}/channelOrder?channelOrderId=${channelOrderId}`, {
        quiet: true,
      }),
    enabled: channelOrderId > 0,
  });

export const useSystemStatuses = () =>
  useQuery({
    queryKey: orderKeys.statuses,
    queryFn: () => api<{ id: number; name: string }>('GET', `${V0}/warehouse/system/statuses`),
    staleTime: 600_000,
  });

export const useSalesChannels = () =>
  useQuery({
    queryKey: orderKeys.channels,
    queryFn: () => api<SalesChannel>('GET', `${V0}/warehouse/salesChannels`),
    staleTime: 600_000,
  });

/** PATCH …/warehouse/channelOrder/note: a new note; the reply is the order's notes, put into its detail. */
export function useAddOrderNote(channelOrderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api<OrderNote>('PATCH', `${V0}/warehouse/channelOrder/note`, {
        body: [{ channelOrderId, text }],
        quiet: true,
      }),
    onSuccess: (notes) => {
      client.setQueryData<ChannelOrderDetail>(orderKeys.detail(channelOrderId), (order) =>
        order ? { ...order, notes } : order,
      );
    },
  });
}

export type ChannelOrderAction = 'cancel' | 'packingDelayed' | 'prePack' | 'makeShippableBackorder';

/** POST …/warehouse/channelOrder/{action}: the reply is the changed order. 409 carries the rule's reason. */
export function useChannelOrderAction(channelOrderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: ChannelOrderAction) =>
      apiOne<ChannelOrderDetail>('POST', `${V0}/warehouse/channelOrder/${action}`, {
        body: { channelOrderId },
        quiet: true,
      }),
    onSuccess: (order) => orderChanged(client, order),
  });
}

/** POST /v1/backroom/warehouse/shipment/markShipped. */
export function useMarkShipped(channelOrderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (trackingNumbers: string[]) =>
      apiOne<ChannelOrderDetail>('POST', `${V1}/warehouse/shipment/markShipped`, {
        body: { channelOrderId, trackingNumbers },
        quiet: true,
      }),
    onSuccess: (order) => orderChanged(client, order),
  });
}

function orderChanged(client: QueryClient, order: ChannelOrderDetail) {
  client.setQueryData(orderKeys.detail(order.id), order);
  void client.invalidateQueries({ queryKey: ['orders', 'search'] });
}

/**
 * POST /v2/vsf/checkout/sendConfirmationEmail (the own website's checkout service): the site and channel
 * travel as headers, as the storefront sends them.
 */
export function useSendOrderConfirmation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order: { id: number; siteId: number; channelId: number }) =>
      fetchEnvelope<unknown>(client, 'POST', '/api/v2/vsf/checkout/sendConfirmationEmail', {
        body: { channelOrderId: order.id, isTest: false },
        headers: { 'x-site-id': String(order.siteId), 'x-channel-id': String(order.channelId) },
      }),
  });
}

/** The shared envelope, with the list's `hasMore` beside its data. */
type Envelope<T> = SharedEnvelope<T> & { hasMore?: boolean };

/**
 * A call whose whole envelope matters (hasMore beside data) or that needs its own headers, which the shared
 * client does not take. Errors are ApiErrors with the server's message, left to the caller (no global toast);
 * a 401 ends the session as the shared client does (the login page opens, coming back here after).
 */
async function fetchEnvelope<T>(
  client: QueryClient,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal },
): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, 'Cannot reach the server. Check the connection and try again.');
  }
  const envelope = (await response.json().catch(() => undefined)) as Envelope<T> | undefined;
  if (response.ok && envelope) return envelope;
  if (response.status === 401) client.setQueryData(authKeys.me, null);
  throw new ApiError(
    response.status,
    envelope?.error?.message ?? `The server answered ${response.status}.`,
    envelope?.error?.fields,
    envelope?.error?.code,
  );
}
