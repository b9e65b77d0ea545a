import type { NumericOperator } from '@backroom/shared';
import {
  bitsAnd,
  grow,
  intersect,
  NONE,
  positions,
  probe,
  STEP,
  smallestK,
  stableOrder,
  trimmed,
} from './facet-arrays';
import { FacetColumns } from './facet-columns';

/*
 * The in-process facet index of one account's storefront search (POST /api/v2/searchkit/proxy): why it exists
 * and how it stays right.
 *
 * A refined query matches thousands to tens of thousands of a million products, and its facet counts need
 * every match's facet values. In PostgreSQL that is reading each matching row (its facet_ids array) and
 * grouping them: tens of milliseconds of database CPU per query, several queries per InstantSearch render,
 * whatever the indexes. Here the same figures are array walks over memory the process already holds:
 * - every active product gets a dense ordinal (in name order, the default sort), with its price in cents and
 *   its sorted facet ids in one shared pool (a CSR layout: start and length per ordinal);
 * - every facet id has a posting list (the sorted ordinals that carry it), so a refinement reads only the
 *   products of its most selective group and checks the other filters on each of them;
 * - counts walk the matches' facet ids (about a dozen each) into a scratch array; the unrefined counts
 *   (the screen as it opens) are kept up to date as products change, never counted per request;
 * - a page of hits is the first K matches in the sort's order (name: the ordinal; price and newest: a
 *   position array), which SQL then reads (and orders exactly) by id.
 * The database stays the truth: every write of product_search is logged per account with a version
 * (product_search_versions / product_search_changes, kept by triggers), each request reads the version (one
 * primary-key lookup) and brings the index up to date by re-reading the products logged since. A changed or
 * new product becomes "dirty": the posting lists and orders built before do not hold it, so every query
 * checks the dirty products one by one and offers them to the page as candidates, until the index is built
 * again (facet-indexes.ts rebuilds once too many are dirty).
 */

/** A product as the index holds it: facetIds sorted ascending (product_search.facet_ids). */
export interface IndexedProduct {
  productId: number;
  priceCents: number;
  facetIds: readonly number[];
}

/** One top-level facetFilters entry: true when the product carries one of `any` or lacks one of `none`. */
export interface FacetGroup {
  any: readonly number[];
  none: readonly number[];
}

/** A test of the price in cents (one numericFilters comparison, made exact once). */
export type PriceTest = (cents: number) => boolean;

export interface IndexFilter {
  /** Every group must hold. */
  groups: readonly FacetGroup[];
  /** Every inner list must have one test that holds (numericFilters). */
  price: readonly (readonly PriceTest[])[];
}

export interface PriceStats {
  n: number;
  minCents: number;
  maxCents: number;
  sumCents: number;
}

export type IndexOrder = 'name' | 'price' | 'newest';

/**
 * `price op value` as PostgreSQL answers it for a numeric(12,2) price and the value as the decimal the driver
 * sends (String(value)), on integer cents: 100·value is an exact rational; an integer bound compares as it
 * is, otherwise = is never true, != always, and the inequalities move to the integer on their side.
 */
export function priceTest(operator: NumericOperator, value: number): PriceTest {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(String(value));
  if (!match) return () => false;
  const [, sign, whole, fraction = '', exponentText = '0'] = match;
  // value = digits · 10^(exponent - fraction.length); 100·value = digits · 10^shift
  let digits = BigInt(`${whole}${fraction}`) * (sign ? -1n : 1n);
  const shift = Number(exponentText) - fraction.length + 2;
  let floor: bigint;
  let exact: boolean;
  if (shift >= 0) {
    digits *= 10n ** BigInt(shift);
    floor = digits;
    exact = true;
  } else {
    const d = 10n ** BigInt(-shift);
    floor = digits / d;
    if (digits % d !== 0n && digits < 0n) floor -= 1n; // BigInt division truncates toward zero
    exact = floor * d === digits;
  }
  const f = Number(floor);
  const c = exact ? f : f + 1; // the ceiling
  switch (operator) {
    case '=':
      return exact ? (cents) => cents === f : () => false;
    case '!=':
      return exact ? (cents) => cents !== f : () => true;
    case '<':
      return exact ? (cents) => cents < f : (cents) => cents <= f;
    case '<=':
      return (cents) => cents <= f;
    case '>':
      return exact ? (cents) => cents > f : (cents) => cents >= c;
    case '>=':
      return (cents) => cents >= c;
  }
}

/**
 * A query counting at most this many facets reads their columns (one cell per match each) rather than every
 * facet id of its matches (about a dozen): beyond it the walk of each match's facet span costs less.
 */
