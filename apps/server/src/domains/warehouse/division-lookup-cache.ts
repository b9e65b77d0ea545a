import { type ClusterEvents, inProcessEvents } from '../../db/cluster-events';

/**
 * Barcode lookups are the hottest read in a warehouse (every scan), and a database round trip per scan
 * cannot keep 50 scanners under 5 ms on a small machine. So each account gets a directory: every division
 * barcode of the account in memory, loaded in one query. Until a directory is current (first use, or just
 * after a change) lookups go to the database and their answers are kept in a small LRU.
 *
 * Any committed write to an account's divisions or warehouses bumps the account's generation: a directory
 * or answer read at an older generation is never served. The directory is rebuilt only once the account
 * has been quiet for `quietMs`, so editing a warehouse does not reload it after every click.
 *
 * Several server processes may share one database: `invalidate` goes out as a cluster event, so every
 * process (this one at once) bumps the account's generation, and nothing is served from memory while events
 * could be missed (`events.live`); when they may have been, every account starts again. The TTL only bounds
 * how long an entry lives.
 */
export class DivisionLookupCache<T> {
  private readonly recent = new Map<string, { value: T | null; generation: number; until: number }>();
  /** Generations come from one counter, so a generation is never reused, even after `forgetAll`. */
  private counter = 0;
  /** Every account's generation is at least this: raised by `forgetAll`. */
  private floor = 0;
  private readonly generations = new Map<number, number>();
  private readonly changedAt = new Map<number, number>();
  private readonly directories = new Map<
    number,
    { generation: number; until: number; byBarcode: Map<string, T | (() => T)> | 'too-large' }
  >();
  private readonly building = new Set<number>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  /** Above this many divisions an account is served by the LRU only (memory stays bounded). */
  private readonly directoryLimit: number;
  private readonly quietMs: number;
  private readonly events: ClusterEvents;

  constructor(
    options: {
      maxEntries?: number;
      ttlMs?: number;
      directoryLimit?: number;
      quietMs?: number;
      events?: ClusterEvents;
    } = {},
  ) {
    this.maxEntries = options.maxEntries ?? 50_000;
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.directoryLimit = options.directoryLimit ?? 250_000;
    this.quietMs = options.quietMs ?? 2_000;
    this.events = options.events ?? inProcessEvents();
    this.events.subscribe('divisions', (payload) => this.changed(Number(payload)));
    this.events.onResync(() => this.forgetAll());
  }

  /** The answer (null: known not to exist), or undefined when it must be looked up. */
  get(accountId: number, barcode: string): T | null | undefined {
    if (!this.events.live) return undefined;
    if (this.hasDirectory(accountId)) {
      const directory = this.directories.get(accountId)!.byBarcode as Map<string, T | (() => T)>;
      const entry = directory.get(barcode);
      if (entry === undefined) return null;
      if (typeof entry !== 'function') return entry;
      // Built on its first scan, then kept.
      const value = (entry as () => T)();
      directory.set(barcode, value);
      return value;
    }
    const generation = this.generation(accountId);
    const key = `${accountId}:${barcode}`;
    const entry = this.recent.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation || entry.until < Date.now()) {
      this.recent.delete(key);
      return undefined;
    }
    // Re-insert so the Map's order is least recently used first.
    this.recent.delete(key);
    this.recent.set(key, entry);
    return entry.value;
  }

  /** Stores one answer read at `generation` (taken before the read, so a write during it wins). */
  set(accountId: number, barcode: string, value: T | null, generation: number): void {
    if (generation !== this.generation(accountId) || !this.events.live) return;
    if (this.recent.size >= this.maxEntries) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
    this.recent.set(`${accountId}:${barcode}`, { value, generation, until: Date.now() + this.ttlMs });
  }

  /**
   * Whether the caller should load the account's directory now: it is missing or stale, nobody is
   * loading it, and the account has had no change for `quietMs`. Marks the load as started.
   */
  claimDirectoryBuild(accountId: number): boolean {
    if (this.building.has(accountId) || !this.events.live) return false;
    const directory = this.directories.get(accountId);
    const generation = this.generation(accountId);
    if (directory && directory.generation === generation && directory.until >= Date.now()) return false;
    if (Date.now() - (this.changedAt.get(accountId) ?? 0) < this.quietMs) return false;
    this.building.add(accountId);
    return true;
  }

  /** The most divisions a directory holds; a loader reads one more to know it is too large. */
  get directoryCapacity(): number {
    return this.directoryLimit;
  }

  /**
   * Ends a load claimed with claimDirectoryBuild; `entries` undefined means it failed. A value may be a
   * function that builds it: it runs on the value's first lookup.
   */
  storeDirectory(
    accountId: number,
    generation: number,
    entries: [string, T | (() => T)][] | undefined,
  ): void {
    this.building.delete(accountId);
    if (!entries || generation !== this.generation(accountId)) return;
    this.directories.set(accountId, {
      generation,
      until: Date.now() + this.ttlMs,
      byBarcode: entries.length > this.directoryLimit ? 'too-large' : new Map(entries),
    });
  }

  /** Whether lookups for the account are answered from a current directory. */
  hasDirectory(accountId: number): boolean {
    const directory = this.directories.get(accountId);
    return (
      this.events.live &&
      directory !== undefined &&
      directory.byBarcode !== 'too-large' &&
      directory.generation === this.generation(accountId) &&
      directory.until >= Date.now()
    );
  }

  generation(accountId: number): number {
    return Math.max(this.generations.get(accountId) ?? 0, this.floor);
  }

  /** Call after a committed change to any division or warehouse of the account: every process forgets it. */
  invalidate(accountId: number): void {
    this.events.publish('divisions', String(accountId));
  }

  private changed(accountId: number): void {
    if (!Number.isSafeInteger(accountId)) return;
    this.generations.set(accountId, ++this.counter);
    this.changedAt.set(accountId, Date.now());
    this.directories.delete(accountId);
  }

  /** Changes may have been missed: nothing read so far is served, for any account. */
  private forgetAll(): void {
    this.floor = ++this.counter;
    this.generations.clear();
    this.recent.clear();
    this.directories.clear();
  }
}
