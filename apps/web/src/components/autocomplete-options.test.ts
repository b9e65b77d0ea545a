import { describe, expect, it } from 'vitest';
import { filterPickerOptions, optionForEnter } from './autocomplete-options';

const vendors = [
  'Sweet Distribution',
  'Harmony Wholesale',
  'Backline Supply',
  'Coastal Music Trade',
  'Direct from Brand',
  'Supply & Co',
].map((label, i) => ({ value: String(i + 1), label }));
const labels = (search: string, limit?: number) =>
  filterPickerOptions(vendors, search, limit).options.map((o) => o.label);

describe('filterPickerOptions', () => {
  it('lists every option, in order, when nothing is typed', () => {
    expect(labels('')).toEqual(vendors.map((v) => v.label));
    expect(labels('   ')).toHaveLength(vendors.length);
  });

  it('matches case-insensitively anywhere in the name', () => {
    expect(labels('WHOLES')).toEqual(['Harmony Wholesale']);
    expect(labels('music trade')).toEqual(['Coastal Music Trade']);
    expect(labels('  music   TRADE ')).toEqual(['Coastal Music Trade']);
    expect(labels('zzz')).toEqual([]);
  });

  it('puts names that start with the text first, then word starts, then the rest', () => {
    // 'Supply & Co' starts with it, 'Backline Supply' has a word that does.
    expect(labels('sup')).toEqual(['Supply & Co', 'Backline Supply']);
    // 'Direct …' starts with 'di'; 'Sweet Distribution' has a word starting with it; none merely contain it.
    expect(labels('di')).toEqual(['Direct from Brand', 'Sweet Distribution']);
    expect(labels('c')).toEqual([
      'Coastal Music Trade',
      'Supply & Co',
      'Backline Supply',
      'Direct from Brand',
    ]);
  });

  it('lists at most the limit and counts every match', () => {
    expect(filterPickerOptions(vendors, 'o', 2)).toEqual({
      options: [vendors[0], vendors[1]],
      total: 5,
    });
    expect(filterPickerOptions(vendors, '', 3).total).toBe(vendors.length);
  });
});

describe('optionForEnter', () => {
  const listed = vendors.slice(0, 3);

  it('chooses the highlighted option', () => {
    expect(optionForEnter(listed, 1)).toBe(listed[1]);
    expect(optionForEnter(listed, 7)).toBeNull();
  });

  it('with none highlighted, chooses the only match and nothing when there are several or none', () => {
    expect(optionForEnter([listed[2]!], -1)).toBe(listed[2]);
    expect(optionForEnter(listed, -1)).toBeNull();
    expect(optionForEnter([], -1)).toBeNull();
  });
});