const COLUMN_FACETS = 3;

export class FacetIndex {
  /** The product_search_versions version this index holds every change up to. */
  version: number;
  private size = 0;
  /** Ordinals below this were laid out by the build: in the posting lists and the orders. */
  private built = 0;
  private laidOut = false;
  private productIds = new Int32Array(0);
  private prices = new Float64Array(0);
  private active = new Uint8Array(0);
  private dirtyFlags = new Uint8Array(0);
  private dirtyList: number[] = [];
  /** Per ordinal, side by side (one cache line read per product when counting): [start in pool, length]. */
  private facetSpans = new Int32Array(0);
  private pool = new Int32Array(0);
  private poolSize = 0;
  /** The largest facet id in the pool: the scratch counts have room for it. */
  private maxFacetId = 0;
  /** Built ordinals sorted by product id, for finding an ordinal (and the newest order). */
  private byId: Int32Array = NONE;
  private idPosition: Int32Array = NONE;
  private byPrice: Int32Array = NONE;
  private pricePosition: Int32Array = NONE;
  /** Per facet id: where its posting list starts in `postings` (postingStart[id + 1] ends it). */
  private postingStart: Int32Array = NONE;
  private postings: Int32Array = NONE;
  /** Per facet id carried by at least 1/16 of the built products: its posting list as a bitset too. */
  private bitsets = new Map<number, Uint32Array>();
  /** Each attribute's values per ordinal (facet-columns.ts): what a count of one or a few facets reads. */
  private columns: FacetColumns;
  /** Ordinals appended after the build (new products), by product id. */
  private appended = new Map<number, number>();
  /** The unrefined counts: active products per facet id, and their prices. */
  private allCounts = new Map<number, number>();
  private allStats: PriceStats | null = null;
  private scratch = new Int32Array(0);
  private stamps = new Uint32Array(0);
  private stamp = 0;

  private constructor(version: number, attributeOf: (facetId: number) => string | undefined) {
    this.version = version;
    this.columns = new FacetColumns(attributeOf);
  }

  /**
   * Builds the index from the account's active products, given in name order (then product id). `attributeOf`
   * names a facet id's attribute (the facet dictionary); without it, counts walk each match's facet ids.
   */
  static build(
    version: number,
    products: Iterable<IndexedProduct>,
    attributeOf: (facetId: number) => string | undefined = () => undefined,
  ): FacetIndex {
    const builder = FacetIndex.builder(attributeOf);
    for (const product of products) builder.add(product);
    const steps = builder.layOut(version);
    for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
  }

  /**
   * The same, products given a chunk at a time (a million are never held as objects at once), then laid out
   * in steps: the caller may let other work run at each yield (facet-indexes.ts does, between requests).
   */
  static builder(attributeOf: (facetId: number) => string | undefined): {
    add(product: IndexedProduct): void;
    layOut(version: number): Generator<void, FacetIndex>;
  } {
    const index = new FacetIndex(0, attributeOf);
    return {
      add: (product) => {
        index.append(product);
      },
      layOut: function* (version) {
        index.version = version;
        yield* index.layOut();
        return index;
      },
    };
  }

  get productCount(): number {
    return this.size;
  }

  get dirtyCount(): number {
    return this.dirtyList.length;
  }

  /** Bytes held by the typed arrays (the figure a rebuild's memory is judged by). */
  get bytes(): number {
    const arrays = [
      this.productIds,
      this.prices,
      this.active,
      this.dirtyFlags,
      this.facetSpans,
      this.pool,
      this.byId,
      this.idPosition,
      this.byPrice,
      this.pricePosition,
      this.postingStart,
      this.postings,
      this.scratch,
      this.stamps,
    ];
    const bitsets = [...this.bitsets.values()].reduce((total, a) => total + a.byteLength, 0);
    return arrays.reduce((total, a) => total + a.byteLength, bitsets + this.columns.bytes);
  }

  private append(product: IndexedProduct): number {
    const o = this.size++;
    this.productIds = grow(this.productIds, this.size);
    this.prices = grow(this.prices, this.size);
    this.active = grow(this.active, this.size);
    this.dirtyFlags = grow(this.dirtyFlags, this.size);
    this.facetSpans = grow(this.facetSpans, 2 * this.size);
    this.productIds[o] = product.productId;
    this.write(o, product);
    return o;
  }

