import { BIN_TYPES, type Division, padDivisionNumber } from '@backroom/shared';

/** A division's own code: '01', 'AA', 'N03' … */
export function divisionCode(d: Division): string {
  switch (d.level) {
    case 'zone':
      return padDivisionNumber(d.chaosZone ?? 0);
    case 'row':
      return d.chaosRow ?? '';
    case 'section':
      return padDivisionNumber(d.chaosSection ?? 0);
    case 'shelf':
      return d.chaosShelf ?? '';
    case 'bin':
      return d.chaosBin ?? '';
  }
}

const LEVEL_NAMES = { zone: 'Zone', row: 'Row', section: 'Section', shelf: 'Shelf', bin: 'Bin' } as const;

/** 'Zone 01', 'Shelf AB', 'Return R01' … */
export function divisionTitle(d: Division): string {
  if (d.level === 'bin' && d.binGroupType === 'group') {
    const kind = BIN_TYPES.find((t) => t.id === d.warehouseBinTypeId)?.name ?? 'Bin';
    return `${kind} ${divisionCode(d)}`;
  }
  return `${LEVEL_NAMES[d.level]} ${divisionCode(d)}`;
}
