import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRICING_SORT,
  filterPricingRows,
  isBelowMinimum,
  NO_PRICING_FILTERS,
  pricingReportDownloadRow,
  sortPricingRows,
  summarizePricingRows,
} from './pricing-report';
import {
  formatReportDate,
  formatReportDownloadDate,
  marketplaceListingUrl,
  type PricingReportRow,
  pricingReportFileName,
  pricingReportQuerySchema,
} from './pricing-report.schemas';

const row = (id: number, over: Partial<PricingReportRow> = {}): PricingReportRow => ({
  id,
  channelId: 1,
  channelName: 'Amazon',
  siteId: 1,
  brandId: 10,
  brandName: 'Fender',
  productId: 100 + id,
  productName: `Product ${id}`,
  productSKU: `SKU-${id}`,
  productCost: 40,
  productMAP: 99.99,
  productPrice: 89.99,
  listingSKU: `SKU-${id}`,
  listingBroadcastPrice: 79.99,
  listingMinimumPrice: 60.38,
  pricingEventId: 5,
  pricingEventName: 'Black Friday',
  pricingEventEndsAt: '2026-11-30T06:00:00.000Z',
  pricingStrategy: 'Cost Plus',
  eventType: 'sale',
  pricingExplanation: 'Cost Plus: margin 20.00%',
  referenceId: 'B0TEST0001',
  ...over,
});

const rows = [
  row(1),
  row(2, { channelId: 2, channelName: 'eBay', siteId: 2, pricingEventId: 6, pricingEventName: 'eBay Week' }),
  row(3, { brandId: 11, brandName: 'Gibson', pricingEventEndsAt: '2026-11-28T06:00:00Z' }),
  row(4, {
    brandId: null,
    brandName: null,
    channelId: 2,
    channelName: 'eBay',
    pricingEventId: 6,
    pricingEventName: 'eBay Week',
  }),
  row(5, { productId: 101 }),
];

describe('filterPricingRows', () => {
  it('keeps every row with no filter', () => {
    expect(filterPricingRows(rows, NO_PRICING_FILTERS)).toHaveLength(5);
  });

  it('keeps rows matching any selected value of each filter, and every filter at once', () => {
    const ids = (f: Partial<typeof NO_PRICING_FILTERS>) =>
      filterPricingRows(rows, { ...NO_PRICING_FILTERS, ...f }).map((r) => r.id);
    expect(ids({ brandIds: [10] })).toEqual([1, 2, 5]);
    expect(ids({ brandIds: [10, 11] })).toEqual([1, 2, 3, 5]);
    expect(ids({ brandIds: [0] })).toEqual([4]);
    expect(ids({ channelIds: [2] })).toEqual([2, 4]);
    expect(ids({ channelIds: [2], brandIds: [10] })).toEqual([2]);
    expect(ids({ pricingEventIds: [5], brandIds: [11] })).toEqual([3]);
  });

  it('the Ends filter keeps the events ending at that instant, however the time is written', () => {
    const kept = filterPricingRows(rows, { ...NO_PRICING_FILTERS, endsAt: '2026-11-28T06:00:00.000Z' });
    expect(kept.map((r) => r.id)).toEqual([3]);
  });

  it('leaves one filter out to list that filter’s options', () => {
    const filters = { ...NO_PRICING_FILTERS, channelIds: [2], brandIds: [0] };
    expect(filterPricingRows(rows, filters, 'brandIds').map((r) => r.id)).toEqual([2, 4]);
    expect(filterPricingRows(rows, filters, 'channelIds').map((r) => r.id)).toEqual([4]);
  });
});

describe('summarizePricingRows', () => {
  it('summarises events, brands, channels and products by name with the related ids', () => {
    const s = summarizePricingRows(rows);
    expect(s.pricingEvents.map((e) => [e.id, e.name, [...e.productIds]])).toEqual([
      [5, 'Black Friday', [101, 103]],
      [6, 'eBay Week', [102, 104]],
    ]);
    expect(s.brands.map((b) => [b.id, b.name])).toEqual([
      [10, 'Fender'],
      [11, 'Gibson'],
      [0, 'No Brand'],
    ]);
    expect([...s.brands[0]!.channelIds]).toEqual([1, 2]);
    expect(s.channels.map((c) => [c.name, [...c.pricingEventIds]])).toEqual([
      ['Amazon', [5]],
      ['eBay', [6]],
    ]);
    // Rows 1 and 5 list the same product on one channel and one event: one product.
    expect(s.products).toHaveLength(4);
  });
});

