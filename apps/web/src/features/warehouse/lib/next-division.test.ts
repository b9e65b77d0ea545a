import type { Division } from '@backroom/shared';
import { describe, expect, it } from 'vitest';
import { nestedAddBody, nextCodeAfter, nextCodesAfter } from './next-division';

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
  userId: null,
  warehouseDivisionAvailabilityGroupId: null,
  warehouseDivisionTypeId: null,
  modifiedBy: null,
  lastPhysicalBy: null,
  lastPhysicalAt: null,
  lastReceivedBy: null,
  lastReceivedAt: null,
  createdAt: null,
  updatedAt: null,
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

describe('adding several at once', () => {
  it('takes the next codes one after another', () => {
    expect(nextCodesAfter('bin', { ...base, id: 1, level: 'bin', chaosBin: '08' }, 3)).toEqual({
      ok: true,
      codes: ['09', '10', '11'],
    });
    expect(nextCodesAfter('row', null, 3)).toEqual({ ok: true, codes: ['AA', 'BA', 'CA'] });
    expect(nextCodesAfter('shelf', { ...base, id: 1, level: 'shelf', chaosShelf: 'AY' }, 3)).toEqual({
      ok: true,
      codes: ['AZ', 'BA', 'BB'],
    });
  });

  it('stops with the level’s error when there are not enough codes left', () => {
    expect(nextCodesAfter('bin', { ...base, id: 1, level: 'bin', chaosBin: '97' }, 5)).toEqual({
      ok: false,
      error: 'No Unused Bins',
    });
  });

  it('puts them all under the parent in one body', () => {
    expect(nestedAddBody(7, shelf, 'bin', ['05', '06'])).toMatchObject({
      zones: [
        {
          rows: [{ sections: [{ shelves: [{ id: 40, bins: [{ chaosBin: '05' }, { chaosBin: '06' }] }] }] }],
        },
      ],
    });
  });
});
