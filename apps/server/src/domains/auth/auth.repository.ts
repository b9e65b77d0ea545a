import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accounts,
  loginEvents,
  memberships,
  rolePermissionGroups,
  roles,
  sessions,
  userRoles,
  users,
} from '../../db/schema';

export function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .then((rows) => rows[0]);
}

export type UserRow = typeof users.$inferSelect;

export function findUserById(db: Db, id: number) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .then((rows) => rows[0]);
}

/** The user's active accounts, oldest membership first: the first is where a new session starts. */
export function listUserAccounts(db: Db, userId: number) {
  return db
    .select({ id: accounts.id, name: accounts.name, utcOffset: accounts.utcOffset })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, userId), eq(accounts.isActive, 1)))
    .orderBy(memberships.createdAt, accounts.id);
}

export function listUserRoles(db: Db, userId: number) {
  return db
    .select({ id: roles.id, code: roles.code, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.id);
}

export function listPermissionGroups(db: Db, roleIds: number[]) {
  if (roleIds.length === 0) return Promise.resolve([] as string[]);
  return db
    .selectDistinct({ group: rolePermissionGroups.permissionGroup })
    .from(rolePermissionGroups)
    .where(inArray(rolePermissionGroups.roleId, roleIds))
    .then((rows) => rows.map((r) => r.group).sort());
}

export function insertSession(
  db: Db,
  session: {
    id: string;
    userId: number;
    accountId: number;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  },
) {
  return db.insert(sessions).values(session);
}

export function findLiveSession(db: Db, id: string) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date()), eq(users.isActive, 1)))
    .then((rows) => rows[0]);
}

export function deleteSession(db: Db, id: string) {
  return db.delete(sessions).where(eq(sessions.id, id));
}

export function setSessionAccount(db: Db, id: string, accountId: number) {
  return db.update(sessions).set({ accountId }).where(eq(sessions.id, id));
}

export function deleteExpiredSessions(db: Db) {
  return db.delete(sessions).where(sql`${sessions.expiresAt} < now()`);
}

/** Ends every session of a user, or every one but `keep` (the session that changed its own password). */
export function deleteUserSessions(db: Db, userId: number, keep?: string) {
  return db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id })
    .then((rows) => rows.map((r) => r.id));
}

export function insertLoginEvent(
  db: Db,
  userId: number,
  method: string,
  succeeded: boolean,
  meta: { ip: string; userAgent: string | null },
) {
  return db.insert(loginEvents).values({
    userId,
    method,
    succeeded: succeeded ? 1 : 0,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
}

/** A user's most recent sign-in attempts, newest first. */
export function listLoginEvents(db: Db, userId: number, limit: number) {
  return db
    .select()
    .from(loginEvents)
    .where(eq(loginEvents.userId, userId))
    .orderBy(desc(loginEvents.createdAt), desc(loginEvents.id))
    .limit(limit);
}
