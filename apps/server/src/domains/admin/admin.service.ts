import {
  ACCOUNT_DEFAULTS,
  type Account,
  type AccountCreate,
  type AccountUpdate,
  isWithinReach,
  mayGrantAccess,
  refIds,
  type UserCreate,
  type UserSummary,
  type UserUpdate,
} from '@backroom/shared';
import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors';
import { accounts, memberships, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { hasPermission } from '../../http/auth-guard';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../http/errors';
import { deleteUserSessions, findUserById } from '../auth/auth.repository';
import type { AuthContext } from '../auth/auth-cache';
import { hashSecret, verifySecret } from '../auth/password';
import * as repo from './admin.repository';

const emailInUse = (email: string) => conflict(`A user with the e-mail ${email} already exists.`);

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.getUserSummary>>>;

const heldBy = (auth: AuthContext) => ({
  accounts: auth.accounts.map((a) => a.id),
  roles: auth.roles.map((r) => r.id),
});

/**
 * A user as the caller sees them (userSummarySchema): of their accounts only those the caller is a member of
 * too, and whether the caller may act on them, worked out on everything they hold.
 */
function asSeenBy(auth: AuthContext, user: UserRow): UserSummary {
  const mine = new Set(auth.accounts.map((a) => a.id));
  const held = { accounts: user.accounts.map((a) => a.id), roles: user.roles.map((r) => r.id) };
  return {
    ...user,
    accounts: user.accounts.filter((a) => mine.has(a.id)),
    inReach: user.id === auth.userId || isWithinReach(heldBy(auth), held),
  };
}

/** Admins see every user of the current account; anybody else sees only themselves. */
export async function listUsers(deps: AppDeps, auth: AuthContext): Promise<UserSummary[]> {
  if (hasPermission(auth, 'adminUserAccess'))
    return (await repo.listUsersInAccount(deps.db, auth.accountId)).map((u) => asSeenBy(auth, u));
  const self = await repo.getUserSummary(deps.db, auth.userId);
  return self ? [asSeenBy(auth, self)] : [];
}

type AccountRow = typeof accounts.$inferSelect;

/** An account as replies carry it: catalogue-admin.md §3 Account's fields (its row's timestamps are not among them). */
function accountReply({ createdAt: _created, updatedAt: _updated, ...account }: AccountRow): Account {
  return account;
}

export async function listAccounts(deps: AppDeps, auth: AuthContext) {
  return (await repo.listMemberAccounts(deps.db, auth.userId)).map(accountReply);
}

export function listRoles(deps: AppDeps) {
  return repo.listRolesWithGroups(deps.db);
}

/**
 * Works out the account and role ids a user ends up with. Nobody grants an account or role they do not
 * hold themselves; what the target holds beyond the editor's reach is kept as it is.
 */
async function resolveAccess(
  deps: AppDeps,
  auth: AuthContext,
  requested: { accounts: number[]; roles: number[] },
  current: { accounts: number[]; roles: number[] },
) {
  const [knownAccounts, knownRoles] = await Promise.all([
    repo.existingIds(deps.db, 'accounts', requested.accounts),
    repo.existingIds(deps.db, 'roles', requested.roles),
  ]);
  const fields = [
    ...requested.accounts
      .filter((id) => !knownAccounts.has(id))
      .map((id) => ({ field: 'accounts', message: `Account ${id} does not exist` })),
    ...requested.roles
      .filter((id) => !knownRoles.has(id))
      .map((id) => ({ field: 'roles', message: `Role ${id} does not exist` })),
  ];
  if (fields.length) throw badRequest(`Invalid input. ${fields.map((f) => f.message).join('; ')}`, fields);

  const heldAccounts = new Set(auth.accounts.map((a) => a.id));
  const heldRoles = new Set(auth.roles.map((r) => r.id));
  const grantsAccount = requested.accounts.find(
    (id) => !heldAccounts.has(id) && !current.accounts.includes(id),
  );
  if (grantsAccount)
    throw forbidden(`You cannot grant access to account ${grantsAccount}: you are not a member of it.`);
  const grantsRole = requested.roles.find((id) => !heldRoles.has(id) && !current.roles.includes(id));
  if (grantsRole) {
    throw forbidden(`You cannot grant role ${grantsRole}: you do not hold it yourself.`);
  }
  const keep = (ids: number[], held: Set<number>, wanted: number[]) =>
    [
      ...new Set([
        ...wanted.filter((id) => held.has(id) || ids.includes(id)),
        ...ids.filter((id) => !held.has(id)),
      ]),
    ].sort((a, b) => a - b);
  const result = {
    accounts: keep(current.accounts, heldAccounts, requested.accounts),
    roles: keep(current.roles, heldRoles, requested.roles),
  };
  if (result.accounts.length === 0) {
    throw badRequest('Invalid input. accounts: Choose at least one account', [
      { field: 'accounts', message: 'Choose at least one account' },
    ]);
  }
  return result;
}

export async function createUser(deps: AppDeps, auth: AuthContext, body: UserCreate) {
  const access = await resolveAccess(
    deps,
    auth,
    { accounts: refIds(body.accounts), roles: refIds(body.roles) },
    { accounts: [], roles: [] },
  );
  if (await repo.emailTaken(deps.db, body.email)) throw emailInUse(body.email);
  const cost = deps.config.passwordHashing;
  const [passwordHash, pinHash] = await Promise.all([
    hashSecret(body.password, cost),
    hashSecret(body.pinPasscode, cost),
  ]);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          passwordHash,
          pinHash,
        })
        .returning({ id: users.id });
      await repo.replaceUserAccess(tx, row!.id, access.accounts, access.roles);
      return row!.id;
    });
    deps.authCache.clear();
    return asSeenBy(auth, (await repo.getUserSummary(deps.db, id))!);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse(body.email);
    throw error;
  }
}

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i]);

