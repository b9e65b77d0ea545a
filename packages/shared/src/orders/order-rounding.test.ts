import { describe, expect, it } from 'vitest';
import { distributeProportionally, percentOfCents, taxOfCents } from './order-rounding';

describe('percentOfCents (half up, away from zero)', () => {
  it.each([
    [1000, 3333, 333],
    [100, 3333, 33],
    [1, 3333, 0],
    [2, 3333, 1],
    [5, 1000, 1],
    [15, 5000, 8],
    [3, 5000, 2],
    [1000, 10000, 1000],
    [1000, 0, 0],
    [-5, 1000, -1],
    [-15, 5000, -8],
    [999_999_999_999, 9999, 999_899_999_999],
  ])('%s cents × %s bp = %s', (cents, basisPoints, expected) => {
    expect(percentOfCents(cents, basisPoints)).toBe(expected);
  });
});

describe('taxOfCents', () => {
  it.each([
    [10000, 8.25, 825],
    [9000, 8.25, 743],
    [100, 33.3333, 33],
    [200, 0.25, 1],
    [199, 0.25, 0],
    [1999, 7.0001, 140],
    [1000, 8.875, 89],
    [0, 10, 0],
  ])('%s cents at %s%% = %s', (cents, taxPercent, expected) => {
    expect(taxOfCents(cents, taxPercent)).toBe(expected);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses tax percent %s', (taxPercent) => {
    expect(() => taxOfCents(100, taxPercent)).toThrow('Not a tax percent');
  });
});

describe('distributeProportionally (largest remainder)', () => {
  it.each([
    [100, [100, 100, 100], [34, 33, 33]],
    [100, [100, 200, 300], [17, 33, 50]],
    [200, [100, 100, 100], [67, 67, 66]],
    [2220, [3000, 2000], [1332, 888]],
    [10, [0, 5, 5], [0, 5, 5]],
    [1, [1, 1], [1, 0]],
    [1, [1, 3], [0, 1]],
    [5, [5], [5]],
    [0, [0, 0], [0, 0]],
    [0, [], []],
    [7, [1, 1, 1], [3, 2, 2]],
  ])('%s over %j = %j', (total, weights, shares) => {
    const result = distributeProportionally(total, weights);
    expect(result).toEqual(shares);
    expect(result.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it.each([
    [5, [0, 0], 'all 0'],
    [3, [], 'all 0'],
    [1.5, [1], 'whole number'],
    [1, [-1, 2], 'whole number'],
  ])('refuses %s over %j', (total, weights, message) => {
    expect(() => distributeProportionally(total, weights)).toThrow(message);
  });
});
