import { useNavigate } from 'react-router';
import { useScreenHelp } from '../../../app/help/screen-help';
import { type ScanOutcome, useScanHandler } from '../../../app/providers/scanner-provider';
import { playRejection } from '../../../app/scanner/sounds';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { lookupDivision } from '../api';
import { WAREHOUSE_HELP } from './division-scan-help';

/** On the warehouse screens a scanned division barcode opens that division, whichever warehouse it is in. */
export function useDivisionScan() {
  const navigate = useNavigate();
  // What this handler takes is declared in ./division-scan-help.ts (the ? reference); keep the two together.
  useScreenHelp(WAREHOUSE_HELP);
  useScanHandler(async (scan): Promise<ScanOutcome> => {
    if (scan.type !== 'division') return false;
    try {
      const division = await lookupDivision(scan.barcode);
      navigate(`/warehouse/${division.warehouseId}?division=${encodeURIComponent(division.barcode)}`);
      return true;
    } catch (error) {
      playRejection();
      notify({
        color: 'red',
        message: error instanceof ApiError ? error.message : String(error),
      });
      return 'refused';
    }
  });
}
