import type { PricingReportRow } from '@backroom/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

// The pricing event report's call (catalogue-admin.md §7 Pricing report).

export const pricingKeys = {
  report: ['pricing', 'report'] as const,
};

/**
 * GET /api/v1/report/pricingEvents/pricing: the listings of the events running now. §8: a failure or an empty
 * answer shows no message (quiet: no toast); the table is then empty.
 */
export const usePricingReport = () =>
  useQuery({
    queryKey: pricingKeys.report,
    queryFn: ({ signal }) =>
      api<PricingReportRow>('GET', '/api/v1/report/pricingEvents/pricing', { quiet: true, signal }),
  });
