// Package rules (orders-warehouse.md §5 Package, §9): weights in ounces, dimensions in inches.

/** Minimum package: each side above 1 inch, the weight about 1 ounce at least (§9). */
export const MIN_PACKAGE_DIMENSION_INCH = 1.00001;
export const MIN_PACKAGE_WEIGHT_OUNCE = 0.99999;
/** Maximum package (§9): defined, and not checked by the package rule (§5). */
export const MAX_PACKAGE_DIMENSION_INCH = 71.99999;
export const MAX_PACKAGE_WEIGHT_OUNCE = 2399.99999;
/** The shipment control's inputs: pounds and inches, at most 300 each (16 ounces a pound: OUNCES_PER_POUND). */
export const SHIPMENT_CONTROL_MAX = 300;
export const WEIGHT_STEP_POUNDS = 0.05;
export const DIMENSION_STEP_INCH = 0.1;

export interface PackageSize {
  packageLengthInch: number | null | undefined;
  packageWidthInch: number | null | undefined;
  packageHeightInch: number | null | undefined;
  packageWeightOunce: number | null | undefined;
}

export type PackageField = keyof PackageSize;

/** The package fields that fail §5 (each side at least the minimum dimension, the weight at least the minimum). */
export function packageProblems(size: PackageSize): PackageField[] {
  const problems: PackageField[] = [];
  for (const field of ['packageLengthInch', 'packageWidthInch', 'packageHeightInch'] as const) {
    const value = size[field];
    if (value == null || !(value >= MIN_PACKAGE_DIMENSION_INCH)) problems.push(field);
  }
  const weight = size.packageWeightOunce;
  if (weight == null || !(weight >= MIN_PACKAGE_WEIGHT_OUNCE)) problems.push('packageWeightOunce');
  return problems;
}

/** A valid package (§4): packaging chosen (not 0, 'Unknown Packaging') and dimensions and weight at least the minimums. */
export function isValidPackage(size: PackageSize & { warehousePackagingId?: number | null }): boolean {
  return (size.warehousePackagingId ?? 0) > 0 && packageProblems(size).length === 0;
}

/** The control highlights a weight of 1 pound or less. */
export function isWeightInputError(pounds: number | null | undefined): boolean {
  return pounds == null || !(pounds > 1);
}

/** The control marks a side at or below the minimum dimension. */
export function isDimensionInputError(inches: number | null | undefined): boolean {
  return inches == null || !(inches > MIN_PACKAGE_DIMENSION_INCH);
}
