// Product queues (catalogue-admin.md §2.2 "an optional queue tag with a remove control", §7 "GET on the
// active queue's own address | query eager=true, brandId, isActive"). A queue is a named list of products
// saved from a selection; the brand page shows its products when ?queueId= is set.
import { z } from 'zod';
import { idParam, idSchema, text } from '../api/text';

const id = idSchema;

export const PRODUCT_QUEUE_NAME_MAX = 120;
export const PRODUCT_QUEUE_MAX_PRODUCTS = 5000;
export const SAVE_SELECTION_AS_QUEUE = 'Save Selection as Queue';

/** PUT /api/backroom/productQueue: a new queue of the given products (accountId comes from the session). */
export const productQueueCreateSchema = z.object({
  name: text().trim().min(1, 'Enter a Queue Name').max(PRODUCT_QUEUE_NAME_MAX),
  productIds: z
    .array(id)
    .min(1, 'Select at least one product')
    .max(PRODUCT_QUEUE_MAX_PRODUCTS)
    .transform((ids) => [...new Set(ids)]),
});
export type ProductQueueCreate = z.input<typeof productQueueCreateSchema>;

const flagText = z.enum(['0', '1']).transform(Number);

/** GET /api/backroom/productQueue/{id}/products?eager=true&brandId=&isActive=: brand and state are optional filters. */
export const productQueueProductsQuerySchema = z.object({
  eager: text().max(20).optional(),
  brandId: idParam.optional(),
  isActive: flagText.optional(),
});

/** The tag the brand page shows while a queue is active. */
export function queueTagText(name: string): string {
  return `Queue: ${name}`;
}

/** The queue's own address, with the brand page's brand and Active/Inactive state (§7). */
export function queueProductsPath(queueId: number, brandId?: number, isActive?: number): string {
  const query = new URLSearchParams({ eager: 'true' });
  if (brandId) query.set('brandId', String(brandId));
  if (isActive !== undefined) query.set('isActive', String(isActive));
  return `/api/backroom/productQueue/${queueId}/products?${query}`;
}

/** 'Created Queue {name} with N Products' (singular for one). */
export function queueCreatedMessage(name: string, count: number): string {
  return `Created Queue ${name} with ${count} ${count === 1 ? 'Product' : 'Products'}`;
}
