import {
  PRICING_REPORT_DOWNLOAD_COLUMNS,
  type PricingReportRow,
  pricingReportDownloadRow,
  pricingReportFileName,
} from '@backroom/shared';
import dayjs from 'dayjs';
import { downloadXlsx, type XlsxColumn } from '../../../catalogue/lib/export-xlsx';

const MONEY = '0.00';
const WIDTHS: Partial<Record<(typeof PRICING_REPORT_DOWNLOAD_COLUMNS)[number], number>> = {
  Channel: 12,
  SKU: 18,
  Event: 26,
  Ends: 20,
  Name: 44,
  Strategy: 14,
  Pricing: 16,
  Brand: 18,
  'Minimum Explanation': 90,
};
const MONEY_COLUMNS = new Set(['Price', 'Minimum', 'MAP', 'Cost', 'Regular Price']);

const COLUMNS: XlsxColumn[] = PRICING_REPORT_DOWNLOAD_COLUMNS.map((header) => ({
  header,
  width: WIDTHS[header] ?? 12,
  ...(MONEY_COLUMNS.has(header) ? { numFmt: MONEY } : {}),
}));

/**
 * 'Download': the rows the filters keep, in the table's order (every page), as
 * pricing-event-pricing-report-{date}.xlsx; Ends as 'YYYY-MM-DD HH:mm:ss' at the account's offset (§9).
 */
export function downloadPricingReport(rows: readonly PricingReportRow[], utcOffset: string) {
  return downloadXlsx(
    pricingReportFileName(dayjs().format('YYYY-MM-DD')),
    'Pricing Report',
    COLUMNS,
    rows.map((row) => pricingReportDownloadRow(row, utcOffset)),
  );
}
