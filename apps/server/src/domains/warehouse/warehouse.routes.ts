import {
  barcodeQuerySchema,
  binCreateSchema,
  binListQuerySchema,
  binPatchRequestSchema,
  childrenQuerySchema,
  clearBinRequestSchema,
  clearedBinSchema,
  divisionLookupQuerySchema,
  divisionPatchRequestSchema,
  divisionSchema,
  divisionUnitSchema,
  idParamSchema,
  idSchema,
  locationSearchQuerySchema,
  lookedUpDivisionSchema,
  packagingPatchSchema,
  packagingSchema,
  salesPersonDivisionQuerySchema,
  specialBinCreateSchema,
  unitHistorySchema,
  warehouseCreateSchema,
  warehouseListQuerySchema,
  warehouseSchema,
  warehouseTypeSchema,
  warehouseUpsertSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { authOf, hasPermission } from '../../http/auth-guard';
import { forbidden } from '../../http/errors';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import * as divisions from './division.service';
import { listPackaging, patchPackaging } from './packaging.service';
import { unitHistory } from './unit-history';
import * as warehouses from './warehouse.service';

/** orders-warehouse.md §7 Warehouse, with {product} = backroom. */
const V0 = '/api/backroom';
const V1 = '/api/v1/backroom';
const tags = ['warehouse'];
const id = idSchema;
const division = divisionSchema;
const warehouse = warehouseSchema;

export function warehouseRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);

  r.get(
    `${V0}/warehouse/types`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, response: { 200: envelopeOf(warehouseTypeSchema) } },
    },
    async () => ok(await warehouses.listWarehouseTypes(deps.db)),
  );

  r.get(
    `${V0}/warehouse/warehouses`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, querystring: warehouseListQuerySchema, response: { 200: envelopeOf(warehouse) } },
    },
    async (request) => ok(await warehouses.listWarehouses(deps, authOf(request), request.query)),
  );

  r.post(
    `${V0}/warehouse`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, body: z.object({ warehouseId: id }), response: { 200: envelopeOf(warehouse) } },
    },
    async (request) => ok(await warehouses.getWarehouse(deps, authOf(request), request.body.warehouseId)),
  );

  r.put(
    `${V0}/warehouse`,
    {
      config: { permission: 'warehouse' },
      schema: { tags, body: warehouseCreateSchema, response: { 200: envelopeOf(warehouse) } },
    },
    async (request) => ok(await warehouses.createWarehouse(deps, authOf(request), request.body)),
  );

  r.patch(
    `${V1}/warehouse`,
    {
      config: { permission: 'warehouse' },
      schema: { tags, body: warehouseUpsertSchema, response: { 200: envelopeOf(warehouse) } },
    },
    async (request) => ok(await warehouses.upsertWarehouse(deps, authOf(request), request.body)),
  );

  // The account's boxes (§7 PATCH …/warehouse/packaging; the list for the dropdowns that choose one).
  const box = packagingSchema;
  r.get(
    `${V0}/warehouse/packaging`,
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: envelopeOf(box) } } },
    async (request) => ok(await listPackaging(deps, authOf(request))),
  );
  r.patch(
    `${V0}/warehouse/packaging`,
    {
      config: { permission: 'warehouse' },
      schema: { tags, body: packagingPatchSchema, response: { 200: envelopeOf(box) } },
    },
    async (request) => ok(await patchPackaging(deps, authOf(request), request.body)),
  );

  r.patch(
    `${V1}/warehouse/division`,
    {
      config: { permission: 'warehouse' },
      schema: { tags, body: divisionPatchRequestSchema, response: { 200: envelopeOf(division) } },
    },
    async (request) => ok(await divisions.patchDivisions(deps, authOf(request), request.body)),
  );

  r.get(
    `${V0}/warehouse/locations`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, querystring: locationSearchQuerySchema, response: { 200: envelopeOf(division) } },
    },
    async (request) => ok(await divisions.searchLocations(deps, authOf(request), request.query)),
  );

  r.get(
    `${V1}/warehouse/division/children`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, querystring: childrenQuerySchema, response: { 200: envelopeOf(division) } },
    },
    async (request) =>
      ok(
        await divisions.listChildren(
          deps,
          authOf(request),
          request.query.warehouseId,
          request.query.parentId,
        ),
      ),
  );

  // The …/last endpoints: the parent is named by the spec's own field for each level.
  const lastRoutes = [
    ['zone', 'warehouseId'],
    ['row', 'warehouseZoneId'],
    ['section', 'warehouseZoneRowId'],
    ['shelf', 'warehouseZoneRowSectionId'],
    ['bin', 'warehouseZoneRowSectionShelfId'],
  ] as const;
  for (const [level, parentField] of lastRoutes) {
    r.post(
      `${V0}/warehouse/${level}/last`,
      {
        config: { permission: 'authenticated' },
        schema: { tags, body: z.object({ [parentField]: id }), response: { 200: envelopeOf(division) } },
      },
      async (request) =>
        ok(
          await divisions.lastDivision(
            deps,
            authOf(request),
            level,
            (request.body as Record<string, number>)[parentField]!,
          ),
        ),
    );
  }

  // Bins are the warehouse permission's; a return's own bin (inboundReturnId, returns.md §7) is made from the
  // return's screen, so it needs the returns permission instead. Checked before the body is validated, as the
  // guard does.
  r.post(
    `${V1}/warehouse/bin`,
    {
      config: { permission: 'authenticated' },
      preValidation: async (request) => {
        const body = request.body as { inboundReturnId?: unknown } | null | undefined;
        const needs = body?.inboundReturnId ? 'returns' : 'warehouse';
        if (!hasPermission(authOf(request), needs))
          throw forbidden(`You need the ${needs} permission to do that.`);
      },
      schema: { tags, body: binCreateSchema, response: { 200: envelopeOf(division) } },
    },
    async (request) => ok(await divisions.createBin(deps, authOf(request), request.body)),
  );

  r.get(
    `${V0}/warehouse/bin`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, querystring: binListQuerySchema, response: { 200: envelopeOf(division) } },
    },
    async (request) => ok(await divisions.listBins(deps, authOf(request), request.query)),
  );

  r.patch(
    `${V1}/warehouse/bin`,
    {
      config: { permission: 'warehouse' },
      schema: { tags, body: binPatchRequestSchema, response: { 200: envelopeOf(division) } },
    },
    async (request) => ok(await divisions.patchBins(deps, authOf(request), request.body.warehouseBins)),
  );

  // GET as orders-warehouse.md §7 shows it, POST as returns.md §7 calls it; both take the barcode in the query.
  for (const method of ['get', 'post'] as const) {
    r[method](
      `${V1}/chaos/lookupWarehouseDivisionByBarcode`,
      {
        config: { permission: 'authenticated' },
        schema: {
          tags,
          querystring: divisionLookupQuerySchema,
          response: { 200: envelopeOf(lookedUpDivisionSchema) },
        },
      },
      async (request) =>
        ok(
          await divisions.lookupInWarehouse(
            deps,
            authOf(request),
            request.query.barcode,
            request.query.warehouseId,
          ),
        ),
    );
  }

  r.post(
    `${V1}/chaos/listInventoryByDivision`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        body: barcodeQuerySchema,
        response: { 200: envelopeOf(divisionUnitSchema) },
      },
    },
    async (request) =>
      ok(await divisions.listInventoryByDivision(deps, authOf(request), request.body.barcode)),
  );

  // A unit's history: received, moved, picked, packed, shipped, cleared, adjusted.
  r.get(
    `${V1}/inventory/unit/:id/history`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        params: idParamSchema,
        response: { 200: envelopeOf(unitHistorySchema) },
      },
    },
    async (request) => ok(await unitHistory(deps, authOf(request), request.params.id)),
  );

  r.get(
    `${V1}/warehouse/lookupSalesPersonDivision`,
    {
      config: { permission: 'orders' },
      schema: { tags, querystring: salesPersonDivisionQuerySchema, response: { 200: envelopeOf(division) } },
    },
    async (request) =>
      ok(
        await divisions.lookupSalesPersonDivision(
          deps,
          authOf(request),
          request.query.userId,
          request.query.warehouseId,
        ),
      ),
  );

  for (const [path, type] of [
    ['warehouseBin', 'return'],
    ['quarantineBin', 'quarantine'],
  ] as const) {
    r.put(
      `${V1}/returns/${path}`,
      {
        config: { permission: 'returns' },
        schema: { tags, body: specialBinCreateSchema, response: { 200: envelopeOf(division) } },
      },
      async (request) => ok(await divisions.createSpecialBin(deps, authOf(request), type, request.body)),
    );
  }

  r.post(
    `${V1}/chaos/warehouseBin/clear`,
    {
      config: { permission: 'warehouse' },
      schema: {
        tags,
        body: clearBinRequestSchema,
        response: {
          200: envelopeOf(clearedBinSchema),
        },
      },
    },
    async (request) =>
      ok(await divisions.clearBin(deps, authOf(request), request.body.shortAlias, request.body.chaosBin)),
  );
}
