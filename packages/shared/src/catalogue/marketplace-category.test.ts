import { describe, expect, it } from 'vitest';
import { canApply, MULTIPLE_MARKETPLACES_WARNING, marketplaceCategoryWarning } from './bulk-actions';
import {
  MARKETPLACES,
  marketplaceCategoryChangedMessage,
  marketplaceName,
  productSiteCategoryPatchSchema,
  selectedMarketplaces,
  siteCategorySearchSchema,
  suggestionCategoryIds,
} from './marketplace-category';

describe('marketplaces', () => {
  it('names the marketplaces by site id', () => {
    expect(MARKETPLACES.map((m) => m.siteId)).toEqual([1, 2, 14]);
    expect(marketplaceName(2)).toBe('eBay');
    expect(marketplaceName(14)).toBe('Reverb');
    expect(marketplaceName(99)).toBe('Site 99');
  });
});

describe('selectedMarketplaces and the Change rule (§5)', () => {
  const context = { selectedCount: 2, adminUserAccess: false };
  const change = (picked: number[], categorySiteId: number | null, siteCategoryId: number | null) => {
    const marketplaceIds = selectedMarketplaces(picked, categorySiteId);
    return {
      enabled: canApply('marketplaceCategory', { siteCategoryId, marketplaceIds }, context),
      warning: marketplaceCategoryWarning(marketplaceIds.length),
    };
  };

  it.each([
    ['a category alone: its marketplace', [], 2, 10, true, null],
    ['the picked marketplace and its category', [2], 2, 10, true, null],
    [
      'a category of another marketplace than the picked one',
      [1],
      2,
      10,
      false,
      MULTIPLE_MARKETPLACES_WARNING,
    ],
    ['two marketplaces picked', [1, 14], null, null, false, MULTIPLE_MARKETPLACES_WARNING],
    ['one marketplace and no category', [1], null, null, false, null],
    ['nothing', [], null, null, false, null],
  ] as const)('%s', (_label, picked, siteId, categoryId, enabled, warning) => {
    expect(change([...picked], siteId, categoryId)).toEqual({ enabled, warning });
  });

  it('counts a marketplace once', () => {
    expect(selectedMarketplaces([2, 2], 2)).toEqual([2]);
  });

  it('needs a selection', () => {
    expect(
      canApply(
        'marketplaceCategory',
        { siteCategoryId: 5, marketplaceIds: [1] },
        { selectedCount: 0, adminUserAccess: true },
      ),
    ).toBe(false);
  });
});

describe('suggestionCategoryIds', () => {
  it('keeps each set category once, skipping products without one', () => {
    expect(
      suggestionCategoryIds([{ categoryId: 4 }, { categoryId: null }, { categoryId: 4 }, { categoryId: 9 }]),
    ).toEqual([4, 9]);
    expect(suggestionCategoryIds([{ categoryId: null }, { categoryId: 0 }])).toEqual([]);
  });

  it('sends at most 100 (the call takes 100)', () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ categoryId: i + 1 }));
    expect(suggestionCategoryIds(many)).toHaveLength(100);
  });
});

describe('schemas and message', () => {
  it('searches by text, optionally within marketplaces', () => {
    expect(siteCategorySearchSchema.parse({})).toEqual({ search: '' });
    expect(siteCategorySearchSchema.parse({ search: ' solid ', siteIds: [2] })).toEqual({
      search: 'solid',
      siteIds: [2],
    });
  });

  it('changes one site category for a list of products, each once', () => {
    expect(productSiteCategoryPatchSchema.parse({ siteCategoryId: 3, productIds: [5, 5, 6] })).toEqual({
      siteCategoryId: 3,
      productIds: [5, 6],
    });
    expect(productSiteCategoryPatchSchema.safeParse({ siteCategoryId: 3, productIds: [] }).success).toBe(
      false,
    );
    expect(productSiteCategoryPatchSchema.safeParse({ productIds: [1] }).success).toBe(false);
  });

  it('says what changed', () => {
    expect(marketplaceCategoryChangedMessage(2, 2)).toBe('Changed the eBay Category of 2 Products');
    expect(marketplaceCategoryChangedMessage(1, 1)).toBe('Changed the Amazon Category of 1 Product');
  });
});
