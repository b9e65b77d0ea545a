import { RETURN_TEXTS, type ReturnPatch, returnItemStatusName, returnStatusName } from '@backroom/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { type InboundReturn, patchReturn, returnKeys } from '../api';

/** returns.md §7: saves are debounced 250 ms, leading edge. */
export const SAVE_DEBOUNCE_MS = 250;

export interface ItemEdit {
  quantity?: number;
  inboundReturnItemStatusId?: number;
  returnReasonId?: number | null;
  returnReasonNote?: string | null;
}

export interface ReturnEdits {
  returnStatusId?: number;
  items: Record<number, ItemEdit>;
}

const NO_EDITS: ReturnEdits = { items: {} };
const isEmpty = (edits: ReturnEdits) =>
  edits.returnStatusId === undefined && Object.keys(edits.items).length === 0;

/** Later edits over earlier ones. */
function merge(earlier: ReturnEdits, later: ReturnEdits): ReturnEdits {
  const items: Record<number, ItemEdit> = { ...earlier.items };
  for (const [id, edit] of Object.entries(later.items)) items[Number(id)] = { ...items[Number(id)], ...edit };
  return { returnStatusId: later.returnStatusId ?? earlier.returnStatusId, items };
}

/** The return as the screen shows it: the server's copy with the edits not yet saved. */
export function withEdits(detail: InboundReturn, edits: ReturnEdits): InboundReturn {
  if (isEmpty(edits)) return detail;
  const statusId = edits.returnStatusId ?? detail.returnStatusId;
  return {
    ...detail,
    returnStatusId: statusId,
    status: { id: statusId, name: returnStatusName(statusId) },
    items: detail.items.map((item) => {
      const edit = edits.items[item.id];
      if (!edit) return item;
      const itemStatusId = edit.inboundReturnItemStatusId ?? item.inboundReturnItemStatusId;
      return {
        ...item,
        ...edit,
        inboundReturnItemStatusId: itemStatusId,
        status: { id: itemStatusId, name: returnItemStatusName(itemStatusId) },
      };
    }),
  };
}

/**
 * The manage-inbound-return screen's writes: edits shown at once and saved with PATCH …/returns (leading edge:
 * the first change saves at once; changes within 250 ms of it, or while it is on its way, follow in one more
 * save so none is lost), receipts, and the reloads of §4. Saves and receipts run one at a time, in order, so
 * the screen never overtakes itself; a save made from a copy someone else changed gets 409 'stale': the
 * return reloads and the user is told.
 */
export function useReturnEditor(inboundReturnId: number, server: InboundReturn | undefined) {
  const client = useQueryClient();
  const key = useMemo(() => returnKeys.detail(inboundReturnId), [inboundReturnId]);
  const [edits, setEdits] = useState<ReturnEdits>(NO_EDITS);
  const editsRef = useRef(edits);
  const [busyCount, setBusyCount] = useState(0);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const lastSaveAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const setBoth = useCallback((next: ReturnEdits) => {
    editsRef.current = next;
    setEdits(next);
  }, []);

  /** Runs a write after those before it; the page is busy meanwhile. */
  const serial = useCallback(<T>(task: () => Promise<T>): Promise<T> => {
    setBusyCount((n) => n + 1);
    const run = chain.current.then(task, task);
    chain.current = run.catch(() => undefined);
    return run.finally(() => setBusyCount((n) => n - 1));
  }, []);

  const reload = useCallback(() => client.invalidateQueries({ queryKey: key }), [client, key]);

  const saveEdits = useCallback(async (): Promise<void> => {
    const sent = editsRef.current;
    const detail = client.getQueryData<InboundReturn>(key);
    if (isEmpty(sent) || !detail) return;
    setBoth(NO_EDITS);
    const body: ReturnPatch = {
      inboundReturns: [
        {
          id: detail.id,
          modifiedAt: detail.modifiedAt,
          ...(sent.returnStatusId !== undefined ? { returnStatusId: sent.returnStatusId } : {}),
          items: Object.entries(sent.items).map(([id, edit]) => ({ id: Number(id), ...edit })),
        },
      ],
    };
    try {
      const saved = await patchReturn(body);
      // "A code 200 from a save tells the screen to refresh": the reply is the return as it now stands.
      client.setQueryData(key, saved);
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'stale' || error.code === 'conflict')) {
        // Stale, or a change the rules refuse: the edits are dropped and the return reloaded.
        notify({ color: 'red', title: RETURN_TEXTS.saveError, message: error.message });
        void reload();
        return;
      }
      // Kept, under anything typed since, for the next save.
      setBoth(merge(sent, editsRef.current));
      notify({
        color: 'red',
        title: RETURN_TEXTS.saveError,
        message: error instanceof Error ? error.message : String(error),
      });
      throw error;
    }
  }, [client, key, reload, setBoth]);

  /** Save now (leading edge), or once more right after the save under way / within 250 ms of the last. */
  const save = useCallback((): Promise<void> => {
    clearTimeout(timer.current);
    const wait = lastSaveAt.current + SAVE_DEBOUNCE_MS - Date.now();
    if (wait > 0) {
      return new Promise((resolve) => {
        timer.current = setTimeout(() => resolve(save()), wait);
      });
    }
    lastSaveAt.current = Date.now();
    return serial(saveEdits).catch(() => undefined);
  }, [serial, saveEdits]);

  /** Changes the return or an item on screen and saves it. */
  const edit = useCallback(
    (change: ReturnEdits) => {
      setBoth(merge(editsRef.current, change));
      return save();
    },
    [save, setBoth],
  );

  /** A receipt (or any PATCH that needs no version): in turn with the saves, the reply shown at once. */
  const receive = useCallback(
    (body: Omit<ReturnPatch, 'inboundReturns'>) =>
      serial(async () => {
        const detail = client.getQueryData<InboundReturn>(key);
        if (!detail) throw new Error('The return is not loaded.');
        const after = await patchReturn({
          inboundReturns: [{ id: detail.id, modifiedAt: detail.modifiedAt }],
          ...body,
        });
        client.setQueryData(key, after);
        return after;
      }),
    [serial, client, key],
  );

  const view = useMemo(() => (server ? withEdits(server, edits) : undefined), [server, edits]);
  return { view, edits, edit, save, receive, reload, busy: busyCount > 0 };
}
