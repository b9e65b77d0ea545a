import { describe, expect, it } from 'vitest';
import { channelFees, minimumPrice, PRICING_STRATEGY_RULES } from './minimum-price';

const ebay = channelFees(2, 3);
const amazon = channelFees(1, 3);
const strategy = (code: string, label: string) => ({ code, label });

describe('minimumPrice: (cost + fixed fee) ÷ (1 − fee share − margin), rounded up; MAP kept by some strategies', () => {
  it('Cost Plus on eBay: $40.00 cost, $0.30 fixed, 13.25% fee, 20% margin', () => {
    // 4030 / 0.6675 = 6037.45… → 6038 cents.
    const result = minimumPrice({
      strategy: strategy('costPlus', 'Cost Plus'),
      costCents: 4000,
      mapCents: 9999,
      fees: ebay,
    });
    expect(result.minimumCents).toBe(6038);
    expect(result.explanation).toBe(
      [
        'Cost Plus: margin 20.00%',
        '(cost $40.00 + fixed fee $0.30) ÷ (100% − 13.25% eBay final value fee − 20.00% margin) = $60.38',
      ].join('\n'),
    );
  });

  it('MAP on Amazon: a MAP above the cost floor is the minimum, and the hover says so', () => {
    // 5000 / 0.75 = 6666.67 → 6667; MAP $99.99 is higher.
    const result = minimumPrice({
      strategy: strategy('map', 'MAP'),
      costCents: 5000,
      mapCents: 9999,
      fees: amazon,
    });
    expect(result.minimumCents).toBe(9999);
    expect(result.explanation.split('\n')).toEqual([
      'MAP: margin 10.00%, never below MAP',
      '(cost $50.00 + fixed fee $0.00) ÷ (100% − 15.00% Amazon referral fee − 10.00% margin) = $66.67',
      'MAP $99.99 is higher: minimum $99.99',
    ]);
  });

  it('MAP below the cost floor: the floor stays the minimum', () => {
    const result = minimumPrice({
      strategy: strategy('map', 'MAP'),
      costCents: 9000,
      mapCents: 9999,
      fees: amazon,
    });
    expect(result.minimumCents).toBe(12000);
    expect(result.explanation.split('\n')[2]).toBe('MAP $99.99 is lower: minimum $120.00');
  });

  it('a strategy that keeps MAP with no MAP set says so', () => {
    const result = minimumPrice({
      strategy: strategy('manual', 'Manual'),
      costCents: 850,
      mapCents: 0,
      fees: amazon,
    });
    // 850 / 0.70 = 1214.29 → 1215.
    expect(result.minimumCents).toBe(1215);
    expect(result.explanation.split('\n')[2]).toBe('No MAP set');
  });

  it('Clearance sells at break-even: fees only, no margin, MAP ignored', () => {
    const reverb = channelFees(14, 3);
    const result = minimumPrice({
      strategy: strategy('clearance', 'Clearance'),
      costCents: 10000,
      mapCents: 50000,
      fees: reverb,
    });
    // 10049 / 0.9181 = 10945.43 → 10946.
    expect(result.minimumCents).toBe(10946);
    expect(result.explanation).not.toContain('MAP');
  });

  it('a product without a strategy (or an unknown one) is held at break-even and MAP', () => {
    const none = minimumPrice({ strategy: null, costCents: 1000, mapCents: 1500, fees: channelFees(99, 1) });
    expect(none.minimumCents).toBe(1500);
    expect(none.explanation.split('\n')[0]).toBe('No Strategy: margin 0.00%, never below MAP');
    const unknown = minimumPrice({
      strategy: strategy('mystery', 'Mystery'),
      costCents: 1000,
      mapCents: 0,
      fees: channelFees(99, 2),
    });
    // (1000 + 10) / 0.974 = 1036.96 → 1037.
    expect(unknown.minimumCents).toBe(1037);
    expect(unknown.explanation.split('\n')[0]).toBe('Mystery: margin 0.00%, never below MAP');
  });

  it('the minimum always meets the margin after fees (never rounds below it)', () => {
    for (const [code, rule] of Object.entries(PRICING_STRATEGY_RULES)) {
      for (const costCents of [1, 99, 1234, 4999, 100_000]) {
        const { minimumCents } = minimumPrice({
          strategy: strategy(code, code),
          costCents,
          mapCents: 0,
          fees: ebay,
        });
        const kept = minimumCents * (1 - ebay.percentBasisPoints / 10_000) - ebay.fixedCents - costCents;
        expect(kept).toBeGreaterThanOrEqual((minimumCents * rule.marginBasisPoints) / 10_000 - 1e-9);
      }
    }
  });

  it('a zero or negative cost covers only the fixed fee', () => {
    expect(minimumPrice({ strategy: null, costCents: -500, mapCents: 0, fees: ebay }).minimumCents).toBe(35);
  });

  it('refuses fees and margin that leave nothing to cover the cost', () => {
    expect(() =>
      minimumPrice({
        strategy: null,
        costCents: 100,
        mapCents: 0,
        fees: { label: 'greedy', percentBasisPoints: 9600, fixedCents: 0 },
      }),
    ).toThrow('Fees and margin of 96.00% leave nothing to cover the cost');
  });
});

describe('channelFees', () => {
  it('charges each kind of channel its own fees', () => {
    expect(channelFees(1, 3)).toMatchObject({ percentBasisPoints: 1500, fixedCents: 0 });
    expect(channelFees(2, 3)).toMatchObject({ percentBasisPoints: 1325, fixedCents: 30 });
    expect(channelFees(14, 3)).toMatchObject({ percentBasisPoints: 819, fixedCents: 49 });
    expect(channelFees(99, 1)).toMatchObject({ percentBasisPoints: 290, fixedCents: 30 });
    expect(channelFees(99, 2)).toMatchObject({ percentBasisPoints: 260, fixedCents: 10 });
  });
});
