import type { ScreenHelp } from '../../../../app/help/screen-help';

/**
 * What the packing station (packing-station-page.tsx) takes. Its hint line under the scan field shows the
 * `hint` keys of this same list, so the two cannot differ.
 */
export const PACKING_HELP: ScreenHelp & {
  shortcuts: readonly { keys: string[]; does: string; hint: string }[];
} = {
  screen: 'Packing Station',
  shortcuts: [
    {
      keys: ['UPC'],
      hint: 'next order',
      does: 'In the scan field: open the oldest order waiting for that product',
    },
    {
      keys: ['1–9 / box code'],
      hint: 'choose the box',
      does: 'With an order open: choose the box by its number or its box label',
    },
    {
      keys: ['↑ ↓'],
      hint: 'choose a rate',
      does: 'In the empty scan field: choose the next or previous rate',
    },
    { keys: ['Enter'], hint: 'Purchase Label', does: 'In the empty scan field: Purchase Label and print it' },
    { keys: ['Esc'], hint: 'start over', does: 'Start over with the next order' },
  ],
  scans: [
    { kind: 'upc', does: 'Opens the oldest order waiting for that product, with its shipment' },
    { kind: 'packagingCode', does: 'With an order open: chooses that box' },
  ],
};
