import {
  returnPaymentCreateSchema,
  returnPaymentReplySchema,
  returnPaymentStatusPatchSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { addReturnPayment, setReturnPaymentStatus } from './return-payments.service';

/** Return payments (returns.md §7 PUT …/returns/payments; PATCH for a status), permission returns. Answer the return's payments. */
export function returnPaymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  typed(app).put(
    '/api/v1/backroom/returns/payments',
    {
      config: { permission: 'returns' },
      schema: {
        tags: ['returns'],
        body: returnPaymentCreateSchema,
        response: { 200: envelopeOf(returnPaymentReplySchema) },
      },
    },
    async (request) => ok(await addReturnPayment(deps, authOf(request), request.body)),
  );
  // A payment's status as the channel answers (not in the spec: it only adds payments).
  typed(app).patch(
    '/api/v1/backroom/returns/payments',
    {
      config: { permission: 'returns' },
      schema: {
        tags: ['returns'],
        body: returnPaymentStatusPatchSchema,
        response: { 200: envelopeOf(returnPaymentReplySchema) },
      },
    },
    async (request) => ok(await setReturnPaymentStatus(deps, authOf(request), request.body)),
  );
}
