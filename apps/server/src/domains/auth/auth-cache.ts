import type { PermissionGroup } from '@backroom/shared';

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
 */
export class AuthCache {
  private readonly entries = new Map<string, { context: AuthContext; until: number }>();
  constructor(private readonly ttlMs = 60_000) {}

  get(sessionId: string): AuthContext | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const now = Date.now();
    if (entry.until < now || entry.context.expiresAt < now) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.context;
  }

  set(context: AuthContext): void {
    if (this.entries.size > 10_000) this.entries.clear();
    this.entries.set(context.sessionId, { context, until: Date.now() + this.ttlMs });
  }

  delete(sessionId: string): void {
    this.entries.delete(sessionId);
  }

  clear(): void {
    this.entries.clear();
  }
}
