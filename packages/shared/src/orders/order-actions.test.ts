import { describe, expect, it } from 'vitest';
import {
  type ActionCheck,
  canActivate,
  canAddManualPayment,
  canCancel,
  canEditItems,
  canEditShippingAddress,
  canEmailOrderConfirmation,
  canHold,
  canMakeShippableBackorder,
  canMarkPackingDelayed,
  canMarkShipped,
  canPrePack,
  canSave,
  canSendOrderConfirmation,
  firstPartyOrderActions,
  isSaveable,
  NOT_SAVED_REASON,
  type OrderActionSubject,
} from './order-actions';

const pos = { channelTypeId: 2, siteId: 99 };
const web = { channelTypeId: 1, siteId: 99 };
const market = { channelTypeId: 3, siteId: 1 };
const order = (status: number, extra: Partial<OrderActionSubject> = {}): OrderActionSubject => ({
  id: 10,
  systemOrderStatusId: status,
  accountId: 1,
  channel: pos,
  customer: { email: 'a@b.com' },
  ...extra,
});
const unsaved = (extra: Partial<OrderActionSubject> = {}) => order(1, { id: 0, ...extra });

/** allowed, or the reason it is refused. */
const outcome = (check: ActionCheck) => (check.allowed ? true : check.reason);

describe('canCancel', () => {
  it.each([
    ['active POS order', order(4), true],
    ['on hold', order(40), true],
    ['awaiting payment', order(3), true],
    ['partially shipped 19', order(19), true],
    ['no channel', order(4, { channel: null }), true],
    ['cancellation requested 51 is already Canceled', order(51), 'The order is already canceled'],
    ['unsaved', unsaved(), NOT_SAVED_REASON],
    ['canceled', order(50), 'The order is already canceled'],
    [
      'marketplace order',
      order(4, { channel: market }),
      'Only point-of-sale orders, or orders without a sales channel, can be canceled here',
    ],
    [
      'web order',
      order(4, { channel: web }),
      'Only point-of-sale orders, or orders without a sales channel, can be canceled here',
    ],
    ['fulfilled', order(20), 'A Fulfilled order cannot be canceled'],
    ['partially shipped 21', order(21), 'A Partially Shipped (Packing) order cannot be canceled'],
    ['completed', order(5), 'A Completed order can no longer be changed'],
    ['closed', order(6), 'A Closed order can no longer be changed'],
  ])('%s', (_name, subject, expected) => {
    expect(outcome(canCancel(subject))).toBe(expected);
  });
});

describe('canHold', () => {
  it.each([
    ['active', order(4), true],
    ['awaiting payment', order(3), true],
    ['canceled', order(50), true],
    ['marketplace order', order(4, { channel: market }), true],
    ['unsaved', unsaved(), NOT_SAVED_REASON],
    ['on hold 40', order(40), 'The order is already on hold'],
    ['on hold 41', order(41), 'The order is already on hold'],
    ['completed', order(5), 'A Completed order can no longer be changed'],
  ])('%s', (_name, subject, expected) => {
    expect(outcome(canHold(subject))).toBe(expected);
  });
});

describe('canActivate', () => {
  it.each([
    ['on hold', order(40), true],
    ['awaiting payment', order(3), true],
    ['canceled (the spec table allows it)', order(50), true],
    ['unsaved', unsaved(), NOT_SAVED_REASON],
    ['active', order(4), 'The order is already active'],
    ['new and saved is active', order(1), 'The order is already active'],
    ['closed', order(6), 'The order is already active'],
  ])('%s', (_name, subject, expected) => {
    expect(outcome(canActivate(subject))).toBe(expected);
  });
});

describe('canSave and isSaveable', () => {
  it.each([
    ['new with email', unsaved(), true, true],
    ['new, no id at all', order(1, { id: undefined }), true, true],
    ['new, email padded', unsaved({ customer: { email: '  x@y.z ' } }), true, true],
    ['new, no account', unsaved({ accountId: 0 }), true, 'The order belongs to no account'],
    ['new, account missing', unsaved({ accountId: undefined }), true, 'The order belongs to no account'],
    [
      'new, no customer',
      unsaved({ customer: null }),
      "Enter the customer's email before saving the order",
      "Enter the customer's email before saving the order",
    ],
    [
      'new, blank email',
      unsaved({ customer: { email: '  ' } }),
      "Enter the customer's email before saving the order",
      "Enter the customer's email before saving the order",
    ],
    ['already saved', order(1), 'The order is already saved', 'The order is already saved'],
    [
      'new but uneditable status',
      order(5, { id: 0 }),
      'A Completed order can no longer be changed',
      'A Completed order can no longer be changed',
    ],
  ])('%s', (_name, subject, save, saveable) => {
    expect(outcome(canSave(subject))).toBe(save);
    expect(outcome(isSaveable(subject))).toBe(saveable);
  });
});

