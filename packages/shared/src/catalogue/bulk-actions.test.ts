import { describe, expect, it } from 'vitest';
import type { ProductAttribute } from './attribute-merge';
import {
  applyBulkAction,
  applyBulkAttributes,
  BRAND_PAGE_BULK_ACTIONS,
  BULK_ACTION_LABELS,
  type BulkAttributeInput,
  type BulkContext,
  canApply,
  isBulkDimensionValid,
  marketplaceCategoryWarning,
  parsePrice,
  poundsToOunces,
  sanitizeHarmonizedCode,
  selectedCountText,
  toolbarBulkActions,
  trainedPackagingPrefill,
} from './bulk-actions';

const admin: BulkContext = { selectedCount: 2, adminUserAccess: true };
const staff: BulkContext = { selectedCount: 2, adminUserAccess: false };
const nothingSelected: BulkContext = { selectedCount: 0, adminUserAccess: true };

const dim = { heightInch: 1, widthInch: 2, lengthInch: 3, weightPound: 1.5 };
const trained = { cost: '7.25', packagingId: 4, lengthInch: 10, widthInch: 8, heightInch: 6 };
const fixedClock = () => new Date(Date.UTC(2025, 2, 4, 15, 30, 0));

describe('toolbar', () => {
  it('labels the actions as §2.4 does', () => {
    expect(Object.values(BULK_ACTION_LABELS)).toEqual([
      'Update MAP Prices',
      'Update Cost Prices',
      'Update Product DIM',
      'Update Clearance',
      'Update Trained Shipping',
      'Update Pricing Strategies',
      'Update Purchasing Statuses',
      'Update Categories',
      'Add Attributes',
      'Add Harmonized Shipping Codes',
    ]);
  });

  it('offers Update Trained Shipping only with adminUserAccess', () => {
    expect(toolbarBulkActions({ adminUserAccess: true })).toContain('trainedShipping');
    expect(toolbarBulkActions({ adminUserAccess: false })).toEqual([
      'map',
      'cost',
      'dim',
      'closeout',
      'pricingStrategy',
      'purchasingStatus',
      'category',
      'attributes',
      'harmonizedCode',
    ]);
  });

  it('offers the brand page its seven choices', () => {
    expect(BRAND_PAGE_BULK_ACTIONS).toEqual([
      'map',
      'cost',
      'pricingStrategy',
      'purchasingStatus',
      'category',
      'attributes',
      'harmonizedCode',
    ]);
    expect(selectedCountText(3)).toBe('3 Selected');
  });
});

describe('input coercion', () => {
  it.each([
    ['', 0],
    ['  ', 0],
    ['abc', 0],
    ['12abc', 0],
    ['$5', 0],
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
    ['12.5', 12.5],
    [' 12.50 ', 12.5],
    ['1.005', 1.01],
    [4.12345, 4.12],
    [4.125, 4.13],
    ['-2', -2],
  ])('parsePrice(%j) = %s', (input, price) => {
    expect(parsePrice(input)).toBe(price);
  });

  it.each([
    [0, false],
    ['0.00', false],
    [0.001, false],
    [0.01, true],
    ['10000', true],
    [10000.004, true],
    [10000.01, false],
    [-1, false],
    ['x', false],
  ])('isBulkDimensionValid(%j) = %s', (value, valid) => {
    expect(isBulkDimensionValid(value)).toBe(valid);
  });

  it.each([
    [1, 16],
    ['1.5', 24],
    [1.1, 17.6],
    [0.01, 0.16],
    ['', 0],
  ])('poundsToOunces(%j) = %s', (pounds, ounces) => {
    expect(poundsToOunces(pounds)).toBe(ounces);
  });

  it.each([
    ['8471.30.0100', '847130010'],
    ['  12ab34 ', '1234'],
    ['1234567890123', '123456789'],
    ['abc', ''],
  ])('sanitizeHarmonizedCode(%j) = %j', (raw, code) => {
    expect(sanitizeHarmonizedCode(raw)).toBe(code);
  });

  it.each([
    [0, null],
    [1, null],
    [2, '>1 Marketplace Selected'],
  ])('marketplaceCategoryWarning(%s) = %j', (count, warning) => {
    expect(marketplaceCategoryWarning(count)).toBe(warning);
  });
});

describe('trained packaging prefill', () => {
  it.each([
    [{ id: 1, isCustom: 0, packageLengthInch: 12, packageWidthInch: 9.5, packageHeightInch: 4 }, false],
    [{ id: 2, isCustom: true, packageLengthInch: 0, packageWidthInch: 0, packageHeightInch: 0 }, true],
  ])('prefills %j, editable %s', (packaging, editable) => {
    expect(trainedPackagingPrefill(packaging)).toEqual({
      lengthInch: packaging.packageLengthInch,
      widthInch: packaging.packageWidthInch,
      heightInch: packaging.packageHeightInch,
      dimensionsEditable: editable,
    });
  });
});

