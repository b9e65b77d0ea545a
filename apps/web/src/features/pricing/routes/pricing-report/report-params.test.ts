import { DEFAULT_PRICING_SORT, NO_PRICING_FILTERS } from '@backroom/shared';
import { describe, expect, it } from 'vitest';
import { paramsFromState, stateFromParams } from './report-params';

describe('the pricing report address', () => {
  it('an empty address is no filter, the default sort and the first page', () => {
    expect(stateFromParams(new URLSearchParams())).toEqual({
      filters: NO_PRICING_FILTERS,
      sort: DEFAULT_PRICING_SORT,
      page: 0,
    });
    expect(paramsFromState(stateFromParams(new URLSearchParams())).toString()).toBe('');
  });

  it('round-trips filters (brand 0 is No Brand), the Ends time, the sort and the page', () => {
    const state = {
      filters: {
        pricingEventIds: [3, 4],
        brandIds: [0, 12],
        channelIds: [7],
        endsAt: '2026-11-30T06:00:00.000Z',
      },
      sort: { column: 'Price' as const, direction: 'desc' as const },
      page: 2,
    };
    expect(stateFromParams(paramsFromState(state))).toEqual(state);
  });

  it('ignores what it cannot read', () => {
    const state = stateFromParams(new URLSearchParams('events=1,,x,-2&ends=soon&sort=Bogus.asc&page=-3'));
    expect(state).toEqual({
      filters: { ...NO_PRICING_FILTERS, pricingEventIds: [1] },
      sort: DEFAULT_PRICING_SORT,
      page: 0,
    });
  });
});
