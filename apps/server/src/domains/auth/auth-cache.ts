import type { PermissionGroup } from '@backroom/shared';
import { type ClusterEvents, inProcessEvents } from '../../db/cluster-events';

/** Who is calling, resolved from the session cookie. */
export interface AuthContext {
  sessionId: string;
  userId: number;
  user: { id: number; firstName: string; lastName: string; email: string };
  accountId: number;
  accounts: { id: number; name: string; utcOffset: string }[];
  roles: { id: number; code: string; name: string }[];
  permissionGroups: PermissionGroup[];
  expiresAt: number;
}

/**
 * Caches resolved sessions so a hot endpoint does not run three queries per request. Any change to users,
 * roles, memberships or accounts clears it, so logout, a removed membership or a deactivated user take
 * effect on the very next request; the TTL only bounds memory.
 *
 * Several server processes may share one database: `clear` and `delete` go out as cluster events, so every
 * process (this one at once) drops the entries, and nothing is served from memory while events could be
 * missed (`events.live`).
 */
export class AuthCache {
  private readonly entries = new Map<string, { context: AuthContext; until: number }>();
  /** Bumped by every clear: a session read before a clear is not kept after it. */
  private generation = 0;
  /** The generation at which each missing session started to be read (see `set`). */
  private readonly misses = new Map<string, number>();

  constructor(
    private readonly events: ClusterEvents = inProcessEvents(),
    private readonly ttlMs = 60_000,
  ) {
    events.subscribe('auth', (payload) => (payload === ALL ? this.dropAll() : this.drop(payload)));
    events.onResync(() => this.dropAll());
  }

  get(sessionId: string): AuthContext | undefined {
    const entry = this.events.live ? this.entries.get(sessionId) : undefined;
    if (entry) {
      const now = Date.now();
      if (entry.until >= now && entry.context.expiresAt >= now) return entry.context;
      this.entries.delete(sessionId);
    }
    // The caller now reads the session from the database and hands it to `set`.
    if (this.misses.size > 10_000) this.misses.clear();
    this.misses.set(sessionId, this.generation);
    return undefined;
  }

  /** Keeps a session resolved after `get` missed it, unless a change arrived while it was being read. */
  set(context: AuthContext): void {
    const readAt = this.misses.get(context.sessionId);
    this.misses.delete(context.sessionId);
    if (readAt !== this.generation || !this.events.live) return;
    if (this.entries.size > 10_000) this.entries.clear();
    this.entries.set(context.sessionId, { context, until: Date.now() + this.ttlMs });
  }

  /** After the session was deleted or changed (logout, account switch): every process forgets it. */
  delete(sessionId: string): void {
    this.events.publish('auth', sessionId);
  }

  /** After users, roles, memberships or accounts changed: every process forgets every session. */
  clear(): void {
    this.events.publish('auth', ALL);
  }

  private drop(sessionId: string): void {
    this.entries.delete(sessionId);
    // A read of this session already under way would bring back what it was.
    if (this.misses.has(sessionId)) this.misses.set(sessionId, -1);
  }

  private dropAll(): void {
    this.entries.clear();
    this.generation++;
  }
}

/** The `auth` event that clears every session (a session id is a hex digest, never this). */
const ALL = '*';
