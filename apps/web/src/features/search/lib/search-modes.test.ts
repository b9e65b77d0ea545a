import type { ProductAttribute } from '@backroom/shared';
import { describe, expect, it } from 'vitest';
import {
  attributesPatch,
  attributeValuesText,
  basicsPatch,
  sameAttributes,
  toEditableAttributes,
} from './product-fields';
import {
  activeImageCount,
  MODE_COLUMNS,
  nextReviewText,
  parseMode,
  productEditPath,
  reviewedText,
} from './search-modes';

describe('search modes', () => {
  it('keeps the spec columns of each mode', () => {
    expect(MODE_COLUMNS).toEqual({
      basic: ['SKU', 'Edit', 'Name', 'UPC', 'MPN'],
      images: ['SKU', 'Edit', 'Name', 'Reviewed', 'Next Review', 'Images count'],
      attributes: ['SKU', 'Edit', 'Name', 'Attributes count'],
      seo: ['SKU', 'Edit', 'Name'],
    });
  });

  it.each([
    [null, 'seo'],
    ['', 'seo'],
    ['images', 'images'],
    ['IMAGES', 'seo'],
    ['nonsense', 'seo'],
  ])('reads mode %j as %s', (value, mode) => {
    expect(parseMode(value)).toBe(mode);
  });

  it('falls back to the given default', () => {
    expect(parseMode(undefined, 'basic')).toBe('basic');
  });

  it('links an Edit button to the universal product view', () => {
    expect(productEditPath(42, 'attributes')).toBe('/tools/universal/product?productId=42&mode=attributes');
  });

  it('counts only images with isActive equal to 1', () => {
    expect(activeImageCount([{ isActive: 1 }, { isActive: 0 }, { isActive: 1 }, { isActive: 2 }])).toBe(2);
    expect(activeImageCount([])).toBe(0);
  });

  it("shows 'Never' and 'None' when there is no date", () => {
    expect(reviewedText(null)).toBe('Never');
    expect(nextReviewText(null)).toBe('None');
    expect(reviewedText('2025-03-04T12:00:00.000Z')).toBe('Mar 4, 2025');
    expect(nextReviewText('2026-01-15T12:00:00.000Z')).toBe('Jan 15, 2026');
  });
});

describe('basicsPatch', () => {
  const product = { id: 7, name: 'Strat', upc: '0123', mpn: null };

  it('sends only the id when nothing changed', () => {
    expect(basicsPatch(product, { name: ' Strat ', upc: '0123', mpn: '' })).toEqual({ id: 7 });
  });

  it('sends the changed fields, trimmed, and null for a cleared one', () => {
    expect(basicsPatch(product, { name: 'Strat II', upc: '', mpn: ' 014-01 ' })).toEqual({
      id: 7,
      name: 'Strat II',
      upc: null,
      mpn: '014-01',
    });
  });
});

describe('attributeValuesText', () => {
  it('shows the Default list without its name and others with it', () => {
    expect(attributeValuesText({ Default: ['Red', 'Blue'], Finish: ['Gloss'], Empty: [] })).toBe(
      'Red, Blue; Finish: Gloss',
    );
  });
});

describe('attributes in the universal product view', () => {
  const saved: ProductAttribute[] = [
    { attributeId: 3, valueJSON: { Default: ['Ash'] } },
    { attributeId: 1, valueJSON: { Default: ['Sunburst'], Finish: [] } },
  ];

  it('sees the same attributes in another order, or with an empty list, as unchanged', () => {
    const reordered = [
      { attributeId: 1, valueJSON: { Default: ['Sunburst'] } },
      { attributeId: 3, valueJSON: { Default: ['Ash'] } },
    ];
    expect(sameAttributes(saved, reordered)).toBe(true);
    expect(sameAttributes(saved, [saved[0]!])).toBe(false);
    expect(sameAttributes(saved, [saved[0]!, { attributeId: 1, valueJSON: { Default: ['Black'] } }])).toBe(
      false,
    );
  });

  it('reads a product’s attributes by id', () => {
    expect(
      toEditableAttributes([
        { id: 4, name: 'Color', valueJSON: { Default: ['Red'] }, isVariant: 1, isFacet: 1 },
      ]),
    ).toEqual([{ attributeId: 4, valueJSON: { Default: ['Red'] } }]);
  });

  it('sends the whole list without empty lists, replacing the stored one', () => {
    expect(attributesPatch(9, saved)).toEqual({
      id: 9,
      attributes: [
        { attributeId: 3, valueJSON: { Default: ['Ash'] } },
        { attributeId: 1, valueJSON: { Default: ['Sunburst'] } },
      ],
      attributesReplace: true,
    });
    expect(attributesPatch(9, [])).toEqual({ id: 9, attributes: [], attributesReplace: true });
  });
});
