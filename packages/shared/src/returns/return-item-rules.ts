// returns.md §4 Item status rules, Saving rules and Scanning a product UPC: one definition for the screen
// (which applies them before it saves) and the server (which applies them again to what it stores).
import { normalizeUpc } from '../scanner/gtin';
import { isClosedReturnItem, RETURN_ITEM_STATUS, RETURN_STATUS } from './return-statuses';

export interface RuleItem {
  inboundReturnItemStatusId: number;
  quantity: number;
  quantityReceived: number;
}

/** Receivable means Received or Under Review. */
export function isReceivableItem(statusId: number): boolean {
  return statusId === RETURN_ITEM_STATUS.received || statusId === RETURN_ITEM_STATUS.underReview;
}

/** Editable (quantity plus/minus) means New only. */
export function isEditableItem(statusId: number): boolean {
  return statusId === RETURN_ITEM_STATUS.new;
}

/** A line counts as processed if it is closed or quantityReceived >= quantity. */
export function isProcessedLine(item: RuleItem): boolean {
  return isClosedReturnItem(item.inboundReturnItemStatusId) || item.quantityReceived >= item.quantity;
}

/** Opening the receive dialog moves an item with status below 10 to Received. */
export function statusOnOpeningReceive(statusId: number): number {
  return statusId < RETURN_ITEM_STATUS.received ? RETURN_ITEM_STATUS.received : statusId;
}

/**
 * Whether the saving rules may still move the return's status. The receive screen "treats the return as open
 * while its status id is 5 or lower", with its own ids for In Process and Closed (not shown); with the ids of
 * §3, In Process is 10, so a return being received (In Process) must count as open too, or it could never
 * close. Hold, Closed, Cancelled and Channel Appeal are left alone.
 */
export function isReturnOpenForSaving(returnStatusId: number): boolean {
  return (
    returnStatusId === RETURN_STATUS.open ||
    returnStatusId === RETURN_STATUS.pendingReturn ||
    returnStatusId === RETURN_STATUS.inProcess
  );
}

export interface SavingRulesResult<I extends RuleItem> {
  returnStatusId: number;
  items: I[];
}

/**
 * The saving rules, in order:
 * 1. an item with status below 10 that is processed becomes Processed;
 * 2. if every line is processed and the return is open, the return becomes Closed and items still Received
 *    become Processed;
 * 3. otherwise, if any quantity has been received and the return is open, the return becomes In Process.
 * Answers new objects; the input is not changed.
 */
export function applySavingRules<I extends RuleItem>(input: {
  returnStatusId: number;
  items: readonly I[];
}): SavingRulesResult<I> {
  let items = input.items.map((item) =>
    item.inboundReturnItemStatusId < RETURN_ITEM_STATUS.received && isProcessedLine(item)
      ? { ...item, inboundReturnItemStatusId: RETURN_ITEM_STATUS.processed }
      : { ...item },
  );
  const open = isReturnOpenForSaving(input.returnStatusId);
  if (open && items.length > 0 && items.every(isProcessedLine)) {
    items = items.map((item) =>
      item.inboundReturnItemStatusId === RETURN_ITEM_STATUS.received
        ? { ...item, inboundReturnItemStatusId: RETURN_ITEM_STATUS.processed }
        : item,
    );
    return { returnStatusId: RETURN_STATUS.closed, items };
  }
  if (open && items.some((item) => item.quantityReceived > 0)) {
    return { returnStatusId: RETURN_STATUS.inProcess, items };
  }
  return { returnStatusId: input.returnStatusId, items };
}

/** A UPC as the receive screen compares it: digits only, left-padded with zeros to 16. '' when no digits. */
export function returnUpcKey(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits === '' ? '' : normalizeUpc(digits);
}

/** The items whose product UPC matches a scanned value (§5: non-digits stripped, left-padded to 16). */
export function itemsMatchingUpc<I extends { product: { upc: string | null } | null }>(
  items: readonly I[],
  scanned: string,
): I[] {
  const key = returnUpcKey(scanned);
  if (key === '') return [];
  return items.filter((item) => returnUpcKey(item.product?.upc) === key);
}

/**
 * Of several items with the scanned UPC, the one a scan is for: the first that still expects units and is not
 * closed, else the first match.
 */
export function pickScannedItem<I extends RuleItem & { product: { upc: string | null } | null }>(
  items: readonly I[],
  scanned: string,
): I | null {
  const matches = itemsMatchingUpc(items, scanned);
  return (
    matches.find(
      (item) => !isClosedReturnItem(item.inboundReturnItemStatusId) && item.quantityReceived < item.quantity,
    ) ??
    matches[0] ??
    null
  );
}

export type ScanAction = { kind: 'incrementFirstParty' } | { kind: 'openReceive' };

/**
 * §4 Scanning a product UPC: a first-party return item with status below 10 gets quantity +1 (the return
 * becomes In Process and is saved); otherwise the receive dialog opens for the matched item.
 */
export function scanActionFor(isFirstPartyReturn: boolean, item: RuleItem): ScanAction {
  return isFirstPartyReturn && item.inboundReturnItemStatusId < RETURN_ITEM_STATUS.received
    ? { kind: 'incrementFirstParty' }
    : { kind: 'openReceive' };
}

/** §5 "Receive Inventory is disabled when the item quantity is 0 or less, or while the page is busy." */
export function canReceiveInventory(item: RuleItem, busy: boolean): boolean {
  return !busy && item.quantity > 0;
}

/**
 * Why one more unit of this item cannot be received, or null when it can: the item is closed, or every
 * expected unit is already in, or the return itself is closed or cancelled.
 */
export function receiptRefusal(
  returnStatusId: number,
  item: RuleItem & { id: number },
  label: string,
): string | null {
  if (returnStatusId === RETURN_STATUS.closed || returnStatusId === RETURN_STATUS.cancelled) {
    return `The return is ${returnStatusId === RETURN_STATUS.closed ? 'Closed' : 'Cancelled'}: nothing more can be received on it.`;
  }
  if (isClosedReturnItem(item.inboundReturnItemStatusId)) {
    return `${label} is already closed: nothing more can be received for it.`;
  }
  if (item.quantityReceived >= item.quantity) {
    return `All ${item.quantity} expected unit${item.quantity === 1 ? '' : 's'} of ${label} ${item.quantity === 1 ? 'is' : 'are'} already received.`;
  }
  return null;
}
