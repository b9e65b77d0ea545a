import { describe, expect, it } from 'vitest';
import { paramsFromSearch, searchFromParams } from './search-params';

const of = (query: string) => searchFromParams(new URLSearchParams(query));

describe('returns search URL', () => {
  it('opens on In Process and any appeal status (returns.md: 10 and 0)', () => {
    expect(of('')).toEqual({
      inboundReturnStatusId: 10,
      inboundReturnAppealStatusId: 0,
      search: '',
      type: 'search',
      page: 0,
    });
  });

  it('reads 0 as any status, known statuses as themselves, anything else as the default', () => {
    expect(of('inboundReturnStatusId=0&inboundReturnAppealStatusId=15')).toMatchObject({
      inboundReturnStatusId: 0,
      inboundReturnAppealStatusId: 15,
    });
    expect(of('inboundReturnStatusId=11&inboundReturnAppealStatusId=x')).toMatchObject({
      inboundReturnStatusId: 10,
      inboundReturnAppealStatusId: 0,
    });
  });

  it('keeps the search, its type and the page, and writes them back the same', () => {
    const state = of(
      'inboundReturnStatusId=20&inboundReturnAppealStatusId=0&search=B-1001&type=orderNumber&page=3',
    );
    expect(state).toEqual({
      inboundReturnStatusId: 20,
      inboundReturnAppealStatusId: 0,
      search: 'B-1001',
      type: 'orderNumber',
      page: 2,
    });
    expect(paramsFromSearch(state).toString()).toBe(
      'inboundReturnStatusId=20&inboundReturnAppealStatusId=0&search=B-1001&type=orderNumber&page=3',
    );
    expect(of('search=ava&type=not+a+type').type).toBe('search');
    expect(of('type=upc').type).toBe('search');
  });
});
