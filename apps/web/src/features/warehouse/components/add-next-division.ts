import type { Division, DivisionLevel } from '@backroom/shared';
import { notify } from '../../../lib/notify';
import { fetchLastDivision, useUpsertWarehouse } from '../api';
import { nestedAddBody, nextCodesAfter } from '../lib/next-division';

const LEVEL_NAMES = { zone: 'Zone', row: 'Row', section: 'Section', shelf: 'Shelf', bin: 'Bin' } as const;
const LEVEL_PLURALS = {
  zone: 'Zones',
  row: 'Rows',
  section: 'Sections',
  shelf: 'Shelves',
  bin: 'Bins',
} as const;

/** 'Add next zone/row/…': asks for the last sibling, applies the next-number rule, adds it in one call. */
export function useAddNextDivision(warehouseId: number) {
  const upsert = useUpsertWarehouse();
  /** Adds `count` divisions after the last one, in one request (laying out a shelf of 20 bins is one click). */
  const add = async (parent: Division | null, level: DivisionLevel, count = 1) => {
    const last = await fetchLastDivision(level, parent?.id ?? warehouseId);
    const next = nextCodesAfter(level, last, count);
    if (!next.ok) {
      notify({ color: 'red', message: next.error });
      return;
    }
    await upsert.mutateAsync(nestedAddBody(warehouseId, parent, level, next.codes));
    const [first] = next.codes;
    notify({
      color: 'green',
      message:
        next.codes.length === 1
          ? `Added ${LEVEL_NAMES[level]} ${first}`
          : `Added ${next.codes.length} ${LEVEL_PLURALS[level]} ${first}–${next.codes.at(-1)}`,
    });
  };
  return { add, isPending: upsert.isPending };
}
