import { z } from 'zod';
import { idSchema, text } from '../api/text';

// Replies of the channel-order calls around the order itself: the import's result, a product's listings, and
// the reference lists the order screens pick from (orders-warehouse.md §7 Channel orders).

/** POST /v1/backroom/channelOrders/import: one row per imported order. */
export const importedOrderResultSchema = z.object({
  id: z.number(),
  channelOrderNumber: z.string(),
  siteId: z.number(),
  created: z.boolean(),
});

/** POST /backroom/products/listings. */
export const productListingsQuerySchema = z.object({ productId: idSchema, channelId: idSchema.nullish() });
export const productListingSchema = z.object({
  id: z.number(),
  channelId: z.number(),
  channelName: z.string(),
  siteId: z.number(),
  productId: z.number(),
  listingSKU: z.string(),
  title: z.string(),
  price: z.number(),
  isActive: z.number(),
});

/** A row of a fixed list: order statuses, payment types, delivery types. */
export const namedIdSchema = z.object({ id: z.number(), name: z.string() });

/** GET /backroom/warehouse/salesChannels. */
export const salesChannelSchema = z.object({
  id: z.number(),
  siteId: z.number(),
  channelTypeId: z.number(),
  name: z.string(),
  isActive: z.number(),
  isFirstParty: z.boolean(),
});

/** GET /v1/backroom/user?roleList=…: the users of the given roles (comma-separated). */
export const salesPeopleQuerySchema = z.object({ roleList: text().max(200).default('salesperson') });
export const salesPersonSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
