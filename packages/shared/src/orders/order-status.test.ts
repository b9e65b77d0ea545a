import { describe, expect, it } from 'vitest';
import {
  derivedOrderState,
  isAttachableStatus,
  isEditableStatus,
  isFulfilled,
  isPackingAssigned,
  isPackingRequired,
  isUneditableStatus,
  isUnshippableStatus,
} from './order-status';

const ALL = [1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 14, 19, 20, 21, 30, 40, 41, 42, 49, 50, 51, 59, 60];

describe('status groups', () => {
  it.each(ALL)('status %s', (status) => {
    expect(isUneditableStatus(status)).toBe([5, 6].includes(status));
    expect(isEditableStatus(status)).toBe(![5, 6].includes(status));
    expect(isUnshippableStatus(status)).toBe([1, 2, 5, 6, 30, 40, 41, 50, 51, 60].includes(status));
    expect(isAttachableStatus(status)).toBe([1, 2, 3, 4, 6, 40, 41].includes(status));
    expect(isFulfilled(status)).toBe(status === 20);
  });
});

describe('derivedOrderState', () => {
  it.each([
    ['saved, new', { id: 1, systemOrderStatusId: 1 }, 'Active'],
    ['saved, ready', { id: 1, systemOrderStatusId: 4 }, 'Active'],
    ['saved, fulfilled', { id: 1, systemOrderStatusId: 20 }, 'Active'],
    ['saved, backordered', { id: 1, systemOrderStatusId: 30 }, 'Active'],
    ['saved, completed', { id: 1, systemOrderStatusId: 5 }, 'Active'],
    ['saved, status 39', { id: 1, systemOrderStatusId: 39 }, 'Active'],
    ['saved, returned', { id: 1, systemOrderStatusId: 60 }, 'Active'],
    ['awaiting payment', { id: 1, systemOrderStatusId: 3 }, 'Awaiting Payment'],
    ['canceled 50', { id: 1, systemOrderStatusId: 50 }, 'Canceled'],
    ['canceled 59', { id: 1, systemOrderStatusId: 59 }, 'Canceled'],
    ['on hold 40', { id: 1, systemOrderStatusId: 40 }, 'On Hold'],
    ['on hold 49', { id: 1, systemOrderStatusId: 49 }, 'On Hold'],
    ['unsaved, id 0', { id: 0, systemOrderStatusId: 1 }, 'On Hold'],
    ['unsaved, id -1', { id: -1, systemOrderStatusId: 4 }, 'On Hold'],
    ['unsaved, no id', { systemOrderStatusId: 1 }, 'On Hold'],
    ['unsaved, null id and status', { id: null, systemOrderStatusId: null }, 'On Hold'],
    ['saved, missing status = new', { id: 7 }, 'Active'],
    ['unsaved awaiting payment', { id: 0, systemOrderStatusId: 3 }, 'Awaiting Payment'],
    ['unsaved canceled', { systemOrderStatusId: 50 }, 'Canceled'],
  ] as const)('%s → %s', (_name, order, state) => {
    expect(derivedOrderState(order)).toBe(state);
  });
});

describe('isPackingRequired', () => {
  it.each([
    [13, true, true],
    [14, true, true],
    [19, true, true],
    [21, true, true],
    [10, true, false],
    [11, true, false],
    [12, true, false],
    [10, false, true],
    [11, false, true],
    [12, false, true],
    [13, false, true],
    [14, false, true],
    [19, false, true],
    [9, false, false],
    [15, false, false],
    [20, true, false],
    [20, false, false],
    [1, false, false],
    [40, false, false],
  ])('status %s, warehouse requires packing %s → %s', (status, warehouseRequiresPacking, required) => {
    expect(isPackingRequired(status, warehouseRequiresPacking)).toBe(required);
  });
});

describe('isPackingAssigned', () => {
  it.each([
    [{}, false],
    [{ prePackedBy: null, prePackedAt: null }, false],
    [{ prePackedBy: 0 }, false],
    [{ prePackedBy: 3 }, true],
    [{ prePackedAt: '2026-01-02T03:04:05Z' }, true],
    [{ prePackedAt: new Date(0) }, true],
    [{ prePackedAt: '' }, false],
    [{ prePackedBy: 0, prePackedAt: '2026-01-02T03:04:05Z' }, true],
  ])('%j → %s', (order, assigned) => {
    expect(isPackingAssigned(order)).toBe(assigned);
  });
});
