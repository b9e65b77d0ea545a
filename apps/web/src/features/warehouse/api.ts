import type {
  BinTypeCode,
  ClearedBin,
  Division,
  DivisionLevel,
  DivisionUnit,
  LookedUpDivision,
  UnitHistory,
  Warehouse,
  WarehouseCreate,
  WarehouseType,
} from '@backroom/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiOne } from '../../lib/api-client';

/** orders-warehouse.md §7 Warehouse. */
const V0 = '/api/backroom';
const V1 = '/api/v1/backroom';

export const warehouseKeys = {
  all: ['warehouse'] as const,
  types: ['warehouse', 'types'] as const,
  list: ['warehouse', 'list'] as const,
  detail: (id: number) => ['warehouse', 'detail', id] as const,
  children: (warehouseId: number, parentId: number | null) =>
    ['warehouse', 'children', warehouseId, parentId] as const,
  bins: (warehouseId: number) => ['warehouse', 'bins', warehouseId] as const,
  units: (barcode: string) => ['warehouse', 'units', barcode] as const,
};

export const useWarehouseTypes = () =>
  useQuery({
    queryKey: warehouseKeys.types,
    queryFn: () => api<WarehouseType>('GET', `${V0}/warehouse/types`),
    staleTime: 300_000,
  });

export const useWarehouses = () =>
  useQuery({
    queryKey: warehouseKeys.list,
    queryFn: () => api<Warehouse>('GET', `${V0}/warehouse/warehouses`),
  });

export const useWarehouse = (id: number) =>
  useQuery({
    queryKey: warehouseKeys.detail(id),
    queryFn: () => apiOne<Warehouse>('POST', `${V0}/warehouse`, { body: { warehouseId: id } }),
  });

/** One level of the tree, loaded when a node opens. */
export const useDivisionChildren = (warehouseId: number, parentId: number | null, enabled = true) =>
  useQuery({
    queryKey: warehouseKeys.children(warehouseId, parentId),
    queryFn: () =>
      api<Division>(
        'GET',
        `${V1}/warehouse/division/children?warehouseId=${warehouseId}${parentId ? `&parentId=${parentId}` : ''}`,
      ),
    enabled,
  });

export const useGroupBins = (warehouseId: number) =>
  useQuery({
    queryKey: warehouseKeys.bins(warehouseId),
    queryFn: () =>
      api<Division>('GET', `${V0}/warehouse/bin?warehouseId=${warehouseId}&type=utility&groupType=group`),
  });

export const useDivisionUnits = (barcode: string | null) =>
  useQuery({
    queryKey: warehouseKeys.units(barcode ?? ''),
    queryFn: () => api<DivisionUnit>('POST', `${V1}/chaos/listInventoryByDivision`, { body: { barcode } }),
    enabled: barcode !== null,
  });

export function lookupDivision(barcode: string) {
  return apiOne<LookedUpDivision>(
    'GET',
    `${V1}/chaos/lookupWarehouseDivisionByBarcode?barcode=${encodeURIComponent(barcode)}`,
    { quiet: true },
  );
}

/** The parent field each …/last endpoint takes. */
const LAST_PARENT_FIELD: Record<DivisionLevel, string> = {
  zone: 'warehouseId',
  row: 'warehouseZoneId',
  section: 'warehouseZoneRowId',
  shelf: 'warehouseZoneRowSectionId',
  bin: 'warehouseZoneRowSectionShelfId',
};

export async function fetchLastDivision(level: DivisionLevel, parentId: number): Promise<Division | null> {
  const [last] = await api<Division>('POST', `${V0}/warehouse/${level}/last`, {
    body: { [LAST_PARENT_FIELD[level]]: parentId },
  });
  return last ?? null;
}

/**
 * After a warehouse change every warehouse list reloads. `inBackground`: the change is done when the server has
 * it ('Add next …' asks the server for the last code each time, so a tree a moment behind is harmless, and
 * waiting held each click until the whole tree was read again, over a second on a big warehouse). Otherwise
 * the mutation waits for the reload, for controls that show the saved state (the Active switch).
 */
function useInvalidateWarehouse({ inBackground = false } = {}) {
  const client = useQueryClient();
  return () => {
    const reload = client.invalidateQueries({ queryKey: warehouseKeys.all });
    return inBackground ? undefined : reload;
  };
}

export function useCreateWarehouse() {
  const invalidate = useInvalidateWarehouse();
  return useMutation({
    mutationFn: (body: WarehouseCreate) => apiOne<Warehouse>('PUT', `${V0}/warehouse`, { body }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/v1/backroom/warehouse: the warehouse's fields and/or a nested tree of new divisions. */
export function useUpsertWarehouse() {
  const invalidate = useInvalidateWarehouse({ inBackground: true });
  return useMutation({
    mutationFn: (body: Record<string, unknown> & { id: number }) =>
      apiOne<Warehouse>('PATCH', `${V1}/warehouse`, { body }),
    onSuccess: invalidate,
  });
}

export function usePatchDivisions() {
  const invalidate = useInvalidateWarehouse();
  return useMutation({
    mutationFn: (body: {
      warehouseId: number;
      warehouseDivisionPatches: ({ id: number } & Partial<Division>)[];
    }) => api<Division>('PATCH', `${V1}/warehouse/division`, { body, quiet: true }),
    onSuccess: invalidate,
  });
}

export function useCreateBin() {
  const invalidate = useInvalidateWarehouse();
  return useMutation({
    mutationFn: (body: { warehouseId: number; type: BinTypeCode; name?: string }) =>
      apiOne<Division>('POST', `${V1}/warehouse/bin`, { body }),
    onSuccess: invalidate,
  });
}

export function useClearBin() {
  const invalidate = useInvalidateWarehouse();
  return useMutation({
    mutationFn: (body: { shortAlias: string; chaosBin: string }) =>
      apiOne<ClearedBin>('POST', `${V1}/chaos/warehouseBin/clear`, { body }),
    onSuccess: invalidate,
  });
}

export const useUnitHistory = (unitId: number | null) =>
  useQuery({
    queryKey: ['warehouse', 'unit-history', unitId],
    queryFn: () => apiOne<UnitHistory>('GET', `${V1}/inventory/unit/${unitId}/history`),
    enabled: unitId !== null,
  });
