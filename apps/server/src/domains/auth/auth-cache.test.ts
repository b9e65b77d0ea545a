import { describe, expect, it } from 'vitest';
import { type ClusterEvents, inProcessEvents } from '../../db/cluster-events';
import { AuthCache, type AuthContext } from './auth-cache';

const context = (sessionId: string): AuthContext => ({
  sessionId,
  userId: 1,
  user: { id: 1, firstName: 'Ada', lastName: 'Admin', email: 'admin@backroom.local' },
  accountId: 1,
  accounts: [{ id: 1, name: 'Demo Music Co', utcOffset: '-06:00' }],
  roles: [],
  permissionGroups: [],
  expiresAt: Date.now() + 60_000,
});

describe('AuthCache', () => {
  it('keeps a session read after a miss, and forgets it on delete or clear', () => {
    const cache = new AuthCache();
    expect(cache.get('s1')).toBeUndefined();
    cache.set(context('s1'));
    expect(cache.get('s1')?.sessionId).toBe('s1');
    cache.delete('s1');
    expect(cache.get('s1')).toBeUndefined();
    cache.set(context('s1'));
    cache.clear();
    expect(cache.get('s1')).toBeUndefined();
  });

  it('does not keep a session that was being read when a change arrived', () => {
    const cache = new AuthCache();
    expect(cache.get('s1')).toBeUndefined();
    cache.clear(); // e.g. the user was deactivated while the session was read
    cache.set(context('s1'));
    expect(cache.get('s1')).toBeUndefined();

    expect(cache.get('s2')).toBeUndefined();
    cache.delete('s2'); // logout while the session was read
    cache.set(context('s2'));
    expect(cache.get('s2')).toBeUndefined();
  });

  it('hears clears published by another process, and serves nothing while it might miss them', () => {
    const events = inProcessEvents();
    let live = true;
    const view = new Proxy(events, {
      get: (target, key) => (key === 'live' ? live : Reflect.get(target, key)),
    }) as ClusterEvents;
    const cache = new AuthCache(view);
    cache.get('s1');
    cache.set(context('s1'));
    events.publish('auth', '*'); // as if it came from another process
    expect(cache.get('s1')).toBeUndefined();
    cache.set(context('s1'));
    expect(cache.get('s1')?.sessionId).toBe('s1');
    live = false;
    expect(cache.get('s1')).toBeUndefined();
  });
});
