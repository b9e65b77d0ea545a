import { z } from 'zod';
import { offsetToMinutes } from '../admin/utc-offsets';
import { idSchema } from '../api/text';
import { CATALOGUE_PAGE_SIZES } from '../catalogue/product-conditions';

// Pricing event report (catalogue-admin.md §2.7, §3 Pricing report row, §7 Pricing report, §9):
// GET /api/v1/report/pricingEvents/pricing lists the listings of the account's pricing events running now.

export const PRICING_REPORT_TITLE = 'Active Listing Event Listings';
/** §9: the pricing report shows 250 rows a page. */
export const PRICING_REPORT_PAGE_SIZE = CATALOGUE_PAGE_SIZES.pricingReport;

/** §2.7: the three multi-select filters, their placeholders in this order. */
export const PRICING_REPORT_FILTERS = [
  { key: 'pricingEventIds', label: 'Listing Events', placeholder: 'All Listing Events' },
  { key: 'brandIds', label: 'Brands', placeholder: 'All Brands' },
  { key: 'channelIds', label: 'Channels', placeholder: 'All Channels' },
] as const;

/** §2.7: the table's columns, in order. */
export const PRICING_REPORT_COLUMNS = [
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
] as const;
export type PricingReportColumn = (typeof PRICING_REPORT_COLUMNS)[number];

/** A listing pricing event: a sale, a promotion or a repricing window on one channel. */
export const PRICING_EVENT_TYPES = ['sale', 'promotion', 'repricing'] as const;
export type PricingEventType = (typeof PRICING_EVENT_TYPES)[number];
export const PRICING_EVENT_TYPE_NAMES: Record<PricingEventType, string> = {
  sale: 'Sale',
  promotion: 'Promotion',
  repricing: 'Repricing Window',
};

/** GET …/report/pricingEvents/pricing has no payload: a query parameter is refused (400), not ignored. */
export const pricingReportQuerySchema = z.strictObject({});

/** §3 Pricing report row: one listing of an active event. Money in dollars, 2 decimals; times ISO 8601 UTC. */
export const pricingReportRowSchema = z.object({
  /** The event listing's id. */
  id: idSchema,
  channelId: idSchema,
  channelName: z.string(),
  /** The channel's marketplace (1 Amazon, 2 eBay, 14 Reverb, 99 own store): where the SKU links to. */
  siteId: z.number().int(),
  /** null: the product has no brand. */
  brandId: idSchema.nullable(),
  brandName: z.string().nullable(),
  productId: idSchema,
  productName: z.string(),
  productSKU: z.string(),
  productCost: z.number(),
  productMAP: z.number(),
  /** The product's own (regular) sale price. */
  productPrice: z.number(),
  listingSKU: z.string(),
  /** The price the event broadcasts to the channel. */
  listingBroadcastPrice: z.number(),
  /** The least the product's pricing strategy lets the channel sell it for (pricing/minimum-price.ts). */
  listingMinimumPrice: z.number(),
  pricingEventId: idSchema,
  pricingEventName: z.string(),
  pricingEventEndsAt: z.string(),
  /** The product's pricing strategy's label; null when it has none. */
  pricingStrategy: z.string().nullable(),
  eventType: z.enum(PRICING_EVENT_TYPES),
  /** How the minimum was reached, one step a line (the Minimum cell's hover). */
  pricingExplanation: z.string(),
  /** The listing's id on its marketplace (ASIN, eBay item number, Reverb listing id); null when unknown. */
  referenceId: z.string().nullable(),
});
export type PricingReportRow = z.infer<typeof pricingReportRowSchema>;

export const pricingReportReplySchema = z.object({
  code: z.number(),
  data: z.array(pricingReportRowSchema),
  error: z.null(),
});

/** §2.7: 'Download file name pricing-event-pricing-report-{date}' (the date as YYYY-MM-DD). */
export const pricingReportFileName = (date: string) => `pricing-event-pricing-report-${date}.xlsx`;

/**
 * The marketplace page of a listing, opened from its SKU in a new tab: by its marketplace id where known, else
 * the marketplace's search for the SKU. The seller's own store and counter have no listing page (null).
 */
export function marketplaceListingUrl(
  row: Pick<PricingReportRow, 'siteId' | 'referenceId' | 'listingSKU'>,
): string | null {
  const ref = row.referenceId ? encodeURIComponent(row.referenceId) : null;
  const sku = encodeURIComponent(row.listingSKU);
  switch (row.siteId) {
    case 1:
      return ref ? `https://www.amazon.com/dp/${ref}` : `https://www.amazon.com/s?k=${sku}`;
    case 2:
      return ref ? `https://www.ebay.com/itm/${ref}` : `https://www.ebay.com/sch/i.html?_nkw=${sku}`;
    case 14:
      return ref ? `https://reverb.com/item/${ref}` : `https://reverb.com/marketplace?query=${sku}`;
    default:
      return null;
  }
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** The wall clock at `offset` for an instant, read with the getUTC… methods; null for an unreadable value. */
function wallClock(value: string | Date, offset: string): Date | null {
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  return new Date(instant.getTime() + offsetToMinutes(offset) * 60_000);
}

/** §9: report dates on screen, 'ddd, MMM DD YYYY - h:mm A' at the account's offset ('Thu, Nov 26 2026 - 2:05 PM'). */
export function formatReportDate(value: string | Date, offset: string): string {
  const at = wallClock(value, offset);
  if (!at) return '';
  const hours = at.getUTCHours();
  return `${DAYS[at.getUTCDay()]}, ${MONTHS[at.getUTCMonth()]} ${pad(at.getUTCDate())} ${at.getUTCFullYear()} - ${
    hours % 12 || 12
  }:${pad(at.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** §9: report dates in a download, 'YYYY-MM-DD HH:mm:ss' at the account's offset. */
export function formatReportDownloadDate(value: string | Date, offset: string): string {
  const at = wallClock(value, offset);
  if (!at) return '';
  return `${at.toISOString().slice(0, 10)} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
}
