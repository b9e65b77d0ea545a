import { describe, expect, it } from 'vitest';
import {
  availableQuantity,
  type BrandLabels,
  exportFileName,
  exportValue,
  verifiedMapDiffers,
  verifiedMapTitle,
} from './brand-columns';
import { toEditable } from './brand-edits';
import { filterProducts, searchTexts, sortProducts } from './brand-list';
import { testProduct } from './test-product';

const products = [
  testProduct(1, { sku: 'FEN-10', name: 'Stratocaster', upc: '885978000126', priceCost: 30 }),
  testProduct(2, { sku: 'FEN-9', name: 'Telecaster', upc: null, priceCost: 10, parentProductId: 1 }),
  testProduct(3, {
    sku: 'fen-100',
    name: 'Jazz Bass',
    upc: '885978000270',
    priceCost: 20,
    parentProductId: 1,
  }),
  testProduct(4, { sku: 'FEN-20', name: 'Precision Bass', upc: null, priceCost: 10 }),
];
const skus = (list: readonly { sku: string }[]) => list.map((p) => p.sku);

describe('sortProducts', () => {
  it.each([
    [{ id: 'sku', desc: false }, ['FEN-9', 'FEN-10', 'FEN-20', 'fen-100']],
    [{ id: 'sku', desc: true }, ['fen-100', 'FEN-20', 'FEN-10', 'FEN-9']],
    [{ id: 'cost', desc: false }, ['FEN-9', 'FEN-20', 'fen-100', 'FEN-10']],
    [{ id: 'cost', desc: true }, ['FEN-10', 'fen-100', 'FEN-9', 'FEN-20']],
    [{ id: 'name', desc: false }, ['fen-100', 'FEN-20', 'FEN-10', 'FEN-9']],
  ])('sorts by %j: %j (natural, any case, stable)', (rule, expected) => {
    expect(skus(sortProducts(products, rule))).toEqual(expected);
  });

  it('hands back the same list when it already is in order', () => {
    const sorted = sortProducts(products, { id: 'sku', desc: false });
    expect(sortProducts(sorted, { id: 'sku', desc: false })).toBe(sorted);
    expect(sortProducts(products, undefined)).toBe(products);
  });
});

describe('filterProducts', () => {
  const texts = searchTexts(products);
  it.each([
    ['', null, ['FEN-10', 'FEN-9', 'fen-100', 'FEN-20']],
    ['fen-10', null, ['FEN-10', 'fen-100']],
    ['BASS', null, ['fen-100', 'FEN-20']],
    ['0270', null, ['fen-100']],
    ['  strat ', null, ['FEN-10']],
    ['', 1, ['FEN-10', 'FEN-9', 'fen-100']],
    ['bass', 1, ['fen-100']],
    ['nothing', null, []],
  ] as const)('%j in family %j: %j', (search, family, expected) => {
    expect(skus(filterProducts(products, texts, search, family))).toEqual(expected);
  });
});

describe('brand columns', () => {
  const labels: BrandLabels = {
    category: (id) => (id ? `Category ${id}` : ''),
    pricingStrategy: (id) => (id ? `Strategy ${id}` : ''),
    purchasingStatus: (id) => (id ? `Status ${id}` : ''),
    attribute: (id) => `Attribute ${id}`,
  };

  it('names the export {brand}-products-{date}.xlsx', () => {
    expect(exportFileName('Fender', new Date(2025, 2, 4, 23, 59))).toBe('Fender-products-2025-03-04.xlsx');
    expect(exportFileName('AC/DC Gear', new Date(2025, 0, 1))).toBe('AC-DC Gear-products-2025-01-01.xlsx');
  });

  it.each([
    [0, 10, false],
    [10, 10, false],
    [12.5, 10, true],
    [10.001, 10, false],
  ])('verified MAP %s against MAP %s warns: %s', (verified, map, warns) => {
    expect(verifiedMapDiffers(verified, map)).toBe(warns);
  });

  it('words the verified MAP tooltip as the spec does', () => {
    expect(verifiedMapTitle(129.5)).toBe('Verified MAP: 129.50. Click to Apply.');
  });

  it('shows 0 and "missing" for a product with no inventory', () => {
    expect(availableQuantity(testProduct(1))).toEqual({ quantity: 0, missing: true });
    const stocked = testProduct(2);
    stocked.inventory = {
      ...stocked.inventory,
      totalQuantityAvailable: 3,
      locations: [
        {
          id: 1,
          warehouseId: 1,
          productId: 2,
          quantityAvailable: 3,
          totals: { physicalQuantity: 3 },
          modifiedBy: null,
          modifiedByName: null,
          modifiedAt: null,
        },
      ],
    };
    expect(availableQuantity(stocked)).toEqual({ quantity: 3, missing: false });
  });

  it('exports the local (edited) values with their names', () => {
    const product = testProduct(7, { sku: 'FEN-7', parentProductId: 3, priceSale: 99 });
    const local = {
      ...toEditable(product),
      priceCost: 12.34,
      categoryId: 5,
      attributes: [{ attributeId: 9, valueJSON: {} }],
    };
    expect(
      (['sku', 'family', 'cost', 'map', 'storePrice', 'category', 'attributes', 'pricing'] as const).map(
        (column) => exportValue(column, product, local, labels),
      ),
    ).toEqual(['FEN-7', 3, 12.34, 20, 99, 'Category 5', '1 · Attribute 9', 'Strategy 1']);
  });
});
