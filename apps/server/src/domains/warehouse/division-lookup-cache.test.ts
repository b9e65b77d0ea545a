import { describe, expect, it } from 'vitest';
import { DivisionLookupCache } from './division-lookup-cache';

describe('DivisionLookupCache', () => {
  it('answers what was stored, per account', () => {
    const cache = new DivisionLookupCache<{ id: number }>();
    cache.set(1, 'MAIN-01', { id: 5 }, cache.generation(1));
    expect(cache.get(1, 'MAIN-01')).toEqual({ id: 5 });
    expect(cache.get(2, 'MAIN-01')).toBeUndefined();
    cache.set(1, 'MAIN-99', null, cache.generation(1));
    expect(cache.get(1, 'MAIN-99')).toBeNull();
  });

  it('forgets an account’s answers when it is invalidated, and refuses answers read before a write', () => {
    const cache = new DivisionLookupCache<{ id: number }>();
    const before = cache.generation(1);
    cache.set(1, 'MAIN-01', { id: 5 }, before);
    cache.set(2, 'OUT-01', { id: 9 }, cache.generation(2));
    cache.invalidate(1);
    expect(cache.get(1, 'MAIN-01')).toBeUndefined();
    expect(cache.get(2, 'OUT-01')).toEqual({ id: 9 });
    cache.set(1, 'MAIN-01', { id: 6 }, before);
    expect(cache.get(1, 'MAIN-01')).toBeUndefined();
  });

  it('drops the least recently used entry when full', () => {
    const cache = new DivisionLookupCache<number>({ maxEntries: 2 });
    cache.set(1, 'A', 1, 0);
    cache.set(1, 'B', 2, 0);
    expect(cache.get(1, 'A')).toBe(1);
    cache.set(1, 'C', 3, 0);
    expect(cache.get(1, 'B')).toBeUndefined();
    expect(cache.get(1, 'A')).toBe(1);
    expect(cache.get(1, 'C')).toBe(3);
  });

  it('expires entries after the TTL', async () => {
    const cache = new DivisionLookupCache<number>({ maxEntries: 10, ttlMs: 5 });
    cache.set(1, 'A', 1, 0);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(cache.get(1, 'A')).toBeUndefined();
  });

  it('serves a whole account from its directory once loaded, and drops it on a change', () => {
    const cache = new DivisionLookupCache<{ id: number }>({ quietMs: 0 });
    expect(cache.claimDirectoryBuild(1)).toBe(true);
    expect(cache.claimDirectoryBuild(1)).toBe(false); // already loading
    cache.storeDirectory(1, cache.generation(1), [['MAIN-01', { id: 5 }]]);
    expect(cache.get(1, 'MAIN-01')).toEqual({ id: 5 });
    expect(cache.get(1, 'MAIN-02')).toBeNull(); // the directory is complete: absent means not found
    expect(cache.claimDirectoryBuild(1)).toBe(false); // current
    cache.invalidate(1);
    expect(cache.get(1, 'MAIN-01')).toBeUndefined();
    expect(cache.claimDirectoryBuild(1)).toBe(true);
  });

  it('discards a directory read before a change, and waits for a quiet account before reloading', () => {
    const cache = new DivisionLookupCache<{ id: number }>({ quietMs: 60_000 });
    expect(cache.claimDirectoryBuild(1)).toBe(true); // never changed: quiet
    const before = cache.generation(1);
    cache.invalidate(1);
    cache.storeDirectory(1, before, [['MAIN-01', { id: 5 }]]);
    expect(cache.get(1, 'MAIN-01')).toBeUndefined();
    expect(cache.claimDirectoryBuild(1)).toBe(false); // changed just now
  });

  it('keeps no directory for an account above the limit', () => {
    const cache = new DivisionLookupCache<number>({ directoryLimit: 1, quietMs: 0 });
    expect(cache.claimDirectoryBuild(1)).toBe(true);
    cache.storeDirectory(1, 0, [
      ['A', 1],
      ['B', 2],
    ]);
    expect(cache.get(1, 'A')).toBeUndefined();
    expect(cache.claimDirectoryBuild(1)).toBe(false);
  });
});

describe('DivisionLookupCache directory values', () => {
  it('builds a lazy value on its first lookup only', () => {
    const cache = new DivisionLookupCache<{ id: number }>({ quietMs: 0 });
    let built = 0;
    cache.claimDirectoryBuild(1);
    cache.storeDirectory(1, 0, [['MAIN-01', () => ({ id: ++built })]]);
    expect(cache.get(1, 'MAIN-01')).toEqual({ id: 1 });
    expect(cache.get(1, 'MAIN-01')).toEqual({ id: 1 });
    expect(built).toBe(1);
  });
});
