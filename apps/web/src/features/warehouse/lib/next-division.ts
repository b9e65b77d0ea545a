import {
  type Division,
  type DivisionLevel,
  type NextCode,
  nextDivisionNumber,
  nextRowCode,
  nextShelfCode,
} from '@backroom/shared';

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
 * The next `count` codes after the last sibling, each by the level's rule from the one before; the first code
 * that cannot be had (past 99, past the last row code) ends it with that rule's error.
 */
export function nextCodesAfter(
  level: DivisionLevel,
  last: Division | null,
  count: number,
): { ok: true; codes: string[] } | { ok: false; error: string } {
  const codes: string[] = [];
  let previous = last;
  for (let i = 0; i < count; i++) {
    const next = nextCodeAfter(level, previous);
    if (!next.ok) return { ok: false, error: next.error };
    codes.push(next.code);
    previous = { ...(previous ?? {}), ...codeValues(level, next.code) } as Division;
  }
  return { ok: true, codes };
}

/** A division's own code fields for `code` at `level`, as nextCodeAfter reads them. */
function codeValues(level: DivisionLevel, code: string): Partial<Division> {
  return codeField(level, code) as Partial<Division>;
}

/**
 * The nested PATCH …/warehouse body that adds divisions under `parent` (null: zones), all in one request:
 * the path from the zone down names each existing ancestor by id and code, the new divisions by their codes.
 */
export function nestedAddBody(
  warehouseId: number,
  parent: Division | null,
  level: DivisionLevel,
  code: string | readonly string[],
) {
  const codes = typeof code === 'string' ? [code] : code;
  const newItems: Record<string, unknown>[] = codes.map((c) => codeField(level, c));
  if (!parent) return { id: warehouseId, zones: newItems };
  const chain: { level: DivisionLevel; id: number }[] = [];
  if (parent.warehouseZoneId) chain.push({ level: 'zone', id: parent.warehouseZoneId });
  if (parent.warehouseZoneRowId) chain.push({ level: 'row', id: parent.warehouseZoneRowId });
  if (parent.warehouseZoneRowSectionId)
    chain.push({ level: 'section', id: parent.warehouseZoneRowSectionId });
  chain.push({ level: parent.level, id: parent.id });
  let children = newItems;
  for (const link of chain.reverse()) {
    const childKey = { zone: 'rows', row: 'sections', section: 'shelves', shelf: 'bins', bin: '' }[
      link.level
    ];
    children = [{ id: link.id, ...ancestorCode(parent, link.level), [childKey]: children }];
  }
  return { id: warehouseId, zones: children };
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
