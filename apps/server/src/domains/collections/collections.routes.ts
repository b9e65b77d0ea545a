import {
  accountSitesQuerySchema,
  accountSitesReplySchema,
  baseProductQueryReplySchema,
  collectionCreateSchema,
  collectionPatchSchema,
  collectionSearchSchema,
  collectionsReplySchema,
  idParam,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { ok, typed } from '../../http/route-helpers';
import * as collections from './collections.service';

/** catalogue-admin.md §7 Collections, {product} = backroom (as the other /{product}/… catalogue calls). */
const V0 = '/api/backroom';
const tags = ['collections'];

export function collectionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);

  r.get(
    `${V0}/account/sites`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, querystring: accountSitesQuerySchema, response: { 200: accountSitesReplySchema } },
    },
    async (request) => ok(await collections.listAccountSites(deps, authOf(request), request.query.siteId)),
  );

  r.get(
    `${V0}/collection/:accountSiteId/baseProductQuery`,
    {
      config: { permission: 'catalogue' },
      schema: {
        tags,
        params: z.object({ accountSiteId: idParam }),
        response: { 200: baseProductQueryReplySchema },
      },
    },
    async (request) =>
      ok(await collections.baseProductQuery(deps, authOf(request), request.params.accountSiteId)),
  );

  r.post(
    `${V0}/collection/search`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, body: collectionSearchSchema, response: { 200: collectionsReplySchema } },
    },
    async (request) => ok(await collections.searchCollections(deps, authOf(request), request.body)),
  );

  r.put(
    `${V0}/collection`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, body: collectionCreateSchema, response: { 200: collectionsReplySchema } },
    },
    async (request) => ok(await collections.createCollection(deps, authOf(request), request.body)),
  );

  r.patch(
    `${V0}/collection`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, body: collectionPatchSchema, response: { 200: collectionsReplySchema } },
    },
    async (request) => ok(await collections.patchCollection(deps, authOf(request), request.body)),
  );
}
