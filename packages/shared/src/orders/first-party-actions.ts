// The point-of-sale actions the §4 table does not list, derived from it: finalizing a sale and completing
// its cancellation. The server enforces them; the POS screen enables its buttons by them.
import { type ActionCheck, canEditItems } from './order-actions';
import { ORDER_STATUS } from './order-constants';
import { isOnHoldStatus, type OrderStateSubject } from './order-status';

/** Finalize: while the items may still change (On Hold, like Edit items), and only with something sold. */
export function canFinalize(order: OrderStateSubject, itemCount: number): ActionCheck {
  if (!canEditItems(order).allowed)
    return { allowed: false, reason: 'Only an order on hold can be finalized' };
  return itemCount > 0
    ? { allowed: true }
    : { allowed: false, reason: 'An order without items cannot be finalized.' };
}

/**
 * Complete Cancellation: after Cancel asked for it (51) or from an order on hold (40-49); its allocated units
 * go back into a chosen location.
 */
export function canCompleteCancellation(order: OrderStateSubject): ActionCheck {
  const status = order.systemOrderStatusId ?? ORDER_STATUS.NEW;
  if (status === ORDER_STATUS.CANCELED) return { allowed: false, reason: 'The order is already canceled' };
  if (status === ORDER_STATUS.CANCELLATION_REQUESTED || isOnHoldStatus(status)) return { allowed: true };
  return { allowed: false, reason: 'Cancel the order first (or put it on hold)' };
}
