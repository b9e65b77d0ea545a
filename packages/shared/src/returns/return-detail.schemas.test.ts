import { describe, expect, it } from 'vitest';
import { returnPatchSchema } from './return-detail.schemas';

const version = '2026-05-01T10:00:00.000Z';

describe('PATCH …/returns payload', () => {
  it('takes a save: the version, the status and item edits', () => {
    const parsed = returnPatchSchema.parse({
      inboundReturns: [
        {
          id: 4,
          modifiedAt: version,
          returnStatusId: 10,
          items: [{ id: 9, quantity: 2, returnReasonId: 16, returnReasonNote: ' Wrong colour ' }],
          // The whole return may be sent back: what the server does not take is dropped.
          status: { id: 10, name: 'In Process' },
        },
      ],
    });
    expect(parsed.inboundReturns[0]).toEqual({
      id: 4,
      modifiedAt: version,
      returnStatusId: 10,
      items: [{ id: 9, quantity: 2, returnReasonId: 16, returnReasonNote: 'Wrong colour' }],
    });
  });

  it('takes a receipt of one unit by item id or UPC, with its defaults', () => {
    const parsed = returnPatchSchema.parse({
      inboundReturns: [{ id: 4, modifiedAt: version }],
      inventoryLocationItems: [{ upc: '885978123452', warehouseId: 1, inventoryLocationId: 7 }],
    });
    expect(parsed.inventoryLocationItems?.[0]).toMatchObject({
      productConditionId: 1,
      disposition: 'productCondition',
    });
  });

  it.each([
    ['no return', { inboundReturns: [] }],
    ['no version', { inboundReturns: [{ id: 4 }] }],
    ['a status not on the list', { inboundReturns: [{ id: 4, modifiedAt: version, returnStatusId: 7 }] }],
    [
      'a reason not on the list',
      { inboundReturns: [{ id: 4, modifiedAt: version, items: [{ id: 1, returnReasonId: 2 }] }] },
    ],
    [
      'a negative quantity',
      { inboundReturns: [{ id: 4, modifiedAt: version, items: [{ id: 1, quantity: -1 }] }] },
    ],
    [
      'a receipt naming no item',
      {
        inboundReturns: [{ id: 4, modifiedAt: version }],
        inventoryLocationItems: [{ warehouseId: 1, inventoryLocationId: 7 }],
      },
    ],
    [
      'two units at once',
      {
        inboundReturns: [{ id: 4, modifiedAt: version }],
        inventoryLocationItems: [
          { returnItemId: 1, warehouseId: 1, inventoryLocationId: 7 },
          { returnItemId: 1, warehouseId: 1, inventoryLocationId: 7 },
        ],
      },
    ],
    [
      'a receipt on two returns',
      {
        inboundReturns: [
          { id: 4, modifiedAt: version },
          { id: 5, modifiedAt: version },
        ],
        inventoryLocationItems: [{ returnItemId: 1, warehouseId: 1, inventoryLocationId: 7 }],
      },
    ],
    [
      'a used product without a UPC',
      {
        inboundReturns: [{ id: 4, modifiedAt: version }],
        inventoryLocationItems: [
          { returnItemId: 1, warehouseId: 1, inventoryLocationId: 7, productConditionId: 10 },
        ],
        product: { upc: 'abc' },
      },
    ],
  ])('refuses %s', (_what, body) => {
    expect(returnPatchSchema.safeParse(body).success).toBe(false);
  });
});
