// returns.md §3 Enumerations and §4 Item status rules: the ids and names the returns screens and the order
// detail's Returns table show.

/** Return statuses (returns.md §3, as listed by the return-creation view). */
export const RETURN_STATUSES = [
  { id: 1, name: 'Open' },
  { id: 5, name: 'Pending Return' },
  { id: 10, name: 'In Process' },
  { id: 15, name: 'Hold' },
  { id: 20, name: 'Closed' },
  { id: 25, name: 'Cancelled' },
  { id: 30, name: 'Channel Appeal' },
] as const;

export const RETURN_STATUS = {
  open: 1,
  pendingReturn: 5,
  inProcess: 10,
  hold: 15,
  closed: 20,
  cancelled: 25,
  channelAppeal: 30,
} as const;

/** Return item statuses (returns.md §3). */
export const RETURN_ITEM_STATUSES = [
  { id: 1, name: 'New' },
  { id: 5, name: 'Awaiting Return' },
  { id: 10, name: 'Received' },
  { id: 15, name: 'Under Review' },
  { id: 20, name: 'Processed' },
  { id: 25, name: 'Sent Back' },
  { id: 30, name: 'Cancelled' },
] as const;

export const RETURN_ITEM_STATUS = {
  new: 1,
  awaitingReturn: 5,
  received: 10,
  underReview: 15,
  processed: 20,
  sentBack: 25,
  cancelled: 30,
} as const;

/** Return reasons (returns.md §3; 'Not Satisifed' is the spec's spelling). */
export const RETURN_REASONS = [
  { id: 1, name: 'Damaged' },
  { id: 5, name: 'Defective' },
  { id: 10, name: 'Duplicate Order' },
  { id: 15, name: 'Wrong Item Ordered' },
  { id: 16, name: 'Wrong Item Sent' },
  { id: 20, name: 'Wrong Quantity' },
  { id: 25, name: 'Not Satisifed' },
  { id: 30, name: 'Not Needed' },
  { id: 35, name: 'Exchange' },
  { id: 40, name: 'Other' },
] as const;

/** Return payment statuses (returns.md §3). */
export const RETURN_PAYMENT_STATUSES = [
  { id: 1, name: 'Needed' },
  { id: 5, name: 'Submitted' },
  { id: 10, name: 'Approved' },
  { id: 15, name: 'Denied' },
  { id: 20, name: 'Dispute' },
] as const;

const nameOf = (list: readonly { id: number; name: string }[], id: number) =>
  list.find((entry) => entry.id === id)?.name ?? `Status ${id}`;

export const returnStatusName = (id: number) => nameOf(RETURN_STATUSES, id);
export const returnItemStatusName = (id: number) => nameOf(RETURN_ITEM_STATUSES, id);
export const returnReasonName = (id: number) => nameOf(RETURN_REASONS, id);

/** The receive screen treats a return as open while its status id is 5 or lower (returns.md §3). */
export function isOpenReturn(returnStatusId: number): boolean {
  return returnStatusId <= RETURN_STATUS.pendingReturn;
}

/** Closed means Processed, Sent Back or Cancelled (returns.md §4 Item status rules). */
export function isClosedReturnItem(statusId: number): boolean {
  return (
    statusId === RETURN_ITEM_STATUS.processed ||
    statusId === RETURN_ITEM_STATUS.sentBack ||
    statusId === RETURN_ITEM_STATUS.cancelled
  );
}

/**
 * A first-party return is an order with channelOrderTypeId 30 or site id 99 (returns.md §9): the seller's own
 * store or point of sale, where 'Create Return Refund' is offered.
 */
export function isFirstPartyReturn(order: { channelOrderTypeId: number; siteId: number | null }): boolean {
  return order.channelOrderTypeId === 30 || order.siteId === 99;
}

/**
 * How many of each order line a new return expects back: what was ordered less what other returns, not
 * cancelled, already expect. A line with nothing left is left out, so a second click on 'Start Return' for
 * an order whose items are all on a return finds nothing to return.
 */
export function quantitiesToReturn(
  lines: readonly { channelOrderItemId: number; quantityOrdered: number }[],
  alreadyExpected: ReadonlyMap<number, number>,
): { channelOrderItemId: number; quantity: number }[] {
  return lines
    .map((line) => ({
      channelOrderItemId: line.channelOrderItemId,
      quantity: line.quantityOrdered - (alreadyExpected.get(line.channelOrderItemId) ?? 0),
    }))
    .filter((line) => line.quantity > 0);
}

/** A return id as a route gives it: a positive integer that fits the database's ids, or null. */
export function parseReturnId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** returns.md §8 "invalid id reads 'Return #{id} is not a valid return id.'" */
export const invalidReturnIdMessage = (raw: string) => `Return #${raw} is not a valid return id.`;
