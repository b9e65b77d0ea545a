import type { RoutePermission } from '@backroom/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { resolveSession, SESSION_COOKIE } from '../domains/auth/auth.service';
import type { AuthContext } from '../domains/auth/auth-cache';
import { hashAgentToken } from '../domains/printing/printers.service';
import { findServerByTokenHash, type PrintServerRow } from '../domains/printing/printing.repository';
import { forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every /api route must say who may call it; registration fails otherwise. */
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    authContext?: AuthContext;
    printServer?: PrintServerRow;
  }
}

/** Routes the server registered, with what they require: the permission test walks this list. */
export interface RegisteredRoute {
  method: string;
  url: string;
  permission: RoutePermission | undefined;
}

const DOCS_PREFIX = '/api/docs';

/**
 * Makes every /api route declare its permission and checks it on every request, before the body is
 * even validated: no session gives 401, a missing permission group gives 403.
 */
export function registerAuthGuard(app: FastifyInstance, deps: AppDeps, registered: RegisteredRoute[]): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    route.config ??= {};
    // The OpenAPI pages are documentation, readable without a session.
    if (route.url.startsWith(DOCS_PREFIX)) route.config.permission ??= 'public';
    const permission = route.config.permission;
    for (const method of [route.method].flat()) registered.push({ method, url: route.url, permission });
    if (!permission) throw new Error(`Route ${route.method} ${route.url} does not declare a permission`);
  });

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config?.permission;
    if (!permission) return; // not-found handler and non-API routes
    if (permission === 'printAgent') {
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      const server = token ? await findServerByTokenHash(deps.db, hashAgentToken(token)) : undefined;
      if (!server)
        throw unauthorized('Unknown print agent token. Create a print server in Backroom and use its token.');
      request.printServer = server;
      return;
    }
    if (permission === 'public') {
      request.authContext = await resolveSession(deps, request.cookies[SESSION_COOKIE]);
      return;
    }
    const auth = await resolveSession(deps, request.cookies[SESSION_COOKIE]);
    if (!auth) throw unauthorized();
    request.authContext = auth;
    if (permission !== 'authenticated' && !auth.permissionGroups.includes(permission)) {
      throw forbidden(`You need the ${permission} permission to do that.`);
    }
  });
}

/** The caller of a route that requires a session. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.authContext) throw unauthorized();
  return request.authContext;
}

export function hasPermission(auth: AuthContext, group: RoutePermission): boolean {
  if (group === 'printAgent') return false;
  return group === 'public' || group === 'authenticated' || auth.permissionGroups.includes(group);
}
