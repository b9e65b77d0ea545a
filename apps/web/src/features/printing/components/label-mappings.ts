// Which printer prints each label kind. "Printer mappings are stored locally per account" and "Label mappings
// are stored locally per account, version 2.7" (orders-warehouse.md §6, §9): one localStorage entry per account.
import {
  isPrinterAllowedForLabelKind,
  LABEL_KIND_KEYS,
  type LabelKindKey,
  type PaperMatch,
  type Printer,
  paperById,
} from '@backroom/shared';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useMe } from '../../auth/api';
import { usePrinters } from '../api';

export const LABEL_MAPPINGS_VERSION = '2.7';

export type LabelMappings = Partial<Record<LabelKindKey, number>>;

interface StoredLabelMappings {
  version: typeof LABEL_MAPPINGS_VERSION;
  mappings: LabelMappings;
}

type ReadStorage = Pick<Storage, 'getItem'>;
type WriteStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const labelMappingsKey = (accountId: number) => `backroom.labelMappings.${accountId}`;

const isKind = (key: string): key is LabelKindKey => (LABEL_KIND_KEYS as readonly string[]).includes(key);

/**
 * The mappings in a stored entry. Anything else than version 2.7 (an older layout, another app's data,
 * broken JSON) counts as no mappings, and so does an entry for an unknown kind or a non-id printer.
 */
export function parseLabelMappings(raw: string | null): LabelMappings {
  if (!raw) return {};
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof stored !== 'object' || stored === null) return {};
  const { version, mappings } = stored as { version?: unknown; mappings?: unknown };
  if (version !== LABEL_MAPPINGS_VERSION || typeof mappings !== 'object' || mappings === null) return {};
  const result: LabelMappings = {};
  for (const [kind, printerId] of Object.entries(mappings)) {
    if (isKind(kind) && Number.isInteger(printerId) && (printerId as number) > 0)
      result[kind] = printerId as number;
  }
  return result;
}

export function serializeLabelMappings(mappings: LabelMappings): string {
  const stored: StoredLabelMappings = { version: LABEL_MAPPINGS_VERSION, mappings };
  return JSON.stringify(stored);
}

// Storage can refuse (private windows, a full quota): then mappings simply are not remembered.
function safeGet(storage: ReadStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function readLabelMappings(storage: ReadStorage | undefined, accountId: number): LabelMappings {
  return parseLabelMappings(safeGet(storage, labelMappingsKey(accountId)));
}

const listeners = new Set<() => void>();

/** Maps a kind to a printer (null unmaps it) and tells every screen watching the mappings. */
export function writeLabelMapping(
  storage: WriteStorage | undefined,
  accountId: number,
  kind: LabelKindKey,
  printerId: number | null,
): LabelMappings {
  const { [kind]: _previous, ...rest } = readLabelMappings(storage, accountId);
  const mappings: LabelMappings = printerId === null ? rest : { ...rest, [kind]: printerId };
  try {
    storage?.setItem(labelMappingsKey(accountId), serializeLabelMappings(mappings));
  } catch {
    // Not remembered; the choice still holds until the page reloads through the listeners below.
  }
  for (const listener of listeners) listener();
  return mappings;
}

/**
 * The printer mapped to a kind, or null: when nothing is mapped, or the printer is gone, inactive, or no
 * longer holds paper that suits the kind (its paper was changed after the mapping was made).
 */
export function resolveLabelPrinter<P extends { id: number; isActive: number; paperId: number | null }>(
  kind: LabelKindKey,
  printerId: number | undefined,
  printers: readonly P[],
  paperOf: (printer: P) => PaperMatch | null | undefined = (printer) => paperById(printer.paperId),
): P | null {
  if (printerId === undefined) return null;
  const printer = printers.find((p) => p.id === printerId);
  if (!printer || printer.isActive !== 1) return null;
  return isPrinterAllowedForLabelKind(kind, paperOf(printer)) ? printer : null;
}

const browserStorage = (): Storage | undefined =>
  typeof window === 'undefined' ? undefined : window.localStorage;

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the mappings.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('backroom.labelMappings.')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current account's mappings and a setter; every screen using it sees a change at once. */
export function useLabelMappings(): [LabelMappings, (kind: LabelKindKey, printerId: number | null) => void] {
  const accountId = useMe().data?.currentAccount.id ?? 0;
  const raw = useSyncExternalStore(
    subscribe,
    () => safeGet(browserStorage(), labelMappingsKey(accountId)),
    () => null,
  );
  const mappings = useMemo(() => parseLabelMappings(raw), [raw]);
  const setMapping = useCallback(
    (kind: LabelKindKey, printerId: number | null) => {
      writeLabelMapping(browserStorage(), accountId, kind, printerId);
    },
    [accountId],
  );
  return [mappings, setMapping];
}

/** The printer a screen should print this kind of label on, or null when the user has to choose one. */
export function useLabelPrinter(kind: LabelKindKey): Printer | null {
  const [mappings] = useLabelMappings();
  const printers = usePrinters();
  return resolveLabelPrinter(
    kind,
    mappings[kind],
    printers.data ?? [],
    (p) => p.paper ?? paperById(p.paperId),
  );
}
