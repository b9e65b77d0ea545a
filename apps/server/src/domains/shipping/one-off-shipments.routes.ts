import {
  oneOffBuyReplySchema,
  oneOffBuyRequestSchema,
  oneOffShipmentRequestSchema,
  oneOffShipmentSchema,
  oneOffVoidReplySchema,
  oneOffVoidRequestSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { buyOneOffShipment, rateOneOffShipment, voidOneOffShipment } from './one-off-shipments.service';

/** One-off manual shipments (catalogue-admin.md §7 One-off shipment), permission shipping. */
const V1 = '/api/v1/shipping/oneOffShipment';
const tags = ['shipping'];

export function oneOffShipmentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  const config = { permission: 'shipping' } as const;

  r.post(
    V1,
    {
      config,
      schema: {
        tags,
        body: oneOffShipmentRequestSchema,
        response: { 200: envelopeOf(oneOffShipmentSchema) },
      },
    },
    async (request) => ok([await rateOneOffShipment(deps, authOf(request), request.body)]),
  );

  r.post(
    `${V1}/buy`,
    {
      config,
      schema: { tags, body: oneOffBuyRequestSchema, response: { 200: envelopeOf(oneOffBuyReplySchema) } },
    },
    async (request) => ok([await buyOneOffShipment(deps, authOf(request), request.body)]),
  );

  r.post(
    `${V1}/void`,
    {
      config,
      schema: { tags, body: oneOffVoidRequestSchema, response: { 200: envelopeOf(oneOffVoidReplySchema) } },
    },
    async (request) => ok([await voidOneOffShipment(deps, authOf(request), request.body.shipmentId)]),
  );
}
