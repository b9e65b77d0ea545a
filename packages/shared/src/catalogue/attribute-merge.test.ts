import { describe, expect, it } from 'vitest';
import {
  attributeChoices,
  attributeSelectMode,
  attributesToCopy,
  attributeValueLabel,
  canMergeFamily,
  deselectAttributeValue,
  exceedsMaxValues,
  FAMILY_MERGE_PATIENCE_TEXT,
  mergeButtonLabel,
  mergeFamilyAttributes,
  type ProductAttribute,
  replaceConfirmationText,
  replaceFamilyAttributes,
  savingFamilyAttributesText,
  selectAttributeValue,
} from './attribute-merge';

const color: ProductAttribute = { attributeId: 1, valueJSON: { Default: ['Red'] } };
const size: ProductAttribute = { attributeId: 2, valueJSON: { Default: ['L'], EU: ['52'] } };
const fabric: ProductAttribute = { attributeId: 3, valueJSON: { Default: ['Cotton'] } };
const source = [color, size, fabric];

describe('texts', () => {
  it.each([
    [mergeButtonLabel(3, 2), 'Merge 3 Attributes into 2 in Family'],
    [mergeButtonLabel(1, 1), 'Merge 1 Attributes into 1 in Family'],
    [savingFamilyAttributesText(6), 'Saving 6 Family Attributes...'],
    [FAMILY_MERGE_PATIENCE_TEXT, 'THIS WILL TAKE SOME TIME, PLEASE BE PATIENT'],
    [
      replaceConfirmationText(2, 5),
      'Replace 2 selected attribute values for 5 products? This will overwrite destination attributes from the source - attributes will not be merged.',
    ],
    [attributeValueLabel('Default', 'Red'), 'Red'],
    [attributeValueLabel('EU', '52'), 'EU: 52'],
  ])('%j is %j', (text, expected) => {
    expect(text).toBe(expected);
  });

  it.each([
    [0, false],
    [1, true],
    [4, true],
  ])('with %s family members selected, Merge and Replace enabled: %s', (count, enabled) => {
    expect(canMergeFamily(count)).toBe(enabled);
  });
});

describe('family merge', () => {
  it.each([
    [[], [1, 2, 3]],
    [[2], [2]],
    [
      [3, 1],
      [1, 3],
    ],
    [[9], []],
  ])('selected %j copies %j', (selected, copied) => {
    expect(attributesToCopy(source, selected).map((a) => a.attributeId)).toEqual(copied);
  });

  it.each([
    ['all into an empty product', [], [], [color, size, fabric]],
    ['selected only', [], [3], [fabric]],
    [
      'never twice; the destination keeps its values',
      [{ attributeId: 1, valueJSON: { Default: ['Blue'] } }],
      [],
      [{ attributeId: 1, valueJSON: { Default: ['Blue'] } }, size, fabric],
    ],
    ['nothing to add', [color, size], [1, 2], [color, size]],
  ])('merge: %s', (_name, destination, selected, result) => {
    expect(mergeFamilyAttributes(source, destination, selected)).toEqual(result);
  });

  it('adds an attribute listed twice in the source once', () => {
    expect(mergeFamilyAttributes([color, { ...color, valueJSON: { Default: ['Pink'] } }], [])).toEqual([
      color,
    ]);
  });

  it.each([
    [
      'overwrites values, no merging',
      [{ attributeId: 1, valueJSON: { Default: ['Blue', 'Red'], Trim: ['Gold'] } }],
      [1],
      [{ attributeId: 1, valueJSON: { Default: ['Red'] } }],
    ],
    [
      'adds what is missing and keeps the rest',
      [{ attributeId: 7, valueJSON: { Default: ['x'] } }],
      [2],
      [{ attributeId: 7, valueJSON: { Default: ['x'] } }, size],
    ],
    [
      'all when none selected, in destination order first',
      [fabric, { attributeId: 1, valueJSON: { Default: ['Blue'] } }],
      [],
      [fabric, color, size],
    ],
  ])('replace: %s', (_name, destination, selected, result) => {
    expect(replaceFamilyAttributes(source, destination, selected)).toEqual(result);
  });
});

describe('attribute value lists', () => {
  it.each([
    [0, 'multi'],
    [1, 'single'],
    [2, 'multi'],
  ] as const)('maxValues %s is a %s-select', (maxValues, mode) => {
    expect(attributeSelectMode(maxValues)).toBe(mode);
  });

  it.each([
    [1, false, ['None', 'S', 'M']],
    [1, true, ['None', 'S', 'M', 'Custom']],
    [0, false, ['S', 'M']],
    [3, true, ['S', 'M', 'Custom']],
  ])('maxValues %s, restricted %s offers %j', (maxValues, restricted, labels) => {
    expect(attributeChoices(['S', 'M'], maxValues, restricted).map((choice) => choice.label)).toEqual(labels);
  });

  it.each([
    // [current, value, maxValues, values, refused]
    [['S'], 'M', 1, ['M'], false],
    [['S'], null, 1, [], false],
    [[], 'M', 1, ['M'], false],
    [['S'], 'M', 0, ['S', 'M'], false],
    [['S', 'M', 'L'], 'XL', 0, ['S', 'M', 'L', 'XL'], false],
    [['S'], 'M', 2, ['S', 'M'], false],
    [['S', 'M'], 'L', 2, ['S', 'M'], true],
    [['S', 'M'], 'M', 2, ['S', 'M'], false],
    [['S'], '  ', 0, ['S'], false],
    [['S'], ' L ', 0, ['S', 'L'], false],
  ] as const)('%j + %j (maxValues %s) -> %j, refused %s', (current, value, maxValues, values, refused) => {
    expect(selectAttributeValue(current, value, maxValues)).toEqual({ values, refused });
  });

  it('deselects a value', () => {
    expect(deselectAttributeValue(['S', 'M', 'L'], 'M')).toEqual(['S', 'L']);
  });

  it.each([
    [['a', 'b'], 0, false],
    [['a', 'b'], 2, false],
    [['a', 'b'], 1, true],
    [[], 1, false],
  ])('%j exceeds maxValues %s: %s', (values, maxValues, exceeds) => {
    expect(exceedsMaxValues(values, maxValues)).toBe(exceeds);
  });
});
