import { describe, expect, it } from 'vitest';
import { HOME_CARD_KEYS, homeCardHref, homeCardsFor, lastSevenDays } from './home-summary';

describe('lastSevenDays', () => {
  it("ends today at the account's offset, oldest first, from that day's midnight there", () => {
    // 03:00 UTC on the 27th is still the 26th at UTC-6.
    const { days, from } = lastSevenDays(new Date('2026-11-27T03:00:00Z'), '-06:00');
    expect(days).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
    expect(from.toISOString()).toBe('2026-11-20T06:00:00.000Z');
    expect(lastSevenDays(new Date('2026-11-27T03:00:00Z'), '+05:45').days[6]).toBe('2026-11-27');
  });
});

describe('home cards', () => {
  it("shows a card to whoever holds its list's permission, in the page's order", () => {
    expect(homeCardsFor(['returns', 'printing'])).toEqual([
      'returnsPending',
      'returnsInProcess',
      'printJobsFailed',
      'printersOffline',
    ]);
    expect(homeCardsFor([])).toEqual([]);
    expect(homeCardsFor(['returns', 'orders', 'shipping', 'printing', 'catalogue'])).toEqual([
      ...HOME_CARD_KEYS,
    ]);
  });

  it('links each card to its list, filtered as it counts', () => {
    const context = { posChannelId: 7, mayListOrders: true };
    expect(homeCardHref('returnsPending', context)).toBe('/returns?inboundReturnStatusId=5');
    expect(homeCardHref('posOnHold', context)).toBe('/orders?channel=7&status=40,41,42,43,44,45,46,47,48,49');
    expect(homeCardHref('posOnHold', { ...context, posChannelId: null })).toBe(
      '/orders?status=40,41,42,43,44,45,46,47,48,49',
    );
    expect(homeCardHref('ordersToShip', { ...context, mayListOrders: false })).toBe('/warehouse/packing');
  });
});
