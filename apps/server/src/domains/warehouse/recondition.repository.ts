// The SQL of the recondition list (catalogue-admin.md §7 Reconditioning).
import { NEW_CONDITION_ID, QUARANTINE_BIN_TYPE_ID } from '@backroom/shared';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import {
  brands,
  images,
  inventoryLocationItems,
  productImages,
  products,
  warehouseDivisions,
} from '../../db/schema';

/** Every unit of the account waiting in a quarantine bin, with its product, by bin barcode. */
export function quarantinedUnits(db: Db, accountId: number) {
  return db
    .select({
      id: inventoryLocationItems.id,
      productId: products.id,
      sku: products.sku,
      name: products.name,
      upc: products.upc,
      normalizedUPC: products.normalizedUpc,
      productConditionId: products.productConditionId,
      baseId: sql<number>`coalesce(${products.sourceProductId}, ${products.id})`.mapWith(Number),
      serial: inventoryLocationItems.serial,
      warehouseId: inventoryLocationItems.warehouseId,
      inventoryLocationId: inventoryLocationItems.inventoryLocationId,
      location: warehouseDivisions.barcode,
    })
    .from(inventoryLocationItems)
    .innerJoin(warehouseDivisions, eq(warehouseDivisions.id, inventoryLocationItems.inventoryLocationId))
    .innerJoin(products, eq(products.id, inventoryLocationItems.productId))
    .where(
      and(
        eq(inventoryLocationItems.accountId, accountId),
        eq(inventoryLocationItems.isDeleted, 0),
        eq(warehouseDivisions.warehouseBinTypeId, QUARANTINE_BIN_TYPE_ID),
      ),
    )
    .orderBy(asc(warehouseDivisions.barcode), asc(inventoryLocationItems.id));
}

/** The account's active quarantine bins (QPGUs), by barcode. */
export function quarantinePgus(db: Db, accountId: number) {
  return db
    .select({
      id: warehouseDivisions.id,
      barcode: warehouseDivisions.barcode,
      name: warehouseDivisions.name,
      warehouseId: warehouseDivisions.warehouseId,
    })
    .from(warehouseDivisions)
    .where(
      and(
        eq(warehouseDivisions.accountId, accountId),
        eq(warehouseDivisions.warehouseBinTypeId, QUARANTINE_BIN_TYPE_ID),
        eq(warehouseDivisions.isActive, 1),
      ),
    )
    .orderBy(asc(warehouseDivisions.barcode));
}

/** The products used variants are made from: their SKU, UPC, brand alias, active images and used variants. */
export async function reconditionBases(db: Db, accountId: number, baseIds: number[]) {
  if (baseIds.length === 0) return { bases: [], baseImages: [], variants: [] };
  const [bases, baseImages, variants] = await Promise.all([
    db
      .select({ id: products.id, sku: products.sku, upc: products.upc, brandAlias: brands.alias })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(and(eq(products.accountId, accountId), inIds(products.id, baseIds))),
    db
      .select({
        productId: productImages.productId,
        imageId: productImages.imageId,
        isPrimaryImage: productImages.isPrimaryImage,
        url: sql<string | null>`coalesce(${images.cloudinaryJSON}->>'thumbnail_url',
          ${images.cloudinaryJSON}->>'secure_url', ${images.sourceURL})`,
      })
      .from(productImages)
      .innerJoin(images, eq(images.id, productImages.imageId))
      .where(and(inIds(productImages.productId, baseIds), eq(productImages.isActive, 1)))
      .orderBy(
        asc(productImages.productId),
        desc(productImages.isPrimaryImage),
        asc(productImages.sortOrder),
      ),
    db
      .select({
        id: products.id,
        sku: products.sku,
        productConditionId: products.productConditionId,
        sourceProductId: products.sourceProductId,
      })
      .from(products)
      .where(
        and(
          eq(products.accountId, accountId),
          inIds(products.sourceProductId, baseIds),
          ne(products.productConditionId, NEW_CONDITION_ID),
          eq(products.isActive, 1),
        ),
      )
      .orderBy(asc(products.id)),
  ]);
  return { bases, baseImages, variants };
}
