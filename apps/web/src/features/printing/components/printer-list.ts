// Pure helpers of the Warehouse Printers table (orders-warehouse.md §2 "Warehouses and printers").
import { type Printer, paperById, type Warehouse } from '@backroom/shared';

/** "Rows per page: 125 in the table configuration" (250 is the sheet default, which this table does not use). */
export const PRINTERS_PAGE_SIZE = 125;

/** "Printer edits are debounced 350 ms." */
export const PRINTER_EDIT_DEBOUNCE_MS = 350;

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/**
 * What the Address column shows for a printer's uri. "A USB address shows only its value part": the part
 * after `usb://`, percent-decoded because CUPS encodes USB addresses ('usb://Zebra%20Technologies/ZD421?serial=1'
 * shows 'Zebra Technologies/ZD421?serial=1'). Other addresses drop their scheme too ('tcp://10.0.0.5:9100'
 * shows '10.0.0.5:9100'), since the scheme says nothing a warehouse person needs; the built-in print server's
 * printers show 'Built-in'.
 */
export function printerAddressLabel(uri: string): string {
  const text = uri.trim();
  const match = SCHEME.exec(text);
  if (!match) return text;
  const scheme = (match[1] ?? '').toLowerCase();
  if (scheme === 'builtin') return 'Built-in';
  const value = text.slice(match[0].length).replace(/\/+$/, '');
  if (scheme !== 'usb') return value;
  try {
    return decodeURIComponent(value);
  } catch {
    // A malformed escape: the raw value still identifies the printer.
    return value;
  }
}

/** The export's columns: the table's visible ones, with Settings split into Peel and Cut. */
export const PRINTER_LIST_COLUMNS = [
  'Active',
  'Server',
  'Printer',
  'Status',
  'Peel',
  'Cut',
  'Paper',
  'Address',
] as const;

export function printerListRows(printers: readonly Printer[]): string[][] {
  return printers.map((p) => [
    p.isActive === 1 ? 'Yes' : 'No',
    p.server.commonName,
    p.commonName,
    p.isOffline ? 'Offline' : 'Online',
    p.config.peel ? 'Yes' : 'No',
    p.config.cut ? 'Yes' : 'No',
    paperById(p.paperId)?.name ?? '',
    printerAddressLabel(p.config.uri || p.uri),
  ]);
}

function csvCell(value: string): string {
  // A name typed as '=HYPERLINK(…)' must stay text when the sheet is opened in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** RFC 4180 CSV: a header line, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** "The list can be downloaded as 'warehouse-printer-list-{date}'", date as YYYY-MM-DD. */
export function printerListFileName(date: string): string {
  return `warehouse-printer-list-${date}.csv`;
}

/** The warehouse the printer screens open on: the first active one that fulfils orders, else the first. */
export function defaultPrinterWarehouse(warehouses: readonly Warehouse[]): Warehouse | null {
  // The main warehouse: first by the account's own sort order, then the oldest; never the alphabetically
  // first (the list arrives sorted by name, and a 'Garage Store' opened before the 'Main Warehouse').
  const ordered = [...warehouses].sort((a, b) => (a.sortOrder ?? 99) - (b.sortOrder ?? 99) || a.id - b.id);
  return (
    ordered.find((w) => w.isActive === 1 && w.warehouseType?.hasFulfillment) ??
    ordered.find((w) => w.isActive === 1) ??
    ordered[0] ??
    null
  );
}
