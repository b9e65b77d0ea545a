import {
  BIN_TYPES,
  type BinCreate,
  type BinTypeCode,
  binTypeByCode,
  type DivisionLevel,
  type DivisionPatchRequest,
  type DivisionUnit,
  invalidDivisionMessage,
  type LookedUpDivision,
  MAX_DIVISION_NUMBER,
  padDivisionNumber,
  returnBinName,
  virtualBinBarcode,
} from '@backroom/shared';
import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  inventoryLocationItems,
  inventoryUnitEvents,
  memberships,
  warehouseDivisions,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { toDivisionDto } from './division-dto';
import type { DivisionLookupCache } from './division-lookup-cache';
import { insertDivision } from './division-writer';
import * as repo from './warehouse.repository';

type DivisionFieldsPatch = DivisionPatchRequest['warehouseDivisionPatches'][number];

/** A paged search of divisions by warehouse, level, barcode prefix or name. */
export async function searchLocations(
  deps: AppDeps,
  auth: AuthContext,
  query: {
    warehouseId?: number;
    level?: DivisionLevel;
    search?: string;
    isActive?: number;
    limit: number;
    offset: number;
  },
) {
  const text = query.search?.toUpperCase();
  const rows = await deps.db
    .select()
    .from(warehouseDivisions)
    .where(
      and(
        eq(warehouseDivisions.accountId, auth.accountId),
        query.warehouseId ? eq(warehouseDivisions.warehouseId, query.warehouseId) : undefined,
        query.level ? eq(warehouseDivisions.level, query.level) : undefined,
        query.isActive !== undefined ? eq(warehouseDivisions.isActive, query.isActive) : undefined,
        text
          ? sql`(${warehouseDivisions.barcode} like ${`${text.replace(/[%_\\]/g, '')}%`}
              or upper(coalesce(${warehouseDivisions.displayName}, ${warehouseDivisions.name}, '')) like ${`%${text.replace(/[%_\\]/g, '')}%`})`
          : undefined,
      ),
    )
    .orderBy(asc(warehouseDivisions.barcode))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map((r) => toDivisionDto(r));
}

/** One level of the tree below a division (or the zones of a warehouse), with child and unit counts. */
export async function listChildren(deps: AppDeps, auth: AuthContext, warehouseId: number, parentId?: number) {
  if (!(await repo.findWarehouse(deps.db, auth.accountId, warehouseId)))
    throw notFound(`Warehouse ${warehouseId} not found.`);
  const rows = await repo.listChildren(deps.db, auth.accountId, warehouseId, parentId ?? null);
  return rows.map((r) => toDivisionDto(r.division, { childCount: r.childCount, unitCount: r.unitCount }));
}

/**
 * Applies division patches all-or-nothing. A division that still holds units cannot be deactivated: the
 * refusal says how many it holds.
 */
