import {
  printInboundReturnSchema,
  printPguSchema,
  queuedPrintJobSchema,
  RETURN_ITEM_STATUSES,
  RETURN_STATUSES,
  returnCreateSchema,
  returnDetailSchema,
  returnPatchSchema,
  text,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import * as printing from './return-printing';
import * as returns from './returns.service';

/** Returns (returns.md §7). {service} = backroom. */
const V1 = '/api/v1/backroom';
const tags = ['returns'];
const statusSchema = z.object({ id: z.number(), name: z.string() });
const detail = envelopeOf(returnDetailSchema);
const queued = envelopeOf(queuedPrintJobSchema);

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
      schema: { tags, body: returnCreateSchema, response: { 200: detail } },
    },
    async (request) =>
      ok([await returns.createReturnForOrder(deps, authOf(request), request.body.channelOrderId)]),
  );

  // The screen's save (edits, from the version it loaded) and its receipts (one unit per call).
  r.patch(
    `${V1}/returns`,
    {
      config: { permission: 'returns' },
      schema: { tags, body: returnPatchSchema, response: { 200: detail } },
    },
    async (request) => ok(await returns.patchReturns(deps, authOf(request), request.body)),
  );

  r.get(
    `${V1}/returns/:id`,
    {
      config: { permission: 'returns' },
      schema: { tags, params: z.object({ id: text().max(40) }), response: { 200: detail } },
    },
    async (request) =>
      ok([await returns.getReturn(deps, authOf(request), returns.returnIdOf(request.params.id))]),
  );

  r.post(
    `${V1}/print/inboundReturn`,
    {
      config: { permission: 'printing' },
      schema: { tags, body: printInboundReturnSchema, response: { 200: queued } },
    },
    async (request) => ok(await printing.printInboundReturn(deps, authOf(request), request.body)),
  );

  // Path not shown by the spec: the PGU (received-item) label of a unit on the mapped PGU printer.
  r.post(
    `${V1}/print/pgu`,
    {
      config: { permission: 'printing' },
      schema: { tags, body: printPguSchema, response: { 200: queued } },
    },
    async (request) => ok(await printing.printPgu(deps, authOf(request), request.body)),
  );
}
