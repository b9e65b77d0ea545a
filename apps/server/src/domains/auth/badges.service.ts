import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { requireUserInReach } from '../admin/admin.service';
import * as repo from './auth.repository';
import type { AuthContext } from './auth-cache';
import { badgeFor, newBadgeSecret } from './badge';

/**
 * Badges and sign-in records of a user. Each obeys the rule of editing a user (requireUserInReach): a user
 * acts on themselves; an admin on users of the account who hold nothing the admin lacks, since a badge signs
 * in as its user everywhere that user is a member.
 */
export async function showBadge(deps: AppDeps, auth: AuthContext, id: number) {
  await requireUserInReach(deps, auth, id, {
    verb: 'print the badge of',
    refusal: 'You can only print your own badge.',
  });
  const user = (await repo.findUserById(deps.db, id))!;
  return { userId: id, badge: badgeFor(user, deps.secret) };
}

export async function regenerateBadge(deps: AppDeps, auth: AuthContext, id: number) {
  await requireUserInReach(deps, auth, id, {
    verb: 'regenerate the badge of',
    refusal: 'You can only regenerate your own badge.',
  });
  const badgeSecret = newBadgeSecret();
  await deps.db.update(users).set({ badgeSecret, updatedAt: new Date() }).where(eq(users.id, id));
  return { userId: id, badge: badgeFor({ id, badgeSecret }, deps.secret) };
}

/** The user's last 50 sign-in attempts, newest first: method (a badge login in particular), result, address. */
export async function listLogins(deps: AppDeps, auth: AuthContext, id: number) {
  await requireUserInReach(deps, auth, id, {
    verb: 'see the sign-ins of',
    refusal: 'You can only see your own sign-ins.',
  });
  const rows = await repo.listLoginEvents(deps.db, id, 50);
  return rows.map((row) => ({
    id: row.id,
    method: row.method as 'password' | 'pin' | 'badge',
    succeeded: row.succeeded as 0 | 1,
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
  }));
}
