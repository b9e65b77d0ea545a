import { describe, expect, it } from 'vitest';
import {
  paramsFromString,
  parseIndexName,
  SEARCH_DEFAULT_HITS_PER_PAGE,
  SEARCH_NB_HITS_CAP,
  SEARCH_SHOW_MORE_LIMIT,
  searchIndexName,
  searchMultiQuerySchema,
} from './instantsearch';
import {
  FilterError,
  highlight,
  pageCount,
  parseFacetFilters,
  parseNumericFilters,
  queryWords,
  requestedFacets,
} from './instantsearch-rules';

describe('§9 constants', () => {
  it('64 hits a page, counts capped at 10000, show-more 200', () => {
    expect(SEARCH_DEFAULT_HITS_PER_PAGE).toBe(64);
    expect(SEARCH_NB_HITS_CAP).toBe(10_000);
    expect(SEARCH_SHOW_MORE_LIMIT).toBe(200);
  });
});

describe('index names: vsf_product_ and the channel id, with sort replicas', () => {
  it.each([
    ['vsf_product_664', { channelId: 664, sort: '' }],
    ['vsf_product_664_price_asc', { channelId: 664, sort: 'price_asc' }],
    ['vsf_product_593_price_desc', { channelId: 593, sort: 'price_desc' }],
    ['vsf_product_1_name_asc', { channelId: 1, sort: 'name_asc' }],
    ['vsf_product_0', null],
    ['vsf_product_664_cheapest', null],
    ['vsf_product_', null],
    ['products', null],
    ['vsf_product_99999999999', null],
  ])('%s', (name, expected) => {
    expect(parseIndexName(name)).toEqual(expected);
  });
  it('builds the names it reads', () => {
    expect(searchIndexName(664)).toBe('vsf_product_664');
    expect(parseIndexName(searchIndexName(664, 'price_desc'))).toEqual({
      channelId: 664,
      sort: 'price_desc',
    });
  });
});

describe('facetFilters: AND between entries, OR inside an array, - negates', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['brand:Fender', [[{ attribute: 'brand', value: 'Fender', negated: false }]]],
    [
      ['brand:Fender', ['Color:Black', 'Color:Cherry']],
      [
        [{ attribute: 'brand', value: 'Fender', negated: false }],
        [
          { attribute: 'Color', value: 'Black', negated: false },
          { attribute: 'Color', value: 'Cherry', negated: false },
        ],
      ],
    ],
    [['Color:-Black'], [[{ attribute: 'Color', value: 'Black', negated: true }]]],
    [['Color:\\-Black'], [[{ attribute: 'Color', value: '-Black', negated: false }]]],
    [['Connectivity:1/4"'], [[{ attribute: 'Connectivity', value: '1/4"', negated: false }]]],
    [
      ['category.lvl1:Guitars > Bass'],
      [[{ attribute: 'category.lvl1', value: 'Guitars > Bass', negated: false }]],
    ],
    ['["brand:Fender"]', [[{ attribute: 'brand', value: 'Fender', negated: false }]]],
    [[[]], []],
  ] as const)('%j', (list, expected) => {
    expect(parseFacetFilters(list as never)).toEqual(expected);
  });
  it.each([['brandFender'], [':Fender'], ['[broken']])('refuses %j', (entry) => {
    expect(() => parseFacetFilters(entry.startsWith('[') ? entry : [entry])).toThrow(FilterError);
  });
});

describe('numericFilters: price only, ranges and or-groups', () => {
  it('reads comparisons, a TO range as two filters and or-groups', () => {
    expect(parseNumericFilters(['price>=10', 'price<=100'])).toEqual([
      [{ attribute: 'price', operator: '>=', value: 10 }],
      [{ attribute: 'price', operator: '<=', value: 100 }],
    ]);
    expect(parseNumericFilters(['price:10 TO 20.5'])).toEqual([
      [{ attribute: 'price', operator: '>=', value: 10 }],
      [{ attribute: 'price', operator: '<=', value: 20.5 }],
    ]);
    expect(parseNumericFilters([['price<10', 'price>500']])).toEqual([
      [
        { attribute: 'price', operator: '<', value: 10 },
        { attribute: 'price', operator: '>', value: 500 },
      ],
    ]);
    expect(parseNumericFilters(['price!=25'])).toEqual([[{ attribute: 'price', operator: '!=', value: 25 }]]);
  });
  it.each([['weight>3'], ['price>>3'], ['price>abc'], ['price']])('refuses %s', (entry) => {
    expect(() => parseNumericFilters([entry])).toThrow(FilterError);
  });
});

