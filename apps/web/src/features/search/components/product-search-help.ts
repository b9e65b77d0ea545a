import type { ScreenHelp } from '../../../app/help/screen-help';

/** What ProductSearch (product-search.tsx, with acceptScans) takes. */
export const PRODUCT_SEARCH_SCANS: ScreenHelp['scans'] = [
  { kind: 'upc', does: 'Searches the products for that UPC' },
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
