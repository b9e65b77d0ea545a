/**
 * Barcode lookups are the hottest read in a warehouse (every scan), and on the embedded database every
 * query waits its turn. This keeps recent answers per account in memory. Any write to an account's
 * divisions or warehouses bumps that account's generation, so a stale answer is never served by this
 * process; the TTL bounds staleness should several processes ever share one PostgreSQL database.
 */
export class DivisionLookupCache<T> {
  private readonly entries = new Map<string, { value: T | null; generation: number; until: number }>();
  private readonly generations = new Map<number, number>();

  constructor(
    private readonly maxEntries = 50_000,
    private readonly ttlMs = 5 * 60_000,
  ) {}

  /** The cached answer (null: known not to exist), or undefined when it must be looked up. */
  get(accountId: number, barcode: string): T | null | undefined {
    const key = `${accountId}:${barcode}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== this.generation(accountId) || entry.until < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-insert so the Map's order is least recently used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores an answer read at `generation` (taken before the read, so a write during it wins). */
  set(accountId: number, barcode: string, value: T | null, generation: number): void {
    if (generation !== this.generation(accountId)) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(`${accountId}:${barcode}`, { value, generation, until: Date.now() + this.ttlMs });
  }

  generation(accountId: number): number {
    return this.generations.get(accountId) ?? 0;
  }

  /** Call after a committed change to any division or warehouse of the account. */
  invalidate(accountId: number): void {
    this.generations.set(accountId, this.generation(accountId) + 1);
  }
}