describe('sortPricingRows', () => {
  it('sorts by event end ascending by default, ties by channel, SKU and id', () => {
    expect(sortPricingRows(rows, DEFAULT_PRICING_SORT).map((r) => r.id)).toEqual([3, 1, 5, 2, 4]);
  });

  it('sorts by any column either way', () => {
    const ids = (column: typeof DEFAULT_PRICING_SORT.column, direction: 'asc' | 'desc') =>
      sortPricingRows(rows, { column, direction }).map((r) => r.id);
    expect(ids('Channel', 'desc')).toEqual([2, 4, 3, 1, 5]);
    expect(ids('Name', 'asc')).toEqual([1, 2, 3, 4, 5]);
    expect(
      sortPricingRows([row(1, { listingBroadcastPrice: 9 }), row(2, { listingBroadcastPrice: 10 })], {
        column: 'Price',
        direction: 'desc',
      }).map((r) => r.id),
    ).toEqual([2, 1]);
  });
});

describe('report dates (§9) at the account offset', () => {
  it("shows 'ddd, MMM DD YYYY - h:mm A'", () => {
    expect(formatReportDate('2026-11-30T06:00:00Z', '-06:00')).toBe('Mon, Nov 30 2026 - 12:00 AM');
    expect(formatReportDate('2026-11-30T06:00:00Z', '+00:00')).toBe('Mon, Nov 30 2026 - 6:00 AM');
    expect(formatReportDate('2026-03-05T19:07:00Z', '+05:45')).toBe('Fri, Mar 06 2026 - 12:52 AM');
    expect(formatReportDate('2026-03-05T19:07:00Z', '-09:30')).toBe('Thu, Mar 05 2026 - 9:37 AM');
    expect(formatReportDate('2026-07-04T12:30:00Z', '+00:00')).toBe('Sat, Jul 04 2026 - 12:30 PM');
    expect(formatReportDate('not a date', '+00:00')).toBe('');
  });

  it("downloads 'YYYY-MM-DD HH:mm:ss'", () => {
    expect(formatReportDownloadDate('2026-11-30T06:00:09Z', '-06:00')).toBe('2026-11-30 00:00:09');
    expect(formatReportDownloadDate('2026-01-01T02:15:00Z', '-06:00')).toBe('2025-12-31 20:15:00');
    expect(formatReportDownloadDate('', '-06:00')).toBe('');
  });
});

describe('the rest of the report', () => {
  it('names the download pricing-event-pricing-report-{date}', () => {
    expect(pricingReportFileName('2026-11-26')).toBe('pricing-event-pricing-report-2026-11-26.xlsx');
  });

  it('links a SKU to its marketplace listing, or to a search for it', () => {
    expect(marketplaceListingUrl({ siteId: 1, referenceId: 'B0ABC', listingSKU: 'X' })).toBe(
      'https://www.amazon.com/dp/B0ABC',
    );
    expect(marketplaceListingUrl({ siteId: 2, referenceId: '123456789012', listingSKU: 'X' })).toBe(
      'https://www.ebay.com/itm/123456789012',
    );
    expect(marketplaceListingUrl({ siteId: 14, referenceId: '7654321', listingSKU: 'X' })).toBe(
      'https://reverb.com/item/7654321',
    );
    expect(marketplaceListingUrl({ siteId: 1, referenceId: null, listingSKU: 'FEN 1/2' })).toBe(
      'https://www.amazon.com/s?k=FEN%201%2F2',
    );
    expect(marketplaceListingUrl({ siteId: 99, referenceId: null, listingSKU: 'X' })).toBeNull();
  });

  it('flags a price below the minimum, to the cent', () => {
    expect(isBelowMinimum({ listingBroadcastPrice: 60.37, listingMinimumPrice: 60.38 })).toBe(true);
    expect(isBelowMinimum({ listingBroadcastPrice: 60.38, listingMinimumPrice: 60.38 })).toBe(false);
  });

  it('writes a download row with the §9 date and the event type', () => {
    expect(pricingReportDownloadRow(rows[3]!, '-06:00')).toEqual([
      'eBay',
      'SKU-4',
      'eBay Week',
      '2026-11-30 00:00:00',
      'Product 4',
      79.99,
      60.38,
      99.99,
      40,
      'Cost Plus',
      'Sale',
      'No Brand',
      89.99,
      'Cost Plus: margin 20.00%',
    ]);
  });

  it('the call takes no query parameters', () => {
    expect(pricingReportQuerySchema.safeParse({}).success).toBe(true);
    expect(pricingReportQuerySchema.safeParse({ brandId: '1' }).success).toBe(false);
  });
});
