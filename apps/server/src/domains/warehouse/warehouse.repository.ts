import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowMapper } from '../../db/row-mapper';
import {
  inventoryLocationItems,
  products,
  warehouseDivisions,
  warehouses,
  warehouseTypes,
} from '../../db/schema';

type Level = (typeof warehouseDivisions.$inferSelect)['level'];

export function listWarehouseTypes(db: Db) {
  return db.select().from(warehouseTypes).orderBy(warehouseTypes.id);
}

export function findWarehouse(db: Db, accountId: number, id: number) {
  return db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.accountId, accountId), eq(warehouses.id, id)))
    .then((rows) => rows[0]);
}

/** The warehouse row locked for the rest of the transaction: serialises code allocation per warehouse. */
export function lockWarehouse(db: Db, accountId: number, id: number) {
  return db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.accountId, accountId), eq(warehouses.id, id)))
    .for('update')
    .then((rows) => rows[0]);
}

export function findWarehouseByAlias(db: Db, accountId: number, alias: string) {
  return db
    .select()
    .from(warehouses)
    .where(
      and(eq(warehouses.accountId, accountId), sql`upper(${warehouses.shortAlias}) = ${alias.toUpperCase()}`),
    )
    .then((rows) => rows[0]);
}

export function listWarehouses(
  db: Db,
  accountId: number,
  filters: {
    hasFulfillment?: boolean;
    hasReceiving?: boolean;
    isThirdParty?: boolean;
    warehouseTypeIds?: number[];
  },
) {
  const where: (SQL | undefined)[] = [eq(warehouses.accountId, accountId)];
  if (filters.hasFulfillment !== undefined)
    where.push(eq(warehouseTypes.hasFulfillment, filters.hasFulfillment));
  if (filters.hasReceiving !== undefined) where.push(eq(warehouseTypes.hasReceiving, filters.hasReceiving));
  if (filters.isThirdParty !== undefined) where.push(eq(warehouseTypes.isThirdParty, filters.isThirdParty));
  if (filters.warehouseTypeIds?.length)
    where.push(inArray(warehouses.warehouseTypeId, filters.warehouseTypeIds));
  return db
    .select({ warehouse: warehouses, type: warehouseTypes })
    .from(warehouses)
    .innerJoin(warehouseTypes, eq(warehouseTypes.id, warehouses.warehouseTypeId))
    .where(and(...where))
    .orderBy(asc(warehouses.sortOrder), asc(warehouses.name));
}

// Correlated counts: the outer row is named in full, because drizzle leaves single-table columns unqualified.
const childCount = sql<number>`(select count(*)::int from warehouse_divisions c
  where c.warehouse_id = "warehouse_divisions"."warehouse_id" and c.parent_id = "warehouse_divisions"."id")`;
const unitCount = sql<number>`(select count(*)::int from inventory_location_items i
  where i.inventory_location_id = "warehouse_divisions"."id" and i.is_deleted = 0)`;

/** One level of the tree: the zones of a warehouse (no parent), or the children of a division, with counts. */
export function listChildren(db: Db, accountId: number, warehouseId: number, parentId: number | null) {
  return db
    .select({ division: warehouseDivisions, childCount, unitCount })
    .from(warehouseDivisions)
    .where(
      and(
        eq(warehouseDivisions.accountId, accountId),
        eq(warehouseDivisions.warehouseId, warehouseId),
        parentId === null
          ? and(isNull(warehouseDivisions.parentId), eq(warehouseDivisions.level, 'zone'))
          : eq(warehouseDivisions.parentId, parentId),
      ),
    )
    .orderBy(
      asc(warehouseDivisions.chaosZone),
      // Rows count like a counter (AA, BA … ZA, AB): second letter first.
      asc(sql`substr(${warehouseDivisions.chaosRow}, 2, 1)`),
      asc(sql`substr(${warehouseDivisions.chaosRow}, 1, 1)`),
      asc(warehouseDivisions.chaosSection),
      asc(warehouseDivisions.chaosShelf),
      asc(warehouseDivisions.chaosBin),
    )
    .limit(2000);
}

export function findDivision(db: Db, accountId: number, id: number) {
  return db
    .select()
    .from(warehouseDivisions)
    .where(and(eq(warehouseDivisions.accountId, accountId), eq(warehouseDivisions.id, id)))
    .then((rows) => rows[0]);
}

export function findDivisionsByIds(db: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(warehouseDivisions)
    .where(and(eq(warehouseDivisions.accountId, accountId), inArray(warehouseDivisions.id, ids)));
}

export function findDivisionByBarcode(db: Db, accountId: number, barcode: string) {
  return db
    .select({
      division: warehouseDivisions,
      warehouse: { id: warehouses.id, name: warehouses.name, shortAlias: warehouses.shortAlias },
    })
    .from(warehouseDivisions)
    .innerJoin(warehouses, eq(warehouses.id, warehouseDivisions.warehouseId))
    .where(and(eq(warehouseDivisions.accountId, accountId), eq(warehouseDivisions.barcode, barcode)))
    .then((rows) => rows[0]);
}

