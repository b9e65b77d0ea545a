import { describe, expect, it } from 'vitest';
import { parseScan } from '../scanner/parse-scan';
import {
  orderNumberFilterLabel,
  returnNotesTitle,
  returnNotesTooltip,
  returnOrderedDate,
  returnSearchCustomerName,
  returnSearchOfScan,
  returnsExportFileName,
  returnsSearchBodySchema,
  returnsSearchQuerySchema,
  returnsSearchToast,
} from './returns-search.schemas';

describe('returns search texts (returns.md §Returns search, §8)', () => {
  it.each([
    [3, 'ava', 'search', '3 result(s) for "ava" [search]'],
    [100, '', 'search', '100 result(s) for "Latest" [search]'],
    [1, '1Z999AA10123456784', 'trackingNumber', '1 result(s) for "1Z999AA10123456784" [trackingNumber]'],
    [0, 'nobody', 'search', '0 result(s) for "nobody" [search]'],
  ])('%i rows for %j [%s]', (count, search, type, toast) => {
    expect(returnsSearchToast(count, search, type)).toBe(toast);
  });

  it('words the notes tooltip with the count, the last note and its author', () => {
    expect(
      returnNotesTooltip({
        noteCount: 3,
        lastNote: { text: 'Box was crushed', user: { firstName: 'Ada', lastName: 'Admin' } },
      }),
    ).toBe('3 Notes - Last Note: Box was crushed by Ada Admin');
    expect(returnNotesTooltip({ noteCount: 1, lastNote: { text: 'Created', user: null } })).toBe(
      '1 Notes - Last Note: Created by System',
    );
    expect(returnNotesTooltip({ noteCount: 0, lastNote: null })).toBe('0 Notes');
  });

  it('titles the notes modal by order number, else return id, else generically', () => {
    expect(returnNotesTitle({ id: 12, channelOrderNumber: 'B-1001' })).toBe('B-1001 Notes');
    expect(returnNotesTitle({ id: 12, channelOrderNumber: null })).toBe('12 Notes');
    expect(returnNotesTitle(null)).toBe('Inbound Return Notes');
  });

  it("names a return without a customer 'Default Customer'", () => {
    expect(returnSearchCustomerName({ customerName: 'Ava Nguyen' })).toBe('Ava Nguyen');
    expect(returnSearchCustomerName({ customerName: null })).toBe('Default Customer');
    expect(returnSearchCustomerName({ customerName: '  ' })).toBe('Default Customer');
  });

  it("shows Ordered as YYYY-MM-DD in the account's offset", () => {
    expect(returnOrderedDate('2026-03-01T03:30:00.000Z', '-06:00')).toBe('2026-02-28');
    expect(returnOrderedDate('2026-03-01T03:30:00.000Z', '+00:00')).toBe('2026-03-01');
    expect(returnOrderedDate('nonsense', '+00:00')).toBe('');
  });

  it('names the filter chip and the download', () => {
    expect(orderNumberFilterLabel('112-0001')).toBe('Order # = 112-0001');
    expect(returnsExportFileName('2026-05-04')).toBe('list-channel-order-returns-2026-05-04.xlsx');
  });
});

describe('returnsSearchQuerySchema', () => {
  it('reads 0 or empty as any status, the spec statuses as themselves', () => {
    expect(returnsSearchQuerySchema.parse({})).toEqual({
      inboundReturnStatusId: 0,
      inboundReturnAppealStatusId: 0,
    });
    expect(
      returnsSearchQuerySchema.parse({ inboundReturnStatusId: '', inboundReturnAppealStatusId: '' }),
    ).toEqual({ inboundReturnStatusId: 0, inboundReturnAppealStatusId: 0 });
    expect(
      returnsSearchQuerySchema.parse({ inboundReturnStatusId: '10', inboundReturnAppealStatusId: '25' }),
    ).toEqual({ inboundReturnStatusId: 10, inboundReturnAppealStatusId: 25 });
  });

  it.each([
    [{ inboundReturnStatusId: '11' }],
    [{ inboundReturnStatusId: '987654' }],
    [{ inboundReturnStatusId: '-1' }],
    [{ inboundReturnStatusId: 'x' }],
    [{ inboundReturnAppealStatusId: '2' }],
  ])('refuses %j', (query) => {
    expect(returnsSearchQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('returnsSearchBodySchema', () => {
  it('defaults to the latest returns, a typed search, the first page of 100', () => {
    expect(returnsSearchBodySchema.parse({})).toEqual({ search: '', type: 'search', limit: 100, offset: 0 });
    expect(returnsSearchBodySchema.parse({ search: '  ava  ', type: 'upc' }).search).toBe('ava');
  });

  it.each([
    [{ type: 'a b' }],
    [{ type: '' }],
    [{ limit: 501 }],
    [{ limit: 0 }],
    [{ offset: -1 }],
    [{ search: 'x'.repeat(201) }],
    [{ search: 'a\u0000b' }],
  ])('refuses %j', (body) => {
    expect(returnsSearchBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('returnSearchOfScan (device scan on the search screen)', () => {
  const of = (text: string) => returnSearchOfScan(parseScan(text), text);

  it('opens the return of an IBR label, with or without slashes', () => {
    expect(of('/IBR-42/')).toEqual({ open: 42 });
    expect(of('IBR-42')).toEqual({ open: 42 });
  });

  it('searches with any other scanned value, typed by what it is', () => {
    expect(of('D0123456RRMA')).toEqual({ search: 'D0123456RRMA', type: 'amazonReturn' });
    expect(of('1Z999AA10123456784')).toEqual({ search: '1Z999AA10123456784', type: 'trackingNumber' });
    expect(of('036000291452')).toEqual({ search: '036000291452', type: 'upc' });
    expect(of('{CO:5}')).toEqual({ search: '{CO:5}', type: 'entity' });
    expect(of('GTR-STRAT-01')).toEqual({ search: 'GTR-STRAT-01', type: 'scan' });
  });
});
