import { describe, expect, it } from 'vitest';
import { isValidShippingAddress, shippingAddressProblems } from './shipping-address';

const address = {
  addressLine1: '1 Main St',
  city: 'Austin',
  postalCode: '78701',
  stateId: 44,
  stateCode: 'TX',
  countryId: 1,
  countryCode: 'US',
};

describe('§5 address for shipping', () => {
  it.each([
    ['complete', address, []],
    ['no address line 1', { ...address, addressLine1: ' ' }, ['addressLine1']],
    ['no city', { ...address, city: null }, ['city']],
    ['no postal code', { ...address, postalCode: '' }, ['postalCode']],
    ['a state code without its id', { ...address, stateId: null }, ['stateId']],
    ['a state id without its code', { ...address, stateCode: undefined }, ['stateCode']],
    ['country 0', { ...address, countryId: 0 }, ['countryId']],
    ['no country code', { ...address, countryCode: '' }, ['countryCode']],
    [
      'nothing',
      {},
      ['addressLine1', 'city', 'postalCode', 'stateId', 'stateCode', 'countryId', 'countryCode'],
    ],
  ])('%s', (_name, value, problems) => {
    expect(shippingAddressProblems(value)).toEqual(problems);
    expect(isValidShippingAddress(value)).toBe(problems.length === 0);
  });
});
