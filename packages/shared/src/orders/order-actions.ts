// orders-warehouse.md §4 Order actions (first-party orders) and the channel-order actions of §7 (cancel,
// packingDelayed, prePack, makeShippableBackorder, markShipped). Each rule answers whether the action is
// allowed and, when it is not, why, in words for the user: buttons show it as their title, the server as
// its 409 error.
import { CHANNEL_TYPE_ID, ORDER_STATUS, orderStatusName, SITE_ID } from './order-constants';
import {
  derivedOrderState,
  isEditableStatus,
  isFulfilled,
  isPackingAssigned,
  isPackingRequired,
  isSavedOrder,
  isUnshippableStatus,
  type OrderStateSubject,
  orderStatusId,
  type PackingAssignment,
} from './order-status';

export interface ActionCheck {
  allowed: boolean;
  reason?: string;
}

export interface OrderActionSubject extends OrderStateSubject {
  accountId?: number | null;
  /** The order's sales channel; null or missing for an order with no channel. */
  channel?: { channelTypeId: number; siteId?: number | null } | null;
  customer?: { email?: string | null } | null;
}

export type ChannelOrderActionSubject = OrderStateSubject & PackingAssignment;

const ALLOWED: ActionCheck = { allowed: true };
const refuse = (reason: string): ActionCheck => ({ allowed: false, reason });

/** 'a Fulfilled order', 'an On Hold order': the status by name, for reasons. */
function aStatusOrder(status: number): string {
  const name = orderStatusName(status);
  return `${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name} order`;
}
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const NOT_SAVED_REASON = 'The order has not been saved yet';

function uneditableReason(order: OrderStateSubject): string | null {
  const status = orderStatusId(order);
  return isEditableStatus(status) ? null : `${capitalized(aStatusOrder(status))} can no longer be changed`;
}

/** Cancel: saved, not already Canceled, no channel or channel type 2 (point of sale), status not 20 or 21, editable. */
export function canCancel(order: OrderActionSubject): ActionCheck {
  if (!isSavedOrder(order)) return refuse(NOT_SAVED_REASON);
  if (derivedOrderState(order) === 'Canceled') return refuse('The order is already canceled');
  if (order.channel && order.channel.channelTypeId !== CHANNEL_TYPE_ID.POINT_OF_SALE) {
    return refuse('Only point-of-sale orders, or orders without a sales channel, can be canceled here');
  }
  const status = orderStatusId(order);
  if (status === ORDER_STATUS.FULFILLED || status === ORDER_STATUS.PARTIALLY_SHIPPED_PACKING) {
    return refuse(`${capitalized(aStatusOrder(status))} cannot be canceled`);
  }
  const uneditable = uneditableReason(order);
  return uneditable ? refuse(uneditable) : ALLOWED;
}

/** Hold: saved, not already On Hold, editable. */
export function canHold(order: OrderActionSubject): ActionCheck {
  if (!isSavedOrder(order)) return refuse(NOT_SAVED_REASON);
  if (derivedOrderState(order) === 'On Hold') return refuse('The order is already on hold');
  const uneditable = uneditableReason(order);
  return uneditable ? refuse(uneditable) : ALLOWED;
}

/**
 * Activate: saved, not already Active, editable. As the spec's table says, this includes a canceled order
 * (50-59 are editable); completing a cancellation is a separate call.
 */
export function canActivate(order: OrderActionSubject): ActionCheck {
  if (!isSavedOrder(order)) return refuse(NOT_SAVED_REASON);
  if (derivedOrderState(order) === 'Active') return refuse('The order is already active');
  const uneditable = uneditableReason(order);
  return uneditable ? refuse(uneditable) : ALLOWED;
}

