import { describe, expect, it } from 'vitest';
import {
  canCalculateReturnShipping,
  isReturnDestination,
  ouncesFromPounds,
  poundsFromOunces,
  returnRatesShown,
} from './return-label-rules';

const type = (hasReceiving: boolean, isThirdParty: boolean) => ({ hasReceiving, isThirdParty });

describe('return label rules (returns.md §Shipment panel, §5, §9)', () => {
  it.each([
    [{ isActive: 1, warehouseType: type(true, false) }, true],
    [{ isActive: 0, warehouseType: type(true, false) }, false],
    [{ isActive: 1, warehouseType: type(false, false) }, false],
    [{ isActive: 1, warehouseType: type(true, true) }, false],
    [{ isActive: 1, warehouseType: null }, false],
  ])('%j may receive a return: %s', (warehouse, ok) => {
    expect(isReturnDestination(warehouse)).toBe(ok);
  });

  it('shows ounces as pounds with 2 decimals and back', () => {
    expect(poundsFromOunces(40)).toBe(2.5);
    expect(poundsFromOunces(10)).toBe(0.63);
    expect(ouncesFromPounds(2.5)).toBe(40);
  });

  const box = { packageLengthInch: 12, packageWidthInch: 9, packageHeightInch: 6, packageWeightOunce: 40 };
  const sender = {
    addressLine1: '1 Main St',
    city: 'Portland',
    postalCode: '97205',
    stateOrProvidence: 'OR',
    country: 'US',
  };
  it.each([
    ['a valid package, sender and destination', box, sender, true, true],
    ['no destination', box, sender, false, false],
    ['a side of 1 inch', { ...box, packageHeightInch: 1 }, sender, true, false],
    ['under an ounce', { ...box, packageWeightOunce: 0.5 }, sender, true, false],
    ['no city', box, { ...sender, city: ' ' }, true, false],
    ['no state', box, { ...sender, stateOrProvidence: null }, true, false],
  ])('Calculate Shipping with %s: %s', (_, pkg, from, destination, enabled) => {
    expect(canCalculateReturnShipping(pkg, from, destination)).toBe(enabled);
  });

  it('hides Envelope services and sorts by price', () => {
    const rates = [
      { carrier: 'USPS', service: 'Priority', rate: 9.1 },
      { carrier: 'USPS', service: 'FlatRateEnvelope', rate: 7 },
      { carrier: 'UPS', service: 'Ground', rate: 8.2 },
    ];
    expect(returnRatesShown(rates).map((r) => r.service)).toEqual(['Ground', 'Priority']);
  });
});
