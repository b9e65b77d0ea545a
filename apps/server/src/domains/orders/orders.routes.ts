import {
  channelOrderIdSchema,
  channelOrderImportSchema,
  channelOrderListRowSchema,
  channelOrderQuerySchema,
  channelOrderSearchSchema,
  idParamSchema,
  importedOrderResultSchema,
  markShippedSchema,
  orderDetailSchema,
  orderNoteSchema,
  orderNotesPatchSchema,
  packingSearchSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, sendJsonList, typed } from '../../http/route-helpers';
import * as orders from './channel-orders.service';
import { importOrders } from './order-import.service';
import * as search from './order-search';

/**
 * Channel orders (orders-warehouse.md §7 Channel orders (non first-party)). {product} = backroom. The order
 * detail is a nested document with the spec's names, built field by field in order-detail.ts. The reference
 * lists the order screens pick from are in order-references.routes.ts.
 */
const V0 = '/api/backroom';
const V1 = '/api/v1/backroom';
const tags = ['orders'];
const order = envelopeOf(orderDetailSchema);
/** The orders list's reply: the envelope plus hasMore, whether another page follows (no count over half a million orders). */
export const orderListReply = envelopeOf(channelOrderListRowSchema).extend({ hasMore: z.boolean() });

export function orderRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);

  r.post(
    `${V1}/channelOrders/import`,
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        body: channelOrderImportSchema,
        response: { 200: envelopeOf(importedOrderResultSchema) },
      },
    },
    async (request) => ok(await importOrders(deps, authOf(request), request.body.orders)),
  );

  r.post(
    `${V1}/channelOrders`,
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        body: channelOrderSearchSchema,
        response: { 200: orderListReply },
      },
    },
    async (request, reply) =>
      sendJsonList(reply, await search.searchOrders(deps, authOf(request), request.body)),
  );

  r.get(
    `${V1}/channelOrder`,
    {
      config: { permission: 'orders' },
      schema: { tags, querystring: channelOrderQuerySchema, response: { 200: order } },
    },
    async (request) => ok([await orders.getOrder(deps, authOf(request), request.query.channelOrderId)]),
  );

  r.get(
    `${V0}/channelOrder/:id`,
    {
      config: { permission: 'orders' },
      schema: { tags, params: idParamSchema, response: { 200: order } },
    },
    async (request) => ok([await orders.getOrder(deps, authOf(request), request.params.id)]),
  );

  r.patch(
    `${V0}/warehouse/channelOrder/note`,
    {
      config: { permission: 'orders' },
      schema: { tags, body: orderNotesPatchSchema, response: { 200: envelopeOf(orderNoteSchema) } },
    },
    async (request) => ok(await orders.saveNotes(deps, authOf(request), request.body)),
  );

  for (const action of ['cancel', 'packingDelayed', 'prePack', 'makeShippableBackorder'] as const) {
    r.post(
      `${V0}/warehouse/channelOrder/${action}`,
      {
        config: { permission: 'orders' },
        schema: { tags, body: channelOrderIdSchema, response: { 200: order } },
      },
      async (request) =>
        ok([await orders.runChannelAction(deps, authOf(request), action, request.body.channelOrderId)]),
    );
  }

  r.post(
    `${V0}/warehouse/channelOrder/packing/search`,
    {
      // Packing is shipping work: warehouse staff pack orders without the order-support permission.
      config: { permission: 'shipping' },
      schema: { tags, body: packingSearchSchema, response: { 200: orderListReply } },
    },
    async (request, reply) =>
      sendJsonList(reply, await search.packingSearch(deps, authOf(request), request.body)),
  );

  r.post(
    `${V1}/warehouse/shipment/markShipped`,
    {
      config: { permission: 'orders' },
      schema: { tags, body: markShippedSchema, response: { 200: order } },
    },
    async (request) => ok([await orders.markShipped(deps, authOf(request), request.body)]),
  );
}
