import { channelOrderDetailPath } from '@backroom/shared';
import { useNavigate } from 'react-router';
import { useScanHandler } from '../../../app/providers/scanner-provider';

// What this handler takes is declared in ./order-scan-help.ts (ORDER_SCANS, the ? reference): keep the two together.

/**
 * On the order screens a scanned order code ({CO:id}) opens that order's detail; a product barcode or a
 * tracking number searches the Orders list for the orders holding that product or shipped with that number.
 */
export function useOrderScan() {
  const navigate = useNavigate();
  useScanHandler((scan) => {
    if (scan.type === 'entity' && scan.entity === 'CO') {
      navigate(channelOrderDetailPath(scan.id));
      return true;
    }
    const term = scan.type === 'upc' ? scan.raw : scan.type === 'trackingNumber' ? scan.trackingNumber : null;
    if (term === null) return false;
    navigate(`/orders?${new URLSearchParams({ q: term })}`);
    return true;
  });
}
