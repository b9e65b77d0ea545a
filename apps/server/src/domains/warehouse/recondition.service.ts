// catalogue-admin.md §2.9, §4.4, §7 Reconditioning: quarantined units become sellable units.
import {
  isQuarantineBin,
  isUsedCondition,
  NEW_CONDITION_ID,
  productConditionById,
  QUARANTINE_BIN_TYPE_ID,
  RECONDITION_TEXTS,
  type ReconditionList,
  type ReconditionRequest,
} from '@backroom/shared';
import { and, asc, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { inIds } from '../../db/in-ids';
import {
  brands,
  images,
  inventoryLocationItems,
  inventoryUnitEvents,
  productImages,
  products,
  warehouseDivisions,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { usedProductFor } from '../returns/return-receiving';
import { lookupByBarcode } from './division.service';

const conditionName = (id: number) => productConditionById(id)?.name ?? `Condition ${id}`;

/** POST …/inventory/reconditionList: every unit waiting in a quarantine bin, the bins and their products. */
export async function reconditionList(deps: AppDeps, auth: AuthContext): Promise<ReconditionList> {
  const rows = await deps.db
    .select({
      id: inventoryLocationItems.id,
      productId: products.id,
      sku: products.sku,
      name: products.name,
      upc: products.upc,
      productConditionId: products.productConditionId,
      baseId: sql<number>`coalesce(${products.sourceProductId}, ${products.id})`,
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
        eq(inventoryLocationItems.accountId, auth.accountId),
        eq(inventoryLocationItems.isDeleted, 0),
        eq(warehouseDivisions.warehouseBinTypeId, QUARANTINE_BIN_TYPE_ID),
      ),
    )
    .orderBy(asc(warehouseDivisions.barcode), asc(inventoryLocationItems.id));
  const pgus = await deps.db
    .select({
      id: warehouseDivisions.id,
      barcode: warehouseDivisions.barcode,
      name: warehouseDivisions.name,
      warehouseId: warehouseDivisions.warehouseId,
    })
    .from(warehouseDivisions)
    .where(
      and(
        eq(warehouseDivisions.accountId, auth.accountId),
        eq(warehouseDivisions.warehouseBinTypeId, QUARANTINE_BIN_TYPE_ID),
        eq(warehouseDivisions.isActive, 1),
      ),
    )
    .orderBy(asc(warehouseDivisions.barcode));
  const records = rows.map(({ baseId: _base, ...r }) => ({
    ...r,
    conditionName: conditionName(r.productConditionId),
  }));
  const baseIds = [...new Set(rows.map((r) => Number(r.baseId)))];
  const [bases, baseImages, variants] = baseIds.length
    ? await Promise.all([
        deps.db
          .select({ id: products.id, sku: products.sku, upc: products.upc, brandAlias: brands.alias })
          .from(products)
          .leftJoin(brands, eq(brands.id, products.brandId))
          .where(inIds(products.id, baseIds)),
        deps.db
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
        deps.db
          .select({
            id: products.id,
            sku: products.sku,
            productConditionId: products.productConditionId,
            sourceProductId: products.sourceProductId,
          })
          .from(products)
          .where(
            and(
              eq(products.accountId, auth.accountId),
              inIds(products.sourceProductId, baseIds),
              ne(products.productConditionId, NEW_CONDITION_ID),
              eq(products.isActive, 1),
            ),
          )
          .orderBy(asc(products.id)),
      ])
    : [[], [], []];
  const baseOf = (id: number) => {
    const b = bases.find((x) => x.id === id);
    return {
      id,
      sku: b?.sku ?? '',
      upc: b?.upc ?? null,
      brandAlias: b?.brandAlias ?? null,
      images: baseImages
        .filter((i) => i.productId === id)
        .map((i) => ({ imageId: i.imageId, url: i.url ?? '', isPrimaryImage: i.isPrimaryImage === 1 })),
      variants: variants
        .filter((v) => v.sourceProductId === id)
        .map((v) => ({ id: v.id, sku: v.sku, productConditionId: v.productConditionId })),
    };
  };
  const seen = new Map<number, ReconditionList['products'][number]>();
  for (const r of rows) {
    seen.set(r.productId, {
      id: r.productId,
      sku: r.sku,
      name: r.name,
      upc: r.upc,
      productConditionId: r.productConditionId,
      base: baseOf(Number(r.baseId)),
    });
  }
  return { inventoryLocationItemRecords: records, pgus, products: [...seen.values()] };
}

/** POST …/chaos/viewBarcode: the scanned division (not found passes the lookup's 404 through). */
export async function viewBarcode(deps: AppDeps, auth: AuthContext, barcode: string) {
  const dto = await lookupByBarcode(deps, auth, barcode);
  return {
    warehouseDivision: {
      id: dto.id,
      barcode: dto.barcode,
      name: dto.name,
      level: dto.level,
      warehouseId: dto.warehouseId,
      warehouseBinTypeId: dto.warehouseBinTypeId,
    },
  };
}

/**
 * POST …/chaos/reconditionInventory: the unit takes the product of its new condition (the used variant, found
 * or created by the used-variant rules, or the source product for New), its serial, and the destination
 * division; its history records the recondition and the put-away.
 */
export async function reconditionInventory(deps: AppDeps, auth: AuthContext, body: ReconditionRequest) {
  return deps.db.transaction(async (tx) => {
    const [unit] = await tx
      .select()
      .from(inventoryLocationItems)
      .where(
        and(
          eq(inventoryLocationItems.id, body.sourceInventoryLocationItemId),
          eq(inventoryLocationItems.accountId, auth.accountId),
          eq(inventoryLocationItems.isDeleted, 0),
          isNotNull(inventoryLocationItems.inventoryLocationId),
        ),
      )
      .for('update');
    if (!unit) throw notFound(`Unit ${body.sourceInventoryLocationItemId} not found.`);
    const [qpgu] = await tx
      .select()
      .from(warehouseDivisions)
      .where(eq(warehouseDivisions.id, unit.inventoryLocationId!));
    if (!qpgu || !isQuarantineBin(qpgu)) {
      throw conflict(`Unit ${unit.id} is not in a Quarantine Bin: it has already been reconditioned.`);
    }
    const [destination] = await tx
      .select()
      .from(warehouseDivisions)
      .where(eq(warehouseDivisions.id, body.destinationDivisionData.id));
    if (!destination) throw notFound(`Warehouse division ${body.destinationDivisionData.id} not found.`);
    if (isQuarantineBin(destination)) throw badRequest(RECONDITION_TEXTS.destinationIsQuarantine);
    if (destination.warehouseId !== unit.warehouseId) {
      throw badRequest(`${destination.barcode} is not in the unit's warehouse.`);
    }
    const [current] = await tx.select().from(products).where(eq(products.id, unit.productId));
    // A used unit's base is the product its variant was made from.
    const baseId = current!.sourceProductId ?? current!.id;
    const [base] =
      baseId === current!.id ? [current!] : await tx.select().from(products).where(eq(products.id, baseId));
    const condition = productConditionById(body.reconditionedProductData.productConditionId)!;
    const productId = isUsedCondition(condition.id)
      ? await usedProductFor(
          tx,
          auth,
          base!,
          condition,
          body.reconditionedProductData.product ?? undefined,
          body.reconditionedProductData.assignedBarcode,
        )
      : base!.id;
    const [target] = await tx.select().from(products).where(eq(products.id, productId));
    const fromCondition = current!.productConditionId;
    const serial = body.unitSerial?.trim() ? body.unitSerial.trim() : unit.serial;
    await tx
      .update(inventoryLocationItems)
      .set({
        productId,
        serial,
        inventoryLocationId: destination.id,
        chaosZone: destination.chaosZone,
        chaosRow: destination.chaosRow,
        chaosSection: destination.chaosSection,
        chaosShelf: destination.chaosShelf,
        chaosBin: destination.chaosBin,
        modifiedBy: auth.userId,
        modifiedAt: sql`now()`,
      })
      .where(eq(inventoryLocationItems.id, unit.id));
    await tx.insert(inventoryUnitEvents).values([
      {
        accountId: auth.accountId,
        inventoryLocationItemId: unit.id,
        eventType: 'reconditioned',
        fromDivisionId: qpgu.id,
        note: `Reconditioned from ${conditionName(fromCondition)} to ${condition.name} (${current!.sku} → ${target!.sku})`,
        userId: auth.userId,
      },
      {
        accountId: auth.accountId,
        inventoryLocationItemId: unit.id,
        eventType: 'putAway',
        fromDivisionId: qpgu.id,
        toDivisionId: destination.id,
        note: `Put away into ${destination.barcode}`,
        userId: auth.userId,
      },
    ]);
    return {
      inventoryLocationItemId: unit.id,
      productId,
      sku: target!.sku,
      fromConditionId: fromCondition,
      toConditionId: condition.id,
      destinationBarcode: destination.barcode,
    };
  });
}
