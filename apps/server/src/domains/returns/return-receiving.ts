import {
  binRefusal,
  dispositionStepForBinType,
  invalidDivisionMessage,
  isQuarantineBin,
  isUsedCondition,
  isVariantFormValid,
  NEW_CONDITION_ID,
  noItemFoundMessage,
  offeredConditions,
  pickScannedItem,
  productConditionById,
  RECEIPT_INVENTORY_CONDITION_ID,
  RECEIPT_UNITS,
  type ReturnPatch,
  receiptRefusal,
  returnBinTypeOf,
  statusAfterReceipt,
  usedVariantSku,
} from '@backroom/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  barcodePool,
  brands,
  channelOrderItems,
  inboundReturnItems,
  inventoryLocationItems,
  inventoryUnitEvents,
  products,
  warehouseDivisions,
  warehouses,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { insertConditionVariant } from '../catalogue/used-variants.service';
import { applyRulesAndTouch, type LockedReturn } from './return-saving';

// One unit received from a return item (returns.md §3 Disposition, "Inventory location item created on
// receipt"; §4 Disposition modal; §5): the unit in its bin with its event, the item's count and status, the
// saving rules on the return. The caller holds the return's row lock; the item's row is locked here too, so
// two clerks receiving the last unit, or a burst of scans, receive it exactly once.

type ReceiptUnit = NonNullable<ReturnPatch['inventoryLocationItems']>[number];

export async function receiveUnit(
  tx: Db,
  auth: AuthContext,
  locked: LockedReturn,
  unit: ReceiptUnit,
  product: ReturnPatch['product'],
  assignedBarcode: string | null | undefined,
): Promise<number> {
  const item = await lockReceiptItem(tx, locked.id, unit);
  if (!item.productId) throw conflict(`Return item ${item.id} has no product to receive.`);
  // The product, the warehouse, the bin and the order line's cost in one statement: a receipt is hot.
  const [context] = await tx
    .select({
      source: products,
      warehouse: warehouses,
      bin: warehouseDivisions,
      unitCost: channelOrderItems.unitCost,
    })
    .from(products)
    .innerJoin(warehouses, eq(warehouses.id, unit.warehouseId))
    .innerJoin(warehouseDivisions, eq(warehouseDivisions.id, unit.inventoryLocationId))
    .leftJoin(channelOrderItems, eq(channelOrderItems.id, item.channelOrderItemId ?? 0))
    .where(eq(products.id, item.productId));
  if (!context) throw notFound('Warehouse or division not found.');
  const { source, warehouse, bin } = context;
  const label = source.sku;
  const refusal = receiptRefusal(locked.returnStatusId, item, label);
  if (refusal) throw conflict(refusal);
  if (bin.warehouseId !== warehouse.id) throw badRequest(invalidDivisionMessage(warehouse.name));
  const binProblem = binRefusal(bin);
  if (binProblem) throw badRequest(binProblem);
  const step = dispositionStepForBinType(returnBinTypeOf(bin)!);
  if (step !== unit.disposition) {
    throw badRequest(
      step === 'returnToVendor'
        ? `${bin.barcode} is a transfer bin: units placed there go back to the vendor.`
        : `${bin.barcode} is not a transfer bin: units for the vendor go in a transfer bin.`,
    );
  }

  // Back to stock takes the grade (the virtual bin only New, any other bin only used conditions); a unit for
  // the vendor stays the product it was sold as.
  let productId = item.productId;
  let conditionName = 'for the vendor';
  if (unit.disposition === 'productCondition') {
    const condition = productConditionById(unit.productConditionId)!;
    if (!offeredConditions(bin).some((offered) => offered.id === condition.id)) {
      throw badRequest(
        condition.id === NEW_CONDITION_ID
          ? `${bin.barcode} takes graded (used) units only; New units go in the warehouse's virtual bin.`
          : `${bin.barcode} is the virtual bin: only New units are received there.`,
      );
    }
    conditionName = condition.name;
    if (isUsedCondition(condition.id)) {
      productId = await usedProductFor(tx, auth, source, condition, product, assignedBarcode);
    } else if (!(source.upc ?? '').trim() || !source.sku.trim()) {
      throw conflict(`${label} needs a UPC and a SKU before it can be received as New.`);
    }
  }

  const cost =
    context.unitCost !== null && Number(context.unitCost) > 0 ? context.unitCost : source.priceCost;
  const received = { ...item, quantityReceived: item.quantityReceived + RECEIPT_UNITS };
  // The unit, its 'received' event, the bin's last receipt and the item's count and status in one statement.
  const note = `Returned on Return #${locked.id} (${conditionName}) into ${bin.barcode}`;
  const inserted = (await tx.execute(sql`
    with unit as (
      insert into ${inventoryLocationItems} (account_id, product_id, warehouse_id, inventory_location_id, serial,
        chaos_zone, chaos_row, chaos_section, chaos_shelf, chaos_bin, price_cost, inventory_condition_id,
        return_item_id, received_by, received_at, created_by, modified_by, quantity)
      values (${auth.accountId}, ${productId}, ${warehouse.id}, ${bin.id}, ${unit.serial || null},
        ${bin.chaosZone}, ${bin.chaosRow}, ${bin.chaosSection}, ${bin.chaosShelf}, ${bin.chaosBin}, ${cost},
        ${RECEIPT_INVENTORY_CONDITION_ID}, ${item.id}, ${auth.userId}, now(), ${auth.userId}, ${auth.userId},
        ${RECEIPT_UNITS})
      returning id, received_at),
    event as (
      insert into ${inventoryUnitEvents} (account_id, inventory_location_item_id, event_type, to_division_id, note,
        user_id, created_at)
      select ${auth.accountId}, unit.id, ${isQuarantineBin(bin) ? 'quarantined' : 'received'}, ${bin.id}, ${note}, ${auth.userId}, unit.received_at from unit),
    bin as (
      update ${warehouseDivisions} set last_received_by = ${auth.userId}, last_received_at = now()
      where id = ${bin.id}),
    item as (
      update ${inboundReturnItems} set quantity_received = ${received.quantityReceived},
        inbound_return_item_status_id = ${statusAfterReceipt(received, unit.disposition)}
      where id = ${item.id})
    select id from unit`)) as unknown as { rows: { id: number }[] };
  const created = inserted.rows[0];

  await applyRulesAndTouch(tx, auth, locked, `Received 1 × ${label} (${conditionName}) into ${bin.barcode}.`);
  return created!.id;
}

