import {
  DEFAULT_USED_PRICING_STRATEGY_ID,
  DEFAULT_USED_PURCHASING_STATUS_ID,
  NEW_CONDITION_ID,
  PRODUCT_CONDITIONS,
  type Product,
} from '@backroom/shared';
import { describe, expect, it } from 'vitest';

import {
  conditionChange,
  createVariantRequest,
  type DraftImage,
  draftSku,
  newDraft,
  withAddedImages,
  withPrimaryImage,
} from './used-variant-draft';

const source = {
  id: 7,
  sku: 'FEN-STRAT',
  name: 'Stratocaster',
  typeId: 0,
  brandId: 3,
  categoryId: 12,
  pricingStrategyId: 2,
  purchasingStatusId: 1,
  priceCost: 500,
  priceMAP: 900,
  priceSale: 850,
  mpn: 'ST-1',
  packageLengthInch: 40,
  packageWidthInch: 15,
  packageHeightInch: 5,
  packageWeightOunce: 160,
  category: null,
} as unknown as Product;

const used = PRODUCT_CONDITIONS.find((c) => c.alias === 'EX')!;
const openBox = PRODUCT_CONDITIONS.find((c) => c.alias === 'OB')!;
const image = (imageId: number, isPrimaryImage: 0 | 1 = 0): DraftImage => ({
  imageId,
  url: `/i/${imageId}`,
  isPrimaryImage,
});

describe('used variant draft', () => {
  it('starts as a New copy of the source, with the SKU typed by hand', () => {
    const draft = newDraft(source);
    expect(draft).toMatchObject({
      productConditionId: NEW_CONDITION_ID,
      brandId: 3,
      name: 'Stratocaster',
      upc: '',
    });
    expect(draftSku({ ...draft, sku: 'MY-SKU' }, 'FEN')).toBe('MY-SKU');
  });

  it('rebuilds from the source when New becomes used: empty UPC and SKU, the used strategy and status', () => {
    const draft = { ...newDraft(source), upc: '123', sku: 'X' };
    const change = conditionChange(source, draft, used.id);
    expect(change).toMatchObject({
      productConditionId: used.id,
      upc: '',
      sku: '',
      pricingStrategyId: DEFAULT_USED_PRICING_STRATEGY_ID,
      purchasingStatusId: DEFAULT_USED_PURCHASING_STATUS_ID,
    });
    expect(change.name).toContain('Stratocaster');
    expect(change.name).toContain(used.name);
  });

  it('between used conditions only renames; back to New takes the source name', () => {
    const draft = { ...newDraft(source), productConditionId: used.id, upc: '123' };
    expect(conditionChange(source, draft, openBox.id)).toEqual({
      productConditionId: openBox.id,
      name: expect.stringContaining(openBox.name),
    });
    expect(conditionChange(source, draft, NEW_CONDITION_ID)).toEqual({
      productConditionId: NEW_CONDITION_ID,
      name: 'Stratocaster',
    });
  });

  it('builds a used SKU from brand alias, UPC and condition alias, and none without a UPC', () => {
    const draft = { ...newDraft(source), productConditionId: used.id, sku: 'ignored' };
    expect(draftSku(draft, 'FEN')).toBe('');
    expect(draftSku({ ...draft, upc: '0123' }, 'FEN')).toBe('FEN0123EX');
  });

  it('makes the first image primary when none is, and keeps one primary', () => {
    expect(withAddedImages([], [image(1), image(2)]).map((i) => i.isPrimaryImage)).toEqual([1, 0]);
    expect(withAddedImages([image(1, 1)], [image(2)]).map((i) => i.isPrimaryImage)).toEqual([1, 0]);
    expect(withPrimaryImage([image(1, 1), image(2)], 2).map((i) => i.isPrimaryImage)).toEqual([0, 1]);
  });

  it('leaves a used SKU to the server and sends empty texts as null', () => {
    const draft = {
      ...newDraft(source),
      productConditionId: used.id,
      upc: '0123',
      sku: 'X',
      condition: { conditionDescription: 'Case', wearConditionDescription: '' },
    };
    const body = createVariantRequest(source, draft, [image(5, 1)]);
    expect(body).toMatchObject({ sourceProductId: 7, sku: undefined, serialNumber: null });
    expect(body.productListingData).toMatchObject({
      conditionDescription: 'Case',
      wearConditionDescription: null,
    });
    expect(body.images).toEqual([{ imageId: 5, isPrimaryImage: 1, isActive: 1 }]);
    expect(createVariantRequest(source, { ...newDraft(source), sku: 'MINE' }, []).sku).toBe('MINE');
  });
});
