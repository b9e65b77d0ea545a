import { z } from 'zod';
import { replyId as id } from '../api/reply-fields';

// The replies of the image calls (catalogue-admin.md §4 Image flow): an image registered against the account,
// and a product's image. The server writes exactly these fields; the web derives its types from them.

/** PATCH /api/backroom/image: the image as registered (the spec keeps Cloudinary's field names). */
export const registeredImageSchema = z.object({
  id,
  userId: id.nullable(),
  cloudinaryUUID: z.string(),
  sourceURL: z.string().nullable(),
  /** The fields the request's schema checked; anything else the client sent stays in the database. */
  cloudinaryJSON: z.object({ width: z.number(), height: z.number(), secure_url: z.string() }).nullable(),
  createdAt: z.string(),
});
export type RegisteredImage = z.infer<typeof registeredImageSchema>;

/** PATCH /api/backroom/product/image: the product's image as it now is. */
export const attachedProductImageSchema = z.object({
  id,
  productId: id,
  imageId: id,
  isPrimaryImage: z.number().int(),
  isActive: z.number().int(),
  sortOrder: z.number().int(),
  createdBy: id.nullable(),
});
export type AttachedProductImage = z.infer<typeof attachedProductImageSchema>;
