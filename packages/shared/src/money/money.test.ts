import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatMoney, toCents } from './money';

describe('money', () => {
  it.each([
    ['40', 4000],
    ['40.5', 4050],
    [40.05, 4005],
    [0.1 + 0.2, 30],
    [1.005, 101],
    ['-2.5', -250],
    [0, 0],
  ] as const)('toCents(%s) = %s', (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it('refuses what is not a number', () => {
    expect(() => toCents('abc')).toThrow('Not an amount of money');
  });

  it.each([
    [4005, '40.05'],
    [5, '0.05'],
    [-250, '-2.50'],
    [0, '0.00'],
  ])('centsToDecimal(%s) = %s', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
  });

  it.each([
    [4000, '$40.00'],
    [123456789, '$1,234,567.89'],
    [-250, '-$2.50'],
  ])('formatMoney(%s) = %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });
});
