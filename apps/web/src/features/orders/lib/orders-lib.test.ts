import { SYSTEM_ORDER_STATUSES } from '@backroom/shared';
import { describe, expect, it } from 'vitest';
import { paramsFromSearch, searchFromParams } from './list-params';
import { addressLines, addressOneLine, dollars, packageSize, poundsOf } from './order-format';
import { groupedStatusOptions, statusGroupOf } from './status-groups';

describe('statusGroupOf', () => {
  it.each([
    [1, 'Active'],
    [4, 'Active'],
    [13, 'Active'],
    [19, 'Active'],
    [30, 'Active'],
    [3, 'Awaiting Payment'],
    [40, 'On Hold'],
    [49, 'On Hold'],
    [50, 'Canceled'],
    [59, 'Canceled'],
    [20, 'Fulfilled & Closed'],
    [5, 'Fulfilled & Closed'],
    [6, 'Fulfilled & Closed'],
    [60, 'Fulfilled & Closed'],
  ])('status %i is %s', (status, group) => {
    expect(statusGroupOf(status)).toBe(group);
  });

  it('puts every status in exactly one group, in the groups’ order', () => {
    const groups = groupedStatusOptions(SYSTEM_ORDER_STATUSES);
    expect(groups.map((g) => g.group)).toEqual([
      'Active',
      'Awaiting Payment',
      'On Hold',
      'Canceled',
      'Fulfilled & Closed',
    ]);
    expect(groups.flatMap((g) => g.items).length).toBe(SYSTEM_ORDER_STATUSES.length);
    expect(groups[1]!.items).toEqual([{ value: '3', label: 'Awaiting Payment' }]);
  });
});

describe('list params', () => {
  it('reads the filters from the URL, ignoring what is not a filter', () => {
    expect(
      searchFromParams(new URLSearchParams('q=%20ava%20&channel=3&status=41,40,x,40,0,300&page=3')),
    ).toEqual({ searchTerm: 'ava', channelId: 3, systemOrderStatusIds: [40, 41], page: 2 });
    expect(searchFromParams(new URLSearchParams('channel=-1&page=abc'))).toEqual({
      searchTerm: '',
      channelId: null,
      systemOrderStatusIds: [],
      page: 0,
    });
  });

  it('writes only what is set, and reads back the same search', () => {
    const search = { searchTerm: '111-22', channelId: 2, systemOrderStatusIds: [3, 40], page: 1 };
    const params = paramsFromSearch(search);
    expect(params.toString()).toBe('q=111-22&channel=2&status=3%2C40&page=2');
    expect(searchFromParams(params)).toEqual(search);
    expect(
      paramsFromSearch({ searchTerm: '', channelId: null, systemOrderStatusIds: [], page: 0 }).toString(),
    ).toBe('');
  });
});

describe('order formatting', () => {
  it('shows dollars, pounds and package sizes', () => {
    expect(dollars(1234.5)).toBe('$1,234.50');
    expect(dollars(0)).toBe('$0.00');
    expect(dollars(null)).toBe('—');
    expect(poundsOf(40)).toBe('2.50 lb');
    expect(poundsOf(17)).toBe('1.06 lb');
    expect(packageSize({ length: 12, width: 9, height: 6 })).toBe('12 × 9 × 6 in');
    expect(packageSize({ length: 0, width: 9, height: 6 })).toBe('');
  });

  it('lists an address without blank lines', () => {
    const address = {
      name: 'Ava Nguyen',
      company: '',
      addressLine1: '101 Maple St',
      addressLine2: null,
      addressLine3: null,
      city: 'Austin',
      stateOrProvidence: 'TX',
      postalCode: '78701',
      country: 'US',
      phoneHome: '5125550101',
      email: 'ava@example.com',
    };
    expect(addressLines(address)).toEqual([
      'Ava Nguyen',
      '101 Maple St',
      'Austin, TX 78701',
      'ava@example.com',
      '(512) 555-0101',
    ]);
    expect(addressLines({ ...address, country: 'CA' })).toContain('CA');
    expect(addressLines(null)).toEqual([]);
    expect(addressOneLine(address)).toBe('101 Maple St, Austin, TX 78701');
  });
});
