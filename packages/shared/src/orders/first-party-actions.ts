// Completing a cancellation, a point-of-sale action the §4 table does not list (finalizing is in the status
// machine, first-party-status.ts). The server enforces it; the POS screen enables its button by it.
import type { ActionCheck } from './order-actions';
import { ORDER_STATUS } from './order-constants';
import { isOnHoldStatus, type OrderStateSubject } from './order-status';

/**
 * Complete Cancellation: after Cancel asked for it (51) or from an order on hold (40-49); its allocated units
 * go back into a chosen location. When the screen knows how many units the order holds (`allocatedUnits`),
 * a held order with none is not offered it: there is nothing to put back, and Cancel is what a new order
 * being built needs (issue 19 §2).
 */
export function canCompleteCancellation(order: OrderStateSubject, allocatedUnits?: number): ActionCheck {
  const status = order.systemOrderStatusId ?? ORDER_STATUS.NEW;
  if (status === ORDER_STATUS.CANCELED) return { allowed: false, reason: 'The order is already canceled' };
  if (status === ORDER_STATUS.CANCELLATION_REQUESTED) return { allowed: true };
  if (isOnHoldStatus(status)) {
    return allocatedUnits === 0 ? { allowed: false, reason: NOTHING_TO_PUT_BACK_REASON } : { allowed: true };
  }
  return { allowed: false, reason: 'Cancel the order first (or put it on hold)' };
}

export const NOTHING_TO_PUT_BACK_REASON = 'The order holds no units to put back: use Cancel';