/**
 * One page (in id order, after `afterId`) of an account's divisions with their warehouse, for the barcode
 * lookup directory. Plain SQL: mapping 100,000 rows through the query builder's nested selection took
 * seconds; reading driver rows takes a fraction of that.
 */
export async function pageDivisionsWithWarehouse(db: Db, accountId: number, afterId: number, limit: number) {
  const result = (await db.execute(sql`
    select d.*, w.name as "warehouse.name", w.short_alias as "warehouse.shortAlias"
    from warehouse_divisions d join warehouses w on w.id = d.warehouse_id
    where d.account_id = ${accountId} and d.id > ${afterId}
    order by d.id
    limit ${limit}`)) as unknown as { rows: Record<string, unknown>[] };
  // Mapped one by one when first scanned: mapping all 100,000 up front cost seconds of CPU.
  return result.rows.map((raw) => ({
    barcode: raw.barcode as string,
    id: raw.id as number,
    map: () => ({
      division: divisionFromDriver(raw),
      warehouse: {
        id: raw.warehouse_id as number,
        name: raw['warehouse.name'] as string,
        shortAlias: raw['warehouse.shortAlias'] as string,
      },
    }),
  }));
}

const divisionFromDriver = rowMapper(warehouseDivisions);

/** The last sibling by the level's own order, which the next code follows. */
export function lastChild(
  db: Db,
  accountId: number,
  level: Level,
  parent: { warehouseId: number; parentId: number | null },
) {
  const order =
    level === 'zone'
      ? [desc(warehouseDivisions.chaosZone)]
      : level === 'row'
        ? [
            desc(sql`substr(${warehouseDivisions.chaosRow}, 2, 1)`),
            desc(sql`substr(${warehouseDivisions.chaosRow}, 1, 1)`),
          ]
        : level === 'section'
          ? [desc(warehouseDivisions.chaosSection)]
          : level === 'shelf'
            ? [desc(warehouseDivisions.chaosShelf)]
            : [desc(sql`length(${warehouseDivisions.chaosBin})`), desc(warehouseDivisions.chaosBin)];
  return db
    .select()
    .from(warehouseDivisions)
    .where(
      and(
        eq(warehouseDivisions.accountId, accountId),
        eq(warehouseDivisions.warehouseId, parent.warehouseId),
        eq(warehouseDivisions.level, level),
        parent.parentId === null
          ? isNull(warehouseDivisions.parentId)
          : eq(warehouseDivisions.parentId, parent.parentId),
      ),
    )
    .orderBy(...order)
    .limit(1)
    .then((rows) => rows[0]);
}

/** Where a division's subtree is: itself and every division below it (ancestor ids are kept on each row). */
export function subtreeCondition(divisionId: number) {
  return sql`(${warehouseDivisions.id} = ${divisionId} or ${warehouseDivisions.warehouseZoneId} = ${divisionId}
    or ${warehouseDivisions.warehouseZoneRowId} = ${divisionId} or ${warehouseDivisions.warehouseZoneRowSectionId} = ${divisionId}
    or ${warehouseDivisions.warehouseZoneRowSectionShelfId} = ${divisionId})`;
}

export function countUnitsInSubtree(db: Db, accountId: number, divisionId: number) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(inventoryLocationItems)
    .innerJoin(warehouseDivisions, eq(warehouseDivisions.id, inventoryLocationItems.inventoryLocationId))
    .where(
      and(
        eq(inventoryLocationItems.accountId, accountId),
        eq(inventoryLocationItems.isDeleted, 0),
        subtreeCondition(divisionId),
      ),
    )
    .then((rows) => rows[0]?.n ?? 0);
}

export function listUnitsInSubtree(db: Db, accountId: number, divisionId: number, limit = 1000) {
  return db
    .select({
      unit: inventoryLocationItems,
      barcode: warehouseDivisions.barcode,
      product: {
        id: products.id,
        sku: products.sku,
        name: products.name,
        normalizedUPC: products.normalizedUpc,
      },
    })
    .from(inventoryLocationItems)
    .innerJoin(warehouseDivisions, eq(warehouseDivisions.id, inventoryLocationItems.inventoryLocationId))
    .innerJoin(products, eq(products.id, inventoryLocationItems.productId))
    .where(
      and(
        eq(inventoryLocationItems.accountId, accountId),
        eq(inventoryLocationItems.isDeleted, 0),
        subtreeCondition(divisionId),
      ),
    )
    .orderBy(asc(warehouseDivisions.barcode), asc(products.sku), asc(inventoryLocationItems.id))
    .limit(limit);
}
