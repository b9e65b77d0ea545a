import { describe, expect, it } from 'vitest';
import { PendingChanges, SAVE_OR_DISCARD_TITLE, sameValue } from './pending-changes';

interface Row {
  id: number;
  sku: string;
  upc: string | null;
  priceMAP: number | string;
  priceCost: number | string;
  isCloseout: number;
  attributes: { attributeId: number; valueJSON: Record<string, string[]> }[];
}

const rows: Row[] = [
  {
    id: 1,
    sku: 'A-1',
    upc: '00123',
    priceMAP: '12.50',
    priceCost: 5,
    isCloseout: 0,
    attributes: [{ attributeId: 7, valueJSON: { Default: ['Red'] } }],
  },
  { id: 2, sku: 'B-2', upc: null, priceMAP: 20, priceCost: '8.00', isCloseout: 1, attributes: [] },
  { id: 3, sku: 'C-3', upc: '999', priceMAP: 0, priceCost: 0, isCloseout: 0, attributes: [] },
];

describe('sameValue', () => {
  it.each([
    ['12.50', 12.5, true],
    [12.5, '12.5', true],
    ['12.50', '12.5', true],
    ['12', '12.00', true],
    ['12.50', '12.51', false],
    ['00123', '123', false],
    ['1e2', '100', false],
    [5, 5.0000000001, true],
    [5, 5.01, false],
    [null, undefined, true],
    [null, '', true],
    ['', 0, false],
    [null, 0, false],
    ['abc', 0, false],
    [true, 1, true],
    [false, 0, true],
    [[1, 2], [1, 2], true],
    [[1, 2], [2, 1], false],
    [[1], [1, 1], false],
    [{ Default: ['Red'] }, { Default: ['Red'] }, true],
    [{ Default: ['Red'] }, { Default: ['Blue'] }, false],
    [{ a: 1, b: null }, { a: '1.0' }, true],
    [new Date(5), new Date(5), true],
    [new Date(5), new Date(6), false],
    [{}, [], false],
  ])('sameValue(%j, %j) = %s', (a, b, same) => {
    expect(sameValue(a, b)).toBe(same);
  });
});

describe('PendingChanges', () => {
  const start = PendingChanges.from(rows);

  it('starts with nothing pending', () => {
    expect(start.changeCount()).toEqual({ products: 0, alterations: 0 });
    expect(start.counterText()).toBe('0 Products with 0 Alterations');
    expect(start.hasChanges()).toBe(false);
    expect(start.toggleBlockedTitle()).toBeNull();
    expect(start.changesPayload()).toEqual([]);
  });

  it.each([
    [[[1, 'sku', 'A-1X']], 1, 1, '1 Product with 1 Alteration'],
    [
      [
        [1, 'sku', 'A-1X'],
        [1, 'priceMAP', 13],
      ],
      1,
      2,
      '1 Product with 2 Alterations',
    ],
    [
      [
        [1, 'sku', 'A-1X'],
        [2, 'sku', 'B-2X'],
      ],
      2,
      2,
      '2 Products with 2 Alterations',
    ],
    [
      [
        [1, 'sku', 'A-1X'],
        [2, 'sku', 'B-2X'],
        [2, 'isCloseout', 0],
      ],
      2,
      3,
      '2 Products with 3 Alterations',
    ],
    [
      [
        [1, 'sku', 'A-1X'],
        [1, 'sku', 'A-1'],
      ],
      0,
      0,
      '0 Products with 0 Alterations',
    ],
    [[[1, 'priceMAP', 12.5]], 0, 0, '0 Products with 0 Alterations'],
    [[[2, 'upc', '']], 0, 0, '0 Products with 0 Alterations'],
    [
      [
        [1, 'priceMAP', 13],
        [1, 'priceMAP', '12.5'],
      ],
      0,
      0,
      '0 Products with 0 Alterations',
    ],
  ] as const)('edits %j count %s products, %s alterations: %s', (edits, products, alterations, text) => {
    let state = start;
    for (const [id, field, value] of edits) state = state.edit(id, field, value as never);
    expect(state.changeCount()).toEqual({ products, alterations });
    expect(state.counterText()).toBe(text);
  });

  it('keeps the original value when an edit goes back to it, so the payload stays clean', () => {
    const state = start.edit(1, 'priceMAP', 13).edit(1, 'priceMAP', 12.5);
    expect(state.local.get(1)?.priceMAP).toBe('12.50');
    expect(state.changedFields(1)).toEqual({});
  });

  it('sends only changed fields with the id, in list order', () => {
    const state = start
      .edit(2, 'priceCost', '9.25')
      .edit(1, 'attributes', [{ attributeId: 7, valueJSON: { Default: ['Red', 'Blue'] } }])
      .edit(1, 'sku', 'A-1');
    expect(state.changesPayload()).toEqual([
      { id: 1, attributes: [{ attributeId: 7, valueJSON: { Default: ['Red', 'Blue'] } }] },
      { id: 2, priceCost: '9.25' },
    ]);
    expect(state.toggleBlockedTitle()).toBe(SAVE_OR_DISCARD_TITLE);
  });

  it('deep-compares attributes: an equal copy is no change', () => {
    const state = start.edit(1, 'attributes', [{ attributeId: 7, valueJSON: { Default: ['Red'] } }]);
    expect(state.hasChanges()).toBe(false);
  });

  it('applies bulk changes with editMany', () => {
    const state = start.editMany([
      { id: 1, changes: { isCloseout: 1 } },
      { id: 2, changes: { isCloseout: 1 } },
      { id: 3, changes: { isCloseout: 1, priceMAP: 0 } },
    ]);
    expect(state.changesPayload()).toEqual([
      { id: 1, isCloseout: 1 },
      { id: 3, isCloseout: 1 },
    ]);
    expect(state.counterText()).toBe('2 Products with 2 Alterations');
  });

  it('leaves the state it came from untouched', () => {
    const edited = start.edit(1, 'sku', 'Z');
    expect(start.local.get(1)?.sku).toBe('A-1');
    expect(edited.local.get(1)?.sku).toBe('Z');
    expect(rows[0]?.sku).toBe('A-1');
  });

  it('discards back to the original', () => {
    const discarded = start.edit(1, 'sku', 'Z').edit(3, 'priceCost', 4).discard();
    expect(discarded.changeCount()).toEqual({ products: 0, alterations: 0 });
    expect(discarded.products()).toEqual(rows);
  });

  it('adopts local as the new original after a save', () => {
    const adopted = start.edit(1, 'sku', 'Z').adopt();
    expect(adopted.changesPayload()).toEqual([]);
    expect(adopted.original.get(1)?.sku).toBe('Z');
    // Editing back to the old value is now a change.
    expect(adopted.edit(1, 'sku', 'A-1').changesPayload()).toEqual([{ id: 1, sku: 'A-1' }]);
  });

  it('refuses unknown products and id edits', () => {
    expect(() => start.edit(9, 'sku', 'X')).toThrow('No product 9 in the list');
    expect(() => start.edit(1, 'id', 5)).toThrow('A product id cannot be edited');
  });
});