/**
 * The user `id` when the caller may act on them: themselves, or, for an admin, a user of the current account
 * who holds no account or role the admin lacks (shared isWithinReach). Unknown or foreign users get 404.
 */
export async function requireUserInReach(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  action: { verb: string; refusal: string },
) {
  const isSelf = id === auth.userId;
  if (!isSelf && !hasPermission(auth, 'adminUserAccess')) throw forbidden(action.refusal);
  if (!(await repo.findUserInAccount(deps.db, id, auth.accountId))) throw notFound(`User ${id} not found.`);
  const target = (await repo.getUserSummary(deps.db, id))!;
  const held = { accounts: target.accounts.map((a) => a.id), roles: target.roles.map((r) => r.id) };
  if (!isSelf && !isWithinReach(heldBy(auth), held)) {
    throw forbidden(`You cannot ${action.verb} a user who has access you do not hold.`);
  }
  return { target, held, isSelf };
}

export async function updateUser(
  deps: AppDeps,
  auth: AuthContext,
  id: number,
  body: UserUpdate,
  meta: ClientMeta,
) {
  const isAdmin = mayGrantAccess(auth);
  const {
    target,
    held: current,
    isSelf,
  } = await requireUserInReach(deps, auth, id, {
    verb: 'edit',
    refusal: 'You can only edit your own user.',
  });
  const requested = {
    accounts: body.accounts ? refIds(body.accounts) : current.accounts,
    roles: body.roles ? refIds(body.roles) : current.roles,
  };

  let access = current;
  if (!isAdmin) {
    if (!sameIds(requested.accounts, current.accounts) || !sameIds(requested.roles, current.roles)) {
      throw forbidden('You can only change your own name, e-mail, PIN and password.');
    }
  } else {
    access = await resolveAccess(deps, auth, requested, current);
  }
  const changesSecret = body.password !== undefined || body.pinPasscode !== undefined;
  if (isSelf && changesSecret) await checkCurrentPassword(deps, target.email, id, body.currentPassword, meta);

  if (await repo.emailTaken(deps.db, body.email, id)) throw emailInUse(body.email);
  const cost = deps.config.passwordHashing;
  const [passwordHash, pinHash] = await Promise.all([
    body.password ? hashSecret(body.password, cost) : undefined,
    body.pinPasscode ? hashSecret(body.pinPasscode, cost) : undefined,
  ]);
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          ...(passwordHash ? { passwordHash } : {}),
          ...(pinHash ? { pinHash } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id));
      if (isAdmin) await repo.replaceUserAccess(tx, id, access.accounts, access.roles);
      // A new password or PIN ends the sessions opened with the old one: the user's other sessions when they
      // changed it themselves, every session when an admin reset it.
      if (changesSecret) await deleteUserSessions(tx, id, isSelf ? auth.sessionId : undefined);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse(body.email);
    throw error;
  }
  deps.authCache.clear();
  return asSeenBy(auth, (await repo.getUserSummary(deps.db, id))!);
}

/** Who is calling, for the sign-in limiter: the address and browser of the request. */
export interface ClientMeta {
  ip: string;
}

/**
 * Changing one's own password or PIN needs the current password. Wrong answers count as failed sign-ins
 * (the same limiter), so a borrowed session cannot be used to guess it.
 */
async function checkCurrentPassword(
  deps: AppDeps,
  email: string,
  userId: number,
  currentPassword: string | undefined,
  meta: ClientMeta,
) {
  const field = (message: string) =>
    badRequest(`Invalid input. currentPassword: ${message}`, [{ field: 'currentPassword', message }]);
  if (!currentPassword) throw field('Enter your current password to change your password or PIN');
  const attempt = { who: email.toLowerCase(), address: meta.ip, knownDevice: true };
  const wait = await deps.loginLimiter.waitMs(attempt);
  if (wait.ms > 0)
    throw tooManyRequests(`Too many wrong passwords. Try again in ${Math.ceil(wait.ms / 60_000)} minutes.`);
  const user = await findUserById(deps.db, userId);
  if (!(await verifySecret(user?.passwordHash, currentPassword))) {
    await deps.loginLimiter.recordFailure(attempt);
    throw field('Your current password is not right');
  }
}

export async function createAccount(deps: AppDeps, auth: AuthContext, body: AccountCreate) {
  const { id: _ignored, ...fields } = body;
  const account = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accounts)
      .values({ ...ACCOUNT_DEFAULTS, ...fields })
      .returning();
    // The creator becomes a member, or they could never see the account they just made.
    await tx.insert(memberships).values({ userId: auth.userId, accountId: row!.id });
    return row!;
  });
  deps.authCache.clear();
  return accountReply(account);
}

export async function updateAccount(deps: AppDeps, auth: AuthContext, id: number, body: AccountUpdate) {
  const existing = await repo.findMemberAccount(deps.db, auth.userId, id);
  if (!existing) throw notFound(`Account ${id} not found.`);
  const { id: _ignored, ...fields } = body;
  if (fields.isActive === 0 && id === auth.accountId) {
    throw conflict(
      'You cannot deactivate the account you are signed in to. Switch to another account first.',
    );
  }
  const [row] = await deps.db
    .update(accounts)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning();
  deps.authCache.clear();
  return accountReply(row!);
}
