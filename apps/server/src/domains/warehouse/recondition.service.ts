// catalogue-admin.md §2.9, §4.4, §7 Reconditioning: quarantined units become sellable units.
import {
  isQuarantineBin,
  isUsedCondition,
  productConditionById,
  RECONDITION_TEXTS,
  type ReconditionList,
  type ReconditionRequest,
} from '@backroom/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { inventoryLocationItems, inventoryUnitEvents, products, warehouseDivisions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { usedProductFor } from '../returns/return-receiving';
import { lookupByBarcode } from './division.service';
import { quarantinedUnits, quarantinePgus, reconditionBases } from './recondition.repository';

const conditionName = (id: number) => productConditionById(id)?.name ?? `Condition ${id}`;

/** POST …/inventory/reconditionList: every unit waiting in a quarantine bin, the bins and their products. */
export async function reconditionList(deps: AppDeps, auth: AuthContext): Promise<ReconditionList> {
  const rows = await quarantinedUnits(deps.db, auth.accountId);
  const pgus = await quarantinePgus(deps.db, auth.accountId);
  const { bases, baseImages, variants } = await reconditionBases(deps.db, auth.accountId, [
    ...new Set(rows.map((r) => r.baseId)),
  ]);
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
  const records = rows.map(({ baseId: _base, normalizedUPC, ...r }) => {
    const condition = { name: conditionName(r.productConditionId) };
    return {
      ...r,
      conditionName: condition.name,
      locationBarcode: r.location,
      product: { name: r.name, sku: r.sku, normalizedUPC, productCondition: condition },
    };
  });
  // §3: pgus keyed by barcode, each with the products of its units; products keyed by id.
  const byPgu: ReconditionList['pgus'] = {};
  for (const pgu of pgus) {
    const productIds = rows.filter((r) => r.inventoryLocationId === pgu.id).map((r) => r.productId);
    byPgu[pgu.barcode] = { ...pgu, productIds: [...new Set(productIds)] };
  }
  const byId: ReconditionList['products'] = {};
  for (const r of rows) {
    byId[String(r.productId)] ??= {
      id: r.productId,
      sku: r.sku,
      name: r.name,
      upc: r.upc,
      normalizedUPC: r.normalizedUPC,
      productConditionId: r.productConditionId,
      base: baseOf(r.baseId),
    };
  }
  return { inventoryLocationItemRecords: records, pgus: byPgu, products: byId };
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
