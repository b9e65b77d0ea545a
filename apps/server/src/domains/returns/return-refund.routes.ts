import {
  idParam,
  returnRefundInfoSchema,
  returnRefundResultSchema,
  returnRefundSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { createReturnRefund, returnRefundInfo } from './return-refund.service';

/**
 * 'Create Return Refund' for first-party returns (returns.md §5, §6): permission orderRefunds, as the orders
 * refund (payment details and refunds are for store managers).
 */
const V1 = '/api/v1/backroom/returns';
const tags = ['returns'];

export function returnRefundRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  const config = { permission: 'orderRefunds' } as const;

  r.get(
    `${V1}/:id/refund`,
    {
      config,
      schema: {
        tags,
        params: z.object({ id: idParam }),
        response: { 200: envelopeOf(returnRefundInfoSchema) },
      },
    },
    async (request) => ok(await returnRefundInfo(deps, authOf(request), request.params.id)),
  );

  r.put(
    `${V1}/refund`,
    {
      config,
      schema: { tags, body: returnRefundSchema, response: { 200: envelopeOf(returnRefundResultSchema) } },
    },
    async (request) => ok(await createReturnRefund(deps, authOf(request), request.body)),
  );
}
