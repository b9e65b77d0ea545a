import { describe, expect, it } from 'vitest';
import { canCompleteCancellation, NOTHING_TO_PUT_BACK_REASON } from './first-party-actions';

describe('canCompleteCancellation', () => {
  it.each([
    [51, true],
    [40, true],
    [49, true],
    [50, false],
    [4, false],
    [20, false],
  ])('status %i → %s', (status, allowed) => {
    expect(canCompleteCancellation({ id: 1, systemOrderStatusId: status }).allowed).toBe(allowed);
  });
});

describe('canCompleteCancellation on the point of sale, which knows the units held', () => {
  it('is not offered on a new order (on hold, no unit allocated)', () => {
    expect(canCompleteCancellation({ id: 1, systemOrderStatusId: 40 }, 0)).toEqual({
      allowed: false,
      reason: NOTHING_TO_PUT_BACK_REASON,
    });
  });
  it('is offered on a held order with units, and after Cancel asked for it', () => {
    expect(canCompleteCancellation({ id: 1, systemOrderStatusId: 40 }, 2).allowed).toBe(true);
    expect(canCompleteCancellation({ id: 1, systemOrderStatusId: 51 }, 0).allowed).toBe(true);
  });
});
