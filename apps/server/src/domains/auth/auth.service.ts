import { createHash, randomBytes } from 'node:crypto';
import { type LoginRequest, type Me, PERMISSION_GROUPS, type PermissionGroup } from '@backroom/shared';
import type { AppDeps } from '../../deps';
import { forbidden, tooManyRequests, unauthorized } from '../../http/errors';
import * as repo from './auth.repository';
import type { AuthContext } from './auth-cache';
import { verifyBadge } from './badge';
import { dummyVerify, verifySecret } from './password';

export const SESSION_COOKIE = 'backroom_session';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const WRONG_CREDENTIALS: Record<'password' | 'pin' | 'badge', string> = {
  password: 'Wrong e-mail or password.',
  pin: 'Wrong e-mail or PIN.',
  badge: 'This badge is not valid. Ask an admin to print a new one.',
};

/** Checks the credentials and opens a session; returns the cookie token and who signed in. */
export async function login(
  deps: AppDeps,
  body: LoginRequest,
  meta: { ip: string; userAgent: string | null },
) {
  const method = body.badge !== undefined ? 'badge' : body.pin !== undefined ? 'pin' : 'password';
  const userKey = body.badge !== undefined ? `badge:${body.badge}` : body.email!;
  const waitMinutes = deps.loginLimiter.retryAfterMinutes(userKey, meta.ip);
  if (waitMinutes > 0) {
    throw tooManyRequests(
      `Too many failed sign-in attempts. Try again in ${waitMinutes} minute${waitMinutes === 1 ? '' : 's'}.`,
    );
  }

  const user = await findUserForLogin(deps, body);
  if (!user) {
    deps.loginLimiter.recordFailure(userKey, meta.ip);
    throw unauthorized(WRONG_CREDENTIALS[method]);
  }
  const accounts = await repo.listUserAccounts(deps.db, user.id);
  const first = accounts[0];
  if (!first)
    throw forbidden('Your user is not a member of any active account. Ask an admin to add you to one.');

  deps.loginLimiter.recordSuccess(userKey);
  const token = randomBytes(32).toString('base64url');
  await repo.insertSession(deps.db, {
    id: hashToken(token),
    userId: user.id,
    accountId: first.id,
    expiresAt: new Date(Date.now() + deps.config.sessionHours * 3_600_000),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token, userId: user.id };
}

async function findUserForLogin(deps: AppDeps, body: LoginRequest) {
  const cost = deps.config.passwordHashing;
  if (body.badge !== undefined) {
    const userId = verifyBadge(body.badge, deps.secret);
    const user = userId === null ? undefined : await repo.findUserById(deps.db, userId);
    return user?.isActive === 1 ? user : undefined;
  }
  const user = await repo.findUserByEmail(deps.db, body.email!);
  const secret = body.pin ?? body.password!;
  if (!user || user.isActive !== 1) {
    await dummyVerify(secret, cost);
    return undefined;
  }
  const ok = await verifySecret(body.pin !== undefined ? user.pinHash : user.passwordHash, secret);
  return ok ? user : undefined;
}

/** Resolves a session cookie to who is calling, or undefined when it is missing, expired or revoked. */
export async function resolveSession(
  deps: AppDeps,
  token: string | undefined,
): Promise<AuthContext | undefined> {
  if (!token) return undefined;
  const sessionId = hashToken(token);
  const cached = deps.authCache.get(sessionId);
  if (cached) return cached;

  const found = await repo.findLiveSession(deps.db, sessionId);
  if (!found) return undefined;
  const [accounts, roles] = await Promise.all([
    repo.listUserAccounts(deps.db, found.user.id),
    repo.listUserRoles(deps.db, found.user.id),
  ]);
  // A session whose account membership was removed ends at once.
  if (!accounts.some((a) => a.id === found.session.accountId)) return undefined;
  const groups = await repo.listPermissionGroups(
    deps.db,
    roles.map((r) => r.id),
  );
  const context: AuthContext = {
    sessionId,
    userId: found.user.id,
    user: {
      id: found.user.id,
      firstName: found.user.firstName,
      lastName: found.user.lastName,
      email: found.user.email,
    },
    accountId: found.session.accountId,
    accounts,
    roles,
    permissionGroups: groups.filter((g): g is PermissionGroup =>
      (PERMISSION_GROUPS as readonly string[]).includes(g),
    ),
    expiresAt: found.session.expiresAt.getTime(),
  };
  deps.authCache.set(context);
  return context;
}

export async function logout(deps: AppDeps, auth: AuthContext): Promise<void> {
  await repo.deleteSession(deps.db, auth.sessionId);
  deps.authCache.delete(auth.sessionId);
}

export function toMe(auth: AuthContext): Me {
  const currentAccount = auth.accounts.find((a) => a.id === auth.accountId)!;
  return {
    user: auth.user,
    roles: auth.roles,
    permissionGroups: auth.permissionGroups,
    adminUserAccess: auth.permissionGroups.includes('adminUserAccess'),
    accounts: auth.accounts,
    currentAccount,
  };
}

/** Moves the session to another of the user's accounts. */
export async function switchAccount(deps: AppDeps, auth: AuthContext, accountId: number): Promise<void> {
  if (!auth.accounts.some((a) => a.id === accountId)) {
    throw forbidden('You are not a member of that account.');
  }
  await repo.setSessionAccount(deps.db, auth.sessionId, accountId);
  deps.authCache.delete(auth.sessionId);
}