  /** Writes the product's state at ordinal o (its columns too once the index is laid out). */
  private write(o: number, product: IndexedProduct): void {
    const ids = product.facetIds;
    if (this.laidOut) {
      // The cells of what it carried are cleared (a new ordinal's span is empty).
      const from = this.facetSpans[2 * o]!;
      this.columns.clear(o, this.pool, from, from + this.facetSpans[2 * o + 1]!);
      this.columns.reserve(this.size);
    }
    this.pool = grow(this.pool, this.poolSize + ids.length);
    this.facetSpans[2 * o] = this.poolSize;
    this.facetSpans[2 * o + 1] = ids.length;
    for (const id of ids) {
      this.pool[this.poolSize++] = id;
      if (id > this.maxFacetId) this.maxFacetId = id;
    }
    if (this.laidOut) this.columns.set(o, this.pool, this.poolSize - ids.length, this.poolSize);
    this.prices[o] = product.priceCents;
    this.active[o] = 1;
  }

  /** The posting lists, columns and orders of every ordinal so far; the unrefined counts. In steps. */
  private *layOut(): Generator<void, void> {
    const n = this.size;
    this.productIds = trimmed(this.productIds, n);
    this.prices = trimmed(this.prices, n);
    this.active = trimmed(this.active, n);
    this.dirtyFlags = trimmed(this.dirtyFlags, n);
    this.facetSpans = trimmed(this.facetSpans, 2 * n);
    this.pool = trimmed(this.pool, this.poolSize);
    yield;
    const { pool, facetSpans } = this;
    const maxId = this.maxFacetId;
    const start = new Int32Array(maxId + 2);
    for (let i = 0; i < this.poolSize; i++) start[pool[i]! + 1]!++;
    for (let id = 0; id <= maxId; id++) start[id + 1]! += start[id]!;
    yield;
    const fill = start.slice(0, maxId + 1);
    const postings = new Int32Array(this.poolSize);
    this.columns.reserve(n);
    for (let o = 0; o < n; o++) {
      const from = facetSpans[2 * o]!;
      const to = from + facetSpans[2 * o + 1]!;
      for (let i = from; i < to; i++) postings[fill[pool[i]!]!++] = o;
      this.columns.set(o, pool, from, to);
      if ((o & (STEP - 1)) === STEP - 1) yield;
    }
    this.postingStart = start;
    this.postings = postings;
    this.bitsets = new Map();
    for (let id = 0; id <= maxId; id++) {
      if ((start[id + 1]! - start[id]!) * 16 < n) continue;
      const bits = new Uint32Array((n >> 5) + 1);
      for (let i = start[id]!; i < start[id + 1]!; i++) bits[postings[i]! >> 5]! |= 1 << (postings[i]! & 31);
      this.bitsets.set(id, bits);
      yield;
    }
    const identity = new Int32Array(n);
    for (let o = 0; o < n; o++) identity[o] = o;
    this.byId = yield* stableOrder(identity, (o) => this.productIds[o]!);
    this.idPosition = yield* positions(this.byId);
    // Ties by product id: sorting the id order stably keeps them in it.
    this.byPrice = yield* stableOrder(this.byId, (o) => this.prices[o]!);
    this.pricePosition = yield* positions(this.byPrice);
    this.allCounts = new Map();
    for (let id = 0; id <= maxId; id++) {
      const count = start[id + 1]! - start[id]!;
      if (count > 0) this.allCounts.set(id, count);
    }
    this.allStats = null;
    this.built = n;
    this.laidOut = true;
  }

