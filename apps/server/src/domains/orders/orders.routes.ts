import {
  CHANNEL_TYPE_ID,
  channelOrderIdSchema,
  channelOrderImportSchema,
  channelOrderListRowSchema,
  channelOrderQuerySchema,
  channelOrderSearchSchema,
  DELIVERY_TYPES,
  idParamSchema,
  idSchema,
  markShippedSchema,
  orderDetailSchema,
  orderNoteSchema,
  orderNotesPatchSchema,
  PICKER_PAYMENT_TYPES,
  packingSearchSchema,
  SYSTEM_ORDER_STATUSES,
  text,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, sendJsonList, typed } from '../../http/route-helpers';
import { listProductListings } from './channel-listings.service';
import * as repo from './channel-orders.repository';
import * as orders from './channel-orders.service';
import { importOrders } from './order-import.service';
import * as search from './order-search';
import { listSalesPeople } from './sales-people.service';

/**
 * Channel orders (orders-warehouse.md §7 Channel orders (non first-party)). {product} = backroom. The order
 * detail is a nested document with the spec's names, built field by field in order-detail.ts.
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
        response: {
          200: envelopeOf(
            z.object({
              id: z.number(),
              channelOrderNumber: z.string(),
              siteId: z.number(),
              created: z.boolean(),
            }),
          ),
        },
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

  r.post(
    `${V0}/products/listings`,
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        body: z.object({
          productId: idSchema,
          channelId: idSchema.nullish(),
        }),
        response: {
          200: envelopeOf(
            z.object({
              id: z.number(),
              channelId: z.number(),
              channelName: z.string(),
              siteId: z.number(),
              productId: z.number(),
              listingSKU: z.string(),
              title: z.string(),
              price: z.number(),
              isActive: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await listProductListings(deps, authOf(request), request.body)),
  );

  // Reference lists the order screens pick from.
  r.get(
    `${V0}/warehouse/system/statuses`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, response: { 200: envelopeOf(z.object({ id: z.number(), name: z.string() })) } },
    },
    async () => ok([...SYSTEM_ORDER_STATUSES]),
  );

  r.get(
    `${V0}/warehouse/channelOrder/paymentTypes`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, response: { 200: envelopeOf(z.object({ id: z.number(), name: z.string() })) } },
    },
    // The picker's list: every type but Venmo (§3 Channel order payment).
    async () => ok([...PICKER_PAYMENT_TYPES]),
  );

  r.get(
    `${V0}/warehouse/deliveryTypes`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, response: { 200: envelopeOf(z.object({ id: z.number(), name: z.string() })) } },
    },
    async () => ok([...DELIVERY_TYPES]),
  );

  r.get(
    `${V0}/warehouse/salesChannels`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        response: {
          200: envelopeOf(
            z.object({
              id: z.number(),
              siteId: z.number(),
              channelTypeId: z.number(),
              name: z.string(),
              isActive: z.number(),
              isFirstParty: z.boolean(),
            }),
          ),
        },
      },
    },
    async (request) =>
      ok(
        (await repo.findChannels(deps.db, authOf(request).accountId)).map((c) => ({
          id: c.id,
          siteId: c.siteId,
          channelTypeId: c.channelTypeId,
          name: c.name,
          isActive: c.isActive,
          isFirstParty: c.channelTypeId !== CHANNEL_TYPE_ID.MARKETPLACE,
        })),
      ),
  );

  r.get(
    `${V1}/user`,
    {
      config: { permission: 'orders' },
      schema: {
        tags,
        querystring: z.object({ roleList: text().max(200).default('salesperson') }),
        response: {
          200: envelopeOf(
            z.object({ id: z.number(), firstName: z.string(), lastName: z.string(), email: z.string() }),
          ),
        },
      },
    },
    async (request) =>
      ok(
        await listSalesPeople(
          deps,
          authOf(request),
          request.query.roleList.split(',').map((s) => s.trim()),
        ),
      ),
  );
}
