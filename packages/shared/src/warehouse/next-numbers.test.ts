import { describe, expect, it } from 'vitest';
import {
  nextDivisionNumber,
  nextRowCode,
  nextShelfCode,
  padDivisionNumber,
  ROW_CODES_EXHAUSTED,
  SHELF_CODES_EXHAUSTED,
} from './next-numbers';

describe('next zone, section and bin numbers', () => {
  it.each([
    ['zone', null, '01'],
    ['zone', 1, '02'],
    ['section', 9, '10'],
    ['bin', 98, '99'],
  ] as const)('%s after %s is %s', (kind, last, code) => {
    expect(nextDivisionNumber(kind, last)).toEqual({ ok: true, code });
  });

  it.each([
    ['zone', 'No Unused Zones'],
    ['section', 'No Unused Sections'],
    ['bin', 'No Unused Bins'],
  ] as const)('%s after 99 is refused with "%s"', (kind, error) => {
    expect(nextDivisionNumber(kind, 99)).toEqual({ ok: false, error });
  });

  it('pads to two digits', () => {
    expect(padDivisionNumber(3)).toBe('03');
    expect(padDivisionNumber(42)).toBe('42');
  });
});

describe('next row code: the first letter advances first', () => {
  it.each([
    [null, 'AA'],
    ['AA', 'BA'],
    ['BA', 'CA'],
    ['YA', 'ZA'],
    ['ZA', 'AB'],
    ['AB', 'BB'],
    ['ZY', 'AZ'],
    ['YZ', 'ZZ'],
    ['ba', 'CA'],
  ])('after %s comes %s', (last, code) => {
    expect(nextRowCode(last)).toEqual({ ok: true, code });
  });

  it('runs out after ZZ', () => {
    expect(nextRowCode('ZZ')).toEqual({ ok: false, error: ROW_CODES_EXHAUSTED });
    expect(ROW_CODES_EXHAUSTED).toBe('No Available ZoneRow Codes!');
  });

  it('gives every one of the 676 codes once', () => {
    const seen = new Set<string>();
    let last: string | null = null;
    for (;;) {
      const next = nextRowCode(last);
      if (!next.ok) break;
      seen.add(next.code);
      last = next.code;
    }
    expect(seen.size).toBe(676);
  });

  it('refuses what is not a row code', () => {
    expect(() => nextRowCode('A1')).toThrow(RangeError);
  });
});

describe('next shelf code: by alphabet', () => {
  it.each([
    [null, 'AA'],
    ['AA', 'AB'],
    ['AZ', 'BA'],
    ['BC', 'BD'],
    ['ZY', 'ZZ'],
  ])('after %s comes %s', (last, code) => {
    expect(nextShelfCode(last)).toEqual({ ok: true, code });
  });

  it('runs out after ZZ', () => {
    expect(nextShelfCode('ZZ')).toEqual({ ok: false, error: SHELF_CODES_EXHAUSTED });
  });
});
