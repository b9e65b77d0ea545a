import type { ScreenHelp } from '../../../../app/help/screen-help';

/** What the Recondition Inventory scan handler (recondition-page.tsx) takes, step by step. */
export const RECONDITION_HELP: ScreenHelp = {
  screen: 'Recondition Inventory',
  shortcuts: [{ keys: ['Enter'], does: 'In the scan field: use the typed label' }],
  scans: [
    { kind: 'qpgu', does: 'Step 1: the quarantine bin (QPGU) the unit waits in' },
    { kind: 'division', does: 'Step 2: the bin the reconditioned unit goes to' },
    { kind: 'upc', does: 'Step 3: the product; opens Recondition Unit to choose its condition' },
  ],
};
