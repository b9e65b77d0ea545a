import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useScanHandler } from '../../../app/providers/scanner-provider';
import { ApiError } from '../../../lib/api-client';
import { lookupDivision } from '../api';

/** On the warehouse screens a scanned division barcode opens that division, whichever warehouse it is in. */
export function useDivisionScan() {
  const navigate = useNavigate();
  useScanHandler(async (scan) => {
    if (scan.type !== 'division') return false;
    try {
      const division = await lookupDivision(scan.barcode);
      navigate(`/warehouse/${division.warehouseId}?division=${encodeURIComponent(division.barcode)}`);
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof ApiError ? error.message : String(error),
      });
    }
    return true;
  });
}
