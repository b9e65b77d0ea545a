import { pricingReportQuerySchema, pricingReportReplySchema } from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { ok, typed } from '../../http/route-helpers';
import { activePricingEventListings } from './pricing-report.service';

/**
 * GET /api/v1/report/pricingEvents/pricing (catalogue-admin.md §7 Pricing report), permission catalogue: the
 * 'Active Listing Event Listings' report's rows. It has no payload; the screen filters, sorts and pages them.
 */
export function pricingReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  typed(app).get(
    '/api/v1/report/pricingEvents/pricing',
    {
      config: { permission: 'catalogue' },
      schema: {
        tags: ['pricing'],
        querystring: pricingReportQuerySchema,
        response: { 200: pricingReportReplySchema },
      },
    },
    async (request) => ok(await activePricingEventListings(deps, authOf(request))),
  );
}
