import { z } from 'zod';
import { formatInOffset } from '../admin/utc-offsets';
import { idSchema, intSchema, MAX_INT, text } from '../api/text';
import type { ParsedScan } from '../scanner/parse-scan';
import { APPEAL_STATUSES } from './return-appeals';
import { RETURN_STATUSES } from './return-statuses';

// Returns search (returns.md §Returns search, §3 Return search row, §7 POST …/returns/search, §8, §9):
// POST /api/v1/backroom/returns/search?inboundReturnStatusId=&inboundReturnAppealStatusId= { search, type }.

/** returns.md §9: the returns table shows 100 rows a page. */
export const RETURNS_PAGE_SIZE = 100;
/** returns.md §Returns search: the initial return-status filter is 10 (In Process), the appeal filter 0. */
export const DEFAULT_RETURN_STATUS_FILTER = 10;
/** 0 is no appeal-status filter: 'Any/No Appeal Status' (the same for the return status). */
export const DEFAULT_APPEAL_STATUS_FILTER = 0;
export const ANY_STATUS = 0;
/** returns.md §9: the search call's timeout. */
export const RETURNS_SEARCH_TIMEOUT_MS = 60_000;
export const DEFAULT_CUSTOMER_NAME = 'Default Customer';
export const RETURNS_SEARCH_ERROR = 'Error Searching Returns.';
/** returns.md §7: a note added from the search list that failed (only logged there; the modal says it too). */
export const RETURN_NOTE_ADD_ERROR_FROM_SEARCH = 'Error Adding a Return Note.';
export const RETURNS_SEARCH_PLACEHOLDER = 'Search Returns';
export const RETURN_STATUS_FILTER_PLACEHOLDER = 'Any/No Return Status';
export const APPEAL_STATUS_FILTER_PLACEHOLDER = 'Any/No Appeal Status';

/**
 * What a search is (the call's `type`): typed into the box ('search'), or the kind of a device scan
 * (amazonReturn: an RMA; trackingNumber; upc), or the 'Order # = …' filter (orderNumber). A scan of a return's
 * label opens it; any other scan searches with its value. The server narrows inboundReturn to the return id,
 * upc to an item's UPC and orderNumber to one order's number; any other type searches as typed text does.
 */
export const RETURN_SEARCH_TYPES = [
  'search',
  'inboundReturn',
  'amazonReturn',
  'trackingNumber',
  'upc',
  'orderNumber',
] as const;
export type ReturnSearchType = (typeof RETURN_SEARCH_TYPES)[number];

const statusFilter = (ids: readonly number[], what: string) =>
  z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_INT)
    .refine((id) => id === ANY_STATUS || ids.includes(id), `Not ${what}: 0 (any) or ${ids.join(', ')}`)
    .default(ANY_STATUS);

/** The query string: 0 or empty is any status. */
export const returnsSearchQuerySchema = z.object({
  inboundReturnStatusId: statusFilter(
    RETURN_STATUSES.map((s) => s.id),
    'a return status',
  ),
  inboundReturnAppealStatusId: statusFilter(
    APPEAL_STATUSES.map((s) => s.id),
    'an appeal status',
  ),
});
export type ReturnsSearchQuery = z.infer<typeof returnsSearchQuerySchema>;

/**
 * The body: the search text and its type (returns.md §7), and the page (100 rows; the screen's download asks
 * for up to 500 a call). A text is first looked up whole as an identifier (the return id, the order's id or
 * number, an RMA, a tracking number, an e-mail, a SKU or UPC); when none matches, it is looked for anywhere in
 * the order number, the RMAs, the customer's name and e-mail and the labels' tracking numbers.
 */
export const returnsSearchBodySchema = z.object({
  search: text().trim().max(200).default(''),
  type: z
    .string()
    .regex(/^[A-Za-z]{1,40}$/, 'A search type is a word of letters')
    .default('search'),
  limit: z.number().int().min(1).max(500).default(RETURNS_PAGE_SIZE),
  offset: intSchema().max(1_000_000).default(0),
});
export type ReturnsSearchBody = z.input<typeof returnsSearchBodySchema>;
export type ReturnsSearch = z.infer<typeof returnsSearchBodySchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