/** The item a receipt is for, locked: named by id, or the one a scanned UPC matches (§4, §5). */
async function lockReceiptItem(tx: Db, inboundReturnId: number, unit: ReceiptUnit) {
  if (unit.returnItemId !== undefined) {
    const [item] = await tx
      .select()
      .from(inboundReturnItems)
      .where(
        and(
          eq(inboundReturnItems.id, unit.returnItemId),
          eq(inboundReturnItems.inboundReturnId, inboundReturnId),
        ),
      )
      .for('update');
    if (!item) throw notFound(`Return item ${unit.returnItemId} is not on Return #${inboundReturnId}.`);
    return item;
  }
  const rows = await tx
    .select({ item: inboundReturnItems, upc: products.upc })
    .from(inboundReturnItems)
    .leftJoin(products, eq(products.id, inboundReturnItems.productId))
    .where(eq(inboundReturnItems.inboundReturnId, inboundReturnId))
    .orderBy(asc(inboundReturnItems.id))
    .for('update', { of: inboundReturnItems });
  const picked = pickScannedItem(
    rows.map((row) => ({ ...row.item, product: { upc: row.upc } })),
    unit.upc!,
  );
  if (!picked) throw notFound(noItemFoundMessage(unit.upc!));
  return rows.find((row) => row.item.id === picked.id)!.item;
}

/**
 * The product a used unit becomes: the item's product's variant of that condition when there is one,
 * otherwise a new variant built by the used-variant rules from the screen's UPC (the pool barcode it was
 * given), the primary image and the condition description.
 */
export async function usedProductFor(
  tx: Db,
  auth: AuthContext,
  source: typeof products.$inferSelect,
  condition: { id: number; name: string; alias: string | null },
  product: ReturnPatch['product'],
  assignedBarcode: string | null | undefined,
): Promise<number> {
  const [existing] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.accountId, auth.accountId),
        eq(products.sourceProductId, source.id),
        eq(products.productConditionId, condition.id),
        eq(products.isActive, 1),
      ),
    )
    .orderBy(products.id)
    .limit(1);
  if (existing) return existing.id;
  if (!product) {
    throw badRequest(
      `${source.sku} has no ${condition.name} product yet: give its UPC, a primary image and the condition.`,
    );
  }
  const [brand] = source.brandId ? await tx.select().from(brands).where(eq(brands.id, source.brandId)) : [];
  if (!brand) {
    throw conflict(`${source.sku} has no brand: a used product's SKU starts with the brand's alias.`);
  }
  const sku = usedVariantSku(brand.alias, product.upc, condition.alias);
  if (
    !isVariantFormValid({ productConditionId: condition.id, upc: product.upc, sku, images: product.images })
  ) {
    throw badRequest('A used product needs a UPC, a SKU and a primary image.');
  }
  const id = await insertConditionVariant(tx, auth, {
    source,
    brand,
    condition,
    sku,
    input: {
      upc: product.upc,
      productListingData: product.productListingData,
      images: product.images.map((image) => ({ ...image, isActive: 1 as const })),
    },
  });
  // The pool barcode the screen was given is now this product's.
  if (assignedBarcode && assignedBarcode === product.upc) {
    await tx
      .update(barcodePool)
      .set({ assignedProductId: id })
      .where(
        and(
          eq(barcodePool.accountId, auth.accountId),
          eq(barcodePool.barcode, assignedBarcode),
          isNull(barcodePool.assignedProductId),
        ),
      );
  }
  return id;
}
