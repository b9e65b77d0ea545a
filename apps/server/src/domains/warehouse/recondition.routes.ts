import {
  reconditionListSchema,
  reconditionRequestSchema,
  reconditionResponseSchema,
  viewBarcodeRequestSchema,
  viewBarcodeResponseSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { reconditionInventory, reconditionList, viewBarcode } from './recondition.service';

/** catalogue-admin.md §7 Reconditioning, with {product} = backroom. The QPGU is made by PUT …/returns/quarantineBin. */
const V1 = '/api/v1/backroom';
const tags = ['warehouse'];

export function reconditionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);

  r.post(
    `${V1}/inventory/reconditionList`,
    {
      config: { permission: 'warehouse' },
      schema: { tags, response: { 200: envelopeOf(reconditionListSchema) } },
    },
    async (request) => ok(await reconditionList(deps, authOf(request))),
  );

  r.post(
    `${V1}/chaos/viewBarcode`,
    {
      config: { permission: 'warehouse' },
      schema: {
        tags,
        body: viewBarcodeRequestSchema,
        response: { 200: envelopeOf(viewBarcodeResponseSchema) },
      },
    },
    async (request) => ok(await viewBarcode(deps, authOf(request), request.body.barcode)),
  );

  r.post(
    `${V1}/chaos/reconditionInventory`,
    {
      config: { permission: 'warehouse' },
      schema: {
        tags,
        body: reconditionRequestSchema,
        response: { 200: envelopeOf(reconditionResponseSchema) },
      },
    },
    async (request) => ok(await reconditionInventory(deps, authOf(request), request.body)),
  );
}
