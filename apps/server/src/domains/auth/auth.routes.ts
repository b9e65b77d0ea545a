import {
  badgeSchema,
  idParamSchema,
  loginRequestSchema,
  meSchema,
  switchAccountRequestSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf, hasPermission } from '../../http/auth-guard';
import { forbidden, notFound } from '../../http/errors';
import { emptyEnvelope, envelopeOf, ok, typed } from '../../http/route-helpers';
import { findUserInAccount } from '../admin/admin.repository';
import { login, logout, resolveSession, SESSION_COOKIE, switchAccount, toMe } from './auth.service';
import { badgeFor } from './badge';

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
      const { token } = await login(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: deps.config.secureCookies,
        maxAge: deps.config.sessionHours * 3600,
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

  // A user may print their own badge; an admin may print the badge of anyone in the current account.
  r.get(
    `${BASE}/user/:id/badge`,
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['auth'], params: idParamSchema, response: { 200: envelopeOf(badgeSchema) } },
    },
    async (request) => {
      const auth = authOf(request);
      const { id } = request.params;
      if (id !== auth.userId) {
        if (!hasPermission(auth, 'adminUserAccess')) throw forbidden('You can only print your own badge.');
        if (!(await findUserInAccount(deps.db, id, auth.accountId))) throw notFound(`User ${id} not found.`);
      }
      return ok({ userId: id, badge: badgeFor(id, deps.secret) });
    },
  );
}
