import type { ChannelOrderListRow } from '@backroom/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../../lib/api-client';
import {
  fetchOrderShipments,
  type OrderShipment,
  packingSearch,
  shipmentCalls,
  shippingKeys,
} from '../../api';
import { isOpenShipment } from '../../lib/shipment-draft';

/** Orders whose shipments are read at once while looking for the one to pack. */
const LOOK_AHEAD = 4;

/** Performance marks the station leaves (read by the packing station's browser test). */
export const PACKING_MARKS = { scan: 'packing:scan', shown: 'packing:shown', bought: 'packing:bought' };

/** What the station remembers in the address (a deep link, and Back from the Print Queue returns to it). */
export interface PackingLocationState {
  row: ChannelOrderListRow | null;
  upc: string | null;
}

export type SearchState =
  | { step: 'idle' }
  | { step: 'searching'; upc: string }
  | { step: 'notFound'; upc: string; message: string };

/**
 * The shipment to pack for a scanned product: the oldest order waiting at the bench that holds it (the
 * packing search, oldest first) and still has a shipment to pack, or, for one that has none, a new shipment
 * of what it still has to ship. Orders are looked at a few at a time, their shipments read together.
 */
async function findShipmentToPack(
  upc: string,
): Promise<{ row: ChannelOrderListRow; shipments: OrderShipment[]; shipment: OrderShipment } | null> {
  const rows = await packingSearch(upc);
  for (let i = 0; i < rows.length; i += LOOK_AHEAD) {
    const batch = rows.slice(i, i + LOOK_AHEAD);
    const lists = await Promise.all(batch.map((row) => fetchOrderShipments(row.id).catch(() => null)));
    for (const [index, row] of batch.entries()) {
      const list = lists[index];
      if (!list) continue;
      const open = list.find(isOpenShipment);
      if (open) return { row, shipments: list, shipment: open };
      if (list.every((s) => s.isVoided === 1)) {
        // Nothing made yet for this order: a shipment of what it holds (refused when it cannot ship).
        const created = await shipmentCalls.patch({ channelOrderId: row.id }).catch(() => null);
        if (created?.[0]) return { row, shipments: [...list, created[0]], shipment: created[0] };
      }
    }
  }
  return null;
}

/**
 * The packing station's scan-to-order step. The order and shipment being packed live in the address
 * (?order=&shipment=) with the order's list row in the history state, so Back from another screen returns to
 * them; the search itself (searching, nothing found) is the screen's own state.
 */
export function usePackingStation() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const channelOrderId = Number(params.get('order')) || 0;
  const shipmentId = Number(params.get('shipment')) || 0;
  const remembered = (location.state as PackingLocationState | null) ?? { row: null, upc: null };
  const [search, setSearch] = useState<SearchState>({ step: 'idle' });
  const sequence = useRef(0);

  const open = useCallback(
    (order: number, shipment: number, state: PackingLocationState, replace = false) => {
      navigate(`/warehouse/packing?order=${order}&shipment=${shipment}`, { state, replace });
    },
    [navigate],
  );

  /** A scanned UPC: the next order to pack. A newer scan wins over one still being looked up. */
  const startOrder = useCallback(
    async (upc: string) => {
      for (const name of Object.values(PACKING_MARKS)) performance.clearMarks(name);
      performance.mark(PACKING_MARKS.scan);
      const mine = ++sequence.current;
      setSearch({ step: 'searching', upc });
      try {
        const found = await findShipmentToPack(upc);
        if (mine !== sequence.current) return false;
        if (!found) {
          setSearch({
            step: 'notFound',
            upc,
            message: `No order is waiting for UPC ${upc}: no order in Packing, Packed or Partially Shipped holds it with a shipment left to pack.`,
          });
          navigate('/warehouse/packing', { replace: true });
          return false;
        }
        client.setQueryData(shippingKeys.orderShipments(found.row.id), found.shipments);
        setSearch({ step: 'idle' });
        open(found.row.id, found.shipment.id, { row: found.row, upc });
        return true;
      } catch (error) {
        if (mine !== sequence.current) return false;
        setSearch({
          step: 'notFound',
          upc,
          message: error instanceof ApiError ? error.message : String(error),
        });
        return false;
      }
    },
    [client, navigate, open],
  );

  /** Escape: back to an empty station. */
  const reset = useCallback(() => {
    sequence.current++;
    setSearch({ step: 'idle' });
    navigate('/warehouse/packing');
  }, [navigate]);

  /** After a void the replacement shipment is the one to pack. */
  const showShipment = useCallback(
    (shipment: number) => open(channelOrderId, shipment, remembered, true),
    [open, channelOrderId, remembered],
  );

  return { channelOrderId, shipmentId, row: remembered.row, search, startOrder, reset, showShipment };
}
