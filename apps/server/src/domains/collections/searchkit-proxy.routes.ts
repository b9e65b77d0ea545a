import {
  SEARCHKIT_HEADERS,
  searchMultiQuerySchema,
  searchMultiResultSchema,
  searchProxyHeadersSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { typed } from '../../http/route-helpers';
import { searchProxy } from './searchkit-proxy.service';

/**
 * POST /api/v2/searchkit/proxy (catalogue-admin.md §7 Collections), permission catalogue: the storefront
 * collections editor's search. The body is InstantSearch's multi-query `{ requests }` and the reply is its
 * `{ results }`, NOT the `{ code, data, error }` envelope: react-instantsearch's search client reads
 * `results` as Algolia returns it. Refusals (400, 401, 403, 404) still use the envelope.
 */
export function searchkitProxyRoutes(app: FastifyInstance, deps: AppDeps): void {
  typed(app).post(
    '/api/v2/searchkit/proxy',
    {
      config: { permission: 'catalogue' },
      schema: {
        tags: ['collections'],
        headers: searchProxyHeadersSchema,
        body: searchMultiQuerySchema,
        response: { 200: searchMultiResultSchema },
      },
    },
    async (request, reply) => {
      const h = request.headers;
      const { results, answeredBy } = await searchProxy(
        deps,
        authOf(request),
        {
          accountId: h[SEARCHKIT_HEADERS.accountId],
          siteId: h[SEARCHKIT_HEADERS.siteId],
          channelId: h[SEARCHKIT_HEADERS.channelId],
          collectionId: h[SEARCHKIT_HEADERS.collectionId],
          captureCollection: h[SEARCHKIT_HEADERS.captureCollection],
        },
        request.body,
      );
      // How the call was answered: by the facet index, or by SQL while the account's index is being built.
      reply.header('server-timing', `search;desc="${answeredBy}"`);
      return { results };
    },
  );
}
