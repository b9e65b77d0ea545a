import type { ScreenHelp } from '../../../app/help/screen-help';

/** What useDivisionScan takes: the warehouse screens' ? reference. */
export const WAREHOUSE_HELP: ScreenHelp = {
  screen: 'Warehouses',
  shortcuts: [{ keys: ['Enter'], does: 'In the scan field: open the typed bin or shelf' }],
  scans: [{ kind: 'division', does: 'Opens that bin or shelf in its warehouse' }],
};
