import { WAREHOUSE_DEFAULTS, type WarehouseCreate, type WarehouseUpsert } from '@backroom/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { warehouseDivisions, warehouses } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { divisionsChanged } from './division.service';
import { toDivisionDto, toWarehouseDto } from './division-dto';
import { divisionCode, insertDivision } from './division-writer';
import * as repo from './warehouse.repository';

type DivisionRow = typeof warehouseDivisions.$inferSelect;
type WarehouseRow = typeof warehouses.$inferSelect;

const aliasInUse = (alias: string) => conflict(`A warehouse with the alias ${alias} already exists.`);

export async function listWarehouses(
  deps: AppDeps,
  auth: AuthContext,
  filters: Parameters<typeof repo.listWarehouses>[2],
) {
  const rows = await repo.listWarehouses(deps.db, auth.accountId, filters);
  return rows.map(({ warehouse, type }) => ({ ...toWarehouseDto(warehouse), warehouseType: type }));
}

/** One warehouse with its zones (each with counts); deeper levels load on demand. */
export async function getWarehouse(deps: AppDeps, auth: AuthContext, id: number) {
  const warehouse = await repo.findWarehouse(deps.db, auth.accountId, id);
  if (!warehouse) throw notFound(`Warehouse ${id} not found.`);
  const zones = await repo.listChildren(deps.db, auth.accountId, id, null);
  return {
    ...toWarehouseDto(warehouse),
    zones: zones.map((z) => toDivisionDto(z.division, { childCount: z.childCount, unitCount: z.unitCount })),
  };
}

export async function createWarehouse(deps: AppDeps, auth: AuthContext, body: WarehouseCreate) {
  if (await repo.findWarehouseByAlias(deps.db, auth.accountId, body.shortAlias))
    throw aliasInUse(body.shortAlias);
  try {
    const [row] = await deps.db
      .insert(warehouses)
      .values({ ...WAREHOUSE_DEFAULTS, ...body, accountId: auth.accountId, modifiedBy: auth.userId })
      .returning();
    return getWarehouse(deps, auth, row!.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw aliasInUse(body.shortAlias);
    throw error;
  }
}

type NestedDivision = {
  id?: number;
  name?: string | null;
  displayName?: string | null;
  sortOrder?: number;
  isActive?: 0 | 1;
  isPhysicalRequired?: 0 | 1;
  isWithheld?: 0 | 1;
  warehouseDivisionAvailabilityGroupId?: number | null;
};

/**
 * PATCH /api/v1/backroom/warehouse: the warehouse's own fields and a nested tree of zones … bins, in one
 * transaction. A division with an id is updated (its code cannot change: labels carry it); one without is added.
 */
export async function upsertWarehouse(deps: AppDeps, auth: AuthContext, body: WarehouseUpsert) {
  const { id, zones, ...fields } = body;
  await deps.db.transaction(async (tx) => {
    const warehouse = await repo.lockWarehouse(tx, auth.accountId, id);
    if (!warehouse) throw notFound(`Warehouse ${id} not found.`);
    if (fields.shortAlias && fields.shortAlias !== warehouse.shortAlias.toUpperCase()) {
      const [{ n }] = (await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(warehouseDivisions)
        .where(eq(warehouseDivisions.warehouseId, id))) as [{ n: number }];
      if (n > 0)
        throw conflict(
          'The alias cannot change once the warehouse has divisions: their printed labels carry it.',
        );
      const other = await repo.findWarehouseByAlias(tx, auth.accountId, fields.shortAlias);
      if (other && other.id !== id) throw aliasInUse(fields.shortAlias);
    }
    let current = warehouse;
    if (Object.keys(fields).length > 0) {
      [current] = (await tx
        .update(warehouses)
        .set({ ...fields, modifiedBy: auth.userId, updatedAt: new Date() })
        .where(eq(warehouses.id, id))
        .returning()) as [WarehouseRow];
    }
    const upsert = async (
      parent: DivisionRow | null,
      level: DivisionRow['level'],
      code: string | number,
      item: NestedDivision,
    ): Promise<DivisionRow> => {
      const { id: divisionId, ...divisionFields } = item;
      if (divisionId === undefined) {
        return insertDivision(tx, current, parent, level, code, divisionFields, auth.userId);
      }
      const existing = await repo.findDivision(tx, auth.accountId, divisionId);
      if (
        !existing ||
        existing.warehouseId !== id ||
        existing.level !== level ||
        existing.parentId !== (parent?.id ?? null)
      ) {
        throw notFound(
          `${level[0]!.toUpperCase()}${level.slice(1)} ${divisionId} not found in this place of ${current.name}.`,
        );
      }
      if (
        divisionCode(existing) !== String(typeof code === 'number' ? String(code).padStart(2, '0') : code)
      ) {
        throw badRequest(
          `${existing.name} keeps its code ${divisionCode(existing)}: add a new division instead.`,
        );
      }
      if (Object.keys(divisionFields).length === 0) return existing;
      const [updated] = await tx
        .update(warehouseDivisions)
        .set({ ...divisionFields, modifiedBy: auth.userId, updatedAt: new Date() })
        .where(and(eq(warehouseDivisions.id, divisionId), eq(warehouseDivisions.accountId, auth.accountId)))
        .returning();
      return updated!;
    };
    for (const zone of zones ?? []) {
      const { rows, chaosZone, ...zoneFields } = zone;
      const z = await upsert(null, 'zone', chaosZone, zoneFields);
      for (const row of rows ?? []) {
        const { sections, chaosRow, ...rowFields } = row;
        const r = await upsert(z, 'row', chaosRow, rowFields);
        for (const section of sections ?? []) {
          const { shelves, chaosSection, ...sectionFields } = section;
          const s = await upsert(r, 'section', chaosSection, sectionFields);
          for (const shelf of shelves ?? []) {
            const { bins, chaosShelf, ...shelfFields } = shelf;
            const sh = await upsert(s, 'shelf', chaosShelf, shelfFields);
            for (const bin of bins ?? []) {
              const { chaosBin, ...binFields } = bin;
              await upsert(sh, 'bin', chaosBin, binFields);
            }
          }
        }
      }
    }
  });
  divisionsChanged(deps, auth.accountId);
  return getWarehouse(deps, auth, id);
}

export function listWarehouseTypes(db: Db) {
  return repo.listWarehouseTypes(db);
}