/** Save: a new (unsaved) order whose customer has a non-empty email, editable. */
export function canSave(order: OrderActionSubject): ActionCheck {
  if (isSavedOrder(order)) return refuse('The order is already saved');
  if (!order.customer?.email?.trim()) return refuse("Enter the customer's email before saving the order");
  const uneditable = uneditableReason(order);
  return uneditable ? refuse(uneditable) : ALLOWED;
}

/** 'saveable': canSave and also an accountId above 0 (the server fills it from the session). */
export function isSaveable(order: OrderActionSubject): ActionCheck {
  const save = canSave(order);
  if (!save.allowed) return save;
  return (order.accountId ?? 0) > 0 ? ALLOWED : refuse('The order belongs to no account');
}

/** Edit items: only when the order is On Hold (a new, unsaved order counts as On Hold). */
export function canEditItems(order: OrderActionSubject): ActionCheck {
  return derivedOrderState(order) === 'On Hold'
    ? ALLOWED
    : refuse('Put the order on hold to change its items');
}

/** Add manual payment: On Hold or Awaiting Payment. */
export function canAddManualPayment(order: OrderActionSubject): ActionCheck {
  const state = derivedOrderState(order);
  return state === 'On Hold' || state === 'Awaiting Payment'
    ? ALLOWED
    : refuse('Payments can be added only while the order is on hold or awaiting payment');
}

/** Edit shipping address: status below 20 or equal to 40, the order On Hold, and editable. */
export function canEditShippingAddress(order: OrderActionSubject): ActionCheck {
  const status = orderStatusId(order);
  if (!(status < ORDER_STATUS.FULFILLED || status === ORDER_STATUS.ON_HOLD)) {
    return refuse(`The shipping address of ${aStatusOrder(status)} cannot be changed`);
  }
  if (derivedOrderState(order) !== 'On Hold')
    return refuse('Put the order on hold to change its shipping address');
  const uneditable = uneditableReason(order);
  return uneditable ? refuse(uneditable) : ALLOWED;
}

/**
 * §2 "A 'Send Order Confirmation Email' button shows only for the own-website channel (site id 99, channel
 * type id 1)."
 */
export function canSendOrderConfirmation(order: OrderActionSubject): ActionCheck {
  const channel = order.channel;
  if (!isSavedOrder(order)) return refuse(NOT_SAVED_REASON);
  return channel?.siteId === SITE_ID.OWN_STORE && channel.channelTypeId === CHANNEL_TYPE_ID.WEB_STORE
    ? ALLOWED
    : refuse('Order confirmations are sent only for orders from the own website');
}

/**
 * Whether the confirmation e-mail may be sent (POST /v2/vsf/checkout/sendConfirmationEmail): an own-store
 * order (site 99), from the website or from its point of sale, with a customer e-mail to send it to. §7 says
 * "Sent only for channel 99 with order type 1"; issue 16 #4 asks for it on a counter sale with a customer too
 * (an e-mailed receipt), so the point of sale's orders of site 99 are let through here. The detail screen's
 * button keeps §2's rule (canSendOrderConfirmation).
 */
export function canEmailOrderConfirmation(order: OrderActionSubject): ActionCheck {
  if (!isSavedOrder(order)) return refuse(NOT_SAVED_REASON);
  const channel = order.channel;
  const ownStore =
    channel?.siteId === SITE_ID.OWN_STORE &&
    (channel.channelTypeId === CHANNEL_TYPE_ID.WEB_STORE ||
      channel.channelTypeId === CHANNEL_TYPE_ID.POINT_OF_SALE);
  if (!ownStore) return refuse('Order confirmations are sent only for orders of the own store');
  return order.customer?.email?.trim()
    ? ALLOWED
    : refuse('Set a customer with an e-mail address to send the confirmation');
}

/** Every first-party action at once, for a toolbar. */
export function firstPartyOrderActions(order: OrderActionSubject) {
  return {
    cancel: canCancel(order),
    hold: canHold(order),
    activate: canActivate(order),
    save: canSave(order),
    editItems: canEditItems(order),
    addManualPayment: canAddManualPayment(order),
    editShippingAddress: canEditShippingAddress(order),
    sendOrderConfirmation: canSendOrderConfirmation(order),
  };
}

