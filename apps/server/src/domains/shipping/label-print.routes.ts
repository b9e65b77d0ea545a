import { labelPrintReplySchema, labelPrintRequestSchema } from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { printLabel } from './shipping.service';

/**
 * POST /api/v1/shipping/label/print (orders-warehouse.md §7 Printing), permission shipping: any label of the
 * account's ledger (an order shipment's, a one-off's: Print Label ZPL) printed again on a shipping label printer.
 */
export function labelPrintRoutes(app: FastifyInstance, deps: AppDeps): void {
  typed(app).post(
    '/api/v1/shipping/label/print',
    {
      config: { permission: 'shipping' },
      schema: {
        tags: ['shipping'],
        body: labelPrintRequestSchema,
        response: { 200: envelopeOf(labelPrintReplySchema) },
      },
    },
    async (request) => {
      const { shipmentRateLabelId, serverPrinterId } = request.body;
      const { jobId } = await printLabel(deps, authOf(request), shipmentRateLabelId, serverPrinterId);
      return ok([{ printJobId: jobId, labelId: shipmentRateLabelId }]);
    },
  );
}
