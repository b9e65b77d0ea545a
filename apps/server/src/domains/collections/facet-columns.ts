/*
 * Per-attribute columns of the facet index (facet-index.ts): for each facet attribute, every product's value of
 * it as a small number local to the attribute (1, 2, ...; 0 for none). They exist for the queries that count
 * one or a few facets over many matches, above all InstantSearch's disjunctive facet queries (the hits query
 * with one facet's refinement left out, asking only that facet): tens of thousands of matches whose other
 * facet ids (about a dozen each) need not be read. Counting one facet is then one read of a 2-byte cell per
 * match into a counts array the size of the attribute's values, which stays in the cache; walking each
 * match's facet ids in the shared pool is a random read of a 48-byte span per match (the pool of a million
 * products is ~50 MB). A product with two or more values of one attribute (an attribute whose value list has
 * several entries) is marked in the column and its values are kept aside.
 */

/** What a cell holds when the product has several values of the attribute (kept in `multi`). */
const MULTI16 = 0xffff;
const MULTI32 = -1;

interface Column {
  /** The facet id of each local number (index 0 unused: no value). */
  ids: number[];
  /** Per ordinal: 0 (no value), a local number, or the multi mark. Uint16 until the values outgrow it. */
  values: Uint16Array | Int32Array;
  mark: number;
  /** The local numbers of the ordinals with several values of the attribute. */
  multi: Map<number, number[]>;
}

export class FacetColumns {
  private columns: Column[] = [];
  private byName = new Map<string, number>();
  /** Per facet id: its column + 1 (0: not looked up yet), and its local number there. */
  private slotOf = new Int32Array(0);
  private localOf = new Int32Array(0);
  /** Ordinals the columns have room for. */
  private size = 0;
  /**
   * False once a facet id was written whose attribute the dictionary did not know: its column lacks that
   * value, so counts must walk the pool instead (until the next build).
   */
  complete = true;

  constructor(private readonly attributeOf: (facetId: number) => string | undefined) {}

  /** Room for `size` ordinals in every column (new ones hold no value). */
  reserve(size: number): void {
    if (size <= this.size) return;
    const room = Math.max(size, this.size + (this.size >> 1) + 1024);
    for (const column of this.columns) column.values = widened(column.values, room);
    this.size = room;
  }

  /** The ordinal's values: `ids` (facet ids) are what it now carries; the cells must be clear (0). */
  set(o: number, ids: ArrayLike<number>, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const id = ids[i]!;
      const slot = this.slotFor(id);
      if (slot < 0) {
        this.complete = false;
        continue;
      }
      const column = this.columns[slot]!;
      const local = this.localOf[id]!;
      const now = column.values[o]!;
      if (now === 0) column.values[o] = local;
      else if (now === column.mark) column.multi.get(o)!.push(local);
      else {
        column.multi.set(o, [now, local]);
        column.values[o] = column.mark;
      }
    }
  }

  /** Clears the ordinal's cells of the attributes of `ids` (what it carried). */
  clear(o: number, ids: ArrayLike<number>, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const slot = (this.slotOf[ids[i] ?? 0] ?? 0) - 1;
      if (slot < 0) continue;
      const column = this.columns[slot]!;
      column.values[o] = 0;
      column.multi.delete(o);
    }
  }

  /** The column of the facet id's attribute, made (and the id numbered in it) when first met; -1 if unknown. */
  private slotFor(id: number): number {
    if (id < this.slotOf.length && this.slotOf[id]! > 0) return this.slotOf[id]! - 1;
    const attribute = this.attributeOf(id);
    if (attribute === undefined) return -1;
    if (id >= this.slotOf.length) {
      const room = Math.max(id + 1, this.slotOf.length * 2, 1024);
      const slots = new Int32Array(room);
      slots.set(this.slotOf);
      const locals = new Int32Array(room);
      locals.set(this.localOf);
      this.slotOf = slots;
      this.localOf = locals;
    }
    let slot = this.byName.get(attribute);
    if (slot === undefined) {
      slot = this.columns.length;
      this.columns.push({ ids: [0], values: new Uint16Array(this.size), mark: MULTI16, multi: new Map() });
      this.byName.set(attribute, slot);
    }
    const column = this.columns[slot]!;
    if (column.ids.length === MULTI16 && column.mark === MULTI16) {
      // A 65,535th value: the cells become 4 bytes (the multi mark with them).
      const wide = new Int32Array(column.values.length);
      for (let o = 0; o < wide.length; o++) {
        const v = column.values[o]!;
        wide[o] = v === MULTI16 ? MULTI32 : v;
      }
      column.values = wide;
      column.mark = MULTI32;
    }
    this.localOf[id] = column.ids.length;
    column.ids.push(id);
    this.slotOf[id] = slot + 1;
    return slot;
  }

  /**
   * The counts of the attributes' values (by facet id) over the first `end` of `matches`, or null when the
   * columns cannot say (a value of an unknown attribute was written: the caller walks the pool).
   */
  count(matches: Int32Array, end: number, attributes: readonly string[]): Map<number, number> | null {
    if (!this.complete) return null;
    const counts = new Map<number, number>();
    for (const attribute of new Set(attributes)) {
      const slot = this.byName.get(attribute);
      if (slot === undefined) continue; // no product has a value of it
      const { ids, values, mark, multi } = this.columns[slot]!;
      const tally = new Int32Array(ids.length + 1);
      const extra = ids.length; // the multi mark's cell, read but never reported
      if (multi.size === 0) {
        // The hot loop of a disjunctive query: one 2-byte read per match (the multi mark cannot occur).
        for (let m = 0; m < end; m++) {
          const v = values[matches[m] ?? 0] ?? 0;
          tally[v]!++;
        }
      } else {
        for (let m = 0; m < end; m++) {
          const o = matches[m]!;
          const v = values[o]!;
          if (v !== mark) tally[v]!++;
          else {
            tally[extra]!++;
            for (const local of multi.get(o)!) tally[local]!++;
          }
        }
      }
      for (let local = 1; local < ids.length; local++)
        if (tally[local]! > 0) counts.set(ids[local]!, tally[local]!);
    }
    return counts;
  }

  get bytes(): number {
    let total = this.slotOf.byteLength + this.localOf.byteLength;
    for (const column of this.columns)
      total += column.values.byteLength + column.ids.length * 8 + column.multi.size * 48;
    return total;
  }
}

function widened<T extends Uint16Array | Int32Array>(array: T, size: number): T {
  const next = new (array.constructor as new (n: number) => T)(size);
  next.set(array);
  return next;
}