describe('query words and highlighting', () => {
  it('splits a query into lower-case words, once each', () => {
    expect(queryWords('  Fender  STRAT-fender ')).toEqual(['fender', 'strat']);
    expect(queryWords(undefined)).toEqual([]);
  });
  it('wraps the matching beginning of each word in the tags', () => {
    expect(highlight('Fender Stratocaster, Black', ['fen', 'strat'], '<mark>', '</mark>')).toEqual({
      value: '<mark>Fen</mark>der <mark>Strat</mark>ocaster, Black',
      matchLevel: 'full',
      matchedWords: ['fen', 'strat'],
      fullyHighlighted: false,
    });
    expect(highlight('Gibson Les Paul', ['fender', 'les'])).toMatchObject({
      value: 'Gibson <em>Les</em> Paul',
      matchLevel: 'partial',
      matchedWords: ['les'],
    });
    expect(highlight('Gibson', [])).toEqual({ value: 'Gibson', matchLevel: 'none', matchedWords: [] });
    expect(highlight('Fender Stratocaster, Black', [], '<mark>', '</mark>')).toEqual({
      value: 'Fender Stratocaster, Black',
      matchLevel: 'none',
      matchedWords: [],
    });
    expect(highlight(null, [])).toEqual({ value: '', matchLevel: 'none', matchedWords: [] });
    expect(highlight(null, ['a'])).toEqual({ value: '', matchLevel: 'none', matchedWords: [] });
    expect(highlight('SSS', ['sss'])).toMatchObject({ fullyHighlighted: true, matchLevel: 'full' });
  });
});

describe('facets asked, pages and the request body', () => {
  it('expands * to every facet', () => {
    expect(requestedFacets(['*'], () => ['brand', 'Color'])).toEqual(['brand', 'Color']);
    expect(requestedFacets('brand', () => [])).toEqual(['brand']);
    expect(requestedFacets(undefined, () => ['brand'])).toEqual([]);
  });
  it('counts pages over the capped hits', () => {
    expect(pageCount(10_000, 64)).toBe(157);
    expect(pageCount(0, 64)).toBe(0);
    expect(pageCount(12, 0)).toBe(0);
  });
  it('reads params as an object or as algoliasearch v4’s URL-encoded string', () => {
    expect(paramsFromString('query=fender&hitsPerPage=20&facets=%5B%22brand%22%5D&page=0')).toEqual({
      query: 'fender',
      hitsPerPage: 20,
      facets: ['brand'],
      page: 0,
    });
    const parsed = searchMultiQuerySchema.parse({
      requests: [
        {
          indexName: 'vsf_product_664',
          params: 'hitsPerPage=5&facetFilters=%5B%5B%22brand%3AFender%22%5D%5D',
        },
      ],
    });
    expect(parsed.requests[0]!.params).toMatchObject({ hitsPerPage: 5, facetFilters: [['brand:Fender']] });
  });
  it('refuses bad bodies with a message per field', () => {
    for (const bad of [
      {},
      { requests: [] },
      { requests: [{ indexName: 'x' }] },
      { requests: [{ indexName: 'vsf_product_1', params: { hitsPerPage: 1001 } }] },
      { requests: [{ indexName: 'vsf_product_1', params: { page: -1 } }] },
      { requests: [{ indexName: 'vsf_product_1', params: { facets: [1] } }] },
      { requests: [{ indexName: 'vsf_product_1', params: { query: 'a\u0000b' } }] },
    ]) {
      const result = searchMultiQuerySchema.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message ?? '').not.toBe('');
    }
  });
});
