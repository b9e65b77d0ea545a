import { describe, expect, it } from 'vitest';
import {
  PRODUCT_QUEUE_MAX_PRODUCTS,
  productQueueCreateSchema,
  productQueueProductsQuerySchema,
  queueCreatedMessage,
  queueProductsPath,
  queueTagText,
} from './product-queue';

describe('productQueueCreateSchema', () => {
  it('trims the name and drops repeated product ids', () => {
    expect(productQueueCreateSchema.parse({ name: '  Restock  ', productIds: [3, 1, 3] })).toEqual({
      name: 'Restock',
      productIds: [3, 1],
    });
  });

  it.each([
    [{ name: ' ', productIds: [1] }, 'Enter a Queue Name'],
    [{ name: 'A', productIds: [] }, 'Select at least one product'],
    [{ name: 'A', productIds: [0] }, undefined],
    [{ name: 'x'.repeat(121), productIds: [1] }, undefined],
    [
      { name: 'A', productIds: Array.from({ length: PRODUCT_QUEUE_MAX_PRODUCTS + 1 }, (_, i) => i + 1) },
      undefined,
    ],
  ])('refuses %j', (body, message) => {
    const result = productQueueCreateSchema.safeParse(body);
    expect(result.success).toBe(false);
    if (message) expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('productQueueProductsQuerySchema', () => {
  it('takes eager, brandId and isActive from the query text; each is optional', () => {
    expect(productQueueProductsQuerySchema.parse({ eager: 'true', brandId: '4', isActive: '0' })).toEqual({
      eager: 'true',
      brandId: 4,
      isActive: 0,
    });
    expect(productQueueProductsQuerySchema.parse({})).toEqual({});
    expect(productQueueProductsQuerySchema.safeParse({ isActive: '2' }).success).toBe(false);
    expect(productQueueProductsQuerySchema.safeParse({ brandId: 'x' }).success).toBe(false);
  });
});

describe('queue texts and address', () => {
  it('builds the tag, the created message and the queue address with eager=true', () => {
    expect(queueTagText('Restock')).toBe('Queue: Restock');
    expect(queueCreatedMessage('Restock', 1)).toBe('Created Queue Restock with 1 Product');
    expect(queueCreatedMessage('Restock', 12)).toBe('Created Queue Restock with 12 Products');
    expect(queueProductsPath(7, 3, 0)).toBe(
      '/api/backroom/productQueue/7/products?eager=true&brandId=3&isActive=0',
    );
    expect(queueProductsPath(7)).toBe('/api/backroom/productQueue/7/products?eager=true');
  });
});
