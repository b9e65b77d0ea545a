import {
  type ReturnSearchRow,
  returnOrderedDate,
  returnSearchCustomerName,
  returnsExportFileName,
} from '@backroom/shared';
import dayjs from 'dayjs';
import { downloadXlsx, type XlsxColumn } from '../../../catalogue/lib/export-xlsx';
import { fetchReturnsPage, type ReturnsSearchRequest } from '../../search-api';

/** A download reads the search this many rows a call, up to MAX_ROWS. */
const CHUNK = 500;
const MAX_ROWS = 10_000;

const COLUMNS: XlsxColumn[] = [
  { header: 'Return', width: 10 },
  { header: 'Return Status', width: 16 },
  { header: 'Order', width: 24 },
  { header: 'Channel Order Id', width: 16 },
  { header: 'Name', width: 24 },
  { header: 'Channel', width: 14 },
  { header: 'Order Status', width: 18 },
  { header: 'Ordered', width: 12 },
  { header: 'RMA', width: 18 },
  { header: 'Notes', width: 8 },
];

export const returnExportRow = (row: ReturnSearchRow, utcOffset: string): (string | number)[] => [
  row.id,
  row.returnStatus.name,
  row.channelOrderNumber ?? '',
  row.channelOrderId ?? '',
  returnSearchCustomerName(row),
  row.channelName ?? '',
  row.systemOrderStatus?.name ?? '',
  returnOrderedDate(row.orderedAt, utcOffset),
  row.referenceId ?? '',
  row.noteCount,
];

/**
 * 'Download': every return the search lists (not only the page shown), as list-channel-order-returns-{date}.xlsx
 * with the table's columns, the RMA and the notes count; at most 10,000 rows.
 */
export async function downloadReturns(request: ReturnsSearchRequest, utcOffset: string) {
  const rows: ReturnSearchRow[] = [];
  let hasMore = true;
  while (hasMore && rows.length < MAX_ROWS) {
    const page = await fetchReturnsPage(request, { limit: CHUNK, offset: rows.length });
    rows.push(...page.rows);
    hasMore = page.hasMore;
  }
  const kept = rows.slice(0, MAX_ROWS);
  await downloadXlsx(
    returnsExportFileName(dayjs().format('YYYY-MM-DD')),
    'Returns',
    COLUMNS,
    kept.map((row) => returnExportRow(row, utcOffset)),
  );
  return { count: kept.length, truncated: hasMore || rows.length > MAX_ROWS };
}
