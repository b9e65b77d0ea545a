import { describe, expect, it } from 'vitest';
import { canCompleteCancellation, canFinalize } from './first-party-actions';

describe('canFinalize', () => {
  it.each([
    [{ id: 1, systemOrderStatusId: 40 }, 2, true, undefined],
    [{ id: 1, systemOrderStatusId: 41 }, 1, true, undefined],
    [{ id: 1, systemOrderStatusId: 40 }, 0, false, 'An order without items cannot be finalized.'],
    [{ id: 1, systemOrderStatusId: 4 }, 1, false, 'Only an order on hold can be finalized'],
    [{ id: 1, systemOrderStatusId: 3 }, 1, false, 'Only an order on hold can be finalized'],
    [{ id: 1, systemOrderStatusId: 5 }, 1, false, 'Only an order on hold can be finalized'],
  ])('%j with %i items → %s', (order, items, allowed, reason) => {
    expect(canFinalize(order, items)).toEqual(reason ? { allowed, reason } : { allowed });
  });
});

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
