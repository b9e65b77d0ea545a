import { type ActionCheck, type ParsedScan, parseScan } from '@backroom/shared';
import { type RefObject, useCallback, useRef, useState } from 'react';
import { useScreenHelp } from '../../../../app/help/screen-help';
import { useScanHandler } from '../../../../app/providers/scanner-provider';
import { isTypingIn } from '../../../../lib/is-typing';
import { notify } from '../../../../lib/notify';
import { posCalls, toastFailure, toastSuccess, useOrderChange } from '../../pos-api';
import { POS_HELP } from './help';

export interface PendingLine {
  key: number;
  code: string;
}

/** Something that may be a SKU: letters, digits and the usual separators, no spaces. */
const SKU_LIKE = /^[A-Za-z0-9][A-Za-z0-9._\-/#+]{0,63}$/;

/** The code to send as `barcode` (UPC or SKU), or null when the scan is no product. */
export function productCodeOf(scan: ParsedScan, text: string): string | null {
  switch (scan.type) {
    case 'upc':
      return scan.raw;
    case 'invalidUpc':
      return scan.raw;
    case 'error': {
      const code = text.trim();
      return SKU_LIKE.test(code) ? code : null;
    }
    default:
      return null;
  }
}

/**
 * Back to the scan input, unless a modal is open or the clerk is typing elsewhere (`leavingField`: the
 * field the clerk just finished with Enter, which gives the focus back).
 */
function refocusScanInput(input: HTMLInputElement | null, leavingField?: boolean) {
  const active = document.activeElement;
  if (!input || active === input) return;
  if ((!leavingField && isTypingIn(active)) || document.querySelector('[role="dialog"][aria-modal="true"]'))
    return;
  input.focus();
}

/**
 * What a scan means on the point of sale: a UPC or SKU adds the product (an 'adding…' row shows at once and
 * gives way to the line when the reply comes), a //GC…// or //EGC…// card opens the gift card redemption
 * with its number filled in. Scans come from the big scan input (Enter) or from the page-wide scanner when
 * the focus is elsewhere.
 */
export function usePosScan(options: {
  orderId: number;
  editItems: ActionCheck;
  onGiftCard: (number: string) => void;
  scanInput: RefObject<HTMLInputElement | null>;
}) {
  const change = useOrderChange(options.orderId);
  const [pending, setPending] = useState<PendingLine[]>([]);
  const sequence = useRef(0);
  const latest = useRef(options);
  latest.current = options;

  const refocus = useCallback(
    (leavingField?: boolean) => refocusScanInput(latest.current.scanInput.current, leavingField),
    [],
  );

  /** The last add's outcome (true when the line was added), for the scan field to keep a refused code. */
  const lastAdd = useRef<Promise<boolean> | null>(null);
  const addProduct = useCallback(
    (code: string) => {
      const { editItems } = latest.current;
      if (!editItems.allowed) {
        toastFailure('Error Creating Order Item', editItems.reason);
        lastAdd.current = Promise.resolve(false);
        return;
      }
      const key = ++sequence.current;
      // The request first, then the 'adding…' row, drawn while it is on its way.
      const added = change((order) => posCalls.addItem(order, code));
      setPending((lines) => [...lines, { key, code }]);
      lastAdd.current = added
        // After the line is drawn (the query cache tells the table on the next tick): the toast waits its turn.
        .then(() => {
          setTimeout(() => toastSuccess('Order Item Created Successfully'), 0);
          return true;
        })
        .catch((error) => {
          toastFailure('Error Creating Order Item', error);
          return false;
        })
        .finally(() => {
          // After the query cache has told the table about the new line (it notifies on the next tick).
          setTimeout(() => setPending((lines) => lines.filter((line) => line.key !== key)), 0);
          refocus(false);
        });
    },
    [change, refocus],
  );

  /** One scan or typed code. False when it means nothing here. */
  const scanText = useCallback(
    (text: string, parsed?: ParsedScan): boolean => {
      const scan = parsed ?? parseScan(text);
      if (scan.type === 'giftCard' || scan.type === 'eGiftCard') {
        latest.current.onGiftCard(scan.code);
        return true;
      }
      const code = productCodeOf(scan, text);
      if (!code) return false;
      addProduct(code);
      return true;
    },
    [addProduct],
  );

  // The page-wide scanner (focus outside the fields). Order codes and the like fall through to others.
  // What the POS takes is declared in ./help.ts (the ? reference); keep the two together.
  useScreenHelp(POS_HELP);
  useScanHandler((scan) => {
    const raw = 'raw' in scan ? scan.raw : null;
    if (scan.type === 'giftCard' || scan.type === 'eGiftCard') return scanText('', scan);
    if (scan.type === 'upc' || scan.type === 'invalidUpc' || (scan.type === 'error' && raw)) {
      return scanText(raw ?? '', scan);
    }
    return false;
  });

  /**
   * The scan input's Enter: an unusable code is said out loud instead of silently dropped. Resolves false
   * when the code was refused, so the field gives it back, selected (the next scan replaces it).
   */
  const submitTyped = useCallback(
    (text: string): boolean | Promise<boolean> => {
      const trimmed = text.trim();
      if (!trimmed) return true;
      lastAdd.current = null;
      if (!scanText(trimmed)) {
        notify({ color: 'red', title: 'Unknown Scan', message: trimmed });
        return false;
      }
      return lastAdd.current ?? true;
    },
    [scanText],
  );

  return { pending, submitTyped, refocus };
}
