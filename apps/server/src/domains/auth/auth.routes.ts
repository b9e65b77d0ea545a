import {
  badgeSchema,
  idParamSchema,
  loginEventSchema,
  loginRequestSchema,
  meSchema,
  switchAccountRequestSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { emptyEnvelope, envelopeOf, ok, typed } from '../../http/route-helpers';
import { login, logout, resolveSession, SESSION_COOKIE, switchAccount, toMe } from './auth.service';
import * as badges from './badges.service';
import { KNOWN_DEVICE_COOKIE } from './known-devices';

const BASE = '/api/v1/backroom';

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);

  r.post(
    `${BASE}/auth/login`,
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: envelopeOf(meSchema) } },
    },
    async (request, reply) => {
      const { token, knownDevices } = await login(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        knownDevices: request.cookies[KNOWN_DEVICE_COOKIE],
      });
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: deps.config.secureCookies,
        maxAge: deps.config.sessionHours * 3600,
      });
      reply.setCookie(KNOWN_DEVICE_COOKIE, knownDevices, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/api/v1/backroom/auth/login',
        secure: deps.config.secureCookies,
        maxAge: 365 * 24 * 3600,
      });
      const auth = await resolveSession(deps, token);
      return ok(toMe(auth!));
    },
  );

  r.post(
    `${BASE}/auth/logout`,
    { config: { permission: 'authenticated' }, schema: { tags: ['auth'], response: { 200: emptyEnvelope } } },
    async (request, reply) => {
      await logout(deps, authOf(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return ok([]);
    },
  );

  r.get(
    `${BASE}/auth/me`,
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['auth'], response: { 200: envelopeOf(meSchema) } },
    },
    async (request) => ok(toMe(authOf(request))),
  );

  r.post(
    `${BASE}/auth/account`,
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['auth'], body: switchAccountRequestSchema, response: { 200: envelopeOf(meSchema) } },
    },
    async (request) => {
      const auth = authOf(request);
      await switchAccount(deps, auth, request.body.accountId);
      const next = await resolveSession(deps, request.cookies[SESSION_COOKIE]);
      return ok(toMe(next!));
    },
  );

  // A user may print their own badge; an admin may print the badge of a user within reach (isWithinReach).
  r.get(
    `${BASE}/user/:id/badge`,
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['auth'], params: idParamSchema, response: { 200: envelopeOf(badgeSchema) } },
    },
    async (request) => ok(await badges.showBadge(deps, authOf(request), request.params.id)),
  );

  // A new badge secret: every badge printed before stops working at once.
  r.post(
    `${BASE}/user/:id/badge/regenerate`,
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['auth'], params: idParamSchema, response: { 200: envelopeOf(badgeSchema) } },
    },
    async (request) => ok(await badges.regenerateBadge(deps, authOf(request), request.params.id)),
  );

  r.get(
    `${BASE}/user/:id/logins`,
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['auth'], params: idParamSchema, response: { 200: envelopeOf(loginEventSchema) } },
    },
    async (request) => ok(await badges.listLogins(deps, authOf(request), request.params.id)),
  );
}
