import { describe, expect, it } from 'vitest';
import {
  ONE_OFF_ADDRESS_MESSAGE,
  ONE_OFF_PARCEL_MESSAGE,
  oneOffBuyRequestSchema,
  oneOffParcelProblem,
  oneOffShipmentRequestSchema,
} from './one-off.schemas';

const parcel = { width: 10, height: 8, length: 12, weight: 2 };
const address = { name: 'Ann', addressLine1: '1 Main St', city: 'Austin', stateId: 44, postalCode: '78701' };

describe('catalogue-admin §5/§9 parcel bounds', () => {
  it.each([
    ['weight 0.05 (the minimum)', { weight: 0.05 }, true],
    ['weight 0.04', { weight: 0.04 }, false],
    ['weight 150 (the maximum)', { weight: 150 }, true],
    ['weight 150.01', { weight: 150.01 }, false],
    ['weight 70.5 (above the input, within the rule)', { weight: 70.5 }, true],
    ['width 0', { width: 0 }, false],
    ['height 0.09', { height: 0.09 }, false],
    ['length 0.1', { length: 0.1 }, true],
    ['length 100', { length: 100 }, true],
    ['length 100.1', { length: 100.1 }, false],
    ['weight NaN', { weight: Number.NaN }, false],
  ])('%s', (_, change, valid) => {
    expect(oneOffParcelProblem({ ...parcel, ...change })).toBe(valid ? null : ONE_OFF_PARCEL_MESSAGE);
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
    expect(paths).toContain(`shipFrom: ${ONE_OFF_ADDRESS_MESSAGE}`);
    expect(paths).toContain(`parcels.0: ${ONE_OFF_PARCEL_MESSAGE}`);
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
