import type { OrderSearch } from '../api';

/**
 * The orders list's filters as URL query parameters (?q=…&channel=…&status=3,40&page=2), so a reload, a
 * shared link or Back shows the same list. Pages count from 1 in the URL, from 0 in code.
 */
export function searchFromParams(params: URLSearchParams): OrderSearch {
  const channel = Number(params.get('channel'));
  const page = Number(params.get('page'));
  return {
    searchTerm: (params.get('q') ?? '').trim(),
    channelId: Number.isInteger(channel) && channel > 0 ? channel : null,
    systemOrderStatusIds: [
      ...new Set(
        (params.get('status') ?? '')
          .split(',')
          .map((part) => Number(part))
          .filter((id) => Number.isInteger(id) && id >= 1 && id <= 99),
      ),
    ].sort((a, b) => a - b),
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** The parameters for a search; empty filters and the first page leave no trace in the URL. */
export function paramsFromSearch(search: OrderSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.searchTerm) params.set('q', search.searchTerm);
  if (search.channelId) params.set('channel', String(search.channelId));
  if (search.systemOrderStatusIds.length) params.set('status', search.systemOrderStatusIds.join(','));
  if (search.page > 0) params.set('page', String(search.page + 1));
  return params;
}
