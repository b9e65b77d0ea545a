import { channelOrderDetailPath } from '@backroom/shared';
import { useNavigate } from 'react-router';
import { useScanHandler } from '../../../app/providers/scanner-provider';

/** On the order screens a scanned order code ({CO:id}) opens that order's detail. */
export function useOrderScan() {
  const navigate = useNavigate();
  useScanHandler((scan) => {
    if (scan.type !== 'entity' || scan.entity !== 'CO') return false;
    navigate(channelOrderDetailPath(scan.id));
    return true;
  });
}
