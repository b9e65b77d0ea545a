import { describe, expect, it } from 'vitest';
import {
  averageText,
  centsText,
  FacetIndex,
  type IndexedProduct,
  type IndexFilter,
  priceTest,
  smallestK,
} from './facet-index';

// The facet index's figures against a plain reference: the same filters, counts and orders computed by
// walking an array of products, before and after products are changed, added and removed.

/** Products in name order (the build's order): ids scrambled so name, price and id orders all differ. */
function catalogue(n: number): IndexedProduct[] {
  return Array.from({ length: n }, (_, i) => {
    const id = ((i * 7919) % n) + 1;
    const facets = [1 + (i % 3), 10 + (i % 5), 20 + ((i * 13) % 4)];
    if (i % 4 === 0) facets.push(30); // a value only some products carry
    if (i % 50 === 0) facets.push(40); // values too rare for a bitset
    if (i % 40 === 0) facets.push(41);
    return { productId: id, priceCents: 100 + ((i * 37) % 50) * 25, facetIds: facets.sort((a, b) => a - b) };
  });
}

function passes(p: IndexedProduct, filter: IndexFilter): boolean {
  return (
    filter.groups.every(
      (g) => g.any.some((id) => p.facetIds.includes(id)) || g.none.some((id) => !p.facetIds.includes(id)),
    ) && filter.price.every((tests) => tests.some((test) => test(p.priceCents)))
  );
}

const idsOf = (index: FacetIndex, matches: Int32Array) =>
  index.candidates(matches, 'newest', true, matches.length).sort((a, b) => a - b);

describe('FacetIndex', () => {
  const filters: IndexFilter[] = [
    { groups: [{ any: [2], none: [] }], price: [] },
    {
      groups: [
        { any: [1], none: [] },
        { any: [11, 12], none: [] },
      ],
      price: [],
    },
    { groups: [{ any: [], none: [30] }], price: [[priceTest('>=', 5), priceTest('<', 2)]] },
    {
      groups: [
        { any: [3], none: [] },
        { any: [], none: [21] },
      ],
      price: [[priceTest('<=', 8.5)]],
    },
    { groups: [{ any: [999], none: [] }], price: [] },
    {
      groups: [
        { any: [2], none: [] },
        { any: [40], none: [] },
      ],
      price: [],
    },
    {
      groups: [
        { any: [40], none: [] },
        { any: [41], none: [] },
        { any: [1], none: [] },
      ],
      price: [],
    },
  ];

  it('matches, counts and pages as a walk over the products does, also after changes', () => {
    let products = catalogue(500);
    const index = FacetIndex.build(7, products);
    expect(index.version).toBe(7);
    const check = () => {
      for (const filter of filters) {
        const expected = products.filter((p) => passes(p, filter));
        const matches = index.match(filter);
        expect(idsOf(index, matches)).toEqual(expected.map((p) => p.productId).sort((a, b) => a - b));
        const { counts, stats } = index.count(matches, Number.POSITIVE_INFINITY);
        const reference = new Map<number, number>();
        for (const p of expected)
          for (const id of p.facetIds) reference.set(id, (reference.get(id) ?? 0) + 1);
        expect(new Map([...counts].sort(([a], [b]) => a - b))).toEqual(
          new Map([...reference].sort(([a], [b]) => a - b)),
        );
        expect(stats.n).toBe(expected.length);
        expect(stats.sumCents).toBe(expected.reduce((t, p) => t + p.priceCents, 0));
        // The first 10 by price (then id) are among the candidates for a page of 10.
        const byPrice = [...expected].sort(
          (a, b) => a.priceCents - b.priceCents || a.productId - b.productId,
        );
        const candidates = index.candidates(matches, 'price', false, 10);
        for (const p of byPrice.slice(0, 10)) expect(candidates).toContain(p.productId);
      }
      const all = index.count(null, 0);
      expect(all.stats.n).toBe(products.length);
      expect(index.activeCount()).toBe(products.length);
      const reference = new Map<number, number>();
      for (const p of products) for (const id of p.facetIds) reference.set(id, (reference.get(id) ?? 0) + 1);
      expect(new Map([...all.counts].sort(([a], [b]) => a - b))).toEqual(
        new Map([...reference].sort(([a], [b]) => a - b)),
      );
    };
    check();
    // Another server changed products: one gets new values and a price, one goes, one is new.
    const changed = { productId: products[3]!.productId, priceCents: 1, facetIds: [2, 30, 999] };
    const gone = products[8]!.productId;
    const added = { productId: 10_001, priceCents: 99_999, facetIds: [1, 11, 999] };
    index.update(changed.productId, changed);
    index.update(gone, null);
    index.update(added.productId, added);
    index.update(added.productId, added); // the same state twice changes nothing
    index.update(123_456, null); // a product the index never held
    products = [
      ...products.filter((p) => p.productId !== changed.productId && p.productId !== gone),
      changed,
      added,
    ];
    expect(index.dirtyCount).toBe(3);
    check();
  });

  it('offers the first k of an order and every changed product as a page’s candidates', () => {
    const products = catalogue(200);
    const index = FacetIndex.build(1, products);
    const all = index.candidates(null, 'name', false, 5);
    expect(all).toEqual(products.slice(0, 5).map((p) => p.productId));
    const newest = index.candidates(null, 'newest', true, 3);
    expect(newest).toEqual([200, 199, 198]);
    const cheapest = [...products].sort((a, b) => a.priceCents - b.priceCents || a.productId - b.productId);
    expect(index.candidates(null, 'price', false, 4)).toEqual(cheapest.slice(0, 4).map((p) => p.productId));
    const dearest = [...cheapest].reverse();
    expect(index.candidates(index.all(), 'price', true, 4).sort()).toEqual(
      dearest
        .slice(0, 4)
        .map((p) => p.productId)
        .sort(),
    );
    index.update(products[150]!.productId, { ...products[150]!, priceCents: 0 });
    expect(index.candidates(null, 'price', false, 2)).toContain(products[150]!.productId);
    expect(index.bytes).toBeGreaterThan(0);
  });
});