  private ordinalOf(productId: number): number | undefined {
    let lo = 0;
    let hi = this.built - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const o = this.byId[mid] ?? 0;
      const id = this.productIds[o] ?? 0;
      if (id === productId) return o;
      if (id < productId) lo = mid + 1;
      else hi = mid - 1;
    }
    return this.appended.get(productId);
  }

  /**
   * Brings a product to its state at `version`: `product` as it now is, or null when it is no longer an active
   * product of the account (deleted, deactivated, moved). Applying one state twice changes nothing.
   */
  update(productId: number, product: IndexedProduct | null): void {
    let o = this.ordinalOf(productId);
    if (o === undefined) {
      if (!product) return;
      o = this.append(product);
      this.appended.set(productId, o);
      this.adjust(o, 1);
    } else {
      if (this.active[o]) this.adjust(o, -1);
      if (product) {
        this.write(o, product);
        this.adjust(o, 1);
      } else {
        this.active[o] = 0;
      }
    }
    if (!this.dirtyFlags[o]) {
      this.dirtyFlags[o] = 1;
      this.dirtyList.push(o);
    }
    this.allStats = null;
  }

  private adjust(o: number, by: 1 | -1): void {
    for (let i = this.facetSpans[2 * o]!, end = i + this.facetSpans[2 * o + 1]!; i < end; i++) {
      const id = this.pool[i]!;
      const n = (this.allCounts.get(id) ?? 0) + by;
      if (n === 0) this.allCounts.delete(id);
      else this.allCounts.set(id, n);
    }
  }

  private carries(o: number, id: number): boolean {
    for (let i = this.facetSpans[2 * o]!, end = i + this.facetSpans[2 * o + 1]!; i < end; i++) {
      const f = this.pool[i]!;
      if (f === id) return true;
      if (f > id) return false;
    }
    return false;
  }

  private passes(o: number, filter: IndexFilter): boolean {
    for (const group of filter.groups) {
      if (!group.any.some((id) => this.carries(o, id)) && !group.none.some((id) => !this.carries(o, id)))
        return false;
    }
    const cents = this.prices[o]!;
    return filter.price.every((tests) => tests.some((test) => test(cents)));
  }

  private postingList(id: number): Int32Array {
    if (id + 1 >= this.postingStart.length) return NONE;
    return this.postings.subarray(this.postingStart[id]!, this.postingStart[id + 1]!);
  }

  /** The active products that pass the filter, as ordinals (built ones in ascending order, then dirty ones). */
  match(filter: IndexFilter): Int32Array {
    // Groups of one required value: their posting lists intersected (sorted ordinals, smallest first).
    const required = filter.groups.filter((g) => g.none.length === 0 && g.any.length === 1);
    const rest = filter.groups.filter((g) => !required.includes(g));
    const rested: IndexFilter = { groups: rest, price: filter.price };
    // The values carried by many products are probed in their bitsets, the others merged; when every one
    // is that common, their bitsets are ANDed a word (32 products) at a time instead.
    const values = required.map((g) => g.any[0]!);
    values.sort((a, b) => this.postingList(a).length - this.postingList(b).length);
    const dense = values.map((id) => this.bitsets.get(id));
    let candidates: Int32Array | null = null;
    if (values.length > 1 && dense.every((bits) => bits)) {
      candidates = bitsAnd(dense as Uint32Array[], this.postingList(values[0]!).length);
    } else if (values.length) {
      candidates = this.postingList(values[0]!);
      for (const [i, id] of values.entries()) {
        if (i === 0) continue;
        const bits = dense[i];
        candidates = bits ? probe(candidates, bits) : intersect(candidates, this.postingList(id));
      }
    }
    if (!candidates) {
      // Else the products of the most selective group that holds only required values (an OR of them).
      let smallest = Number.POSITIVE_INFINITY;
      for (const group of rest) {
        if (group.none.length) continue;
        const found = group.any.map((id) => this.postingList(id));
        const total = found.reduce((t, l) => t + l.length, 0);
        if (total < smallest) {
          smallest = total;
          candidates = this.union(found);
        }
      }
    }
    const checks = rest.length > 0 || filter.price.length > 0;
    const dirty = this.dirtyList;
    // Nothing left to check and nothing changed since the build: the candidates are the matches.
    if (candidates && !checks && dirty.length === 0) return candidates;
    const found = candidates ?? null;
    const out = new Int32Array((found ? found.length : this.built) + dirty.length);
    let n = 0;
    if (!found) {
      for (let o = 0; o < this.built; o++) if (!this.dirtyFlags[o] && this.passes(o, rested)) out[n++] = o;
    } else {
      for (let i = 0; i < found.length; i++) {
        const o = found[i]!;
        if (!this.dirtyFlags[o] && (!checks || this.passes(o, rested))) out[n++] = o;
      }
    }
    for (const o of dirty) if (this.active[o] && this.passes(o, filter)) out[n++] = o;
    return out.subarray(0, n);
  }

  /** The ordinals of any of the lists, each once. */
  private union(lists: Int32Array[]): Int32Array {
    if (lists.length === 1) return lists[0]!;
    const stamp = this.nextStamp();
    const out: number[] = [];
    for (const list of lists) {
      for (let i = 0; i < list.length; i++) {
        const o = list[i]!;
        if (this.stamps[o] === stamp) continue;
        this.stamps[o] = stamp;
        out.push(o);
      }
    }
    return Int32Array.from(out);
  }

  private nextStamp(): number {
    this.stamps = grow(this.stamps, this.size);
    if (++this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /** Every active product (the unrefined query). */
  all(): Int32Array {
    return this.match({ groups: [], price: [] });
  }

  /**
   * Facet id counts and price figures (unless withPrice is false: a product's price is one more memory read)
   * over the first `limit` of `matches` (all of them when null). With `attributes` (the facets asked), a query
   * asking at most COLUMN_FACETS of them reads their columns only (facet-columns.ts: a disjunctive facet
   * query), and the counts hold only their values; otherwise every facet id of each match is counted.
   */
  count(
    matches: Int32Array | null,
    limit: number,
    withPrice = true,
    attributes?: readonly string[],
  ): { counts: Map<number, number>; stats: PriceStats } {
    if (!matches) return { counts: this.allCounts, stats: this.unrefinedStats() };
    const end = Math.min(matches.length, limit);
    const fromColumns =
      attributes && attributes.length <= COLUMN_FACETS ? this.columns.count(matches, end, attributes) : null;
    if (fromColumns) {
      const stats: PriceStats = { n: 0, minCents: Infinity, maxCents: -Infinity, sumCents: 0 };
      if (withPrice) for (let m = 0; m < end; m++) addPrice(stats, this.prices[matches[m] ?? 0]!);
      stats.n = end;
      return { counts: fromColumns, stats };
    }
    // The hot loop of a refined query (about a dozen facet ids per match): arrays held in locals, the
    // scratch counts sized for every id first.
    this.scratch = grow(this.scratch, Math.max(this.postingStart.length, this.maxFacetId + 1));
    const scratch = this.scratch;
    const { pool, facetSpans, prices } = this;
    const touched: number[] = [];
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    let sum = 0;
    for (let m = 0; m < end; m++) {
      const o = matches[m]!;
      for (let i = facetSpans[2 * o]!, stop = i + facetSpans[2 * o + 1]!; i < stop; i++) {
        const id = pool[i]!;
        if (scratch[id]!++ === 0) touched.push(id);
      }
      if (!withPrice) continue;
      const cents = prices[o]!;
      if (cents < min) min = cents;
      if (cents > max) max = cents;
      sum += cents;
    }
    const counts = new Map<number, number>();
    for (const id of touched) {
      counts.set(id, scratch[id]!);
      scratch[id] = 0;
    }
    return { counts, stats: { n: end, minCents: min, maxCents: max, sumCents: sum } };
  }

  private unrefinedStats(): PriceStats {
    if (!this.allStats) {
      const stats: PriceStats = { n: 0, minCents: Infinity, maxCents: -Infinity, sumCents: 0 };
      for (let o = 0; o < this.size; o++) if (this.active[o]) addPrice(stats, this.prices[o]!);
      this.allStats = stats;
    }
    return this.allStats;
  }

  /** How many active products there are (the unrefined nbHits). */
  activeCount(): number {
    return this.unrefinedStats().n;
  }

  /**
   * The product ids a page ending at `k` (offset + hitsPerPage) must be taken from, in the given order: the
   * first k clean matches, and every dirty match (its place in the order is not known here). The caller
   * orders these exactly (SQL) and cuts the page.
   */
  candidates(matches: Int32Array | null, order: IndexOrder, descending: boolean, k: number): number[] {
    const position = (o: number) => {
      const p = order === 'name' ? o : order === 'price' ? this.pricePosition[o]! : this.idPosition[o]!;
      return descending ? -p : p;
    };
    const out: number[] = [];
    if (!matches) {
      // Every product matches: walk the order from its start until k clean active ones are found.
      const list = order === 'name' ? null : order === 'price' ? this.byPrice : this.byId;
      for (let i = 0; i < this.built && out.length < k; i++) {
        const at = descending ? this.built - 1 - i : i;
        const o = list ? list[at]! : at;
        if (this.active[o] && !this.dirtyFlags[o]) out.push(o);
      }
      for (const o of this.dirtyList) if (this.active[o]) out.push(o);
    } else {
      const clean = matches.filter((o) => !this.dirtyFlags[o]);
      out.push(...smallestK(clean, position, k));
      for (const o of matches) if (this.dirtyFlags[o]) out.push(o);
    }
    return out.map((o) => this.productIds[o]!);
  }
}

function addPrice(stats: PriceStats, cents: number): void {
  stats.n++;
  if (cents < stats.minCents) stats.minCents = cents;
  if (cents > stats.maxCents) stats.maxCents = cents;
  stats.sumCents += cents;
}

/** Cents as PostgreSQL prints a numeric with two decimals ('-0.05', '12.50'). */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** sumCents / n / 100 as a decimal with 20 places (what numeric avg prints, to the digits a double keeps). */
export function averageText(sumCents: number, n: number): string {
  const scaled = (BigInt(sumCents) * 10n ** 18n * 2n + BigInt(n)) / (2n * BigInt(n)); // rounded half up
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(21, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -20)}.${digits.slice(-20)}`;
}
