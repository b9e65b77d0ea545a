import { describe, expect, it } from 'vitest';
import {
  type ActivationProduct,
  activationButtons,
  activationChanges,
  canDeactivateProduct,
  DEACTIVATE_BLOCKED_TITLE,
  deactivationBlock,
  type InventoryTotals,
} from './product-activation';

const empty: InventoryTotals = {
  totalQuantityAvailable: 0,
  totalNonFulfillableQuantityAvailable: 0,
  totalQuantityOnHand: 0,
  totalQuantityOnOrder: 0,
  totalNonfulfillableQuantityOnHand: 0,
  totalNonfulfillableQuantityInbound: 0,
};
const simple = (inventory: Partial<InventoryTotals> | null): ActivationProduct => ({
  typeId: 0,
  isActive: 1,
  inventory: inventory && { ...empty, ...inventory },
});
const bundle = (inventory: Partial<InventoryTotals>): ActivationProduct => ({
  typeId: 5,
  isActive: 1,
  inventory: { ...empty, ...inventory },
});

describe('canDeactivateProduct', () => {
  it.each([
    ['simple, nothing available', simple({}), true],
    ['simple, no inventory record', simple(null), true],
    ['simple, available', simple({ totalQuantityAvailable: 1 }), false],
    ['simple, non-fulfillable available', simple({ totalNonFulfillableQuantityAvailable: 2 }), false],
    ['simple, on hand only', simple({ totalQuantityOnHand: 3 }), true],
    ['non-simple, available', bundle({ totalQuantityAvailable: 9 }), true],
  ])('%s: %s', (_name, product, allowed) => {
    expect(canDeactivateProduct(product)).toBe(allowed);
  });
});

describe('deactivationBlock', () => {
  it.each([
    ['nothing held', [simple({}), simple(null)], null],
    ['on hand', [simple({}), simple({ totalQuantityOnHand: 1 })], DEACTIVATE_BLOCKED_TITLE],
    ['on order', [simple({ totalQuantityOnOrder: 1 })], DEACTIVATE_BLOCKED_TITLE],
    ['non-fulfillable on hand', [simple({ totalNonfulfillableQuantityOnHand: 1 })], DEACTIVATE_BLOCKED_TITLE],
    ['inbound', [simple({ totalNonfulfillableQuantityInbound: 4 })], DEACTIVATE_BLOCKED_TITLE],
    ['available only', [simple({ totalQuantityAvailable: 4 })], null],
    ['non-simple with on hand', [bundle({ totalQuantityOnHand: 4 })], null],
    ['empty selection', [], null],
  ])('%s: %j', (_name, products, title) => {
    expect(deactivationBlock(products)).toBe(title);
  });

  it('uses the spec title', () => {
    expect(DEACTIVATE_BLOCKED_TITLE).toBe('Products with QOH cannot be Deactivated');
  });
});

describe('activationButtons', () => {
  it.each([
    [[{ isActive: 0 }, { isActive: false }], { activate: true, deactivate: false }],
    [[{ isActive: 1 }, { isActive: true }], { activate: false, deactivate: true }],
    [[{ isActive: 1 }, { isActive: 0 }], { activate: true, deactivate: true }],
    [[], { activate: false, deactivate: false }],
  ])('%j shows %j', (selection, buttons) => {
    expect(activationButtons(selection)).toEqual(buttons);
  });
});

describe('activationChanges', () => {
  const products = [
    { id: 1, ...simple({}) },
    { id: 2, ...simple({ totalQuantityAvailable: 2 }) },
    { id: 3, ...bundle({ totalQuantityAvailable: 2 }) },
  ];

  it('activates every product', () => {
    expect(activationChanges(products, true)).toEqual([
      { id: 1, changes: { isActive: 1 } },
      { id: 2, changes: { isActive: 1 } },
      { id: 3, changes: { isActive: 1 } },
    ]);
  });

  it('deactivates only the products allowed', () => {
    expect(activationChanges(products, false)).toEqual([
      { id: 1, changes: { isActive: 0 } },
      { id: 3, changes: { isActive: 0 } },
    ]);
  });
});
