import { describe, expect, it } from 'vitest';
import {
  isDimensionInputError,
  isValidPackage,
  isWeightInputError,
  MAX_PACKAGE_DIMENSION_INCH,
  MAX_PACKAGE_WEIGHT_OUNCE,
  MIN_PACKAGE_DIMENSION_INCH,
  MIN_PACKAGE_WEIGHT_OUNCE,
  packageProblems,
} from './package-rules';

const ok = { packageLengthInch: 10, packageWidthInch: 8, packageHeightInch: 4, packageWeightOunce: 16 };

describe('§9 constants', () => {
  it('are the spec’s numbers', () => {
    expect([MIN_PACKAGE_DIMENSION_INCH, MIN_PACKAGE_WEIGHT_OUNCE]).toEqual([1.00001, 0.99999]);
    expect([MAX_PACKAGE_DIMENSION_INCH, MAX_PACKAGE_WEIGHT_OUNCE]).toEqual([71.99999, 2399.99999]);
  });
});

describe('§5 package: each side above 1 inch, weight about 1 ounce at least', () => {
  it.each([
    ['every side and the weight fine', ok, []],
    ['a side of exactly 1 inch', { ...ok, packageWidthInch: 1 }, ['packageWidthInch']],
    ['a side at the minimum', { ...ok, packageWidthInch: 1.00001 }, []],
    ['a weight just under the minimum', { ...ok, packageWeightOunce: 0.99998 }, ['packageWeightOunce']],
    ['a weight at the minimum', { ...ok, packageWeightOunce: 0.99999 }, []],
    [
      'nothing measured',
      {
        packageLengthInch: null,
        packageWidthInch: undefined,
        packageHeightInch: 0,
        packageWeightOunce: null,
      },
      ['packageLengthInch', 'packageWidthInch', 'packageHeightInch', 'packageWeightOunce'],
    ],
    ['NaN', { ...ok, packageHeightInch: Number.NaN }, ['packageHeightInch']],
    // The maximums are defined, not checked.
    ['beyond the maximums', { ...ok, packageLengthInch: 500, packageWeightOunce: 5000 }, []],
  ])('%s', (_name, size, problems) => {
    expect(packageProblems(size)).toEqual(problems);
  });

  it('a valid package also needs its packaging chosen (0 is Unknown Packaging)', () => {
    expect(isValidPackage({ ...ok, warehousePackagingId: 3 })).toBe(true);
    expect(isValidPackage({ ...ok, warehousePackagingId: 0 })).toBe(false);
    expect(isValidPackage({ ...ok, warehousePackagingId: null })).toBe(false);
    expect(isValidPackage({ ...ok, packageWeightOunce: 0.5, warehousePackagingId: 3 })).toBe(false);
  });
});

describe('shipment control highlighting', () => {
  it.each([
    [1, true],
    [1.05, false],
    [0, true],
    [null, true],
  ])('weight %s lb -> error %s', (pounds, error) => {
    expect(isWeightInputError(pounds)).toBe(error);
  });

  it.each([
    [1.00001, true],
    [1.1, false],
    [undefined, true],
  ])('side %s in -> error %s', (inches, error) => {
    expect(isDimensionInputError(inches)).toBe(error);
  });
});
