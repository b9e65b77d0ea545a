import type { Division, Warehouse } from '@backroom/shared';
import type { warehouseDivisions, warehouses } from '../../db/schema';

type DivisionRow = typeof warehouseDivisions.$inferSelect;
type WarehouseRow = typeof warehouses.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A division as the API shows it: the spec's field names, dates as ISO text, no account id. */
export function toDivisionDto(
  row: DivisionRow,
  extra: { childCount?: number; unitCount?: number } = {},
): Division {
  const { accountId: _account, createdAt, updatedAt, lastPhysicalAt, lastReceivedAt, ...rest } = row;
  return {
    ...rest,
    lastPhysicalAt: iso(lastPhysicalAt),
    lastReceivedAt: iso(lastReceivedAt),
    createdAt: iso(createdAt),
    updatedAt: iso(updatedAt),
    ...extra,
  };
}

export function toWarehouseDto(row: WarehouseRow): Warehouse {
  const { accountId: _account, createdAt, updatedAt, ...rest } = row;
  return { ...rest, createdAt: iso(createdAt), updatedAt: iso(updatedAt) };
}

/** Default names: 'Zone 01', 'Row AA', 'Section 02', 'Shelf AB' ("its label is 'Shelf'"), 'Bin 05'. */
export function defaultDivisionName(level: DivisionRow['level'], code: string): string {
  return `${level[0]!.toUpperCase()}${level.slice(1)} ${code}`;
}
