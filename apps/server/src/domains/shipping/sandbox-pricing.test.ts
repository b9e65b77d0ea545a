import { describe, expect, it } from 'vitest';
import type { CarrierAddress } from './carrier';
import {
  addBusinessDays,
  billablePounds,
  deliveryDateOf,
  insuranceFeeCents,
  lengthPlusGirth,
  parcelPriceCents,
  SANDBOX_SERVICES,
  sandboxZone,
  serviceTakes,
} from './sandbox-pricing';

const zip = (postalCode: string, country = 'US') =>
  ({ postalCode, country }) as Pick<CarrierAddress, 'postalCode' | 'country'>;
const service = (carrier: string, name: string) =>
  SANDBOX_SERVICES.find((s) => s.carrier === carrier && s.service === name)!;

describe('zones from ZIP prefixes', () => {
  it.each([
    ['78744', '78701', 1],
    ['78744', '77001', 2],
    ['78744', '75201', 3],
    ['78744', '70112', 3],
    ['78744', '63101', 4],
    ['78744', '30301', 5],
    ['78744', '10001', 6],
    ['78744', '97205', 7],
    ['10001', '94105', 8],
    ['78744', '99501', 9],
    ['78744', '96813', 9],
    ['78744', '00901', 9],
    ['78744', 'K1A 0B1', 9],
  ])('%s -> %s is zone %i', (from, to, zone) => {
    expect(sandboxZone(zip(from), zip(to, /^\d/.test(to) ? 'US' : 'CA'))).toBe(zone);
    expect(sandboxZone(zip(to, /^\d/.test(to) ? 'US' : 'CA'), zip(from))).toBe(zone);
  });
});

describe('billable weight', () => {
  const ground = service('UPS', 'Ground');
  const usps = service('USPS', 'GroundAdvantage');
  it('is the weight rounded up to whole pounds, at least 1', () => {
    expect(billablePounds({ lengthInch: 6, widthInch: 4, heightInch: 2, weightOunce: 3 }, ground)).toBe(1);
    expect(billablePounds({ lengthInch: 6, widthInch: 4, heightInch: 2, weightOunce: 17 }, ground)).toBe(2);
  });
  it('is the dimensional weight when that is more: UPS / FedEx always (÷139), USPS above one cubic foot (÷166)', () => {
    const box = { lengthInch: 20, widthInch: 20, heightInch: 10, weightOunce: 32 }; // 4000 in³
    expect(billablePounds(box, ground)).toBe(29); // 4000 / 139 = 28.8
    expect(billablePounds(box, usps)).toBe(25); // 4000 / 166 = 24.1
    const small = { lengthInch: 11, widthInch: 11, heightInch: 11, weightOunce: 16 }; // 1331 in³
    expect(billablePounds(small, usps)).toBe(1);
    expect(billablePounds(small, ground)).toBe(10);
  });
});

describe('prices', () => {
  const parcel = { lengthInch: 12, widthInch: 9, heightInch: 6, weightOunce: 40 };
  it('are the same for the same parcel and zone, and grow with zone and weight', () => {
    const ground = service('FedEx', 'FEDEX_GROUND');
    const prices = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((zone) => parcelPriceCents(ground, parcel, zone));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(new Set(prices).size).toBe(9);
    expect(parcelPriceCents(ground, parcel, 5)).toBe(parcelPriceCents(ground, { ...parcel }, 5));
    expect(parcelPriceCents(ground, { ...parcel, weightOunce: 400 }, 5)).toBeGreaterThan(
      parcelPriceCents(ground, parcel, 5),
    );
  });
  it('rank the services of a carrier: ground below 2-day below overnight', () => {
    const ups = ['Ground', '2ndDayAir', 'NextDayAir'].map((name) =>
      parcelPriceCents(service('UPS', name), parcel, 4),
    );
    expect(ups).toEqual([...ups].sort((a, b) => a - b));
  });
  it('leave out a service that cannot take the parcel', () => {
    expect(lengthPlusGirth({ lengthInch: 30, widthInch: 20, heightInch: 10, weightOunce: 1 })).toBe(90);
    expect(serviceTakes(service('USPS', 'Priority'), { ...parcel, weightOunce: 71 * 16 })).toBe(false);
    expect(serviceTakes(service('UPS', 'Ground'), { ...parcel, weightOunce: 71 * 16 })).toBe(true);
    expect(serviceTakes(service('USPS', 'PriorityMailFlatRateEnvelope'), parcel)).toBe(false);
  });
  it('insure at $1 per $100 or part of it', () => {
    expect([0, 1, 10_000, 10_001, 500_000].map(insuranceFeeCents)).toEqual([0, 100, 100, 200, 5000]);
  });
});

describe('delivery dates', () => {
  it('count business days and land at noon UTC', () => {
    const friday = new Date('2026-03-06T20:00:00Z');
    expect(addBusinessDays(friday, 1).toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(deliveryDateOf(friday, 3)).toBe('2026-03-11T12:00:00Z');
    expect(deliveryDateOf(new Date('2026-03-02T08:00:00Z'), 2)).toBe('2026-03-04T12:00:00Z');
  });
});
