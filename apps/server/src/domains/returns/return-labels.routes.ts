import {
  returnLabelParamsSchema,
  returnShipmentBuySchema,
  returnShipmentRateSchema,
  returnShipmentSchema,
  returnShipmentsNewSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import {
  addReturnShipments,
  buyReturnShipment,
  rateReturnShipment,
  returnLabelPdf,
} from './return-labels.service';

/**
 * Return labels (returns.md §7), permission returns: the return screen's own calls, used by whoever
 * processes returns. Each answers the return's shipments it touched (returnShipmentSchema).
 */
const V1 = '/api/v1/backroom/returns';
const tags = ['returns'];
const shipments = envelopeOf(returnShipmentSchema);

export function returnLabelRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  const config = { permission: 'returns' } as const;

  r.post(
    `${V1}/shipments/new`,
    { config, schema: { tags, body: returnShipmentsNewSchema, response: { 200: shipments } } },
    async (request) => ok(await addReturnShipments(deps, authOf(request), request.body)),
  );

  r.post(
    `${V1}/shipment/rate`,
    { config, schema: { tags, body: returnShipmentRateSchema, response: { 200: shipments } } },
    async (request) => ok(await rateReturnShipment(deps, authOf(request), request.body)),
  );

  r.post(
    `${V1}/shipment/buy`,
    { config, schema: { tags, body: returnShipmentBuySchema, response: { 200: shipments } } },
    async (request) => ok(await buyReturnShipment(deps, authOf(request), request.body)),
  );

  // 'Download Label': the PDF, named after the return and the label.
  r.get(
    `${V1}/:id/labels/:labelId`,
    { config, schema: { tags, params: returnLabelParamsSchema } },
    async (request, reply) => {
      const { fileName, pdf } = await returnLabelPdf(
        deps,
        authOf(request),
        request.params.id,
        request.params.labelId,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );
}
