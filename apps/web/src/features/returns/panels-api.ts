import type {
  AppealDto,
  AppealUpdate,
  ReturnAddressInput,
  ReturnNoteReply,
  ReturnPaymentReply,
  ReturnRefundInfo,
  ReturnRefundResult,
  ReturnShipmentDto,
} from '@backroom/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiOne } from '../../lib/api-client';

// The return panels' calls (returns.md §7): labels, payments, notes, the appeal and the first-party refund.
// Errors are quiet here: each panel shows the spec's own text for a failure (§8).

const R = '/api/v1/backroom/returns';

export const returnPanelKeys = {
  appeal: (inboundReturnId: number) => ['returns', 'appeal', inboundReturnId] as const,
  refund: (inboundReturnId: number) => ['returns', 'refund', inboundReturnId] as const,
};

/** POST …/returns/shipments/new: existing labels (tracking numbers and costs) or a new label to rate and buy. */
export function addReturnShipments(body: {
  inboundReturnId: number;
  channelOrderReturnId?: number | null;
  trackingNumbers: { trackingNumber: string; carrierFeeBilled: number }[];
  destinationAddressId: number | null;
}) {
  return api<ReturnShipmentDto>('POST', `${R}/shipments/new`, { body, quiet: true });
}

/** POST …/returns/shipment/rate { shipment }. */
export function rateReturnShipment(shipment: {
  id: number;
  inboundReturnId: number;
  warehouseId: number | null;
  packageLengthInch: number;
  packageWidthInch: number;
  packageHeightInch: number;
  packageWeightOunce: number;
  sourceAddress: ReturnAddressInput;
}) {
  return apiOne<ReturnShipmentDto>('POST', `${R}/shipment/rate`, { body: { shipment }, quiet: true });
}

/** POST …/returns/shipment/buy. */
export function buyReturnShipment(body: {
  inboundReturnId: number;
  inboundReturnShipmentId: number;
  selectedRateId: string;
  insuredAmount: number;
}) {
  return apiOne<ReturnShipmentDto>('POST', `${R}/shipment/buy`, { body, quiet: true });
}

export function addReturnPayment(body: {
  inboundReturnId: number;
  inboundReturnPaymentTypeId: number;
  inboundReturnPaymentStatusId: number;
  paymentNumber: string | null;
  amount: number;
  note: string | null;
}) {
  return api<ReturnPaymentReply>('PUT', `${R}/payments`, { body, quiet: true });
}

/** PATCH …/returns/payments: a payment's new status. */
export function setReturnPaymentStatus(id: number, inboundReturnPaymentStatusId: number) {
  return api<ReturnPaymentReply>('PATCH', `${R}/payments`, {
    body: { id, inboundReturnPaymentStatusId },
    quiet: true,
  });
}

export function addReturnNote(inboundReturnId: number, text: string) {
  return api<ReturnNoteReply>('PUT', `${R}/notes`, {
    body: { inboundReturn: { id: inboundReturnId }, text },
    quiet: true,
  });
}

export function addReturnItemNote(inboundReturnItemId: number, text: string) {
  return api<ReturnNoteReply>('PUT', `${R}/item/notes`, {
    body: { inboundReturnItem: { id: inboundReturnItemId }, text },
    quiet: true,
  });
}

/** The return's appeal as its panel shows it (with images), or null. */
export const useReturnAppeal = (inboundReturnId: number, enabled = true) =>
  useQuery({
    queryKey: returnPanelKeys.appeal(inboundReturnId),
    queryFn: async () =>
      (await api<AppealDto>('GET', `${R}/${inboundReturnId}/appeal`, { quiet: true }))[0] ?? null,
    enabled: enabled && inboundReturnId > 0,
  });

/** The appeal calls: each answers the appeal, which becomes the panel's copy at once. */
export function useAppealActions(inboundReturnId: number, onChanged: () => void) {
  const client = useQueryClient();
  const settle = (appeal: AppealDto) => {
    client.setQueryData(returnPanelKeys.appeal(inboundReturnId), appeal);
    onChanged();
  };
  const add = useMutation({
    mutationFn: () =>
      apiOne<AppealDto>('POST', `${R}/appeal/new`, { body: { inboundReturnId }, quiet: true }),
    onSuccess: settle,
  });
  const update = useMutation({
    mutationFn: (patch: Omit<AppealUpdate, 'inboundReturnId'>) =>
      apiOne<AppealDto>('PATCH', `${R}/appeal`, { body: { inboundReturnId, ...patch }, quiet: true }),
    onSuccess: settle,
  });
  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      let last: AppealDto | null = null;
      // One file a call, in order: each answers the appeal with every image so far.
      for (const file of files) {
        const form = new FormData();
        form.append('file', file, file.name);
        last = await apiOne<AppealDto>('POST', `${R}/${inboundReturnId}/appeal/images`, {
          body: form,
          quiet: true,
        });
        client.setQueryData(returnPanelKeys.appeal(inboundReturnId), last);
      }
      return last;
    },
    onSuccess: (appeal) => appeal && settle(appeal),
  });
  const remove = useMutation({
    mutationFn: (appealImageId: number) =>
      apiOne<AppealDto>('DELETE', `${R}/${inboundReturnId}/appeal/images/${appealImageId}`, { quiet: true }),
    onSuccess: settle,
  });
  return { add, update, upload, remove };
}

/** What 'Create Return Refund' offers (store managers). */
export const useReturnRefundInfo = (inboundReturnId: number, enabled: boolean) =>
  useQuery({
    queryKey: returnPanelKeys.refund(inboundReturnId),
    queryFn: () => apiOne<ReturnRefundInfo>('GET', `${R}/${inboundReturnId}/refund`, { quiet: true }),
    enabled: enabled && inboundReturnId > 0,
  });

export function createReturnRefund(body: {
  inboundReturnId: number;
  channelOrderPaymentId: number;
  destinationPaymentTypeId: number;
  destinationPaymentRecordId: number | null;
  amount: number;
}) {
  return apiOne<ReturnRefundResult>('PUT', `${R}/refund`, { body, quiet: true });
}
