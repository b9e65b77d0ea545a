// The status moves a clerk may make by hand from the return's and the items' status dropdowns (returns.md §4:
// "Allowed status transitions (return and appeal): not shown", so designed here and said in docs/returns.md). The
// saving rules then run as always. One rule guards both: units already received are stock in a bin, so
// nothing may say they never came (New, Awaiting Return, Cancelled; for the return Open, Pending Return,
// Cancelled).
import {
  RETURN_ITEM_STATUS,
  RETURN_ITEM_STATUSES,
  RETURN_STATUS,
  RETURN_STATUSES,
  returnItemStatusName,
  returnStatusName,
} from './return-statuses';

const ITEM_STATUSES_BEFORE_RECEIPT: readonly number[] = [
  RETURN_ITEM_STATUS.new,
  RETURN_ITEM_STATUS.awaitingReturn,
  RETURN_ITEM_STATUS.cancelled,
];
const RETURN_STATUSES_BEFORE_RECEIPT: readonly number[] = [
  RETURN_STATUS.open,
  RETURN_STATUS.pendingReturn,
  RETURN_STATUS.cancelled,
];

/** Why an item may not be moved to `to` by hand, or null when it may. */
export function itemStatusMoveProblem(
  item: { inboundReturnItemStatusId: number; quantityReceived: number },
  to: number,
  label: string,
): string | null {
  if (!RETURN_ITEM_STATUSES.some((status) => status.id === to))
    return `Status ${to} is not a return item status.`;
  if (to === item.inboundReturnItemStatusId) return null;
  if (item.quantityReceived > 0 && ITEM_STATUSES_BEFORE_RECEIPT.includes(to)) {
    return `${label} has ${item.quantityReceived} unit${item.quantityReceived === 1 ? '' : 's'} received: it cannot be ${returnItemStatusName(to)}.`;
  }
  if (item.quantityReceived === 0 && to === RETURN_ITEM_STATUS.sentBack) {
    return `${label} has no unit received: there is nothing to send back.`;
  }
  return null;
}

/** Why the return may not be moved to `to` by hand, or null when it may. */
export function returnStatusMoveProblem(
  inboundReturn: { id: number; returnStatusId: number; unitsReceived: number },
  to: number,
): string | null {
  if (!RETURN_STATUSES.some((status) => status.id === to)) return `Status ${to} is not a return status.`;
  if (to === inboundReturn.returnStatusId) return null;
  if (inboundReturn.unitsReceived > 0 && RETURN_STATUSES_BEFORE_RECEIPT.includes(to)) {
    return `Return #${inboundReturn.id} has ${inboundReturn.unitsReceived} unit${inboundReturn.unitsReceived === 1 ? '' : 's'} received: it cannot be ${returnStatusName(to)}.`;
  }
  return null;
}

/** The item status dropdown: every status, those it may not move to disabled with the reason. */
export function itemStatusOptions(
  item: { inboundReturnItemStatusId: number; quantityReceived: number },
  label: string,
): { id: number; name: string; problem: string | null }[] {
  return RETURN_ITEM_STATUSES.map((status) => ({
    ...status,
    problem: itemStatusMoveProblem(item, status.id, label),
  }));
}

/** The return status dropdown: every status, those it may not move to disabled with the reason. */
export function returnStatusOptions(inboundReturn: {
  id: number;
  returnStatusId: number;
  unitsReceived: number;
}): { id: number; name: string; problem: string | null }[] {
  return RETURN_STATUSES.map((status) => ({
    ...status,
    problem: returnStatusMoveProblem(inboundReturn, status.id),
  }));
}
