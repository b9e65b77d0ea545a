import { derivedOrderState, isFulfilled, isUneditableStatus, ORDER_STATUS } from '@backroom/shared';

/** How the orders list groups the system statuses in its status filter. */
export const STATUS_GROUPS = [
  'Active',
  'Awaiting Payment',
  'On Hold',
  'Canceled',
  'Fulfilled & Closed',
] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

/**
 * The §4 derived state of a saved order in the status (Active, Awaiting Payment, On Hold, Canceled), with the
 * finished statuses taken out of Active: fulfilled (20), the uneditable ones (5 Completed, 6 Closed) and 60
 * Returned.
 */
export function statusGroupOf(statusId: number): StatusGroup {
  if (isFulfilled(statusId) || isUneditableStatus(statusId) || statusId === ORDER_STATUS.RETURNED) {
    return 'Fulfilled & Closed';
  }
  return derivedOrderState({ id: 1, systemOrderStatusId: statusId });
}

/** The statuses as Mantine select groups, in the groups' order and by id within each. */
export function groupedStatusOptions(statuses: readonly { id: number; name: string }[]) {
  return STATUS_GROUPS.map((group) => ({
    group,
    items: statuses
      .filter((status) => statusGroupOf(status.id) === group)
      .sort((a, b) => a.id - b.id)
      .map((status) => ({ value: String(status.id), label: status.name })),
  })).filter((group) => group.items.length > 0);
}
