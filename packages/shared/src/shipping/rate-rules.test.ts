import { describe, expect, it } from 'vitest';
import { carrierLabel, isHiddenRate, numericRate, sortRates, visibleRates } from './rate-rules';

describe('sortRates: ascending by numeric rate', () => {
  it('compares numbers, not text; a rate without a price goes last; ties keep their order', () => {
    const rates = [
      { carrier: 'UPS', service: 'Ground', rate: '10.50' },
      { carrier: 'USPS', service: 'Priority', rate: '9.75' },
      { carrier: 'FedEx', service: 'Home', rate: null },
      { carrier: 'USPS', service: 'GroundAdvantage', rate: '100.00' },
      { carrier: 'DHL', service: 'Express', rate: 9.75 },
    ];
    expect(sortRates(rates).map((r) => r.service)).toEqual([
      'Priority',
      'Express',
      'Ground',
      'GroundAdvantage',
      'Home',
    ]);
  });

  it('reads cents when the rate is in cents', () => {
    expect(numericRate({ carrier: 'UPS', service: 'Ground', rateCents: 1234 })).toBe(12.34);
    expect(
      sortRates([
        { carrier: 'a', service: 'x', rateCents: 500 },
        { carrier: 'b', service: 'y', rateCents: 499 },
      ]).map((r) => r.carrier),
    ).toEqual(['b', 'a']);
  });
});

describe("services containing 'Envelope' are hidden", () => {
  it.each([
    ['FedExEnvelope', true],
    ['Priority Mail Flat Rate Envelope', true],
    ['Envelope', true],
    ['envelope', false],
    ['Ground', false],
  ])('%s -> %s', (service, hidden) => {
    expect(isHiddenRate({ service })).toBe(hidden);
  });
});

describe("'(AMZN)' relabelling of AmazonMws rates", () => {
  it.each([
    ['AmazonMws', 'FEDEX_GROUND', 'FedEx (AMZN)'],
    ['AmazonMws', 'UPS Ground', 'UPS (AMZN)'],
    ['AmazonMws', 'USPS_PRIORITY_MAIL', 'USPS (AMZN)'],
    ['AmazonMws', 'dhl express', 'DHL (AMZN)'],
    ['AmazonMws', 'Amazon Shipping Ground', 'AmazonMws'],
    // A carrier name inside another word is not that carrier.
    ['AmazonMws', 'GROUPS_SAVER', 'AmazonMws'],
    ['FedEx', 'FEDEX_GROUND', 'FedEx'],
    ['UPS', 'UPS Ground', 'UPS'],
  ])('%s %s -> %s', (carrier, service, label) => {
    expect(carrierLabel({ carrier, service })).toBe(label);
  });
});

describe('visibleRates', () => {
  it('hides, sorts and relabels together, without changing the input', () => {
    const rates = [
      { carrier: 'AmazonMws', service: 'UPS Ground', rate: '8.00' },
      { carrier: 'FedEx', service: 'FedExEnvelope', rate: '1.00' },
      { carrier: 'USPS', service: 'Priority', rate: '7.10' },
    ];
    expect(visibleRates(rates)).toEqual([
      { carrier: 'USPS', service: 'Priority', rate: '7.10' },
      { carrier: 'UPS (AMZN)', service: 'UPS Ground', rate: '8.00' },
    ]);
    expect(rates[0]!.carrier).toBe('AmazonMws');
  });
});
