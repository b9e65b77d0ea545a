import type { HomeSummary } from '@backroom/shared';
import { useQuery } from '@tanstack/react-query';
import { apiOne } from '../../lib/api-client';

// The home page's call: GET /api/v1/backroom/home (the day's work and the week's figures).

export const homeKeys = { summary: ['home', 'summary'] as const };

/** Refreshed each minute while the page is open, so the counts follow the day. */
export const useHomeSummary = () =>
  useQuery({
    queryKey: homeKeys.summary,
    queryFn: ({ signal }) => apiOne<HomeSummary>('GET', '/api/v1/backroom/home', { quiet: true, signal }),
    refetchInterval: 60_000,
  });
