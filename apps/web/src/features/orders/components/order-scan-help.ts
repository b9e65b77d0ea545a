import type { ScanHelp, ScreenHelp } from '../../../app/help/screen-help';

/** What useOrderScan (use-order-scan.ts) takes on the order screens. */
export const ORDER_SCANS: readonly ScanHelp[] = [
  { kind: 'orderCode', does: 'Opens that order' },
  { kind: 'upc', does: 'Lists the orders holding that product' },
  { kind: 'trackingNumber', does: 'Lists the orders shipped with that number' },
];

/** The Orders list: its keys (orders-page.tsx, orders-table.tsx) and the order scans. */
export const ORDERS_HELP: ScreenHelp = {
  screen: 'Orders',
  shortcuts: [
    { keys: ['/'], does: 'Go to the search box' },
    { keys: ['Enter'], does: 'In the search box: search now; on an order row: open the order' },
    { keys: ['Esc'], does: 'In the search box: clear the search' },
    { keys: ['↓'], does: 'From the search box: walk down the orders' },
    { keys: ['↑'], does: 'Walk up the orders (from the first, back to the search box)' },
  ],
  scans: ORDER_SCANS,
};

/** An order's detail page: the order scans. */
export const ORDER_DETAIL_HELP: ScreenHelp = {
  screen: 'Order detail',
  shortcuts: [{ keys: ['Enter'], does: 'In the note box: add the note' }],
  scans: ORDER_SCANS,
};