describe('canEditItems and canAddManualPayment', () => {
  const items = 'Put the order on hold to change its items';
  const payment = 'Payments can be added only while the order is on hold or awaiting payment';
  it.each([
    ['unsaved', unsaved(), true, true],
    ['on hold 40', order(40), true, true],
    ['on hold 45', order(45), true, true],
    ['awaiting payment', order(3), items, true],
    ['active', order(4), items, payment],
    ['canceled', order(50), items, payment],
    ['fulfilled', order(20), items, payment],
  ])('%s', (_name, subject, editItems, addPayment) => {
    expect(outcome(canEditItems(subject))).toBe(editItems);
    expect(outcome(canAddManualPayment(subject))).toBe(addPayment);
  });
});

describe('canEditShippingAddress', () => {
  it.each([
    ['unsaved new order', unsaved(), true],
    ['on hold 40', order(40), true],
    [
      'on hold 41 (not below 20, not 40)',
      order(41),
      'The shipping address of an On Hold: Payment Review order cannot be changed',
    ],
    ['active 4', order(4), 'Put the order on hold to change its shipping address'],
    ['packing 13', order(13), 'Put the order on hold to change its shipping address'],
    ['fulfilled', order(20), 'The shipping address of a Fulfilled order cannot be changed'],
    ['canceled', order(50), 'The shipping address of a Canceled order cannot be changed'],
    ['unsaved but status 5', order(5, { id: 0 }), 'A Completed order can no longer be changed'],
  ])('%s', (_name, subject, expected) => {
    expect(outcome(canEditShippingAddress(subject))).toBe(expected);
  });
});

describe('canSendOrderConfirmation', () => {
  const refused = 'Order confirmations are sent only for orders from the own website';
  it.each([
    ['own web store', order(4, { channel: web }), true],
    ['own store POS', order(4, { channel: pos }), refused],
    ['marketplace', order(4, { channel: market }), refused],
    ['another site with type 1', order(4, { channel: { channelTypeId: 1, siteId: 2 } }), refused],
    ['no channel', order(4, { channel: null }), refused],
    ['unsaved', unsaved({ channel: web }), NOT_SAVED_REASON],
  ])('%s', (_name, subject, expected) => {
    expect(outcome(canSendOrderConfirmation(subject))).toBe(expected);
  });
});

describe('canEmailOrderConfirmation', () => {
  const customer = { email: 'ann@example.com' };
  const noEmail = 'Set a customer with an e-mail address to send the confirmation';
  const elsewhere = 'Order confirmations are sent only for orders of the own store';
  it.each([
    ['own web store', order(4, { channel: web, customer }), true],
    ['own store POS', order(4, { channel: pos, customer }), true],
    ['own store POS without a customer', order(4, { channel: pos, customer: null }), noEmail],
    ['own store POS, customer without e-mail', order(4, { channel: pos, customer: { email: ' ' } }), noEmail],
    ['marketplace', order(4, { channel: market, customer }), elsewhere],
    ['no channel', order(4, { channel: null, customer }), elsewhere],
    ['unsaved', unsaved({ channel: pos, customer }), NOT_SAVED_REASON],
  ])('%s', (_name, subject, expected) => {
    expect(outcome(canEmailOrderConfirmation(subject))).toBe(expected);
  });
});

describe('firstPartyOrderActions', () => {
  it('answers every action for one order', () => {
    const actions = firstPartyOrderActions(order(40));
    expect(Object.fromEntries(Object.entries(actions).map(([key, check]) => [key, check.allowed]))).toEqual({
      cancel: true,
      hold: false,
      activate: true,
      save: false,
      editItems: true,
      addManualPayment: true,
      editShippingAddress: true,
      sendOrderConfirmation: false,
    });
  });
});

