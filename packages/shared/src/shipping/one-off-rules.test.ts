import { describe, expect, it } from 'vitest';
import {
  canCalculateOneOffRates,
  isValidOneOffAddress,
  isValidOneOffParcel,
  MAX_INSURED_DOLLARS,
  ONE_OFF_PARCEL,
} from './one-off-rules';

const parcel = { width: 6, height: 4, length: 10, weight: 2 };
const address = { name: 'Ada', addressLine1: '1 Main St', city: 'Austin', postalCode: '78701', stateId: 44 };

describe('one-off parcel', () => {
  it.each([
    ['fine', parcel, true],
    ['weight at the minimum 0.05', { ...parcel, weight: 0.05 }, true],
    ['weight below 0.05', { ...parcel, weight: 0.04 }, false],
    ['weight 150', { ...parcel, weight: 150 }, true],
    ['weight above 150', { ...parcel, weight: 150.01 }, false],
    ['a side of 0', { ...parcel, height: 0 }, false],
    ['a side missing', { ...parcel, length: null }, false],
    ['weight missing', { ...parcel, weight: undefined }, false],
  ])('%s -> %s', (_name, value, valid) => {
    expect(isValidOneOffParcel(value)).toBe(valid);
  });

  it('keeps the bounds of §9', () => {
    expect(ONE_OFF_PARCEL).toMatchObject({
      minWeightPounds: 0.05,
      maxWeightPounds: 150,
      inputMaxWeightPounds: 70,
      minDimensionInch: 0.1,
      maxDimensionInch: 100,
    });
    expect(MAX_INSURED_DOLLARS).toBe(5000);
  });
});

describe('one-off address', () => {
  it.each([
    ['fine', address, true],
    ['company instead of name', { ...address, name: '', company: 'Acme' }, true],
    ['neither name nor company', { ...address, name: '  ', company: null }, false],
    ['no address line 1', { ...address, addressLine1: '' }, false],
    ['no city', { ...address, city: undefined }, false],
    ['no postal code', { ...address, postalCode: ' ' }, false],
    ['state 0', { ...address, stateId: 0 }, false],
    ['no state', { ...address, stateId: null }, false],
  ])('%s -> %s', (_name, value, valid) => {
    expect(isValidOneOffAddress(value)).toBe(valid);
  });
});

describe('Calculate Rates', () => {
  const ready = { parcels: [parcel], shipFrom: address, shipTo: address, loading: false };
  it('is enabled only with every parcel and both addresses valid, and nothing loading', () => {
    expect(canCalculateOneOffRates(ready)).toBe(true);
    expect(canCalculateOneOffRates({ ...ready, loading: true })).toBe(false);
    expect(canCalculateOneOffRates({ ...ready, parcels: [parcel, { ...parcel, weight: 0 }] })).toBe(false);
    expect(canCalculateOneOffRates({ ...ready, parcels: [] })).toBe(false);
    expect(canCalculateOneOffRates({ ...ready, shipTo: { ...address, stateId: 0 } })).toBe(false);
  });
});
