import { randomUUID } from 'node:crypto';
import { type AttachedProductImage, normalizeImageUrl, type RegisteredImage } from '@backroom/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { images, productImages, products } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import type { FileStorage } from '../../integrations/storage/local-storage';
import type { AuthContext } from '../auth/auth-cache';

const THUMBNAIL_PX = 300;
const MAX_PIXELS = 12_000 * 12_000;

/**
 * POST cloudinary/upload: stores an image under the account's folder. TIFF (and anything else that is not
 * web-friendly) becomes JPEG; PNG, JPEG, WebP and GIF keep their format. A 300 px thumbnail goes beside it.
 */
export async function uploadImage(
  storage: FileStorage,
  auth: AuthContext,
  file: Buffer,
  originalName: string,
) {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw badRequest(`${originalName} is not an image we can read.`);
  }
  const keep = ['jpeg', 'png', 'webp', 'gif'].includes(meta.format ?? '');
  const format = keep ? (meta.format as string) : 'jpg';
  const body = keep
    ? file
    : await sharp(file, { limitInputPixels: MAX_PIXELS }).rotate().jpeg({ quality: 90 }).toBuffer();
  const extension = format === 'jpeg' ? 'jpg' : format;
  const publicId = randomUUID();
  const key = `acc${auth.accountId}/${publicId}.${extension}`;
  const thumbKey = `acc${auth.accountId}/${publicId}.thumb.jpg`;
  const thumbnail = await sharp(body)
    .rotate()
    .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside' })
    .jpeg({ quality: 80 })
    .toBuffer();
  await storage.put(key, body, `image/${format}`);
  await storage.put(thumbKey, thumbnail, 'image/jpeg');
  return {
    public_id: publicId,
    format: extension,
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    bytes: body.length,
    secure_url: `/api/files/${key}`,
    thumbnail_url: `/api/files/${thumbKey}`,
  };
}

/** PATCH image: registers an uploaded (or external) image against the caller's account and user. */
export async function registerImage(
  deps: AppDeps,
  auth: AuthContext,
  body: {
    cloudinaryUUID: string;
    cloudinaryJSON: { width: number; height: number; secure_url: string };
    sourceURL?: string | null;
  },
): Promise<RegisteredImage> {
  const secureUrl = normalizeImageUrl(body.cloudinaryJSON.secure_url);
  // A stored file must be this account's own.
  if (secureUrl.startsWith('/api/files/') && !secureUrl.startsWith(`/api/files/acc${auth.accountId}/`)) {
    throw notFound('Image not found.');
  }
  const [row] = await deps.db
    .insert(images)
    .values({
      accountId: auth.accountId,
      userId: auth.userId,
      cloudinaryUUID: body.cloudinaryUUID,
      sourceURL: body.sourceURL ? normalizeImageUrl(body.sourceURL) : null,
      cloudinaryJSON: { ...body.cloudinaryJSON, secure_url: secureUrl },
    })
    .returning();
  const { accountId: _a, createdAt, ...image } = row!;
  return { ...image, createdAt: createdAt.toISOString() };
}

/** PATCH product/image: attaches an image to a product, or changes primary / active / order. One primary per product. */
export async function patchProductImage(
  deps: AppDeps,
  auth: AuthContext,
  body: {
    id?: number;
    productId: number;
    imageId: number;
    isPrimaryImage?: 0 | 1;
    isActive?: 0 | 1;
    sortOrder?: number;
  },
): Promise<AttachedProductImage> {
  const [product] = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, body.productId), eq(products.accountId, auth.accountId)));
  if (!product) throw notFound(`Product ${body.productId} not found.`);
  const [image] = await deps.db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.id, body.imageId), eq(images.accountId, auth.accountId)));
  if (!image) throw notFound(`Image ${body.imageId} not found.`);
  return deps.db.transaction(async (tx) => {
    if (body.isPrimaryImage === 1) {
      await tx
        .update(productImages)
        .set({ isPrimaryImage: 0 })
        .where(eq(productImages.productId, body.productId));
    }
    const fields = {
      ...(body.isPrimaryImage !== undefined ? { isPrimaryImage: body.isPrimaryImage } : {}),
      ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
      ...(body.sortOrder !== undefined ? { sortOrder: body.sortOrder } : {}),
    };
    if (body.id) {
      const [row] = await tx
        .update(productImages)
        .set(fields)
        .where(and(eq(productImages.id, body.id), eq(productImages.productId, body.productId)))
        .returning();
      if (!row) throw notFound(`Product image ${body.id} not found.`);
      return row;
    }
    const [row] = await tx
      .insert(productImages)
      .values({ productId: body.productId, imageId: body.imageId, createdBy: auth.userId, ...fields })
      .returning();
    return row!;
  });
}
