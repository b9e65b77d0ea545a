import type { DivisionLevel } from '@backroom/shared';
import { notifications } from '@mantine/notifications';
import { type Division, fetchLastDivision, useUpsertWarehouse } from '../api';
import { nestedAddBody, nextCodeAfter } from '../lib/next-division';

const LEVEL_NAMES = { zone: 'Zone', row: 'Row', section: 'Section', shelf: 'Shelf', bin: 'Bin' } as const;

/** 'Add next zone/row/…': asks for the last sibling, applies the next-number rule, adds it in one call. */
export function useAddNextDivision(warehouseId: number) {
  const upsert = useUpsertWarehouse();
  const add = async (parent: Division | null, level: DivisionLevel) => {
    const last = await fetchLastDivision(level, parent?.id ?? warehouseId);
    const next = nextCodeAfter(level, last);
    if (!next.ok) {
      notifications.show({ color: 'red', message: next.error });
      return;
    }
    await upsert.mutateAsync(nestedAddBody(warehouseId, parent, level, next.code));
    notifications.show({ color: 'green', message: `Added ${LEVEL_NAMES[level]} ${next.code}` });
  };
  return { add, isPending: upsert.isPending };
}
