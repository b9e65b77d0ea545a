import {
  brandSchema,
  bundleItemSchema,
  type Product,
  productDetailSchema,
  productSchema,
  registeredImageSchema,
  searchProductSchema,
  uploadedImageSchema,
} from '@backroom/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../test/test-app';
import { uploadFile } from '../../test/upload';

let t: TestApp;
let source: Product;
let fender = 0;
let imageId = 0;

const call = (who: string, method: string, url: string, payload?: object) => t.as(who, method, url, payload);

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'outlet', 'sales');
  fender = dataOf(brandSchema, await call('admin', 'GET', '/api/backroom/account/brands')).find(
    (b) => b.name === 'Fender',
  )!.id;
  const list = dataOf(
    productSchema,
    await call('admin', 'GET', `/api/backroom/brand/${fender}/products?isActive=1`),
  );
  source = list.find((p) => p.typeId === 0 && p.categoryId)!;
  const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#3a3' } })
    .png()
    .toBuffer();
  const [uploaded] = dataOf(
    uploadedImageSchema,
    await uploadFile(t, t.cookieOf('admin'), 'amp.png', png, 'image/png'),
  );
  imageId = dataOf(
    registeredImageSchema,
    await call('admin', 'PATCH', '/api/backroom/image', {
      cloudinaryUUID: uploaded?.public_id,
      cloudinaryJSON: { width: 200, height: 200, secure_url: uploaded?.secure_url },
    }),
  )[0]!.id;
});
afterAll(() => t.close());

describe('PUT /api/backroom/product: condition variants', () => {
  it('creates a used variant: SKU from brand alias + UPC + condition alias, prefixed name, defaults 41 and 7', async () => {
    const res = await call('admin', 'PUT', '/api/backroom/product', {
      sourceProductId: source.id,
      productConditionId: 15, // Good, GD
      brandId: fender,
      upc: '850010000013',
      sku: 'IGNORED-FOR-USED',
      serialNumber: 'SN-1',
      productListingData: { wearConditionSeverityId: 1, wearConditionDescription: 'Scratches on the back' },
      images: [{ imageId, isPrimaryImage: 1 }],
    });
    expect(res.statusCode).toBe(200);
    const created = dataOf(productDetailSchema, res)[0]!;
    expect(created).toMatchObject({
      sku: 'FEN850010000013GD',
      name: `Good ${source.name}`,
      upc: '850010000013',
      normalizedUPC: '0000850010000013',
      productConditionId: 15,
      pricingStrategyId: 41,
      purchasingStatusId: 7,
      sourceProductId: source.id,
      categoryId: source.categoryId,
      serialNumber: 'SN-1',
      productListingData: { wearConditionSeverityId: 1, wearConditionDescription: 'Scratches on the back' },
    });
    expect(created.images).toEqual([expect.objectContaining({ imageId, isPrimaryImage: 1, isActive: 1 })]);
  });

  it('refuses a used variant without a primary image, a duplicate SKU, and other accounts’ products', async () => {
    const base = { sourceProductId: source.id, productConditionId: 20, brandId: fender, upc: '850010000020' };
    const noImage = await call('admin', 'PUT', '/api/backroom/product', base);
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().error.message).toBe('A used product needs a UPC, a SKU and a primary image.');
    const notPrimary = await call('admin', 'PUT', '/api/backroom/product', {
      ...base,
      images: [{ imageId, isPrimaryImage: 0 }],
    });
    expect(notPrimary.statusCode).toBe(400);

    const again = await call('admin', 'PUT', '/api/backroom/product', {
      ...base,
      productConditionId: 15,
      upc: '850010000013',
      images: [{ imageId, isPrimaryImage: 1 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('SKU FEN850010000013GD already exists.');

    const otherAccount = await call('outlet', 'PUT', '/api/backroom/product', {
      ...base,
      images: [{ imageId, isPrimaryImage: 1 }],
    });
    expect(otherAccount.statusCode).toBe(404);
    expect((await call('sales', 'PUT', '/api/backroom/product', base)).statusCode).toBe(403);
  });

  it('creates a New variant with the SKU typed, without needing an image', async () => {
    const res = await call('admin', 'PUT', '/api/backroom/product', {
      sourceProductId: source.id,
      productConditionId: 1,
      brandId: fender,
      upc: '850010000037',
      sku: 'FEN-NEW-COPY',
    });
    expect(res.statusCode).toBe(200);
    expect(dataOf(productDetailSchema, res)[0]).toMatchObject({
      sku: 'FEN-NEW-COPY',
      name: source.name,
      productConditionId: 1,
    });
  });
});

describe('bundles', () => {
  it('answers a bundle with its component cards and saves quantity and the three switches', async () => {
    const list = dataOf(
      searchProductSchema,
      await call('admin', 'POST', '/api/backroom/search/products', { search: 'BNDL' }),
    );
    const bundle = list.find((p) => p.sku.includes('-BNDL-'))!;
    expect(bundle).toBeDefined();
    const [product] = dataOf(
      productDetailSchema,
      await call('admin', 'GET', `/api/backroom/product/${bundle.id}`),
    );
    expect(product!.typeId).toBe(1);
    expect(product!.bundleItems.length).toBeGreaterThanOrEqual(1);
    const item = product?.bundleItems[0];
    if (!item) throw new Error('The bundle has no component card.');
    expect(item).toMatchObject({
      sku: expect.any(String),
      name: expect.any(String),
      quantity: 1,
      isIncludedInCost: true,
      weightOunce: expect.any(Number),
    });
    const saved = await call('admin', 'PATCH', '/api/backroom/product/bundleItems', {
      productId: bundle.id,
      bundleItems: [{ id: item.id, quantity: 3, isIncludedInMAP: false }],
    });
    expect(saved.statusCode).toBe(200);
    expect(dataOf(bundleItemSchema, saved)[0]).toMatchObject({
      id: item.id,
      quantity: 3,
      isIncludedInMAP: false,
    });
    const foreign = await call('outlet', 'PATCH', '/api/backroom/product/bundleItems', {
      productId: bundle.id,
      bundleItems: [{ id: item.id, quantity: 1 }],
    });
    expect(foreign.statusCode).toBe(404);
    const wrongBundle = await call('admin', 'PATCH', '/api/backroom/product/bundleItems', {
      productId: source.id,
      bundleItems: [{ id: item.id, quantity: 1 }],
    });
    expect(wrongBundle.statusCode).toBe(404);
  });

  it('answers a product with its vendor products', async () => {
    const [product] = dataOf(
      productDetailSchema,
      await call('admin', 'GET', `/api/backroom/product/${source.id}`),
    );
    expect(product?.vendorProducts[0]).toMatchObject({
      vendorName: expect.any(String),
      vendorSku: expect.any(String),
      priceCost: expect.any(Number),
    });
  });
});
