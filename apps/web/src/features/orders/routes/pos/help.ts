import type { ScreenHelp } from '../../../../app/help/screen-help';

/** What the point of sale takes (use-pos-scan.ts on a sale, pos-new-page.tsx before one). */
export const POS_HELP: ScreenHelp = {
  screen: 'Point of Sale',
  shortcuts: [
    { keys: ['Enter'], does: 'In the scan field: add the typed UPC or SKU (a refused code stays selected)' },
    { keys: ['Enter'], does: 'In a line’s quantity or price: save it and go back to the scan field' },
    { keys: ['Esc'], does: 'In a line’s quantity or price: put the shown value back' },
  ],
  scans: [
    { kind: 'upc', does: 'Adds the product to the sale (starts a new sale on Point of Sale: New Sale)' },
    { kind: 'sku', does: 'Typed in the scan field: adds the product' },
    { kind: 'giftCard', does: 'On a sale: opens the gift card redemption with its number filled in' },
    { kind: 'eGiftCard', does: 'On a sale: opens the gift card redemption with its number filled in' },
  ],
};
