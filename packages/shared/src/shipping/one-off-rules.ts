// One-off shipment parcels and addresses (catalogue-admin.md §5 "Parcels and addresses", §9).

/** Parcel bounds: weight in pounds 0.05 to 150 (the input stops at 70), sides 0.1 to 100 inches. */
export const ONE_OFF_PARCEL = {
  minWeightPounds: 0.05,
  maxWeightPounds: 150,
  inputMaxWeightPounds: 70,
  weightStepPounds: 0.05,
  minDimensionInch: 0.1,
  maxDimensionInch: 100,
  dimensionStepInch: 0.1,
} as const;

/** 'Insured Value (Nearest $)': whole dollars 0 to 5000 (also the return label's insured amount). */
export const MAX_INSURED_DOLLARS = 5000;

export interface OneOffParcel {
  width: number | null | undefined;
  height: number | null | undefined;
  length: number | null | undefined;
  /** Pounds. */
  weight: number | null | undefined;
}

/** "A parcel is invalid if weight is below 0.05 or above 150, or if any of height, width or length equals 0." */
export function isValidOneOffParcel(parcel: OneOffParcel): boolean {
  const { weight } = parcel;
  if (
    weight == null ||
    !(weight >= ONE_OFF_PARCEL.minWeightPounds) ||
    weight > ONE_OFF_PARCEL.maxWeightPounds
  ) {
    return false;
  }
  return [parcel.height, parcel.width, parcel.length].every(
    (side) => side != null && Number.isFinite(side) && side !== 0,
  );
}

export interface OneOffAddress {
  name?: string | null;
  company?: string | null;
  addressLine1?: string | null;
  city?: string | null;
  postalCode?: string | null;
  stateId?: number | null;
}

const present = (value: string | null | undefined) => !!value && value.trim() !== '';

/** "Valid when name or company is present, addressLine1, city and postalCode are present, and stateId is set and not 0." */
export function isValidOneOffAddress(address: OneOffAddress): boolean {
  return (
    (present(address.name) || present(address.company)) &&
    present(address.addressLine1) &&
    present(address.city) &&
    present(address.postalCode) &&
    address.stateId != null &&
    address.stateId !== 0
  );
}

/** "Calculate Rates is enabled only if all parcels and both addresses are valid and nothing is loading." */
export function canCalculateOneOffRates(input: {
  parcels: readonly OneOffParcel[];
  shipFrom: OneOffAddress;
  shipTo: OneOffAddress;
  loading: boolean;
}): boolean {
  return (
    !input.loading &&
    input.parcels.length > 0 &&
    input.parcels.every(isValidOneOffParcel) &&
    isValidOneOffAddress(input.shipFrom) &&
    isValidOneOffAddress(input.shipTo)
  );
}
