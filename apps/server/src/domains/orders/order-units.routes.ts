import {
  allocateUnitsSchema,
  availableUnitSchema,
  availableUnitSelectionSchema,
  completeCancellationSchema,
  deallocateUnitsSchema,
  deallocationOptionsSchema,
  markPickedSchema,
  orderDetailSchema,
  pickRequestIdSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { FP, one } from './first-party.routes';
import * as allocation from './order-allocation.service';

/** A first-party order's units (orders-warehouse.md §7 First-party orders): allocate, release, pick, cancel. */
const tags = ['orders'];
const config = { permission: 'orders' as const };
const order = { 200: envelopeOf(orderDetailSchema) };

export function orderUnitRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  r.patch(
    `${FP}/allocateSelectedProductUnits`,
    { config, schema: { tags, body: allocateUnitsSchema, response: order } },
    (q) => one(allocation.allocateUnits(deps, authOf(q), q.body)),
  );
  r.patch(
    `${FP}/deallocateSelectedUnits`,
    { config, schema: { tags, body: deallocateUnitsSchema, response: order } },
    (q) => one(allocation.deallocateUnits(deps, authOf(q), q.body)),
  );
  r.patch(
    `${FP}/completeCancellation`,
    { config, schema: { tags, body: completeCancellationSchema, response: order } },
    (q) => one(allocation.completeCancellation(deps, authOf(q), q.body)),
  );
  r.post(
    '/api/v1/backroom/inventory/getAvailableUnitSelectionData',
    {
      config,
      schema: {
        tags,
        body: availableUnitSelectionSchema,
        response: { 200: envelopeOf(availableUnitSchema) },
      },
    },
    async (q) => ok(await allocation.availableUnitSelection(deps, authOf(q), q.body)),
  );
  r.post(
    '/api/v1/backroom/inventory/getDeallocationUnitOptions',
    {
      config,
      schema: { tags, body: pickRequestIdSchema, response: { 200: envelopeOf(deallocationOptionsSchema) } },
    },
    async (q) => ok(await allocation.deallocationOptions(deps, authOf(q), q.body.pickRequestId)),
  );
  r.patch(
    '/api/backroom/chaos/markPicked',
    { config, schema: { tags, body: markPickedSchema, response: order } },
    (q) => one(allocation.markPicked(deps, authOf(q), q.body)),
  );
}
