import type { ChannelOrderListRow } from '@backroom/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../../lib/api-client';
import { fetchOrderShipments, packingSearch, shipmentCalls, shippingKeys } from '../../api';
import { pickShipmentToPack } from '../../lib/shipment-to-pack';

/** Performance marks the station leaves (read by the packing station's browser test). */
export const PACKING_MARKS = {
  scan: 'packing:scan',
  shown: 'packing:shown',
  ready: 'packing:ready',
  bought: 'packing:bought',
};

/** A mark that also says when it was, by the wall clock (to compare with the server's times). */
export const markPacking = (name: string) => performance.mark(name, { detail: { epoch: Date.now() } });

/** What the station remembers in the address (a deep link, and Back from the Print Queue returns to it). */
export interface PackingLocationState {
  row: ChannelOrderListRow | null;
  upc: string | null;
}

/** The order and shipment on the station: from the address (?order=&shipment=) and its history state. */
interface PackingCurrent {
  channelOrderId: number;
  shipmentId: number;
  row: ChannelOrderListRow | null;
}

const NOTHING: PackingCurrent = { channelOrderId: 0, shipmentId: 0, row: null };

function currentOf(location: { search: string; state: unknown }): PackingCurrent {
  const params = new URLSearchParams(location.search);
  const channelOrderId = Number(params.get('order')) || 0;
  const shipmentId = Number(params.get('shipment')) || 0;
  if (!channelOrderId || !shipmentId) return NOTHING;
  return { channelOrderId, shipmentId, row: (location.state as PackingLocationState | null)?.row ?? null };
}

export type SearchState =
  | { step: 'idle' }
  | { step: 'searching'; upc: string }
  | { step: 'notFound'; upc: string; message: string };

/** The shipment to pack for a scanned product, through the shipment calls. */
const findShipmentToPack = (upc: string) =>
  pickShipmentToPack(upc, {
    search: packingSearch,
    shipments: fetchOrderShipments,
    create: async (channelOrderId) => (await shipmentCalls.patch({ channelOrderId }))[0] ?? null,
  });

/**
 * The packing station's scan-to-order step. The order and shipment being packed are kept in the address too
 * (?order=&shipment=, the order's list row in the history state), so Back from another screen returns to
 * them; the search itself (searching, nothing found) is the screen's own state.
 */
export function usePackingStation() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [current, setCurrent] = useState<PackingCurrent>(() => currentOf(location));
  const [search, setSearch] = useState<SearchState>({ step: 'idle' });
  const sequence = useRef(0);

  // Back, forward or a link moved the address: the station follows it. (Its own moves set the state first,
  // so the order shows without waiting for the router.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is location.search.
  useEffect(() => {
    const next = currentOf(location);
    setCurrent((now) =>
      now.channelOrderId === next.channelOrderId && now.shipmentId === next.shipmentId ? now : next,
    );
  }, [location.search]);

  const open = useCallback(
    (next: PackingCurrent, upc: string | null, replace = false) => {
      setCurrent(next);
      const state: PackingLocationState = { row: next.row, upc };
      navigate(`/warehouse/packing?order=${next.channelOrderId}&shipment=${next.shipmentId}`, {
        state,
        replace,
      });
    },
    [navigate],
  );

  /** A scanned UPC: the next order to pack. A newer scan wins over one still being looked up. */
  const startOrder = useCallback(
    async (upc: string) => {
      for (const name of Object.values(PACKING_MARKS)) performance.clearMarks(name);
      markPacking(PACKING_MARKS.scan);
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
          setCurrent(NOTHING);
          navigate('/warehouse/packing', { replace: true });
          return false;
        }
        client.setQueryData(shippingKeys.orderShipments(found.row.id), found.shipments);
        setSearch({ step: 'idle' });
        open({ channelOrderId: found.row.id, shipmentId: found.shipment.id, row: found.row }, upc);
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
    setCurrent(NOTHING);
    navigate('/warehouse/packing');
  }, [navigate]);

  /** After a void the replacement shipment is the one to pack. */
  const showShipment = useCallback(
    (shipmentId: number) => open({ ...current, shipmentId }, null, true),
    [open, current],
  );

  return { ...current, search, startOrder, reset, showShipment };
}
