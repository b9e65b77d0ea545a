import type { ScreenHelp } from '../../../../app/help/screen-help';

/** What the return screen's scan handler (manage-inbound-return-page.tsx) takes. */
export const RETURN_HELP: ScreenHelp = {
  screen: 'A return',
  shortcuts: [{ keys: ['Enter'], does: 'In the scan field: receive the typed UPC or use the typed bin' }],
  scans: [
    { kind: 'upc', does: 'Receives that item: +1 on a first-party item, otherwise opens the receive dialog' },
    { kind: 'division', does: 'With the receive dialog open: chooses the bin the unit goes to' },
    { kind: 'inboundReturn', does: 'Opens that return' },
  ],
};