describe('priceTest', () => {
  it('compares cents with the decimal PostgreSQL receives, exactly', () => {
    const cases: [Parameters<typeof priceTest>, number, boolean][] = [
      [['=', 0.29], 29, true],
      [['=', 0.295], 29, false],
      [['!=', 0.295], 29, true],
      [['<', 0.295], 29, true],
      [['<', 0.29], 29, false],
      [['<=', 0.29], 29, true],
      [['>', 0.285], 29, true],
      [['>', 0.29], 29, false],
      [['>=', 0.285], 29, true],
      [['>=', 0.295], 29, false],
      [['>=', 100], 10_000, true],
      [['>=', -0.5], 0, true],
      [['<', -0.005], -1, true],
      [['<', -0.005], 0, false],
      [['>', 1e21], 10_000, false],
      [['<', 1e-7], 0, true],
      [['>', 1e-7], 0, false],
      [['<=', 1e-7], 0, true],
    ];
    for (const [[operator, value], cents, expected] of cases) {
      expect(priceTest(operator, value)(cents), `${cents} ${operator} ${value}`).toBe(expected);
    }
  });
});

describe('smallestK and the numeric texts', () => {
  it('keeps the k smallest keys', () => {
    const items = Int32Array.from([5, 3, 9, 1, 7, 2, 8]);
    expect(smallestK(items, (x) => x, 3).sort()).toEqual([1, 2, 3]);
    expect(smallestK(items, (x) => -x, 2).sort()).toEqual([8, 9]);
    expect(smallestK(items, (x) => x, 0)).toEqual([]);
    expect(smallestK(items, (x) => x, 99).length).toBe(7);
  });

  it('prints cents and averages as numeric does', () => {
    expect(centsText(1250)).toBe('12.50');
    expect(centsText(5)).toBe('0.05');
    expect(centsText(-5)).toBe('-0.05');
    expect(averageText(3, 2)).toBe('0.01500000000000000000');
    expect(Number(averageText(1000, 3))).toBeCloseTo(3.3333333333, 9);
  });
});
