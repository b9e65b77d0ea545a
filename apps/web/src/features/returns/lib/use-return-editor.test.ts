import { describe, expect, it } from 'vitest';
import type { InboundReturn } from '../api';
import { withEdits } from './use-return-editor';

const detail = {
  id: 3,
  returnStatusId: 1,
  status: { id: 1, name: 'Open' },
  items: [
    {
      id: 10,
      quantity: 2,
      quantityReceived: 0,
      inboundReturnItemStatusId: 1,
      status: { id: 1, name: 'New' },
      returnReasonId: null,
      returnReasonNote: null,
    },
    {
      id: 11,
      quantity: 1,
      quantityReceived: 0,
      inboundReturnItemStatusId: 1,
      status: { id: 1, name: 'New' },
      returnReasonId: null,
      returnReasonNote: null,
    },
  ],
} as unknown as InboundReturn;

describe('withEdits: the return as the screen shows it before the save answers', () => {
  it('is the server copy itself when nothing is edited', () => {
    expect(withEdits(detail, { items: {} })).toBe(detail);
  });

  it('shows the return status and item edits with their names', () => {
    const shown = withEdits(detail, {
      returnStatusId: 10,
      items: { 10: { quantity: 3, inboundReturnItemStatusId: 10, returnReasonId: 5 } },
    });
    expect(shown.status).toEqual({ id: 10, name: 'In Process' });
    expect(shown.items[0]).toMatchObject({
      quantity: 3,
      inboundReturnItemStatusId: 10,
      status: { id: 10, name: 'Received' },
      returnReasonId: 5,
    });
    expect(shown.items[1]).toBe(detail.items[1]);
    expect(detail.items[0]!.quantity).toBe(2);
  });
});