async function applyDivisionPatches(
  deps: AppDeps,
  auth: AuthContext,
  patches: DivisionFieldsPatch[],
  check: (row: typeof warehouseDivisions.$inferSelect) => string | null,
) {
  const patched = await deps.db.transaction(async (tx) => {
    const rows = await repo.findDivisionsByIds(
      tx,
      auth.accountId,
      patches.map((p) => p.id),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const updated = [];
    for (const { id, ...fields } of patches) {
      const row = byId.get(id);
      const refusal = row ? check(row) : `Division ${id} not found.`;
      if (!row || refusal) throw row ? badRequest(refusal!) : notFound(refusal!);
      if (fields.isActive === 0 && row.isActive === 1) {
        const units = await repo.countUnitsInSubtree(tx, auth.accountId, id);
        if (units > 0) {
          throw conflict(
            `${row.barcode} holds ${units} unit${units === 1 ? '' : 's'} and cannot be deactivated.`,
          );
        }
      }
      const [after] = await tx
        .update(warehouseDivisions)
        .set({ ...fields, modifiedBy: auth.userId, updatedAt: new Date() })
        .where(eq(warehouseDivisions.id, id))
        .returning();
      updated.push(toDivisionDto(after!));
    }
    return updated;
  });
  divisionsChanged(deps, auth.accountId);
  return patched;
}

export function patchDivisions(deps: AppDeps, auth: AuthContext, body: DivisionPatchRequest) {
  return applyDivisionPatches(deps, auth, body.warehouseDivisionPatches, (row) => {
    if (row.warehouseId !== body.warehouseId)
      return `Division ${row.id} is not in warehouse ${body.warehouseId}.`;
    if (body.divisionType && row.level !== body.divisionType)
      return `Division ${row.id} is a ${row.level}, not a ${body.divisionType}.`;
    return null;
  });
}

export function patchBins(deps: AppDeps, auth: AuthContext, bins: DivisionFieldsPatch[]) {
  return applyDivisionPatches(deps, auth, bins, (row) =>
    row.level === 'bin' ? null : `Division ${row.id} is not a bin.`,
  );
}

/** POST …/warehouse/{level}/last: the last division under a parent, which the next code follows; [] when none. */
export async function lastDivision(deps: AppDeps, auth: AuthContext, level: DivisionLevel, parentId: number) {
  if (level === 'zone') {
    if (!(await repo.findWarehouse(deps.db, auth.accountId, parentId)))
      throw notFound(`Warehouse ${parentId} not found.`);
    const last = await repo.lastChild(deps.db, auth.accountId, 'zone', {
      warehouseId: parentId,
      parentId: null,
    });
    return last ? [toDivisionDto(last)] : [];
  }
  const parent = await repo.findDivision(deps.db, auth.accountId, parentId);
  if (!parent) throw notFound(`Division ${parentId} not found.`);
  const last = await repo.lastChild(deps.db, auth.accountId, level, {
    warehouseId: parent.warehouseId,
    parentId,
  });
  return last ? [toDivisionDto(last)] : [];
}

/** A warehouse-level bin of a kind: its code is the kind's prefix and the next number, e.g. N03, R01, Q02. */
async function createGroupBinOfType(
  deps: AppDeps,
  auth: AuthContext,
  warehouseId: number,
  type: BinTypeCode,
  fields: Partial<typeof warehouseDivisions.$inferInsert>,
) {
  const binType = binTypeByCode(type);
  const row = await deps.db.transaction(async (tx) => {
    const warehouse = await repo.lockWarehouse(tx, auth.accountId, warehouseId);
    if (!warehouse) throw notFound(`Warehouse ${warehouseId} not found.`);
    const [{ last }] = (await tx
      .select({ last: sql<number>`coalesce(max(substr(${warehouseDivisions.chaosBin}, 2)::int), 0)::int` })
      .from(warehouseDivisions)
      .where(
        and(
          eq(warehouseDivisions.warehouseId, warehouseId),
          isNull(warehouseDivisions.parentId),
          eq(warehouseDivisions.level, 'bin'),
          like(warehouseDivisions.chaosBin, `${binType.prefix}%`),
          sql`substr(${warehouseDivisions.chaosBin}, 2) ~ '^[0-9]+$'`,
        ),
      )) as [{ last: number }];
    if (last >= MAX_DIVISION_NUMBER) throw conflict('No Unused Bins');
    const code = `${binType.prefix}${padDivisionNumber(last + 1)}`;
    return insertDivision(
      tx,
      warehouse,
      null,
      'bin',
      code,
      { ...fields, warehouseBinTypeId: binType.id },
      auth.userId,
    );
  });
  divisionsChanged(deps, auth.accountId);
  return toDivisionDto(row, { childCount: 0, unitCount: 0 });
}

export async function createBin(deps: AppDeps, auth: AuthContext, body: BinCreate) {
  const { warehouseId, type, binType, inboundReturnId, ...fields } = body;
  if (binType === 'virtual') return virtualBin(deps, auth, warehouseId);
  if (!inboundReturnId) return createGroupBinOfType(deps, auth, warehouseId, type, fields);
  // A return's bin: one per return and warehouse, so a second click (or another clerk) gets the same bin.
  const name = returnBinName(inboundReturnId);
  const [existing] = await deps.db
    .select()
    .from(warehouseDivisions)
    .where(
      and(
        eq(warehouseDivisions.accountId, auth.accountId),
        eq(warehouseDivisions.warehouseId, warehouseId),
        eq(warehouseDivisions.level, 'bin'),
        eq(warehouseDivisions.name, name),
      ),
    )
    .limit(1);
  if (existing) return toDivisionDto(existing);
  return createGroupBinOfType(deps, auth, warehouseId, 'return', {
    ...fields,
    name,
    isActive: 1,
    isWithheld: 1,
  });
}

/** The warehouse's virtual bin `{alias}-VIRTUAL` (no zone, no bin: the virtual-return case), found or made. */
async function virtualBin(deps: AppDeps, auth: AuthContext, warehouseId: number) {
  const row = await deps.db.transaction(async (tx) => {
    const warehouse = await repo.lockWarehouse(tx, auth.accountId, warehouseId);
    if (!warehouse) throw notFound(`Warehouse ${warehouseId} not found.`);
    const barcode = virtualBinBarcode(warehouse.shortAlias);
    const [existing] = await tx
      .select()
      .from(warehouseDivisions)
      .where(and(eq(warehouseDivisions.accountId, auth.accountId), eq(warehouseDivisions.barcode, barcode)));
    if (existing) return { row: existing, created: false };
    const [inserted] = await tx
      .insert(warehouseDivisions)
      .values({
        accountId: auth.accountId,
        warehouseId,
        level: 'bin',
        binGroupType: 'group',
        warehouseBinTypeId: binTypeByCode('return').id,
        name: `${warehouse.name} Virtual`,
        barcode,
        modifiedBy: auth.userId,
      })
      .returning();
    return { row: inserted!, created: true };
  });
  if (row.created) divisionsChanged(deps, auth.accountId);
  return toDivisionDto(row.row);
}

export function createSpecialBin(
  deps: AppDeps,
  auth: AuthContext,
  type: 'return' | 'quarantine',
  body: { warehouseId: number; name?: string | null },
) {
  return createGroupBinOfType(deps, auth, body.warehouseId, type, body.name ? { name: body.name } : {});
}

export async function listBins(
  deps: AppDeps,
  auth: AuthContext,
  query: {
    warehouseId: number;
    type: BinTypeCode | 'utility' | 'all';
    groupType: 'group' | 'location' | 'all';
    limit: number;
  },
) {
  const typeIds =
    query.type === 'all'
      ? undefined
      : query.type === 'utility'
        ? BIN_TYPES.filter((t) => t.code !== 'bin').map((t) => t.id)
        : [binTypeByCode(query.type).id];
  const rows = await deps.db
    .select()
    .from(warehouseDivisions)
    .where(
      and(
        eq(warehouseDivisions.accountId, auth.accountId),
        eq(warehouseDivisions.warehouseId, query.warehouseId),
        eq(warehouseDivisions.level, 'bin'),
        query.groupType === 'all' ? undefined : eq(warehouseDivisions.binGroupType, query.groupType),
        typeIds ? inArray(warehouseDivisions.warehouseBinTypeId, typeIds) : undefined,
      ),
    )
    .orderBy(asc(warehouseDivisions.barcode))
    .limit(query.limit);
  return rows.map((r) => toDivisionDto(r));
}

type LookupDto = LookedUpDivision;

/**
 * …/chaos/lookupWarehouseDivisionByBarcode with the warehouse the screen works in: a division of another
 * warehouse is refused with 'Invalid Division: Not in Warehouse {name}' (returns.md §5).
 */
export async function lookupInWarehouse(
  deps: AppDeps,
  auth: AuthContext,
  barcode: string,
  warehouseId: number | undefined,
): Promise<LookupDto> {
  const dto = await lookupByBarcode(deps, auth, barcode);
  if (warehouseId === undefined || dto.warehouseId === warehouseId) return dto;
  const warehouse = await repo.findWarehouse(deps.db, auth.accountId, warehouseId);
  if (!warehouse) throw notFound(`Warehouse ${warehouseId} not found.`);
  throw badRequest(invalidDivisionMessage(warehouse.name));
}

/** Every scan of a division lands here: answered from the account's in-memory directory when it can be. */
export async function lookupByBarcode(deps: AppDeps, auth: AuthContext, barcode: string): Promise<LookupDto> {
  const text = barcode.trim().toUpperCase();
  const cache = lookupCache(deps);
  // Any scan not answered by a current directory (re)loads it, once the account has been quiet.
  if (cache.claimDirectoryBuild(auth.accountId)) void loadDirectory(deps, auth.accountId);
  let dto = cache.get(auth.accountId, text);
  if (dto === undefined) {
    const generation = cache.generation(auth.accountId);
    const found = await repo.findDivisionByBarcode(deps.db, auth.accountId, text);
    dto = found ? { ...toDivisionDto(found.division), warehouse: found.warehouse } : null;
    cache.set(auth.accountId, text, dto, generation);
  }
  if (!dto) throw notFound(`Division with barcode ${text} not found.`);
  return dto;
}

/** Rows per directory query: small enough that requests interleave with a 100,000-bin load. */
const DIRECTORY_PAGE = 2_000;

const lookupCache = (deps: AppDeps) => deps.divisionLookups as DivisionLookupCache<LookupDto>;

/** Reads every division of the account into its lookup directory (in the background of a scan). */
async function loadDirectory(deps: AppDeps, accountId: number): Promise<void> {
  const cache = lookupCache(deps);
  const generation = cache.generation(accountId);
  try {
    const entries: [string, () => LookupDto][] = [];
    // Pages keep each query short and the pause between them leaves the CPU to requests: this is
    // background work, and scans are answered from the database until it is done.
    for (let afterId = 0; entries.length <= cache.directoryCapacity; ) {
      const page = await repo.pageDivisionsWithWarehouse(deps.db, accountId, afterId, DIRECTORY_PAGE);
      for (const row of page) {
        entries.push([
          row.barcode,
          () => {
            const { division, warehouse } = row.map();
            return { ...toDivisionDto(division), warehouse };
          },
        ]);
      }
      if (page.length < DIRECTORY_PAGE) break;
      afterId = page[page.length - 1]!.id;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    cache.storeDirectory(accountId, generation, entries);
  } catch {
    // Lookups keep working from the database; the next scan after the quiet period tries again.
    cache.storeDirectory(accountId, generation, undefined);
  }
}

/** At start: load the directories of accounts that have divisions, so the first scans are fast too. */
export async function warmDivisionLookups(deps: AppDeps): Promise<void> {
  const accounts = await deps.db
    .selectDistinct({ accountId: warehouseDivisions.accountId })
    .from(warehouseDivisions);
  for (const { accountId } of accounts) {
    if (lookupCache(deps).claimDirectoryBuild(accountId)) await loadDirectory(deps, accountId);
  }
}

/** After any committed change to an account's divisions or warehouses: cached lookups are stale. */
export function divisionsChanged(deps: AppDeps, accountId: number): void {
  deps.divisionLookups.invalidate(accountId);
}

/** The units in a division and everything below it (used before deactivating, and by the division view). */
export async function listInventoryByDivision(
  deps: AppDeps,
  auth: AuthContext,
  barcode: string,
): Promise<DivisionUnit[]> {
  const division = await lookupByBarcode(deps, auth, barcode);
  const rows = await repo.listUnitsInSubtree(deps.db, auth.accountId, division.id);
  return rows.map(({ unit, barcode: locationBarcode, product }) => ({
    id: unit.id,
    productId: unit.productId,
    warehouseId: unit.warehouseId,
    inventoryLocationId: unit.inventoryLocationId,
    locationBarcode,
    chaosZone: unit.chaosZone,
    chaosRow: unit.chaosRow,
    chaosSection: unit.chaosSection,
    chaosShelf: unit.chaosShelf,
    chaosBin: unit.chaosBin,
    quantity: unit.quantity,
    priceCost: unit.priceCost,
    inventoryConditionId: unit.inventoryConditionId,
    receivedAt: unit.receivedAt?.toISOString() ?? null,
    product,
  }));
}

/** A sales person's own bin in a warehouse (S + user id), made the first time it is asked for. */
export async function lookupSalesPersonDivision(
  deps: AppDeps,
  auth: AuthContext,
  userId: number,
  warehouseId: number,
) {
  const [member] = await deps.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.accountId, auth.accountId)));
  if (!member) throw notFound(`User ${userId} not found.`);
  if (userId > 99_999) throw badRequest('User ids above 99999 do not fit a sales person bin code.');
  const code = `S${String(userId).padStart(4, '0')}`;
  const warehouse = await repo.findWarehouse(deps.db, auth.accountId, warehouseId);
  if (!warehouse) throw notFound(`Warehouse ${warehouseId} not found.`);
  const existing = await repo.findDivisionByBarcode(
    deps.db,
    auth.accountId,
    `${warehouse.shortAlias.toUpperCase()}-VIRTUAL-${code}`,
  );
  if (existing) return toDivisionDto(existing.division);
  const row = await deps.db.transaction(async (tx) => {
    const locked = (await repo.lockWarehouse(tx, auth.accountId, warehouseId))!;
    const again = await repo.findDivisionByBarcode(
      tx,
      auth.accountId,
      `${locked.shortAlias.toUpperCase()}-VIRTUAL-${code}`,
    );
    if (again) return again.division;
    return insertDivision(
      tx,
      locked,
      null,
      'bin',
      code,
      { warehouseBinTypeId: binTypeByCode('salesPerson').id, userId },
      auth.userId,
    );
  });
  divisionsChanged(deps, auth.accountId);
  return toDivisionDto(row);
}

