import type { ReturnShipmentDto } from '@backroom/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiOne } from '../../lib/api-client';
import { type OrderAddress, orderKeys } from '../orders/api';

/** returns.md §7. {service} = backroom. */
const V1 = '/api/v1/backroom';

interface Named {
  id: number;
  name: string;
}

export interface ReturnItem {
  id: number;
  productId: number | null;
  channelOrderItemId: number | null;
  quantity: number;
  quantityReceived: number;
  inboundReturnItemStatusId: number;
  status: Named;
  returnReason: { name: string } | null;
  returnReasonNote: string | null;
  product: { id: number; sku: string; name: string; upc: string | null } | null;
  channelOrderItem: { id: number; unitPrice: number | null } | null;
}

export interface ReturnNote {
  id: number;
  inboundReturnItemId: number | null;
  noteTypeId: number;
  text: string;
  createdAt: string;
  user: { firstName: string | null; lastName: string | null } | null;
}

/** An inbound return as GET …/returns/{id} answers it (returns.md §3 Inbound return). */
export interface InboundReturn {
  id: number;
  referenceId: string | null;
  returnStatusId: number;
  status: Named;
  isOpen: boolean;
  requestedAt: string;
  isFirstPartyReturn: boolean;
  customer: { firstName: string; lastName: string; email: string | null } | null;
  channelOrderReturn: {
    id: number;
    referenceId: string | null;
    channelOrderReturnStatus: string | null;
    order: {
      id: number;
      channelOrderNumber: string;
      systemOrderStatus: Named;
      channel: { id: number; siteId: number; typeId: number; name: string } | null;
      shipTo: { address: OrderAddress | null };
      relatedOrders: { id: number; channelOrderNumber: string; type: { id: number | null; name: string } }[];
    } | null;
  } | null;
  items: ReturnItem[];
  shipments: ReturnShipmentDto[];
  payments: {
    id: number;
    inboundReturnPaymentTypeId: number;
    inboundReturnPaymentStatusId: number;
    paymentNumber: string | null;
    amount: number;
    note: string | null;
    createdAt: string;
  }[];
  appeal: { id: number; claimAmountDollar: number | null; reimbursementAmountDollar: number | null } | null;
  notes: ReturnNote[];
}

export const returnKeys = {
  detail: (id: number) => ['returns', 'detail', id] as const,
};

export const useInboundReturn = (inboundReturnId: number) =>
  useQuery({
    queryKey: returnKeys.detail(inboundReturnId),
    queryFn: () => apiOne<InboundReturn>('GET', `${V1}/returns/${inboundReturnId}`, { quiet: true }),
    enabled: inboundReturnId > 0,
  });

/** PUT …/returns { channelOrderId }: 'Start Return' on the order detail. The order's Returns table reloads. */
export function useCreateReturn(channelOrderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiOne<InboundReturn>('PUT', `${V1}/returns`, { body: { channelOrderId }, quiet: true }),
    onSuccess: (created) => {
      client.setQueryData(returnKeys.detail(created.id), created);
      void client.invalidateQueries({ queryKey: orderKeys.detail(channelOrderId) });
    },
  });
}