describe('canApply', () => {
  it.each([
    ['map', { value: '0.01' }, admin, true],
    ['map', { value: '0' }, admin, false],
    ['map', { value: '' }, admin, false],
    ['map', { value: 'abc' }, admin, false],
    ['map', { value: 10 }, nothingSelected, false],
    ['cost', { value: 4 }, staff, true],
    ['cost', { value: -4 }, staff, false],
    ['pricingStrategy', { pricingStrategyId: 41 }, staff, true],
    ['pricingStrategy', { pricingStrategyId: 0 }, staff, false],
    ['pricingStrategy', { pricingStrategyId: null }, staff, false],
    ['purchasingStatus', { purchasingStatusId: 7 }, staff, true],
    ['purchasingStatus', { purchasingStatusId: 0 }, staff, false],
    ['category', { categoryId: 12 }, staff, true],
    ['category', { categoryId: null }, staff, false],
    ['dim', dim, staff, true],
    ['dim', { ...dim, heightInch: 0 }, staff, false],
    ['dim', { ...dim, widthInch: '' }, staff, false],
    ['dim', { ...dim, lengthInch: 10000.01 }, staff, false],
    ['dim', { ...dim, weightPound: 0 }, staff, false],
    ['closeout', { isCloseout: 1 }, staff, true],
    ['closeout', { isCloseout: 0 }, staff, true],
    ['closeout', { isCloseout: 2 }, staff, false],
    ['trainedShipping', trained, admin, true],
    ['trainedShipping', trained, staff, false],
    ['trainedShipping', { ...trained, cost: '0' }, admin, false],
    ['trainedShipping', { ...trained, packagingId: null }, admin, false],
    ['trainedShipping', { ...trained, heightInch: 0 }, admin, false],
    ['harmonizedCode', { code: '8471' }, staff, true],
    ['harmonizedCode', { code: 'abc' }, staff, false],
    ['harmonizedCode', { code: '' }, staff, false],
    ['marketplaceCategory', { siteCategoryId: 5, marketplaceIds: [3] }, staff, true],
    ['marketplaceCategory', { siteCategoryId: 5, marketplaceIds: [3, 4] }, staff, false],
    ['marketplaceCategory', { siteCategoryId: 5, marketplaceIds: [] }, staff, false],
    ['marketplaceCategory', { siteCategoryId: null, marketplaceIds: [3] }, staff, false],
    [
      'attributes',
      { replace: false, attributes: [{ attributeId: 1, valueJSON: {}, maxValues: 0 }] },
      staff,
      true,
    ],
    ['attributes', { replace: false, attributes: [] }, staff, false],
    [
      'attributes',
      { replace: true, attributes: [{ attributeId: 1, valueJSON: { Default: ['a', 'b'] }, maxValues: 1 }] },
      staff,
      false,
    ],
    [
      'attributes',
      {
        replace: false,
        attributes: [
          { attributeId: 1, valueJSON: { Default: ['a'] }, maxValues: 0 },
          { attributeId: 1, valueJSON: { Default: ['b'] }, maxValues: 0 },
        ],
      },
      staff,
      false,
    ],
  ] as const)('%s with %j (%j) is %s', (action, input, context, enabled) => {
    expect(canApply(action, input as never, context)).toBe(enabled);
  });
});

describe('applyBulkAction', () => {
  const products = [{ id: 1 }, { id: 2 }];

  it.each([
    ['map', { value: '19.999' }, { priceMAP: 20 }],
    ['cost', { value: ' 4.5 ' }, { priceCost: 4.5 }],
    ['pricingStrategy', { pricingStrategyId: 41 }, { pricingStrategyId: 41 }],
    ['purchasingStatus', { purchasingStatusId: 7 }, { purchasingStatusId: 7 }],
    ['category', { categoryId: 12 }, { categoryId: 12 }],
    ['closeout', { isCloseout: 1 }, { isCloseout: 1 }],
    ['closeout', { isCloseout: false }, { isCloseout: 0 }],
    ['harmonizedCode', { code: '8471.30.0100' }, { harmonizedCode: '847130010' }],
    [
      'dim',
      { heightInch: '2.345', widthInch: 3, lengthInch: '4', weightPound: '2.5' },
      { productHeightInch: 2.35, productWidthInch: 3, productLengthInch: 4, productWeightOunce: 40 },
    ],
    [
      'trainedShipping',
      trained,
      {
        trainedShippingCost: 7.25,
        trainedPackagingId: 4,
        packageLengthInch: 10,
        packageWidthInch: 8,
        packageHeightInch: 6,
        trainedShippingAt: '2025-03-04T15:30:00.000Z',
      },
    ],
  ] as const)('%s with %j changes %j on every product', (action, input, changes) => {
    expect(applyBulkAction(action, input as never, products, fixedClock)).toEqual([
      { id: 1, changes },
      { id: 2, changes },
    ]);
  });

  it('reads the clock once for all products', () => {
    let tick = 0;
    const clock = () => new Date(Date.UTC(2025, 0, 1, 0, 0, tick++));
    const result = applyBulkAction('trainedShipping', trained, products, clock);
    expect(result.map((change) => change.changes.trainedShippingAt)).toEqual([
      '2025-01-01T00:00:00.000Z',
      '2025-01-01T00:00:00.000Z',
    ]);
  });

  it.each([
    ['map', { value: '' }],
    ['dim', { ...dim, heightInch: 0 }],
    ['harmonizedCode', { code: 'x' }],
    ['category', { categoryId: 0 }],
  ] as const)('refuses %s with %j', (action, input) => {
    expect(() => applyBulkAction(action, input as never, products)).toThrow(RangeError);
  });

  it('adds attributes per product', () => {
    const result = applyBulkAction(
      'attributes',
      { replace: false, attributes: [{ attributeId: 9, valueJSON: { Default: ['Blue'] }, maxValues: 0 }] },
      [
        { id: 1, attributes: [{ attributeId: 9, valueJSON: { Default: ['Red'] } }] },
        { id: 2, attributes: null },
      ],
    );
    expect(result).toEqual([
      { id: 1, changes: { attributes: [{ attributeId: 9, valueJSON: { Default: ['Red', 'Blue'] } }] } },
      { id: 2, changes: { attributes: [{ attributeId: 9, valueJSON: { Default: ['Blue'] } }] } },
    ]);
  });
});

