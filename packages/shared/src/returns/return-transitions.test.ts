import { describe, expect, it } from 'vitest';
import { RETURN_ITEM_STATUS, RETURN_STATUS } from './return-statuses';
import {
  itemStatusMoveProblem,
  itemStatusOptions,
  returnStatusMoveProblem,
  returnStatusOptions,
} from './return-transitions';

describe('item status moves by hand', () => {
  const fresh = { inboundReturnItemStatusId: RETURN_ITEM_STATUS.new, quantityReceived: 0 };
  const received = { inboundReturnItemStatusId: RETURN_ITEM_STATUS.received, quantityReceived: 2 };

  it.each([
    ['New → Awaiting Return', fresh, RETURN_ITEM_STATUS.awaitingReturn],
    ['New → Cancelled', fresh, RETURN_ITEM_STATUS.cancelled],
    ['New → Processed (nothing will come back)', fresh, RETURN_ITEM_STATUS.processed],
    ['Received → Under Review', received, RETURN_ITEM_STATUS.underReview],
    ['Received → Sent Back', received, RETURN_ITEM_STATUS.sentBack],
    ['Received → Processed', received, RETURN_ITEM_STATUS.processed],
    ['the same status', received, RETURN_ITEM_STATUS.received],
  ])('allows %s', (_name, item, to) => {
    expect(itemStatusMoveProblem(item, to, 'GTR-1')).toBeNull();
  });

  it.each([
    [RETURN_ITEM_STATUS.new, 'GTR-1 has 2 units received: it cannot be New.'],
    [RETURN_ITEM_STATUS.awaitingReturn, 'GTR-1 has 2 units received: it cannot be Awaiting Return.'],
    [RETURN_ITEM_STATUS.cancelled, 'GTR-1 has 2 units received: it cannot be Cancelled.'],
  ])('refuses a received item going back to %s', (to, message) => {
    expect(itemStatusMoveProblem(received, to, 'GTR-1')).toBe(message);
  });

  it('refuses Sent Back with nothing received, and an unknown status', () => {
    expect(itemStatusMoveProblem(fresh, RETURN_ITEM_STATUS.sentBack, 'GTR-1')).toBe(
      'GTR-1 has no unit received: there is nothing to send back.',
    );
    expect(itemStatusMoveProblem(fresh, 7, 'GTR-1')).toBe('Status 7 is not a return item status.');
  });

  it('offers every status, the refused ones with their reason', () => {
    const options = itemStatusOptions({ inboundReturnItemStatusId: 10, quantityReceived: 1 }, 'GTR-1');
    expect(options.map((o) => [o.name, o.problem === null])).toEqual([
      ['New', false],
      ['Awaiting Return', false],
      ['Received', true],
      ['Under Review', true],
      ['Processed', true],
      ['Sent Back', true],
      ['Cancelled', false],
    ]);
    expect(options[0]!.problem).toBe('GTR-1 has 1 unit received: it cannot be New.');
  });
});

describe('return status moves by hand', () => {
  it('allows any move while nothing is received', () => {
    for (const to of Object.values(RETURN_STATUS)) {
      expect(returnStatusMoveProblem({ id: 31, returnStatusId: 1, unitsReceived: 0 }, to)).toBeNull();
    }
  });

  it('keeps a return with received units from saying they never came', () => {
    const inProcess = { id: 31, returnStatusId: RETURN_STATUS.inProcess, unitsReceived: 3 };
    expect(returnStatusMoveProblem(inProcess, RETURN_STATUS.cancelled)).toBe(
      'Return #31 has 3 units received: it cannot be Cancelled.',
    );
    expect(returnStatusMoveProblem(inProcess, RETURN_STATUS.open)).toBe(
      'Return #31 has 3 units received: it cannot be Open.',
    );
    expect(returnStatusMoveProblem(inProcess, RETURN_STATUS.pendingReturn)).not.toBeNull();
    for (const to of [RETURN_STATUS.hold, RETURN_STATUS.closed, RETURN_STATUS.channelAppeal]) {
      expect(returnStatusMoveProblem(inProcess, to)).toBeNull();
    }
    expect(returnStatusMoveProblem(inProcess, 11)).toBe('Status 11 is not a return status.');
  });

  it('offers every status, the refused ones disabled', () => {
    const options = returnStatusOptions({ id: 31, returnStatusId: 20, unitsReceived: 1 });
    expect(options.filter((o) => o.problem !== null).map((o) => o.name)).toEqual([
      'Open',
      'Pending Return',
      'Cancelled',
    ]);
  });
});
