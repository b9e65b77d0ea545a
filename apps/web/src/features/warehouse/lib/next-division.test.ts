import { describe, expect, it } from 'vitest';
import type { Division } from '../api';
import { nestedAddBody, nextCodeAfter } from './next-division';

const base = {
  warehouseId: 7,
  parentId: null,
  warehouseZoneId: null,
  warehouseZoneRowId: null,
  warehouseZoneRowSectionId: null,
  warehouseZoneRowSectionShelfId: null,
  chaosZone: null,
  chaosRow: null,
  chaosSection: null,
  chaosShelf: null,
  chaosBin: null,
  warehouseBinTypeId: null,
  binGroupType: null,
  name: null,
  displayName: null,
  sortOrder: 99,
  isActive: 1,
  isWithheld: 0,
  isPhysicalRequired: 0,
  barcode: '',
} satisfies Omit<Division, 'id' | 'level'>;

const shelf: Division = {
  ...base,
  id: 40,
  level: 'shelf',
  parentId: 30,
  warehouseZoneId: 10,
  warehouseZoneRowId: 20,
  warehouseZoneRowSectionId: 30,
  chaosZone: 1,
  chaosRow: 'BA',
  chaosSection: 2,
  chaosShelf: 'AB',
  barcode: 'MAIN-01BA02AB',
};

describe('nextCodeAfter', () => {
  it.each([
    ['zone', null, '01'],
    ['zone', { ...base, id: 1, level: 'zone', chaosZone: 3 }, '04'],
    ['row', { ...base, id: 1, level: 'row', chaosRow: 'AA' }, 'BA'],
    ['shelf', { ...base, id: 1, level: 'shelf', chaosShelf: 'AZ' }, 'BA'],
    ['bin', { ...base, id: 1, level: 'bin', chaosBin: '09' }, '10'],
  ] as const)('%s after %o is %s', (level, last, code) => {
    expect(nextCodeAfter(level, last as Division | null)).toEqual({ ok: true, code });
  });

  it('answers the spec’s errors when a level is full', () => {
    expect(nextCodeAfter('bin', { ...base, id: 1, level: 'bin', chaosBin: '99' })).toEqual({
      ok: false,
      error: 'No Unused Bins',
    });
    expect(nextCodeAfter('row', { ...base, id: 1, level: 'row', chaosRow: 'ZZ' })).toEqual({
      ok: false,
      error: 'No Available ZoneRow Codes!',
    });
  });
});

describe('nestedAddBody', () => {
  it('adds a zone at the top', () => {
    expect(nestedAddBody(7, null, 'zone', '03')).toEqual({ id: 7, zones: [{ chaosZone: 3 }] });
  });

  it('adds a bin under a shelf through its whole path', () => {
    expect(nestedAddBody(7, shelf, 'bin', '05')).toEqual({
      id: 7,
      zones: [
        {
          id: 10,
          chaosZone: 1,
          rows: [
            {
              id: 20,
              chaosRow: 'BA',
              sections: [
                {
                  id: 30,
                  chaosSection: 2,
                  shelves: [{ id: 40, chaosShelf: 'AB', bins: [{ chaosBin: '05' }] }],
                },
              ],
            },
          ],
        },
      ],
    });
  });
});
