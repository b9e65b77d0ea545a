import {
  DEFAULT_PRICING_SORT,
  PRICING_REPORT_COLUMNS,
  type PricingReportColumn,
  type PricingReportFilters,
  type PricingSort,
} from '@backroom/shared';

// The report's filters, sort and page live in the address (?events=1,2&brands=…&channels=…&ends=…&sort=…&page=),
// so a reload, Back or a shared link shows the same list.

export interface ReportState {
  filters: PricingReportFilters;
  sort: PricingSort;
  page: number;
}

const ids = (value: string | null) =>
  (value ?? '')
    .split(',')
    .filter((part) => /^\d+$/.test(part))
    .map(Number);

export function stateFromParams(params: URLSearchParams): ReportState {
  const [column, direction] = (params.get('sort') ?? '').split('.');
  const sort: PricingSort =
    PRICING_REPORT_COLUMNS.includes(column as PricingReportColumn) &&
    (direction === 'asc' || direction === 'desc')
      ? { column: column as PricingReportColumn, direction }
      : DEFAULT_PRICING_SORT;
  const ends = params.get('ends');
  return {
    filters: {
      pricingEventIds: ids(params.get('events')),
      brandIds: ids(params.get('brands')),
      channelIds: ids(params.get('channels')),
      endsAt: ends && !Number.isNaN(Date.parse(ends)) ? ends : null,
    },
    sort,
    page: Math.max(0, Math.floor(Number(params.get('page')) || 0)),
  };
}

export function paramsFromState({ filters, sort, page }: ReportState): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.pricingEventIds.length) params.set('events', filters.pricingEventIds.join(','));
  if (filters.brandIds.length) params.set('brands', filters.brandIds.join(','));
  if (filters.channelIds.length) params.set('channels', filters.channelIds.join(','));
  if (filters.endsAt) params.set('ends', filters.endsAt);
  if (sort.column !== DEFAULT_PRICING_SORT.column || sort.direction !== DEFAULT_PRICING_SORT.direction)
    params.set('sort', `${sort.column}.${sort.direction}`);
  if (page) params.set('page', String(page));
  return params;
}
