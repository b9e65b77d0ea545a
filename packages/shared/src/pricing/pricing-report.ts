import {
  formatReportDownloadDate,
  PRICING_EVENT_TYPE_NAMES,
  type PricingReportColumn,
  type PricingReportRow,
} from './pricing-report.schemas';

// What the pricing report screen does with the rows (catalogue-admin.md §2.7): the three multi-select filters
// and the Ends filter, the summaries per listing event, brand, channel and product (id, name, the sets of
// related ids) that give each filter its options and count badge, the sort and the download's rows.

export type PricingFilterKey = 'pricingEventIds' | 'brandIds' | 'channelIds';

export interface PricingReportFilters {
  pricingEventIds: number[];
  brandIds: number[];
  channelIds: number[];
  /** The Ends cell clicked: only listings of events ending at this instant (ISO 8601). */
  endsAt: string | null;
}

export const NO_PRICING_FILTERS: PricingReportFilters = {
  pricingEventIds: [],
  brandIds: [],
  channelIds: [],
  endsAt: null,
};

/** A product with no brand is listed under this name (brand id 0 in the filter). */
export const NO_BRAND_NAME = 'No Brand';

const idOf: Record<PricingFilterKey, (row: PricingReportRow) => number> = {
  pricingEventIds: (row) => row.pricingEventId,
  brandIds: (row) => row.brandId ?? 0,
  channelIds: (row) => row.channelId,
};

const sameInstant = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

/** The rows the filters keep; `except` leaves one multi-select out (to list that filter's options). */
export function filterPricingRows(
  rows: readonly PricingReportRow[],
  filters: PricingReportFilters,
  except?: PricingFilterKey,
): PricingReportRow[] {
  const keys = (Object.keys(idOf) as PricingFilterKey[]).filter(
    (key) => key !== except && filters[key].length,
  );
  return rows.filter(
    (row) =>
      keys.every((key) => filters[key].includes(idOf[key](row))) &&
      (!filters.endsAt || sameInstant(row.pricingEventEndsAt, filters.endsAt)),
  );
}

export interface PricingSummary {
  id: number;
  name: string;
  pricingEventIds: Set<number>;
  brandIds: Set<number>;
  channelIds: Set<number>;
  productIds: Set<number>;
}

export interface PricingSummaries {
  pricingEvents: PricingSummary[];
  brands: PricingSummary[];
  channels: PricingSummary[];
  products: PricingSummary[];
}

/** Per listing event, brand, channel and product: its name and the ids related to it in these rows, by name. */
export function summarizePricingRows(rows: readonly PricingReportRow[]): PricingSummaries {
  const maps = {
    pricingEvents: new Map<number, PricingSummary>(),
    brands: new Map<number, PricingSummary>(),
    channels: new Map<number, PricingSummary>(),
    products: new Map<number, PricingSummary>(),
  };
  const add = (map: Map<number, PricingSummary>, id: number, name: string, row: PricingReportRow) => {
    let summary = map.get(id);
    if (!summary) {
      summary = {
        id,
        name,
        pricingEventIds: new Set(),
        brandIds: new Set(),
        channelIds: new Set(),
        productIds: new Set(),
      };
      map.set(id, summary);
    }
    summary.pricingEventIds.add(row.pricingEventId);
    summary.brandIds.add(row.brandId ?? 0);
    summary.channelIds.add(row.channelId);
    summary.productIds.add(row.productId);
  };
  for (const row of rows) {
    add(maps.pricingEvents, row.pricingEventId, row.pricingEventName, row);
    add(maps.brands, row.brandId ?? 0, row.brandName ?? NO_BRAND_NAME, row);
    add(maps.channels, row.channelId, row.channelName, row);
    add(maps.products, row.productId, row.productName, row);
  }
  const sorted = (map: Map<number, PricingSummary>) =>
    [...map.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return {
    pricingEvents: sorted(maps.pricingEvents),
    brands: sorted(maps.brands),
    channels: sorted(maps.channels),
    products: sorted(maps.products),
  };
}

/** The Pricing column: the kind of event the listing's price comes from. */
export const pricingEventTypeName = (row: Pick<PricingReportRow, 'eventType'>) =>
  PRICING_EVENT_TYPE_NAMES[row.eventType];

/** Whether the event's price is below what the strategy allows (the Price cell is flagged). */
export const isBelowMinimum = (
  row: Pick<PricingReportRow, 'listingBroadcastPrice' | 'listingMinimumPrice'>,
) => Math.round(row.listingBroadcastPrice * 100) < Math.round(row.listingMinimumPrice * 100);

export type SortDirection = 'asc' | 'desc';
export interface PricingSort {
  column: PricingReportColumn;
  direction: SortDirection;
}
/** §2.7: 'Default sort by event end ascending'. */
export const DEFAULT_PRICING_SORT: PricingSort = { column: 'Ends', direction: 'asc' };

const sortValue: Record<PricingReportColumn, (row: PricingReportRow) => string | number> = {
  Channel: (row) => row.channelName,
  SKU: (row) => row.listingSKU,
  Event: (row) => row.pricingEventName,
  Ends: (row) => new Date(row.pricingEventEndsAt).getTime(),
  Name: (row) => row.productName,
  Price: (row) => row.listingBroadcastPrice,
  Minimum: (row) => row.listingMinimumPrice,
  MAP: (row) => row.productMAP,
  Cost: (row) => row.productCost,
  Strategy: (row) => row.pricingStrategy ?? '',
  Pricing: (row) => pricingEventTypeName(row),
};

const compare = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));

/** Rows in the column's order; ties by event end, channel, listing SKU and id (always the same order). */
export function sortPricingRows(rows: readonly PricingReportRow[], sort: PricingSort): PricingReportRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const by = sortValue[sort.column];
  return [...rows].sort(
    (a, b) =>
      sign * compare(by(a), by(b)) ||
      compare(sortValue.Ends(a), sortValue.Ends(b)) ||
      a.channelName.localeCompare(b.channelName) ||
      a.listingSKU.localeCompare(b.listingSKU) ||
      a.id - b.id,
  );
}

/** The download's columns: the table's, then the brand, the product's regular price and the minimum's reasoning. */
export const PRICING_REPORT_DOWNLOAD_COLUMNS = [
  'Channel',
  'SKU',
  'Event',
  'Ends',
  'Name',
  'Price',
  'Minimum',
  'MAP',
  'Cost',
  'Strategy',
  'Pricing',
  'Brand',
  'Regular Price',
  'Minimum Explanation',
] as const;

/** One row of the download, in PRICING_REPORT_DOWNLOAD_COLUMNS order; Ends as 'YYYY-MM-DD HH:mm:ss' (§9). */
export function pricingReportDownloadRow(row: PricingReportRow, utcOffset: string): (string | number)[] {
  return [
    row.channelName,
    row.listingSKU,
    row.pricingEventName,
    formatReportDownloadDate(row.pricingEventEndsAt, utcOffset),
    row.productName,
    row.listingBroadcastPrice,
    row.listingMinimumPrice,
    row.productMAP,
    row.productCost,
    row.pricingStrategy ?? '',
    pricingEventTypeName(row),
    row.brandName ?? NO_BRAND_NAME,
    row.productPrice,
    row.pricingExplanation,
  ];
}
