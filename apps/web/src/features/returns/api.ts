import {
  type ConditionListingData,
  type Division,
  type LookedUpDivision,
  PAPER_ID,
  type QueuedPrintJob,
  type ReturnDetailDto,
  type ReturnItemDto,
  type ReturnPatch,
  type ReturnUnitDto,
} from '@backroom/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiOne } from '../../lib/api-client';
import { orderKeys } from '../orders/api';

/** returns.md §7. {service} = backroom. */
const V1 = '/api/v1/backroom';

/** An inbound return as GET …/returns/{id} answers it (returns.md §3; the shared reply schema). */
export type InboundReturn = ReturnDetailDto;
export type ReturnItem = ReturnItemDto;
export type ReturnUnit = ReturnUnitDto;

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

/** PATCH …/returns: a save or a receipt; answers the return as it now stands. Errors are the caller's. */
export const patchReturn = (body: ReturnPatch) =>
  apiOne<InboundReturn>('PATCH', `${V1}/returns`, { body, quiet: true });

export interface ReceiptProduct {
  upc: string;
  images: { imageId: number; isPrimaryImage: 0 | 1 }[];
  productListingData: ConditionListingData;
}

/** POST …/chaos/lookupWarehouseDivisionByBarcode (returns.md §7): refused when not in the chosen warehouse. */
export const lookupDivision = (barcode: string, warehouseId: number) =>
  apiOne<LookedUpDivision>(
    'POST',
    `${V1}/chaos/lookupWarehouseDivisionByBarcode?barcode=${encodeURIComponent(barcode)}&warehouseId=${warehouseId}`,
    { quiet: true },
  );

/** POST …/warehouse/bin: the return's own bin 'Inbound Return #{id}', or the warehouse's virtual bin. */
export const createReturnBin = (warehouseId: number, inboundReturnId: number | null) =>
  apiOne<Division>('POST', `${V1}/warehouse/bin`, {
    body: inboundReturnId ? { warehouseId, inboundReturnId } : { warehouseId, binType: 'virtual' },
    quiet: true,
  });

/** POST …/print/inboundReturn: the 2.25" x 1" return barcode label. */
export const printInboundReturn = (serverPrinterId: number, inboundReturnId: number) =>
  apiOne<QueuedPrintJob>('POST', `${V1}/print/inboundReturn`, {
    body: { serverPrinterId, paperId: PAPER_ID.returnBarcodeLabel, inboundReturnId },
    quiet: true,
  });

/** The PGU (received-item) label of a unit. */
export const printPgu = (serverPrinterId: number, inventoryLocationItemId: number) =>
  apiOne<QueuedPrintJob>('POST', `${V1}/print/pgu`, { body: { serverPrinterId, inventoryLocationItemId } });

/** POST …/print/printProductPackageLabel: the 3" x 1" product barcode label. */
export const printProductBarcode = (
  serverPrinterId: number,
  product: { sku: string; name: string; upc: string | null },
) =>
  api<QueuedPrintJob>('POST', `${V1}/print/printProductPackageLabel`, {
    body: { serverPrinterId, barcode: product.upc ?? '', labelSku: product.sku, labelTitle: product.name },
  });
