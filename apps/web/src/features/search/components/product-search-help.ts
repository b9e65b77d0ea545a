import type { ScreenHelp } from '../../../app/help/screen-help';

/** What ProductSearch (product-search.tsx, with acceptScans) takes. */
export const PRODUCT_SEARCH_SCANS: ScreenHelp['scans'] = [
  { kind: 'upc', does: 'Searches the products for that UPC (barcode search type UPC)' },
  { kind: 'sku', does: 'A used variant’s SKU label: searches for that SKU (barcode search type SKU)' },
  { kind: 'anyText', does: 'Searches for the code scanned (the last scan’s type, or general)' },
];

const SEARCH_KEYS: ScreenHelp['shortcuts'] = [{ keys: ['Enter'], does: 'In the search box: search now' }];

export const PRODUCT_SEARCH_HELP: ScreenHelp = {
  screen: 'Product Search',
  shortcuts: SEARCH_KEYS,
  scans: PRODUCT_SEARCH_SCANS,
};

export const MANAGE_PRODUCTS_HELP: ScreenHelp = {
  screen: 'Manage Products',
  shortcuts: SEARCH_KEYS,
  scans: PRODUCT_SEARCH_SCANS,
};