/**
 * POST …/chaos/warehouseBin/clear: every unit in the bin leaves it (no location), each with a 'cleared'
 * event. A code shared by several shelf bins is ambiguous and refused.
 */
export async function clearBin(deps: AppDeps, auth: AuthContext, shortAlias: string, chaosBin: string) {
  const label = `${shortAlias}-${chaosBin}`;
  const failure = (status: 404 | 409) =>
    status === 404 ? notFound(`Error Clearing ${label}`) : conflict(`Error Clearing ${label}`);
  return deps.db.transaction(async (tx: Db) => {
    const warehouse = await repo.findWarehouseByAlias(tx, auth.accountId, shortAlias);
    if (!warehouse) throw failure(404);
    const bins = await tx
      .select()
      .from(warehouseDivisions)
      .where(
        and(
          eq(warehouseDivisions.warehouseId, warehouse.id),
          eq(warehouseDivisions.level, 'bin'),
          eq(warehouseDivisions.chaosBin, chaosBin),
        ),
      );
    const bin = bins.find((b) => b.binGroupType === 'group') ?? (bins.length === 1 ? bins[0] : undefined);
    if (!bin) throw failure(bins.length > 1 ? 409 : 404);
    // Lock the units so a concurrent move or pick cannot interleave with the clear.
    const units = await tx
      .select({ id: inventoryLocationItems.id })
      .from(inventoryLocationItems)
      .where(
        and(eq(inventoryLocationItems.inventoryLocationId, bin.id), eq(inventoryLocationItems.isDeleted, 0)),
      )
      .for('update');
    const ids = units.map((u) => u.id);
    if (ids.length > 0) {
      await tx
        .update(inventoryLocationItems)
        .set({
          inventoryLocationId: null,
          chaosZone: null,
          chaosRow: null,
          chaosSection: null,
          chaosShelf: null,
          chaosBin: null,
          modifiedBy: auth.userId,
          modifiedAt: new Date(),
        })
        .where(inArray(inventoryLocationItems.id, ids));
      await tx.insert(inventoryUnitEvents).values(
        ids.map((id) => ({
          accountId: auth.accountId,
          inventoryLocationItemId: id,
          eventType: 'cleared' as const,
          fromDivisionId: bin.id,
          toDivisionId: null,
          userId: auth.userId,
        })),
      );
    }
    return {
      message: `Successfully cleared inventory in ${label}`,
      barcode: bin.barcode,
      clearedUnits: ids.length,
    };
  });
}
