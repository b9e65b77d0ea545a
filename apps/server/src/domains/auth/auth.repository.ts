import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accounts,
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
