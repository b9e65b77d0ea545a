import { describe, expect, it } from 'vitest';
import { bitsAnd, smallestK, stableOrder } from './facet-arrays';
import {
  averageText,
  centsText,
  FacetIndex,
  type IndexedProduct,
  type IndexFilter,
  priceTest,
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

const filters: IndexFilter[] = [
  { groups: [{ any: [2], none: [] }], price: [] },
  // Values common enough to have bitsets, all of them: ANDed.
  {
    groups: [
      { any: [1], none: [] },
      { any: [12], none: [] },
      { any: [30], none: [] },
    ],
    price: [],
  },
  {
    groups: [
      { any: [21], none: [] },
      { any: [2], none: [] },
    ],
    price: [[priceTest('<', 9)]],
  },
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

describe('FacetIndex', () => {
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

/** Facet ids 1-3, 10-14, 20-23, 30 and 40-41 as five attributes (a product may carry 40 and 41 both). */
const attributeOf = (id: number) => (id < 50 ? `a${Math.floor(id / 10)}` : id === 999 ? 'late' : undefined);

/** The counts of the attributes' values among the products, by facet id (the reference walk). */
function attributeCounts(products: IndexedProduct[], attributes: string[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const p of products) {
    for (const id of p.facetIds) {
      if (attributes.includes(attributeOf(id) ?? '')) out.set(id, (out.get(id) ?? 0) + 1);
    }
  }
  return new Map([...out].sort(([a], [b]) => a - b));
}

const sorted = (map: Map<number, number>) => new Map([...map].sort(([a], [b]) => a - b));

describe('FacetIndex counts of one or a few facets (the attribute columns of a disjunctive query)', () => {
  it('count each asked attribute’s values as a walk does, multi-valued ones and changed products too', () => {
    let products = catalogue(600);
    // Two values of one attribute: 10 and 11 (a1), and 40 with 41 (a4) on every 200th product already.
    products[5] = {
      ...products[5]!,
      facetIds: [...new Set([...products[5]!.facetIds, 10, 11])].sort((a, b) => a - b),
    };
    const index = FacetIndex.build(1, products, attributeOf);
    const check = () => {
      for (const filter of [...filters, { groups: [], price: [[priceTest('>', 3)]] }]) {
        const expected = products.filter((p) => passes(p, filter));
        const matches = index.match(filter);
        for (const attributes of [['a0'], ['a1'], ['a4'], ['a2', 'a3'], ['a1', 'a4', 'late'], ['none']]) {
          const { counts, stats } = index.count(matches, Number.POSITIVE_INFINITY, true, attributes);
          expect(sorted(counts), `${attributes} ${JSON.stringify(filter.groups)}`).toEqual(
            attributeCounts(expected, attributes),
          );
          expect(stats.n).toBe(expected.length);
          expect(stats.sumCents).toBe(expected.reduce((t, p) => t + p.priceCents, 0));
        }
        // The first `limit` matches only, as FACET_SCAN_LIMIT cuts a broad query.
        const firstTen = index.count(matches, 10, false, ['a2']);
        const reference = index.count(matches.subarray(0, 10), Number.POSITIVE_INFINITY, false);
        expect(sorted(firstTen.counts)).toEqual(
          new Map([...sorted(reference.counts)].filter(([id]) => attributeOf(id) === 'a2')),
        );
      }
    };
    check();
    // Changes after the build: new values, a value of an attribute first seen now, a second value, one gone.
    const changed = { productId: products[3]!.productId, priceCents: 7, facetIds: [2, 13, 14, 999] };
    const added = { productId: 20_001, priceCents: 5, facetIds: [1, 11, 40, 41, 999] };
    const gone = products[9]!.productId;
    const single = { ...products[5]!, facetIds: [1, 12] }; // back to one value of a1
    index.update(changed.productId, changed);
    index.update(added.productId, added);
    index.update(gone, null);
    index.update(single.productId, single);
    products = products
      .filter((p) => p.productId !== gone)
      .map((p) =>
        p.productId === changed.productId ? changed : p.productId === single.productId ? single : p,
      );
    products.push(added);
    check();
  });

  it('counts right when a facet id’s attribute was not known as it was written (the walk answers)', () => {
    const products = catalogue(100);
    const index = FacetIndex.build(1, products, attributeOf);
    index.update(5_000, { productId: 5_000, priceCents: 1, facetIds: [1, 77] }); // 77: no attribute known
    const all = [...products, { productId: 5_000, priceCents: 1, facetIds: [1, 77] }];
    const matches = index.match({ groups: [{ any: [1], none: [] }], price: [] });
    const { counts } = index.count(matches, Number.POSITIVE_INFINITY, false, ['a0']);
    // The walk counts every facet id: a0's are right among them.
    expect(new Map([...sorted(counts)].filter(([id]) => attributeOf(id) === 'a0'))).toEqual(
      attributeCounts(
        all.filter((p) => p.facetIds.includes(1)),
        ['a0'],
      ),
    );
  });
});

describe('bitsAnd', () => {
  it('finds the ordinals set in every bitset, ascending, for one to four bitsets', () => {
    const n = 5_000;
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x80000000;
    };
    const sets = [0.5, 0.3, 0.9, 0.6].map((share) => {
      const members = new Set<number>();
      for (let o = 0; o < n; o++) if (random() < share || o === n - 1 || o === 31) members.add(o);
      const bits = new Uint32Array((n >> 5) + 1);
      for (const o of members) bits[o >> 5]! |= 1 << (o & 31);
      return { members, bits };
    });
    for (let k = 1; k <= sets.length; k++) {
      const used = sets.slice(0, k);
      const expected: number[] = [];
      for (let o = 0; o < n; o++) if (used.every((s) => s.members.has(o))) expected.push(o);
      const first = used[0]!.bits.slice();
      expect(
        [
          ...bitsAnd(
            used.map((s) => s.bits),
            n,
          ),
        ],
        `${k} bitsets`,
      ).toEqual(expected);
      // The bitsets are read, never changed.
      expect(used[0]!.bits).toEqual(first);
    }
  });
});

describe('stableOrder', () => {
  it('sorts by a whole key keeping ties in their order, wide or negative keys by comparison', () => {
    const run = (order: Int32Array, key: (i: number) => number) => {
      const steps = stableOrder(order, key);
      for (let step = steps.next(); ; step = steps.next()) if (step.done) return [...step.value];
    };
    const keys = [5, 3, 5, 0, 70_000, 3, 2 ** 31 + 7, 5];
    const start = Int32Array.from([7, 6, 5, 4, 3, 2, 1, 0]);
    const expected = [...start].sort(
      (a, b) => keys[a]! - keys[b]! || [...start].indexOf(a) - [...start].indexOf(b),
    );
    expect(run(start, (i) => keys[i]!)).toEqual(expected);
    const wide = [2 ** 40, -3, 0, -3];
    expect(run(Int32Array.from([0, 1, 2, 3]), (i) => wide[i]!)).toEqual([1, 3, 2, 0]);
    const many = Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 1_000);
    const order = run(Int32Array.from(many.keys()), (i) => many[i]!);
    expect(order).toEqual([...many.keys()].sort((a, b) => many[a]! - many[b]! || a - b));
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
