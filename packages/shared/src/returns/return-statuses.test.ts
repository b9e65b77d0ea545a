import { describe, expect, it } from 'vitest';
import {
  invalidReturnIdMessage,
  isClosedReturnItem,
  isFirstPartyReturn,
  isOpenReturn,
  parseReturnId,
  quantitiesToReturn,
  RETURN_ITEM_STATUSES,
  RETURN_STATUSES,
  returnItemStatusName,
  returnReasonName,
  returnStatusName,
} from './return-statuses';

describe('return statuses (returns.md §3)', () => {
  it('names every return status and item status the spec lists', () => {
    expect(RETURN_STATUSES.map((s) => `${s.id} ${s.name}`)).toEqual([
      '1 Open',
      '5 Pending Return',
      '10 In Process',
      '15 Hold',
      '20 Closed',
      '25 Cancelled',
      '30 Channel Appeal',
    ]);
    expect(RETURN_ITEM_STATUSES.map((s) => s.id)).toEqual([1, 5, 10, 15, 20, 25, 30]);
    expect(returnStatusName(10)).toBe('In Process');
    expect(returnItemStatusName(25)).toBe('Sent Back');
    expect(returnReasonName(25)).toBe('Not Satisifed');
    expect(returnStatusName(99)).toBe('Status 99');
  });

  it.each([
    [1, true],
    [5, true],
    [10, false],
    [20, false],
  ])('a return with status %i is open: %s', (status, open) => {
    expect(isOpenReturn(status)).toBe(open);
  });

  it.each([
    [1, false],
    [10, false],
    [15, false],
    [20, true],
    [25, true],
    [30, true],
  ])('an item with status %i is closed: %s', (status, closed) => {
    expect(isClosedReturnItem(status)).toBe(closed);
  });

  it.each([
    [{ channelOrderTypeId: 30, siteId: 1 }, true],
    [{ channelOrderTypeId: 1, siteId: 99 }, true],
    [{ channelOrderTypeId: 2, siteId: 99 }, true],
    [{ channelOrderTypeId: 1, siteId: 1 }, false],
    [{ channelOrderTypeId: 1, siteId: null }, false],
  ])('%o is a first-party return: %s', (order, firstParty) => {
    expect(isFirstPartyReturn(order)).toBe(firstParty);
  });
});

describe('quantitiesToReturn', () => {
  const lines = [
    { channelOrderItemId: 1, quantityOrdered: 3 },
    { channelOrderItemId: 2, quantityOrdered: 1 },
  ];

  it('expects every ordered unit back when no other return does', () => {
    expect(quantitiesToReturn(lines, new Map())).toEqual([
      { channelOrderItemId: 1, quantity: 3 },
      { channelOrderItemId: 2, quantity: 1 },
    ]);
  });

  it('leaves out what other returns already expect, and lines with nothing left', () => {
    expect(
      quantitiesToReturn(
        lines,
        new Map([
          [1, 2],
          [2, 1],
        ]),
      ),
    ).toEqual([{ channelOrderItemId: 1, quantity: 1 }]);
  });

  it('finds nothing when every unit is already on a return (a second click)', () => {
    expect(
      quantitiesToReturn(
        lines,
        new Map([
          [1, 3],
          [2, 5],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('parseReturnId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
    ['0', null],
    ['-3', null],
    ['abc', null],
    ['12abc', null],
    ['007', null],
    ['2147483648', null],
    ['', null],
  ])('%j reads as %j', (raw, id) => {
    expect(parseReturnId(raw)).toBe(id);
  });

  it("words the refusal as the spec's error catalogue does", () => {
    expect(invalidReturnIdMessage('abc')).toBe('Return #abc is not a valid return id.');
  });
});
