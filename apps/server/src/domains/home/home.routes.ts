import { homeSummaryReplySchema } from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { ok, typed } from '../../http/route-helpers';
import { homeSummary } from './home-summary';

/**
 * GET /api/v1/backroom/home, any signed-in user: the home page's cards (the day's work the user's permission
 * groups allow, counted within the account) and the week's figures.
 */
export function homeRoutes(app: FastifyInstance, deps: AppDeps): void {
  typed(app).get(
    '/api/v1/backroom/home',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['home'], response: { 200: homeSummaryReplySchema } },
    },
    async (request) => ok(await homeSummary(deps, authOf(request))),
  );
}
