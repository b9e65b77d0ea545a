// Typed-array helpers of the facet index (facet-index.ts): growing and trimming, sorted-list intersection,
// the k smallest, and a stable radix order. The build's loops over a million products are written as
// generators that yield every STEP items, so that the caller (facet-indexes.ts) lets requests run between
// the steps: a build never holds the event loop for more than a few milliseconds at a time.

export const NONE = new Int32Array(0);

/** How many items a build step handles before it yields. */
export const STEP = 65_536;

/** The array with room for `size` items: half as much again as it had when it must grow. */
export function grow<T extends Int32Array | Float64Array | Uint8Array | Uint32Array>(
  array: T,
  size: number,
): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(
    Math.max(size, array.length + (array.length >> 1) + 1024),
  );
  next.set(array);
  return next;
}

/** The array cut to `size` items (a copy: the spare room of the build is given back). */
export function trimmed<T extends Int32Array | Float64Array | Uint8Array>(array: T, size: number): T {
  return array.slice(0, size) as T;
}

/** The k smallest keys' items (any order), by a bounded max-heap: O(n log k), k ≪ n. */
export function smallestK(items: ArrayLike<number>, key: (item: number) => number, k: number): number[] {
  if (k <= 0) return [];
  const heap: number[] = [];
  const keys: number[] = [];
  const swap = (a: number, b: number) => {
    [heap[a], heap[b]] = [heap[b]!, heap[a]!];
    [keys[a], keys[b]] = [keys[b]!, keys[a]!];
  };
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const value = key(item);
    if (heap.length === k) {
      if (value >= keys[0]!) continue;
      heap[0] = item;
      keys[0] = value;
      for (let at = 0; ; ) {
        const l = 2 * at + 1;
        const r = l + 1;
        let big = at;
        if (l < k && keys[l]! > keys[big]!) big = l;
        if (r < k && keys[r]! > keys[big]!) big = r;
        if (big === at) break;
        swap(at, big);
        at = big;
      }
    } else {
      heap.push(item);
      keys.push(value);
      for (let at = heap.length - 1; at > 0; ) {
        const up = (at - 1) >> 1;
        if (keys[up]! >= keys[at]!) break;
        swap(at, up);
        at = up;
      }
    }
  }
  return heap;
}

/** The ordinals of the list whose bit is set. */
export function probe(list: Int32Array, bits: Uint32Array): Int32Array {
  const out = new Int32Array(list.length);
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const o = list[i]!;
    if (bits[o >> 5]! & (1 << (o & 31))) out[n++] = o;
  }
  return out.subarray(0, n);
}

/**
 * The ordinals whose bit is set in every bitset (ascending), at most `most` of them (the smallest list's
 * length): one AND per 32 products and bitset, then the set bits read lowest first.
 */
export function bitsAnd(bitsets: Uint32Array[], most: number): Int32Array {
  // One tight pass per bitset into a copy of the first (a loop over the others for each word was most of the
  // render's matching time), then the set bits read lowest first.
  const [first, ...others] = bitsets as [Uint32Array, ...Uint32Array[]];
  const words = first.slice();
  for (const other of others) for (let w = 0; w < words.length; w++) words[w]! &= other[w]!;
  const out = new Int32Array(most);
  let n = 0;
  for (let w = 0; w < words.length; w++) {
    let word = words[w]!;
    while (word) {
      const low = word & -word;
      out[n++] = (w << 5) + 31 - Math.clz32(low);
      word ^= low;
    }
  }
  return out.subarray(0, n);
}

/** The ordinals in both sorted lists: a merge walk, or binary searches when one list is far shorter. */
export function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  if (a.length * 16 < b.length) {
    let lo = 0;
    for (let i = 0; i < a.length; i++) {
      const x = a[i]!;
      let hi = b.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (b[mid]! < x) lo = mid + 1;
        else hi = mid - 1;
      }
      if (lo < b.length && b[lo] === x) out[n++] = x;
    }
  } else {
    for (let i = 0, j = 0; i < a.length && j < b.length; ) {
      const x = a[i]!;
      const y = b[j]!;
      if (x === y) {
        out[n++] = x;
        i++;
        j++;
      } else if (x < y) i++;
      else j++;
    }
  }
  return out.subarray(0, n);
}

/** Per item of the order, its position in it. */
export function* positions(order: Int32Array): Generator<void, Int32Array> {
  const at = new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) {
    at[order[i]!] = i;
    if ((i & (STEP - 1)) === STEP - 1) yield;
  }
  return at;
}

const BITS = 11;

/**
 * `order` (a permutation of 0..n-1) stably sorted by `key` of each item (a whole number): an LSD radix sort of
 * key - min in 11-bit digits, so ties keep the order they had. Keys spanning 2^32 or more (or not whole)
 * fall back to a comparison sort, the tie then broken by the position in `order`.
 */
export function* stableOrder(order: Int32Array, key: (item: number) => number): Generator<void, Int32Array> {
  const n = order.length;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let whole = true;
  for (let i = 0; i < n; i++) {
    const k = key(i);
    if (k < min) min = k;
    if (k > max) max = k;
    if (!Number.isInteger(k)) whole = false;
  }
  if (n === 0) return order;
  if (!whole || max - min >= 2 ** 32) {
    const rank = yield* positions(order);
    return Int32Array.from(order).sort((a, b) => key(a) - key(b) || rank[a]! - rank[b]!);
  }
  const keys = new Uint32Array(n);
  for (let i = 0; i < n; i++) keys[i] = key(i) - min;
  yield;
  let from = Int32Array.from(order);
  let to = new Int32Array(n);
  const range = max - min;
  for (let shift = 0; shift < 32 && range >= 2 ** shift; shift += BITS) {
    const at = new Int32Array((1 << BITS) + 1);
    for (let i = 0; i < n; i++) {
      const item = from[i] ?? 0;
      at[((keys[item]! >>> shift) & ((1 << BITS) - 1)) + 1]!++;
    }
    for (let d = 0; d < 1 << BITS; d++) at[d + 1]! += at[d]!;
    yield;
    for (let i = 0; i < n; i++) {
      const item = from[i]!;
      to[at[(keys[item]! >>> shift) & ((1 << BITS) - 1)]!++] = item;
      if ((i & (STEP - 1)) === STEP - 1) yield;
    }
    [from, to] = [to, from];
  }
  return from;
}
