// The first-party (point of sale) status machine: every status change a clerk can cause from the POS, written
// down once. The server applies it (PATCH …/firstParty, …/finalize, payments, cancel) and the POS screen asks
// it which one step to offer next, so a clerk goes scan → pay → done without knowing a status id.
//
// From orders-warehouse.md §4: Activate, Hold and Cancel by the Order actions table; payments only On Hold or
// Awaiting Payment; items change only On Hold; status 3 is Awaiting Payment. The spec lists Finalize as a
// capability without a rule; ours: the sale is done being built, so it needs items and its money settled
// ('Order Completed Successfully' is then true). An order whose money is not settled is released with
// Activate instead, to Awaiting Payment, and a payment that settles it moves it on by itself.
import { formatMoney } from '../money/money';
import { DELIVERY_TYPE } from './delivery-types';
import { type ActionCheck, canActivate, canCancel, canHold, type OrderActionSubject } from './order-actions';
import { ORDER_STATUS } from './order-constants';
import { derivedOrderState, isSavedOrder, orderStatusId } from './order-status';

/** What the machine reads of an order besides its status. */
export interface FirstPartyFacts {
  itemCount: number;
  /** The order total less what was paid net of refunds, in cents: below 0 when paid more than the total. */
  dueCents: number;
  /** Every line is carried out by the customer and picked: nothing is left for the warehouse to do. */
  everyLineHandedOver: boolean;
  /** Units allocated or money held (net of refunds): a cancellation must settle them before it completes. */
  holdsUnitsOrMoney?: boolean;
}

/** The clerk's actions that change a first-party order's status. A payment is one, whatever its amount. */
export type FirstPartyEvent = 'activate' | 'hold' | 'payment' | 'finalize' | 'cancel';

export type FirstPartyTransition =
  | { allowed: true; statusId: number; reason?: undefined }
  | { allowed: false; reason: string; statusId?: undefined };

const refuse = (reason: string): FirstPartyTransition => ({ allowed: false, reason });
const to = (statusId: number): FirstPartyTransition => ({ allowed: true, statusId });
const from = (check: ActionCheck, statusId: number) =>
  check.allowed ? to(statusId) : refuse(check.reason ?? 'Not allowed for this order now.');

/** Lines the warehouse has nothing more to do for: carried out and picked. */
export function everyLineHandedOver(items: readonly { deliveryTypeId: number; isPicked: number }[]) {
  return items.every((i) => i.deliveryTypeId === DELIVERY_TYPE.CARRY_OUT && i.isPicked === 1);
}

/**
 * Where a settled sale goes: Completed when every line was handed over at the counter, else Ready (released to
 * the warehouse to pick or ship). An order without items is only ever Ready.
 */
export function statusWhenPaid(facts: FirstPartyFacts): number {
  return facts.itemCount > 0 && facts.everyLineHandedOver ? ORDER_STATUS.COMPLETED : ORDER_STATUS.READY;
}

/** Why the money of a sale is not settled, or null when it is (nothing due, nothing paid beyond the total). */
export function unsettledReason(dueCents: number): string | null {
  if (dueCents > 0) return `${formatMoney(dueCents)} is still due. Take the payment before finalizing.`;
  if (dueCents < 0)
    return `${formatMoney(-dueCents)} was paid beyond the order total. Refund it before finalizing.`;
  return null;
}

/** Payments are taken On Hold or Awaiting Payment (§4 Add manual payment). */
export const PAYMENT_STATE_REASON =
  'Payments can be added only while the order is on hold or awaiting payment';
export const FINALIZE_STATE_REASON = 'Only an order on hold or awaiting payment can be finalized';
export const NO_ITEMS_REASON = 'An order without items cannot be finalized.';

/**
 * The status an event moves the order to, or why it cannot happen. For 'payment', `facts` are the order's
 * once the payment is counted: a payment that settles an order Awaiting Payment moves it on; one taken while
 * the order is still being built (On Hold) leaves it there, to be finalized.
 */
export function firstPartyTransition(
  order: OrderActionSubject,
  event: FirstPartyEvent,
  facts: FirstPartyFacts,
): FirstPartyTransition {
  const status = orderStatusId(order);
  const state = derivedOrderState(order);
  switch (event) {
    case 'hold':
      return from(canHold(order), ORDER_STATUS.ON_HOLD);
    case 'activate':
      return from(
        canActivate(order),
        facts.dueCents > 0 ? ORDER_STATUS.AWAITING_PAYMENT : statusWhenPaid(facts),
      );
    case 'cancel':
      return from(
        canCancel(order),
        facts.holdsUnitsOrMoney ? ORDER_STATUS.CANCELLATION_REQUESTED : ORDER_STATUS.CANCELED,
      );
    case 'payment':
      if (state === 'Awaiting Payment') return to(facts.dueCents > 0 ? status : statusWhenPaid(facts));
      return state === 'On Hold' && isSavedOrder(order) ? to(status) : refuse(PAYMENT_STATE_REASON);
    case 'finalize': {
      if (!isSavedOrder(order) || (state !== 'On Hold' && state !== 'Awaiting Payment'))
        return refuse(FINALIZE_STATE_REASON);
      if (facts.itemCount === 0) return refuse(NO_ITEMS_REASON);
      const unsettled = unsettledReason(facts.dueCents);
      return unsettled ? refuse(unsettled) : to(statusWhenPaid(facts));
    }
  }
}

/** The one next step the POS offers (its primary button), and the event or screen action behind it. */
export type PosStep =
  | { step: 'scan'; label: string }
  | { step: 'pay'; label: string; amountCents: number }
  | { step: 'refund'; label: string; amountCents: number }
  | { step: 'finalize'; label: string }
  | { step: 'completeCancellation'; label: string }
  | { step: 'newSale'; label: string };

/**
 * What a clerk does next with this order: scan an item while it has none; while it is being built or awaits
 * payment, take what is due (or refund what was paid beyond the total), then finalize; a cancellation asked
 * for is completed; a sale that is done (or canceled) leads to a new sale.
 */
export function nextPosStep(order: OrderActionSubject, facts: FirstPartyFacts): PosStep {
  const state = derivedOrderState(order);
  if (state === 'Canceled')
    return orderStatusId(order) === ORDER_STATUS.CANCELLATION_REQUESTED
      ? { step: 'completeCancellation', label: 'Complete Cancellation' }
      : { step: 'newSale', label: 'New Sale' };
  if (state === 'Active') return { step: 'newSale', label: 'New Sale' };
  if (facts.itemCount === 0 && state === 'On Hold') return { step: 'scan', label: 'Scan an Item' };
  if (facts.dueCents > 0)
    return { step: 'pay', label: `Take Payment ${formatMoney(facts.dueCents)}`, amountCents: facts.dueCents };
  if (facts.dueCents < 0)
    return { step: 'refund', label: `Refund ${formatMoney(-facts.dueCents)}`, amountCents: -facts.dueCents };
  return { step: 'finalize', label: 'Finalize' };
}
