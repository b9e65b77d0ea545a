import { buildDivisionBarcode, type DivisionLevel, padDivisionNumber } from '@backroom/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { warehouseDivisions, type warehouses } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { defaultDivisionName } from './division-dto';

type DivisionRow = typeof warehouseDivisions.$inferSelect;
type WarehouseRow = typeof warehouses.$inferSelect;
type DivisionInsert = typeof warehouseDivisions.$inferInsert;

const PARENT_LEVEL: Record<DivisionLevel, DivisionLevel | null> = {
  zone: null,
  row: 'zone',
  section: 'row',
  shelf: 'section',
  bin: 'shelf',
};

/** The display code of a division at its own level: '01', 'AA', 'B05' … */
export function divisionCode(
  row: Pick<DivisionRow, 'level' | 'chaosZone' | 'chaosRow' | 'chaosSection' | 'chaosShelf' | 'chaosBin'>,
) {
  switch (row.level) {
    case 'zone':
      return padDivisionNumber(row.chaosZone!);
    case 'row':
      return row.chaosRow!;
    case 'section':
      return padDivisionNumber(row.chaosSection!);
    case 'shelf':
      return row.chaosShelf!;
    case 'bin':
      return row.chaosBin!;
  }
}

/**
 * Everything a new division inherits from its parent: ancestor ids, the chaos codes above it, its own code,
 * its barcode. The caller holds the warehouse lock, so the duplicate check below cannot race.
 */
export async function insertDivision(
  tx: Db,
  warehouse: WarehouseRow,
  parent: DivisionRow | null,
  level: DivisionLevel,
  code: string | number,
  fields: Partial<DivisionInsert>,
  userId: number,
): Promise<DivisionRow> {
  const expectedParent = PARENT_LEVEL[level];
  const isGroupBin = level === 'bin' && parent === null;
  if (!isGroupBin && (parent?.level ?? null) !== expectedParent) {
    throw badRequest(
      `A ${level} belongs in a ${expectedParent ?? 'warehouse'}, not in a ${parent?.level ?? 'warehouse'}.`,
    );
  }
  const row: DivisionInsert = {
    accountId: warehouse.accountId,
    warehouseId: warehouse.id,
    level,
    parentId: parent?.id ?? null,
    warehouseZoneId: parent ? (parent.level === 'zone' ? parent.id : parent.warehouseZoneId) : null,
    warehouseZoneRowId: parent ? (parent.level === 'row' ? parent.id : parent.warehouseZoneRowId) : null,
    warehouseZoneRowSectionId: parent
      ? parent.level === 'section'
        ? parent.id
        : parent.warehouseZoneRowSectionId
      : null,
    warehouseZoneRowSectionShelfId: parent
      ? parent.level === 'shelf'
        ? parent.id
        : parent.warehouseZoneRowSectionShelfId
      : null,
    chaosZone: level === 'zone' ? Number(code) : (parent?.chaosZone ?? null),
    chaosRow: level === 'row' ? String(code) : (parent?.chaosRow ?? null),
    chaosSection: level === 'section' ? Number(code) : (parent?.chaosSection ?? null),
    chaosShelf: level === 'shelf' ? String(code) : (parent?.chaosShelf ?? null),
    chaosBin: level === 'bin' ? String(code) : null,
    warehouseBinTypeId: level === 'bin' ? (fields.warehouseBinTypeId ?? 1) : null,
    binGroupType: level === 'bin' ? (isGroupBin ? 'group' : 'location') : null,
    modifiedBy: userId,
    ...fields,
    barcode: '',
  };
  row.barcode = buildDivisionBarcode({
    alias: warehouse.shortAlias,
    zone: row.chaosZone,
    row: row.chaosRow,
    section: row.chaosSection,
    shelf: row.chaosShelf,
    bin: row.chaosBin,
  });
  row.name ??= defaultDivisionName(level, divisionCode(row as DivisionRow));

  const [existing] = await tx
    .select({ id: warehouseDivisions.id })
    .from(warehouseDivisions)
    .where(
      and(eq(warehouseDivisions.accountId, warehouse.accountId), eq(warehouseDivisions.barcode, row.barcode)),
    );
  if (existing) throw conflict(`${row.name} already exists (${row.barcode}).`);

  const [inserted] = await tx.insert(warehouseDivisions).values(row).returning();
  return inserted!;
}
