import {
  returnsSearchBodySchema,
  returnsSearchQuerySchema,
  returnsSearchReplySchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { sendJsonList, typed } from '../../http/route-helpers';
import { searchReturns } from './returns-search';

/**
 * POST /api/v1/backroom/returns/search?inboundReturnStatusId=&inboundReturnAppealStatusId= { search, type }
 * (returns.md §7), permission returns: the returns search screen's list, a page at a time (hasMore beside
 * data).
 */
export function returnsSearchRoutes(app: FastifyInstance, deps: AppDeps): void {
  typed(app).post(
    '/api/v1/backroom/returns/search',
    {
      config: { permission: 'returns' },
      schema: {
        tags: ['returns'],
        querystring: returnsSearchQuerySchema,
        body: returnsSearchBodySchema,
        response: { 200: returnsSearchReplySchema },
      },
    },
    async (request, reply) =>
      sendJsonList(reply, await searchReturns(deps, authOf(request), request.query, request.body)),
  );
}