describe('channel-order actions', () => {
  const co = (status: number, extra: object = {}) => ({ id: 5, systemOrderStatusId: status, ...extra });
  const notWaiting = (name: string) =>
    `${/^[AEIOU]/.test(name) ? 'An' : 'A'} ${name} order is not waiting to be packed`;

  it.each([
    ['packing 13', co(13), true, true],
    ['packed 14', co(14), true, true],
    ['partially shipped 19', co(19), true, true],
    ['partially shipped 21', co(21), true, true],
    ['picking 12', co(12), notWaiting('Picking'), true],
    ['awaiting allocation 10', co(10), notWaiting('Awaiting Allocation'), true],
    ['ready 4', co(4), notWaiting('Ready'), notWaiting('Ready')],
    ['fulfilled 20', co(20), notWaiting('Fulfilled'), notWaiting('Fulfilled')],
    ['on hold 40', co(40), notWaiting('On Hold'), notWaiting('On Hold')],
    ['unsaved', co(13, { id: 0 }), NOT_SAVED_REASON, NOT_SAVED_REASON],
  ])('packingDelayed: %s', (_name, subject, whenRequired, whenNotRequired) => {
    expect(outcome(canMarkPackingDelayed(subject, true))).toBe(whenRequired);
    expect(outcome(canMarkPackingDelayed(subject, false))).toBe(whenNotRequired);
  });

  it.each([
    ['packing, unassigned', co(13), true, true],
    ['packed, unassigned', co(14), true, true],
    [
      'packing, assigned by user',
      co(13, { prePackedBy: 4 }),
      'The order is already assigned for packing',
      'The order is already assigned for packing',
    ],
    [
      'packing, assigned at',
      co(13, { prePackedAt: '2026-01-01T00:00:00Z' }),
      'The order is already assigned for packing',
      'The order is already assigned for packing',
    ],
    ['allocated 11, unassigned', co(11), notWaiting('Allocated'), true],
    [
      'allocated 11, assigned',
      co(11, { prePackedBy: 4 }),
      notWaiting('Allocated'),
      'The order is already assigned for packing',
    ],
    ['ready 4', co(4), notWaiting('Ready'), notWaiting('Ready')],
    ['unsaved', co(13, { id: null }), NOT_SAVED_REASON, NOT_SAVED_REASON],
  ])('prePack: %s', (_name, subject, whenRequired, whenNotRequired) => {
    expect(outcome(canPrePack(subject, true))).toBe(whenRequired);
    expect(outcome(canPrePack(subject, false))).toBe(whenNotRequired);
  });

  it.each([
    ['backordered', co(30), true],
    ['ready', co(4), 'Only a backordered order can be made shippable'],
    ['on hold', co(40), 'Only a backordered order can be made shippable'],
    ['unsaved backordered', co(30, { id: 0 }), NOT_SAVED_REASON],
  ])('makeShippableBackorder: %s', (_name, subject, expected) => {
    expect(outcome(canMakeShippableBackorder(subject))).toBe(expected);
  });

  it.each([
    ['ready 4 (nothing picked)', co(4), true, 'A Ready order has nothing picked to ship yet'],
    [
      'awaiting payment 3 (nothing picked)',
      co(3),
      true,
      'An Awaiting Payment order has nothing picked to ship yet',
    ],
    ['awaiting allocation 10', co(10), true, 'An Awaiting Allocation order has nothing picked to ship yet'],
    ['picking 12', co(12), true, 'A Picking order has nothing picked to ship yet'],
    ['picking 12, the warehouse does not pack', co(12), false, true],
    ['packing 13', co(13), true, true],
    ['packed 14', co(14), true, true],
    ['partially shipped 19', co(19), true, true],
    ['partially shipped 21', co(21), true, true],
    ['fulfilled', co(20), true, 'The order is already fulfilled'],
    ['new', co(1), true, 'A New order cannot be shipped'],
    ['pending', co(2), true, 'A Pending order cannot be shipped'],
    ['completed', co(5), true, 'A Completed order cannot be shipped'],
    ['closed', co(6), true, 'A Closed order cannot be shipped'],
    ['backordered', co(30), true, 'A Backordered order cannot be shipped'],
    ['on hold 40', co(40), true, 'An On Hold order cannot be shipped'],
    ['on hold 44 (by derived state)', co(44), true, 'An On Hold: Awaiting Stock order cannot be shipped'],
    ['canceled 50', co(50), true, 'A Canceled order cannot be shipped'],
    ['canceled 53 (by derived state)', co(53), true, 'A Canceled: Out of Stock order cannot be shipped'],
    ['returned', co(60), true, 'A Returned order cannot be shipped'],
    ['unsaved', co(4, { id: 0 }), true, NOT_SAVED_REASON],
  ])('markShipped: %s', (_name, subject, requiresPacking, expected) => {
    expect(outcome(canMarkShipped(subject, requiresPacking))).toBe(expected);
  });
});
