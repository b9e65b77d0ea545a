import {
  type DivisionLevel,
  type NextCode,
  nextDivisionNumber,
  nextRowCode,
  nextShelfCode,
} from '@backroom/shared';
import type { Division } from '../api';

export const CHILD_LEVEL: Record<DivisionLevel | 'warehouse', DivisionLevel | null> = {
  warehouse: 'zone',
  zone: 'row',
  row: 'section',
  section: 'shelf',
  shelf: 'bin',
  bin: null,
};

/** The next code after the last sibling, by the level's own rule (orders-warehouse.md §5 Next numbers). */
export function nextCodeAfter(level: DivisionLevel, last: Division | null): NextCode {
  switch (level) {
    case 'zone':
      return nextDivisionNumber('zone', last?.chaosZone ?? null);
    case 'section':
      return nextDivisionNumber('section', last?.chaosSection ?? null);
    case 'bin': {
      const digits = last?.chaosBin?.replace(/\D/g, '');
      return nextDivisionNumber('bin', digits ? Number(digits) : null);
    }
    case 'row':
      return nextRowCode(last?.chaosRow ?? null);
    case 'shelf':
      return nextShelfCode(last?.chaosShelf ?? null);
  }
}

/**
 * The nested PATCH …/warehouse body that adds one division under `parent` (null: a zone): the path from
 * the zone down names each existing ancestor by id and code, the new division by its code alone.
 */
export function nestedAddBody(
  warehouseId: number,
  parent: Division | null,
  level: DivisionLevel,
  code: string,
) {
  const newItem: Record<string, unknown> = codeField(level, code);
  if (!parent) return { id: warehouseId, zones: [newItem] };
  const chain: { level: DivisionLevel; id: number }[] = [];
  if (parent.warehouseZoneId) chain.push({ level: 'zone', id: parent.warehouseZoneId });
  if (parent.warehouseZoneRowId) chain.push({ level: 'row', id: parent.warehouseZoneRowId });
  if (parent.warehouseZoneRowSectionId)
    chain.push({ level: 'section', id: parent.warehouseZoneRowSectionId });
  chain.push({ level: parent.level, id: parent.id });
  let child = newItem;
  for (const link of chain.reverse()) {
    const childKey = { zone: 'rows', row: 'sections', section: 'shelves', shelf: 'bins', bin: '' }[
      link.level
    ];
    child = { id: link.id, ...ancestorCode(parent, link.level), [childKey]: [child] };
  }
  return { id: warehouseId, zones: [child] };
}

function codeField(level: DivisionLevel, code: string): Record<string, unknown> {
  switch (level) {
    case 'zone':
      return { chaosZone: Number(code) };
    case 'row':
      return { chaosRow: code };
    case 'section':
      return { chaosSection: Number(code) };
    case 'shelf':
      return { chaosShelf: code };
    case 'bin':
      return { chaosBin: code };
  }
}

function ancestorCode(parent: Division, level: DivisionLevel): Record<string, unknown> {
  switch (level) {
    case 'zone':
      return { chaosZone: parent.chaosZone };
    case 'row':
      return { chaosRow: parent.chaosRow };
    case 'section':
      return { chaosSection: parent.chaosSection };
    case 'shelf':
      return { chaosShelf: parent.chaosShelf };
    case 'bin':
      return { chaosBin: parent.chaosBin };
  }
}