describe('applyBulkAttributes', () => {
  const existing: ProductAttribute[] = [
    { attributeId: 1, valueJSON: { Default: ['Red', 'Green'], Trim: ['Gold'] } },
    { attributeId: 2, valueJSON: { Default: ['Cotton'] } },
  ];
  const supply = (
    valueJSON: Record<string, string[]>,
    maxValues: BulkAttributeInput['maxValues'],
    attributeId = 1,
  ): BulkAttributeInput[] => [{ attributeId, valueJSON, maxValues }];

  it.each([
    // maxValues 0: unique union, existing first; other lists kept.
    [
      'union',
      supply({ Default: ['Green', 'Blue', 'Blue'] }, 0),
      false,
      { Default: ['Red', 'Green', 'Blue'], Trim: ['Gold'] },
    ],
    ['union of nothing', supply({ Default: [] }, 0), false, { Default: ['Red', 'Green'], Trim: ['Gold'] }],
    [
      'union on a new list',
      supply({ Size: ['L'] }, 0),
      false,
      { Default: ['Red', 'Green'], Trim: ['Gold'], Size: ['L'] },
    ],
    // maxValues 1: overwrite; an empty list ('None') clears.
    ['single overwrite', supply({ Default: ['Blue'] }, 1), false, { Default: ['Blue'], Trim: ['Gold'] }],
    ['single None', supply({ Default: [] }, 1), false, { Default: [], Trim: ['Gold'] }],
    // Above 1: set only when supplied.
    [
      'limited, supplied',
      supply({ Default: ['Blue', 'Pink'] }, 3),
      false,
      { Default: ['Blue', 'Pink'], Trim: ['Gold'] },
    ],
    [
      'limited, not supplied',
      supply({ Default: [] }, 3),
      false,
      { Default: ['Red', 'Green'], Trim: ['Gold'] },
    ],
    // maxValues per list.
    [
      'per-list limits',
      supply({ Default: ['Blue'], Trim: ['Silver'] }, { Default: 0, Trim: 1 }),
      false,
      { Default: ['Red', 'Green', 'Blue'], Trim: ['Silver'] },
    ],
    [
      'missing list limit is 0',
      supply({ Trim: ['Silver'] }, { Default: 1 }),
      false,
      { Default: ['Red', 'Green'], Trim: ['Gold', 'Silver'] },
    ],
    // Replace: the whole valueJSON is overwritten, whatever maxValues says.
    ['replace', supply({ Default: ['Blue'] }, 0), true, { Default: ['Blue'] }],
    ['replace with nothing', supply({}, 0), true, {}],
  ] as const)('%s', (_name, supplied, replace, valueJSON) => {
    expect(applyBulkAttributes(existing, supplied, replace)).toEqual([
      { attributeId: 1, valueJSON },
      { attributeId: 2, valueJSON: { Default: ['Cotton'] } },
    ]);
  });

  it.each([
    ['union', supply({ Default: ['Tall'] }, 0, 3), false, true],
    ['replace', supply({ Default: ['Tall'] }, 2, 3), true, true],
    ['empty single', supply({ Default: [] }, 1, 3), false, false],
    ['empty replace', supply({ Default: [] }, 0, 3), true, false],
    ['limited, not supplied', supply({ Default: [] }, 3, 3), false, false],
  ] as const)('an attribute the product lacks (%s) is added: %s', (_name, supplied, replace, added) => {
    const result = applyBulkAttributes(existing, supplied, replace);
    expect(result.length).toBe(added ? 3 : 2);
    if (added) expect(result[2]).toEqual({ attributeId: 3, valueJSON: { Default: ['Tall'] } });
  });

  it('does not change the input', () => {
    applyBulkAttributes(existing, supply({ Default: ['Blue'] }, 0), false);
    expect(existing[0]?.valueJSON.Default).toEqual(['Red', 'Green']);
  });
});
