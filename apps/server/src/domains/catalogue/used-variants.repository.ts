import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { images, productImages, products } from '../../db/schema';

// The SQL of used-variants.service.ts: the source product, the images chosen, and the variant's rows.
// Inside the variant's transaction pass its `tx`.

export async function findProductRow(db: Db, accountId: number, productId: number) {
  const [source] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.accountId, accountId)));
  return source;
}

/** Which of the given image ids are the account's. */
export function ownImageIds(db: Db, accountId: number, imageIds: number[]) {
  return db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.accountId, accountId), inArray(images.id, imageIds)));
}

/** The account's product with this SKU, if any. */
export async function findProductIdBySku(tx: Db, accountId: number, sku: string) {
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.accountId, accountId), eq(products.sku, sku)));
  return taken;
}

export async function insertProductRow(tx: Db, values: typeof products.$inferInsert) {
  const [created] = await tx.insert(products).values(values).returning({ id: products.id });
  return created!.id;
}

export async function insertProductImages(tx: Db, values: (typeof productImages.$inferInsert)[]) {
  await tx.insert(productImages).values(values);
}
