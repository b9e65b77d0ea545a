import {
  type ChannelOrderListRow,
  type ConfirmationSent,
  channelOrderLink,
  type OrderChannelDto,
  type OrderDetailDto,
  type OrderLink,
  type OrderNoteDto,
  orderStatusName,
} from '@backroom/shared';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, apiEnvelope, apiOne } from '../../lib/api-client';

/** orders-warehouse.md §7 Channel orders (non first-party). {product} = backroom. */
const V0 = '/api/backroom';
const V1 = '/api/v1/backroom';

/** Rows per page of the orders list. */
export const ORDERS_PAGE_SIZE = 100;

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

export interface SalesChannel extends OrderChannelDto {
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
  return useQuery({
    queryKey: orderKeys.search(search),
    queryFn: async ({ signal }) => {
      const response = await apiEnvelope<ChannelOrderListRow>('POST', `${V1}/channelOrders`, {
        body: {
          searchTerm: search.searchTerm,
          channelId: search.channelId,
          systemOrderStatusIds: search.systemOrderStatusIds.length ? search.systemOrderStatusIds : undefined,
          limit: ORDERS_PAGE_SIZE,
          offset: search.page * ORDERS_PAGE_SIZE,
        },
        signal,
        quiet: true,
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
      apiOne<OrderDetailDto>('GET', `${V1}/channelOrder?channelOrderId=${channelOrderId}`, {
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
      api<OrderNoteDto>('PATCH', `${V0}/warehouse/channelOrder/note`, {
        body: [{ channelOrderId, text }],
        quiet: true,
      }),
    onSuccess: (notes) => {
      client.setQueryData<OrderDetailDto>(orderKeys.detail(channelOrderId), (order) =>
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
      apiOne<OrderDetailDto>('POST', `${V0}/warehouse/channelOrder/${action}`, {
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
      apiOne<OrderDetailDto>('POST', `${V1}/warehouse/shipment/markShipped`, {
        body: { channelOrderId, trackingNumbers },
        quiet: true,
      }),
    onSuccess: (order) => orderChanged(client, order),
  });
}

function orderChanged(client: QueryClient, order: OrderDetailDto) {
  client.setQueryData(orderKeys.detail(order.id), order);
  void client.invalidateQueries({ queryKey: ['orders', 'search'] });
}

/**
 * POST /v2/vsf/checkout/sendConfirmationEmail (the own website's checkout service): the site and channel
 * travel as headers, as the storefront sends them.
 */
export function useSendOrderConfirmation() {
  return useMutation({
    mutationFn: (order: { id: number; siteId: number; channelId: number }) =>
      apiOne<ConfirmationSent>('POST', '/api/v2/vsf/checkout/sendConfirmationEmail', {
        body: { channelOrderId: order.id, isTest: false },
        headers: { 'x-site-id': String(order.siteId), 'x-channel-id': String(order.channelId) },
        quiet: true,
      }),
  });
}