// Channel-order actions. The spec lists their calls but not their rules; ours are derived from §4's status
// groups and packing rules. Every one needs a saved order (the calls carry a channelOrderId).

const NOT_WAITING_FOR_PACKING = (status: number) =>
  `${capitalized(aStatusOrder(status))} is not waiting to be packed`;

/**
 * packingDelayed: only while the order waits at the packing bench, i.e. isPackingRequired (13, 14, 19, 21,
 * plus 10-14 when the warehouse does not require packing). Before or after that there is nothing to delay.
 */
export function canMarkPackingDelayed(
  order: ChannelOrderActionSubject,
  warehouseRequiresPacking: boolean,
): ActionCheck {
  if (!isSavedOrder(order)) return refuse(NOT_SAVED_REASON);
  const status = orderStatusId(order);
  return isPackingRequired(status, warehouseRequiresPacking)
    ? ALLOWED
    : refuse(NOT_WAITING_FOR_PACKING(status));
}

/**
 * prePack (assign the order for packing): only when packing is required (as above) and the order is not
 * already packing-assigned (prePackedBy > 0 or prePackedAt set), so two packers never take the same order.
 */
export function canPrePack(order: ChannelOrderActionSubject, warehouseRequiresPacking: boolean): ActionCheck {
  if (!isSavedOrder(order)) return refuse(NOT_SAVED_REASON);
  const status = orderStatusId(order);
  if (!isPackingRequired(status, warehouseRequiresPacking)) return refuse(NOT_WAITING_FOR_PACKING(status));
  return isPackingAssigned(order) ? refuse('The order is already assigned for packing') : ALLOWED;
}

/** makeShippableBackorder: only a Backordered order (status 30), the one unshippable status stock can release. */
export function canMakeShippableBackorder(order: ChannelOrderActionSubject): ActionCheck {
  if (!isSavedOrder(order)) return refuse(NOT_SAVED_REASON);
  return orderStatusId(order) === ORDER_STATUS.BACKORDERED
    ? ALLOWED
    : refuse('Only a backordered order can be made shippable');
}

/**
 * Whether an order may leave the warehouse at all (a new shipment may be made for it): not once fulfilled
 * (20), and not for an unshippable status (§4 group: 1, 2, 5, 6, 30, 40, 41, 50, 51, 60). Holds and
 * cancellations the group does not list (42-49, 52-59) are refused too, by their derived state, since an order
 * on hold or canceled must not leave the warehouse.
 */
export function canShipOrder(order: ChannelOrderActionSubject): ActionCheck {
  if (!isSavedOrder(order)) return refuse(NOT_SAVED_REASON);
  const status = orderStatusId(order);
  if (isFulfilled(status)) return refuse('The order is already fulfilled');
  const state = derivedOrderState(order);
  if (isUnshippableStatus(status) || state === 'On Hold' || state === 'Canceled') {
    return refuse(`${capitalized(aStatusOrder(status))} cannot be shipped`);
  }
  return ALLOWED;
}

/**
 * markShipped: an order that may ship (canShipOrder) whose goods are picked and waiting at the packing bench
 * (§4 packing rule: 13, 14, 19, 21, plus 10-14 when the warehouse does not require packing). Before that
 * there is nothing in a box, so nothing can have shipped.
 */
export function canMarkShipped(
  order: ChannelOrderActionSubject,
  warehouseRequiresPacking: boolean,
): ActionCheck {
  const shippable = canShipOrder(order);
  if (!shippable.allowed) return shippable;
  const status = orderStatusId(order);
  if (!isPackingRequired(status, warehouseRequiresPacking)) {
    return refuse(`${capitalized(aStatusOrder(status))} has nothing picked to ship yet`);
  }
  return ALLOWED;
}
