import { RETURN_ITEM_STATUSES, RETURN_STATUSES, returnCreateSchema, text } from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import * as returns from './returns.service';

/** Returns (returns.md §7). {service} = backroom. */
const V1 = '/api/v1/backroom';
const tags = ['returns'];
const loose = z.looseObject({});
const statusSchema = z.object({ id: z.number(), name: z.string() });

export function returnRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);

  r.get(
    `${V1}/returns/status`,
    { config: { permission: 'returns' }, schema: { tags, response: { 200: envelopeOf(statusSchema) } } },
    async () => ok([...RETURN_STATUSES]),
  );

  r.get(
    `${V1}/returns/item/status`,
    { config: { permission: 'returns' }, schema: { tags, response: { 200: envelopeOf(statusSchema) } } },
    async () => ok([...RETURN_ITEM_STATUSES]),
  );

  // 'Start Return' on the order detail: order-support staff hold the returns permission too.
  r.put(
    `${V1}/returns`,
    {
      config: { permission: 'returns' },
      schema: { tags, body: returnCreateSchema, response: { 200: envelopeOf(loose) } },
    },
    async (request) =>
      ok([await returns.createReturnForOrder(deps, authOf(request), request.body.channelOrderId)]),
  );

  r.get(
    `${V1}/returns/:id`,
    {
      config: { permission: 'returns' },
      schema: { tags, params: z.object({ id: text().max(40) }), response: { 200: envelopeOf(loose) } },
    },
    async (request) =>
      ok([await returns.getReturn(deps, authOf(request), returns.returnIdOf(request.params.id))]),
  );
}
