import { describe, expect, it } from 'vitest';
import {
  oneOffAddressProblem,
  oneOffBuyRequestSchema,
  oneOffParcelProblem,
  oneOffShipmentRequestSchema,
} from './one-off.schemas';

const parcel = { width: 10, height: 8, length: 12, weight: 2 };
const address = { name: 'Ann', addressLine1: '1 Main St', city: 'Austin', stateId: 44, postalCode: '78701' };

describe('catalogue-admin §5/§9 parcel bounds', () => {
  it.each([
    ['weight 0.05 (the minimum)', { weight: 0.05 }, null],
    ['weight 0.04', { weight: 0.04 }, 'Weight must be 0.05 to 150 pounds'],
    ['weight 150 (the maximum)', { weight: 150 }, null],
    ['weight 150.01', { weight: 150.01 }, 'Weight must be 0.05 to 150 pounds'],
    ['weight 70.5 (above the input, within the rule)', { weight: 70.5 }, null],
    ['width 0', { width: 0 }, 'Width must be 0.1 to 100 inches'],
    ['height 0.09', { height: 0.09 }, 'Height must be 0.1 to 100 inches'],
    ['length 0.1', { length: 0.1 }, null],
    ['length 100', { length: 100 }, null],
    ['length 100.1', { length: 100.1 }, 'Length must be 0.1 to 100 inches'],
    ['weight NaN', { weight: Number.NaN }, 'Weight must be 0.05 to 150 pounds'],
  ])('%s', (_, change, problem) => {
    expect(oneOffParcelProblem({ ...parcel, ...change })).toBe(problem);
  });
});

describe('catalogue-admin §5 address', () => {
  it.each([
    ['complete', {}, null],
    ['company instead of name', { name: null, company: 'Acme' }, null],
    ['neither name nor company', { name: ' ', company: null }, 'A name or a company is required'],
    ['no address line 1', { addressLine1: '' }, 'Address line 1 is required'],
    ['no city', { city: undefined }, 'City is required'],
    ['no postal code', { postalCode: null }, 'Postal code is required'],
    ['state 0', { stateId: 0 }, 'A state is required'],
    ['no state', { stateId: null }, 'A state is required'],
  ])('%s', (_, change, problem) => {
    expect(oneOffAddressProblem({ ...address, ...change })).toBe(problem);
  });
});

describe('one-off request schemas', () => {
  it('takes the spec payload', () => {
    const parsed = oneOffShipmentRequestSchema.parse({
      shipFrom: address,
      shipTo: address,
      parcels: [parcel],
    });
    expect(parsed.parcels).toHaveLength(1);
  });
  it('names the invalid parcel and address', () => {
    const result = oneOffShipmentRequestSchema.safeParse({
      shipFrom: { ...address, city: '' },
      shipTo: address,
      parcels: [{ ...parcel, weight: 151 }],
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(paths).toContain('shipFrom: City is required');
    expect(paths).toContain('parcels.0: Weight must be 0.05 to 150 pounds');
  });
  it.each([
    [0, true],
    [5000, true],
    [5001, false],
    [-1, false],
    [10.5, false],
  ])('insured amount %s', (insuredAmount, ok) => {
    expect(
      oneOffBuyRequestSchema.safeParse({ easypostJSON: { id: 'shp_1' }, rateId: 'rate_1', insuredAmount })
        .success,
    ).toBe(ok);
  });
});
