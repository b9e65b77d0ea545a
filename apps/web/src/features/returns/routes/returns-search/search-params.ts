import {
  ANY_STATUS,
  APPEAL_STATUSES,
  DEFAULT_APPEAL_STATUS_FILTER,
  DEFAULT_RETURN_STATUS_FILTER,
  RETURN_STATUSES,
} from '@backroom/shared';

/** The returns search as the screen holds it: the call's query and body, and the page (from 0). */
export interface ReturnsSearchState {
  inboundReturnStatusId: number;
  inboundReturnAppealStatusId: number;
  search: string;
  /** 'search' when typed; a scan's kind; 'orderNumber' for the 'Order # = …' filter. */
  type: string;
  page: number;
}

const statusOf = (raw: string | null, ids: readonly number[], fallback: number) => {
  if (raw === null) return fallback;
  const id = Number(raw);
  return Number.isInteger(id) && (id === ANY_STATUS || ids.includes(id)) ? id : fallback;
};
const returnStatusIds = RETURN_STATUSES.map((s) => s.id);
const appealStatusIds = APPEAL_STATUSES.map((s) => s.id);

/**
 * The search from the URL (returns.md §Returns search: query inboundReturnStatusId, inboundReturnAppealStatusId,
 * search; and type and page), so a reload, a shared link or Back shows the same list. With no status in the
 * URL the screen opens on In Process (10) and any appeal status (0); 0 in the URL is any.
 */
export function searchFromParams(params: URLSearchParams): ReturnsSearchState {
  const page = Number(params.get('page'));
  const search = (params.get('search') ?? '').trim();
  const type = params.get('type') ?? '';
  return {
    inboundReturnStatusId: statusOf(
      params.get('inboundReturnStatusId'),
      returnStatusIds,
      DEFAULT_RETURN_STATUS_FILTER,
    ),
    inboundReturnAppealStatusId: statusOf(
      params.get('inboundReturnAppealStatusId'),
      appealStatusIds,
      DEFAULT_APPEAL_STATUS_FILTER,
    ),
    search,
    type: search && /^[A-Za-z]{1,40}$/.test(type) ? type : 'search',
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** The URL of a search: the statuses always (0 is any, not the opening default), the rest when set. */
export function paramsFromSearch(state: ReturnsSearchState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('inboundReturnStatusId', String(state.inboundReturnStatusId));
  params.set('inboundReturnAppealStatusId', String(state.inboundReturnAppealStatusId));
  if (state.search) params.set('search', state.search);
  if (state.search && state.type !== 'search') params.set('type', state.type);
  if (state.page > 0) params.set('page', String(state.page + 1));
  return params;
}
