import {
  accountCreateSchema,
  accountSchema,
  accountUpdateSchema,
  idParamSchema,
  roleSchema,
  userCreateSchema,
  userSummarySchema,
  userUpdateSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import * as admin from './admin.service';

/** catalogue-admin.md §7 "Accounts and users", with {product} = backroom. */
const BASE = '/api/backroom';
const tags = ['accounts and users'];

export function adminRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);

  r.get(
    `${BASE}/users`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, response: { 200: envelopeOf(userSummarySchema) } },
    },
    async (request) => ok(await admin.listUsers(deps, authOf(request))),
  );

  r.get(
    `${BASE}/accounts`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, response: { 200: envelopeOf(accountSchema) } },
    },
    async (request) => ok(await admin.listAccounts(deps, authOf(request))),
  );

  r.get(
    `${BASE}/roles`,
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: envelopeOf(roleSchema) } } },
    async () => ok(await admin.listRoles(deps)),
  );

  // Self-edits need only a session; the service refuses anything beyond name, e-mail, PIN and password.
  r.patch(
    `${BASE}/user/admin/:id`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        params: idParamSchema,
        body: userUpdateSchema,
        response: { 200: envelopeOf(userSummarySchema) },
      },
    },
    async (request) =>
      ok(await admin.updateUser(deps, authOf(request), request.params.id, request.body, { ip: request.ip })),
  );

  r.put(
    `${BASE}/user/admin`,
    {
      config: { permission: 'adminUserAccess' },
      schema: { tags, body: userCreateSchema, response: { 200: envelopeOf(userSummarySchema) } },
    },
    async (request) => ok(await admin.createUser(deps, authOf(request), request.body)),
  );

  r.put(
    `${BASE}/account`,
    {
      config: { permission: 'adminUserAccess' },
      schema: { tags, body: accountCreateSchema, response: { 200: envelopeOf(accountSchema) } },
    },
    async (request) => ok(await admin.createAccount(deps, authOf(request), request.body)),
  );

  r.patch(
    `${BASE}/account/:id`,
    {
      config: { permission: 'adminUserAccess' },
      schema: {
        tags,
        params: idParamSchema,
        body: accountUpdateSchema,
        response: { 200: envelopeOf(accountSchema) },
      },
    },
    async (request) => ok(await admin.updateAccount(deps, authOf(request), request.params.id, request.body)),
  );
}
