import { createHash, randomBytes } from 'node:crypto';
import {
  type LoginRequest,
  type Me,
  mayGrantAccess,
  PERMISSION_GROUPS,
  type PermissionGroup,
} from '@backroom/shared';
import type { AppDeps } from '../../deps';
import { forbidden, tooManyRequests, unauthorized } from '../../http/errors';
import * as repo from './auth.repository';
import type { AuthContext } from './auth-cache';
import { badgeUserId, verifyBadge } from './badge';
import { addKnownDevice, isKnownDevice } from './known-devices';
import { dummyVerify, verifySecret } from './password';

export const SESSION_COOKIE = 'backroom_session';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const WRONG_CREDENTIALS: Record<LoginMethod, string> = {
  password: 'Wrong e-mail or password.',
  pin: 'Wrong e-mail or PIN.',
  badge: 'This badge is not valid. Ask an admin to print a new one.',
};

type LoginMethod = 'password' | 'pin' | 'badge';

export interface LoginMeta {
  ip: string;
  userAgent: string | null;
  /** The known-device cookie the browser sent (see knownDeviceToken). */
  knownDevices: string | undefined;
}

/**
 * Checks the credentials and opens a session; returns the cookie token, who signed in and the browser's
 * known-device cookie with this user added.
 */
export async function login(deps: AppDeps, body: LoginRequest, meta: LoginMeta) {
  const method: LoginMethod =
    body.badge !== undefined ? 'badge' : body.pin !== undefined ? 'pin' : 'password';
  const claimedBadge = body.badge !== undefined ? badgeUserId(body.badge) : null;
  const who =
    body.badge !== undefined ? `badge:${claimedBadge?.userId ?? 'invalid'}` : body.email!.toLowerCase();
  const candidate =
    body.badge !== undefined
      ? claimedBadge && (await repo.findUserById(deps.db, claimedBadge.userId))
      : await repo.findUserByEmail(deps.db, body.email!);
  const attempt = {
    who,
    address: meta.ip,
    knownDevice: candidate ? isKnownDevice(meta.knownDevices, candidate.id, deps.secret) : false,
  };
  const wait = await deps.loginLimiter.waitMs(attempt);
  if (wait.ms > 0) throw tooManyRequests(waitMessage(wait));

  if (!candidate && body.badge === undefined)
    await dummyVerify(body.pin ?? body.password!, deps.config.passwordHashing);
  const user = candidate && (await credentialsMatch(deps, body, candidate)) ? candidate : undefined;
  if (candidate) await repo.insertLoginEvent(deps.db, candidate.id, method, Boolean(user), meta);
  if (!user) {
    await deps.loginLimiter.recordFailure(attempt);
    throw unauthorized(WRONG_CREDENTIALS[method]);
  }
  const accounts = await repo.listUserAccounts(deps.db, user.id);
  const first = accounts[0];
  if (!first)
    throw forbidden('Your user is not a member of any active account. Ask an admin to add you to one.');

  await deps.loginLimiter.recordSuccess(attempt);
  const token = randomBytes(32).toString('base64url');
  await repo.insertSession(deps.db, {
    id: hashToken(token),
    userId: user.id,
    accountId: first.id,
    expiresAt: new Date(Date.now() + deps.config.sessionHours * 3_600_000),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token, userId: user.id, knownDevices: addKnownDevice(meta.knownDevices, user.id, deps.secret) };
}

function waitMessage(wait: { ms: number; perUser: boolean }): string {
  if (wait.perUser) {
    const seconds = Math.ceil(wait.ms / 1000);
    return `Too many failed sign-in attempts for this user. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  }
  const minutes = Math.ceil(wait.ms / 60_000);
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Argon2 runs for an unknown or inactive user too, so a wrong e-mail takes as long as a wrong password. */
async function credentialsMatch(deps: AppDeps, body: LoginRequest, user: repo.UserRow): Promise<boolean> {
  if (body.badge !== undefined) {
    const claimed = badgeUserId(body.badge);
    return user.isActive === 1 && claimed !== null && verifyBadge(claimed, user, deps.secret);
  }
  const secret = body.pin ?? body.password!;
  if (user.isActive !== 1) {
    await dummyVerify(secret, deps.config.passwordHashing);
    return false;
  }
  return verifySecret(body.pin !== undefined ? user.pinHash : user.passwordHash, secret);
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
    adminUserAccess: mayGrantAccess(auth),
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
