import { describe, expect, it } from 'vitest';
import {
  everyLineHandedOver,
  type FirstPartyEvent,
  type FirstPartyFacts,
  firstPartyTransition,
  nextPosStep,
  statusWhenPaid,
} from './first-party-status';

const POS = { channelTypeId: 2, siteId: 99 };
const order = (systemOrderStatusId: number) => ({ id: 7, systemOrderStatusId, channel: POS });
const facts = (dueCents: number, itemCount = 1, everyLineHandedOver = false): FirstPartyFacts => ({
  itemCount,
  dueCents,
  everyLineHandedOver,
});

describe('firstPartyTransition', () => {
  // [status, event, due, items, handed over, → status or the refusal]
  it.each<[number, FirstPartyEvent, number, number, boolean, number | string]>([
    // Activate: with money due the order awaits payment; settled, it is done (Ready, or Completed when
    // every line was handed over at the counter).
    [40, 'activate', 1250, 1, false, 3],
    [40, 'activate', 0, 1, false, 4],
    [40, 'activate', 0, 2, true, 5],
    [40, 'activate', 0, 0, true, 4],
    [41, 'activate', 500, 1, false, 3],
    [51, 'activate', 0, 1, false, 4],
    [4, 'activate', 0, 1, false, 'The order is already active'],
    [3, 'activate', 500, 1, false, 3],
    [5, 'activate', 0, 1, false, 'The order is already active'],
    // Hold.
    [3, 'hold', 500, 1, false, 40],
    [4, 'hold', 0, 1, false, 40],
    [40, 'hold', 0, 1, false, 'The order is already on hold'],
    [5, 'hold', 0, 1, false, 'A Completed order can no longer be changed'],
    // A payment (facts after it): part of it keeps the status; the rest of it settles an order awaiting
    // payment, which moves on; on hold it is still being built, and stays (Finalize is next).
    [3, 'payment', 700, 1, false, 3],
    [3, 'payment', 0, 1, false, 4],
    [3, 'payment', 0, 1, true, 5],
    [40, 'payment', 700, 1, false, 40],
    [40, 'payment', 0, 1, false, 40],
    [42, 'payment', 0, 1, false, 42],
    [4, 'payment', 0, 1, false, 'Payments can be added only while the order is on hold or awaiting payment'],
    [50, 'payment', 0, 1, false, 'Payments can be added only while the order is on hold or awaiting payment'],
    // Finalize: items and settled money, from on hold or awaiting payment.
    [40, 'finalize', 0, 2, false, 4],
    [40, 'finalize', 0, 2, true, 5],
    [3, 'finalize', 0, 1, false, 4],
    [40, 'finalize', 1999, 1, false, '$19.99 is still due. Take the payment before finalizing.'],
    [3, 'finalize', 1, 1, false, '$0.01 is still due. Take the payment before finalizing.'],
    [40, 'finalize', -500, 1, false, '$5.00 was paid beyond the order total. Refund it before finalizing.'],
    [40, 'finalize', 0, 0, false, 'An order without items cannot be finalized.'],
    [4, 'finalize', 0, 1, false, 'Only an order on hold or awaiting payment can be finalized'],
    [5, 'finalize', 0, 1, true, 'Only an order on hold or awaiting payment can be finalized'],
    [50, 'finalize', 0, 1, false, 'Only an order on hold or awaiting payment can be finalized'],
  ])('status %i, %s, due %i, %i item(s), handed over %s → %s', (status, event, due, items, handed, expected) => {
    const result = firstPartyTransition(order(status), event, facts(due, items, handed));
    expect(result).toEqual(
      typeof expected === 'number'
        ? { allowed: true, statusId: expected }
        : { allowed: false, reason: expected },
    );
  });

  it('cancels outright, or asks for the cancellation while units or money are held', () => {
    expect(firstPartyTransition(order(40), 'cancel', facts(0))).toEqual({ allowed: true, statusId: 50 });
    expect(firstPartyTransition(order(3), 'cancel', { ...facts(0), holdsUnitsOrMoney: true })).toEqual({
      allowed: true,
      statusId: 51,
    });
    expect(firstPartyTransition(order(50), 'cancel', facts(0))).toEqual({
      allowed: false,
      reason: 'The order is already canceled',
    });
  });

  it('refuses every event for an order not yet saved', () => {
    const unsaved = { systemOrderStatusId: 40, channel: POS };
    for (const event of ['activate', 'hold', 'payment', 'finalize', 'cancel'] as const)
      expect(firstPartyTransition(unsaved, event, facts(0)).allowed, event).toBe(false);
  });
});

describe('statusWhenPaid and everyLineHandedOver', () => {
  it('is Completed only with items, every one carried out (5) and picked', () => {
    expect(everyLineHandedOver([{ deliveryTypeId: 5, isPicked: 1 }])).toBe(true);
    expect(everyLineHandedOver([{ deliveryTypeId: 5, isPicked: 0 }])).toBe(false);
    expect(everyLineHandedOver([{ deliveryTypeId: 1, isPicked: 1 }])).toBe(false);
    expect(statusWhenPaid(facts(0, 1, true))).toBe(5);
    expect(statusWhenPaid(facts(0, 1, false))).toBe(4);
    expect(statusWhenPaid(facts(0, 0, true))).toBe(4);
  });
});

describe('nextPosStep', () => {
  it.each([
    [40, 0, 0, 'scan', 'Scan an Item'],
    [40, 2599, 1, 'pay', 'Take Payment $25.99'],
    [3, 1000, 1, 'pay', 'Take Payment $10.00'],
    [40, 0, 1, 'finalize', 'Finalize'],
    [3, 0, 1, 'finalize', 'Finalize'],
    [40, -250, 1, 'refund', 'Refund $2.50'],
    [4, 0, 1, 'newSale', 'New Sale'],
    [5, 0, 1, 'newSale', 'New Sale'],
    [4, 750, 1, 'newSale', 'New Sale'],
    [51, 0, 1, 'completeCancellation', 'Complete Cancellation'],
    [50, 0, 1, 'newSale', 'New Sale'],
  ])('status %i, due %i, %i item(s) → %s', (status, due, items, step, label) => {
    expect(nextPosStep(order(status), facts(due, items))).toMatchObject({ step, label });
  });

  it('offers only what the machine then allows: a payment of what is due, finalize once settled', () => {
    for (const status of [3, 40, 41, 45]) {
      for (const due of [-100, 0, 1, 5000]) {
        const step = nextPosStep(order(status), facts(due, 2));
        if (step.step === 'pay') {
          // Paying what is due settles the order: the machine takes the payment, and Finalize (or the
          // payment itself, awaiting payment) then ends the sale.
          const after = firstPartyTransition(order(status), 'payment', facts(0, 2));
          expect(after.allowed).toBe(true);
          const done =
            status === 3 ? after : firstPartyTransition(order(after.statusId!), 'finalize', facts(0, 2));
          expect(done).toEqual({ allowed: true, statusId: 4 });
        }
        if (step.step === 'finalize')
          expect(firstPartyTransition(order(status), 'finalize', facts(due, 2)).allowed).toBe(true);
        if (step.step === 'refund') expect(due).toBeLessThan(0);
      }
    }
  });
});