/** A return's last note for the notes icon's tooltip: its text and who wrote it. */
export const returnSearchNoteSchema = z.object({
  text: z.string(),
  user: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
});

/** returns.md §3 Return search row, with the notes' count and the last one for the tooltip. */
export const returnSearchRowSchema = z.object({
  id: idSchema,
  returnStatusId: z.number().int(),
  returnStatus: named,
  /** The RMA: the return's own reference, else the channel return's. */
  referenceId: z.string().nullable(),
  inboundReturnAppealStatusId: z.number().int().nullable(),
  channelOrderId: idSchema.nullable(),
  channelOrderNumber: z.string().nullable(),
  /** 'First Last' of the return's customer; null when there is none ('Default Customer' on screen). */
  customerName: z.string().nullable(),
  channelName: z.string().nullable(),
  siteId: z.number().int().nullable(),
  systemOrderStatus: named.nullable(),
  /** When the order was placed (ISO 8601, UTC); a return with no order: when it was requested. */
  orderedAt: z.string(),
  noteCount: z.number().int(),
  lastNote: returnSearchNoteSchema.nullable(),
});
export type ReturnSearchRow = z.infer<typeof returnSearchRowSchema>;

/** The envelope plus hasMore, whether a next page follows (no count over 200,000 returns). */
export const returnsSearchReplySchema = z.object({
  code: z.number(),
  data: z.array(returnSearchRowSchema),
  error: z.null(),
  hasMore: z.boolean(),
});

/** returns.md §8: the search result toast, '{n} result(s) for "{search or Latest}" [{type}]'. */
export const returnsSearchToast = (count: number, search: string, type: string) =>
  `${count} result(s) for "${search || 'Latest'}" [${type}]`;

/** The notes icon's tooltip: '{n} Notes - Last Note: {text} by {user}' ('0 Notes' with none). */
export function returnNotesTooltip(row: Pick<ReturnSearchRow, 'noteCount' | 'lastNote'>): string {
  if (!row.lastNote) return `${row.noteCount} Notes`;
  const user = row.lastNote.user
    ? `${row.lastNote.user.firstName} ${row.lastNote.user.lastName}`.trim()
    : 'System';
  return `${row.noteCount} Notes - Last Note: ${row.lastNote.text} by ${user}`;
}

/** The notes modal's title: '{order number} Notes', else '{id} Notes', else 'Inbound Return Notes'. */
export function returnNotesTitle(row: Pick<ReturnSearchRow, 'id' | 'channelOrderNumber'> | null): string {
  if (row?.channelOrderNumber) return `${row.channelOrderNumber} Notes`;
  if (row?.id) return `${row.id} Notes`;
  return 'Inbound Return Notes';
}

export const returnSearchCustomerName = (row: Pick<ReturnSearchRow, 'customerName'>) =>
  row.customerName?.trim() || DEFAULT_CUSTOMER_NAME;

/** The Ordered column: YYYY-MM-DD in the account's offset. */
export const returnOrderedDate = (orderedAt: string, utcOffset: string) => {
  const instant = new Date(orderedAt);
  return Number.isNaN(instant.getTime()) ? '' : formatInOffset(instant, utcOffset).slice(0, 10);
};

/** The filter chip clicking an order number adds. */
export const orderNumberFilterLabel = (orderNumber: string) => `Order # = ${orderNumber}`;

/** returns.md §Returns search: the download's name, list-channel-order-returns-{date}. */
export const returnsExportFileName = (date: string) => `list-channel-order-returns-${date}.xlsx`;

/**
 * What a device scan on the search screen does (returns.md §Returns search): a return's label opens the return;
 * any other scan searches with the scanned value, typed by what the scan is.
 */
export function returnSearchOfScan(
  scan: ParsedScan,
  text: string,
): { open: number } | { search: string; type: string } | null {
  switch (scan.type) {
    case 'inboundReturn':
      return { open: scan.id };
    case 'amazonReturn':
      return { search: scan.rma, type: 'amazonReturn' };
    case 'trackingNumber':
      return { search: scan.trackingNumber, type: 'trackingNumber' };
    case 'upc':
      return { search: scan.raw, type: 'upc' };
    default: {
      const value = text.trim();
      return value ? { search: value, type: scan.type === 'error' ? 'scan' : scan.type } : null;
    }
  }
}
