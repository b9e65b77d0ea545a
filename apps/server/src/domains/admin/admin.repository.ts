import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, memberships, rolePermissionGroups, roles, userRoles, users } from '../../db/schema';

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** Users with their account and role ids, in three queries whatever the number of users. */
async function withAccessLists(
  db: Db,
  rows: { id: number; email: string; firstName: string; lastName: string }[],
) {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [memberRows, roleRows] = await Promise.all([
    db
      .select({ userId: memberships.userId, id: memberships.accountId })
      .from(memberships)
      .where(inArray(memberships.userId, ids))
      .orderBy(memberships.accountId),
    db
      .select({ userId: userRoles.userId, id: userRoles.roleId })
      .from(userRoles)
      .where(inArray(userRoles.userId, ids))
      .orderBy(userRoles.roleId),
  ]);
  return rows.map((row) => ({
    ...row,
    accounts: memberRows.filter((m) => m.userId === row.id).map(({ id }) => ({ id })),
    roles: roleRows.filter((m) => m.userId === row.id).map(({ id }) => ({ id })),
  }));
}

export async function listUsersInAccount(db: Db, accountId: number) {
  const rows = await db
    .select(userColumns)
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.accountId, accountId)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return withAccessLists(db, rows);
}

export async function getUserSummary(db: Db, userId: number) {
  const rows = await db.select(userColumns).from(users).where(eq(users.id, userId));
  return (await withAccessLists(db, rows))[0];
}

/** The user, only when they are a member of the account: how tenancy applies to users. */
export function findUserInAccount(db: Db, userId: number, accountId: number) {
  return db
    .select(userColumns)
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.accountId, accountId)))
    .where(eq(users.id, userId))
    .then((rows) => rows[0]);
}

export function emailTaken(db: Db, email: string, exceptUserId?: number) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .then((rows) => rows.length > 0);
}

/** Every account the user belongs to, inactive ones included, so an admin can reactivate them. */
export function listMemberAccounts(db: Db, userId: number) {
  return db
    .select({ account: accounts })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(accounts.name), asc(accounts.id))
    .then((rows) => rows.map((r) => r.account));
}

export function findMemberAccount(db: Db, userId: number, accountId: number) {
  return db
    .select({ account: accounts })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId)))
    .then((rows) => rows[0]?.account);
}

export async function listRolesWithGroups(db: Db) {
  const [roleRows, groupRows] = await Promise.all([
    db.select().from(roles).orderBy(roles.id),
    db.select().from(rolePermissionGroups),
  ]);
  return roleRows.map((role) => ({
    ...role,
    permissionGroups: groupRows
      .filter((g) => g.roleId === role.id)
      .map((g) => g.permissionGroup)
      .sort(),
  }));
}

export function existingIds(db: Db, table: 'accounts' | 'roles', ids: number[]) {
  if (ids.length === 0) return Promise.resolve(new Set<number>());
  const t = table === 'accounts' ? accounts : roles;
  return db
    .select({ id: t.id })
    .from(t)
    .where(inArray(t.id, ids))
    .then((rows) => new Set(rows.map((r) => r.id)));
}

export async function replaceUserAccess(db: Db, userId: number, accountIds: number[], roleIds: number[]) {
  // Kept memberships keep their creation time: it decides which account a new session opens in.
  await db
    .delete(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        accountIds.length ? notInArray(memberships.accountId, accountIds) : undefined,
      ),
    );
  if (accountIds.length) {
    await db
      .insert(memberships)
      .values(accountIds.map((accountId) => ({ userId, accountId })))
      .onConflictDoNothing();
  }
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}
