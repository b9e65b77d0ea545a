// orders-warehouse.md §4: status groups, the derived order state, fulfilled, packing required and assigned.
import { ORDER_STATUS } from './order-constants';

/** §4 Status groups. */
export const UNEDITABLE_STATUS_IDS: readonly number[] = [5, 6];
export const UNSHIPPABLE_STATUS_IDS: readonly number[] = [1, 2, 5, 6, 30, 40, 41, 50, 51, 60];
export const ATTACHABLE_STATUS_IDS: readonly number[] = [1, 2, 3, 4, 6, 40, 41];

export function isUneditableStatus(statusId: number): boolean {
  return UNEDITABLE_STATUS_IDS.includes(statusId);
}

export function isEditableStatus(statusId: number): boolean {
  return !isUneditableStatus(statusId);
}

export function isUnshippableStatus(statusId: number): boolean {
  return UNSHIPPABLE_STATUS_IDS.includes(statusId);
}

export function isAttachableStatus(statusId: number): boolean {
  return ATTACHABLE_STATUS_IDS.includes(statusId);
}

export function isOnHoldStatus(statusId: number): boolean {
  return statusId >= 40 && statusId <= 49;
}

export function isCanceledStatus(statusId: number): boolean {
  return statusId >= 50 && statusId <= 59;
}

export type DerivedOrderState = 'Active' | 'Awaiting Payment' | 'Canceled' | 'On Hold';

export interface OrderStateSubject {
  /** Missing, null or ≤ 0 means the order has not been saved yet. */
  id?: number | null;
  /** Missing means the default, 1 (new). */
  systemOrderStatusId?: number | null;
}

export function isSavedOrder(order: OrderStateSubject): boolean {
  return typeof order.id === 'number' && order.id > 0;
}

export function orderStatusId(order: OrderStateSubject): number {
  return order.systemOrderStatusId ?? ORDER_STATUS.NEW;
}

/**
 * §4 Derived order state, checked in the spec's order: status 3 → Awaiting Payment; 50-59 → Canceled; 40-49
 * or an unsaved order → On Hold; anything else Active. (A new order being built is therefore On Hold, which
 * is what lets its items be edited.)
 */
export function derivedOrderState(order: OrderStateSubject): DerivedOrderState {
  const status = orderStatusId(order);
  if (status === ORDER_STATUS.AWAITING_PAYMENT) return 'Awaiting Payment';
  if (isCanceledStatus(status)) return 'Canceled';
  if (isOnHoldStatus(status) || !isSavedOrder(order)) return 'On Hold';
  return 'Active';
}

/** Status 20: the detail screen's status tag is green when fulfilled, dark otherwise. */
export function isFulfilled(statusId: number): boolean {
  return statusId === ORDER_STATUS.FULFILLED;
}

/**
 * §4 "Packing is required when the status is 13, 14, 21 or 19. If the warehouse does not require packing,
 * statuses 10-14 also count."
 */
export function isPackingRequired(statusId: number, warehouseRequiresPacking: boolean): boolean {
  if ([13, 14, 19, 21].includes(statusId)) return true;
  return !warehouseRequiresPacking && statusId >= 10 && statusId <= 14;
}

export interface PackingAssignment {
  prePackedBy?: number | null;
  prePackedAt?: string | Date | null;
}

/** §4 "An order counts as packing-assigned when prePackedBy is above 0 or prePackedAt is set." */
export function isPackingAssigned(order: PackingAssignment): boolean {
  return (order.prePackedBy ?? 0) > 0 || Boolean(order.prePackedAt);
}
