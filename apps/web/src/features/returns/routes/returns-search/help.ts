import type { ScreenHelp } from '../../../../app/help/screen-help';

/** What the Returns list's scan handler (returns-search-page.tsx, shared returnSearchOfScan) takes. */
export const RETURNS_SEARCH_HELP: ScreenHelp = {
  screen: 'Returns',
  shortcuts: [
    { keys: ['Enter'], does: 'In the search box: search now (a typed return label opens the return)' },
  ],
  scans: [
    { kind: 'inboundReturn', does: 'Opens the return' },
    { kind: 'amazonReturn', does: 'Finds the returns with that RMA' },
    { kind: 'trackingNumber', does: 'Finds the returns shipped with that number' },
    { kind: 'upc', does: 'Finds the returns holding that product' },
    { kind: 'anyText', does: 'Searches the returns for it' },
  ],
};
