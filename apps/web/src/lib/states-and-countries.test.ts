import type { StatesAndCountries } from '@backroom/shared';
import { describe, expect, it } from 'vitest';
import { countryOf, stateOf, statesOf } from './states-and-countries';

const list: StatesAndCountries = {
  countries: [
    { id: 1, code: 'US', code3: 'USA', name: 'United States' },
    { id: 2, code: 'CA', code3: 'CAN', name: 'Canada' },
    { id: 6, code: 'FR', code3: 'FRA', name: 'France' },
  ],
  states: [
    { id: 44, countryId: 1, code: 'TX', name: 'Texas' },
    { id: 33, countryId: 1, code: 'NY', name: 'New York' },
    { id: 69, countryId: 2, code: 'ON', name: 'Ontario' },
  ],
};

describe('countryOf', () => {
  it('finds by id, then by code or code3, and falls back to US only when the address names none', () => {
    expect(countryOf(list, { countryId: 2 })?.code).toBe('CA');
    expect(countryOf(list, { country: 'fra' })?.code).toBe('FR');
    expect(countryOf(list, { country: 'CAN' })?.code).toBe('CA');
    expect(countryOf(list, {})?.code).toBe('US');
    expect(countryOf(list, { country: 'ZZ' })).toBeUndefined();
    expect(countryOf(undefined, { countryId: 1 })).toBeUndefined();
  });
});

describe('stateOf', () => {
  it('finds by id within the country, else by the typed code or name', () => {
    expect(stateOf(list, { stateId: 44 })?.code).toBe('TX');
    expect(stateOf(list, { state: 'tx' })?.id).toBe(44);
    expect(stateOf(list, { state: 'new york' })?.id).toBe(33);
    expect(stateOf(list, { state: 'ON', country: 'CA' })?.id).toBe(69);
    // Ontario is not a US state.
    expect(stateOf(list, { stateId: 69, country: 'US' })).toBeUndefined();
    expect(stateOf(list, { state: '' })).toBeUndefined();
  });
  it('lists the states of one country', () => {
    expect(statesOf(list, 1).map((s) => s.code)).toEqual(['TX', 'NY']);
    expect(statesOf(list, 6)).toEqual([]);
  });
});
