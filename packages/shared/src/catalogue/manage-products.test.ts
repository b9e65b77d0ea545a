import { describe, expect, it } from 'vitest';
import {
  MANAGE_PRODUCTS_MAX,
  manageProductsPath,
  parseProductIds,
  productsByIdsQuerySchema,
  tooManyProductsMessage,
} from './manage-products';

describe('manage products addresses', () => {
  it('writes the spec link: /manage/products?productIds={ids}&execute=true', () => {
    expect(manageProductsPath([12])).toBe('/manage/products?productIds=12&execute=true');
    expect(manageProductsPath([3, 1, 2], false)).toBe('/manage/products?productIds=3,1,2');
  });

  it('reads ids in order, once each, ignoring what is not a positive whole number', () => {
    expect(parseProductIds('3,1, 2 3,x,-4,0,1.5')).toEqual([3, 1, 2]);
    expect(parseProductIds(null)).toEqual([]);
    // Past PostgreSQL's integer: no product has such an id.
    expect(parseProductIds('1,2147483647,2147483648,99999999999999999999')).toEqual([1, 2147483647]);
    expect(parseProductIds(manageProductsPath([7, 8]).split('productIds=')[1]!.split('&')[0])).toEqual([
      7, 8,
    ]);
  });
});

describe('productsByIdsQuerySchema', () => {
  it('takes a comma list of ids', () => {
    expect(productsByIdsQuerySchema.parse({ productIds: '5,4,5' })).toEqual({ productIds: [5, 4] });
  });

  it('refuses no ids and more than the maximum, saying how many were asked for', () => {
    expect(productsByIdsQuerySchema.safeParse({ productIds: 'x' }).success).toBe(false);
    const many = Array.from({ length: MANAGE_PRODUCTS_MAX + 1 }, (_, i) => i + 1).join(',');
    const result = productsByIdsQuerySchema.safeParse({ productIds: many });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(tooManyProductsMessage(MANAGE_PRODUCTS_MAX + 1));
    const enough = Array.from({ length: MANAGE_PRODUCTS_MAX }, (_, i) => i + 1).join(',');
    expect(productsByIdsQuerySchema.parse({ productIds: enough }).productIds).toHaveLength(
      MANAGE_PRODUCTS_MAX,
    );
  });
});
