import {
  CHANNEL_TYPE_ID,
  DELIVERY_TYPES,
  namedIdSchema,
  PICKER_PAYMENT_TYPES,
  productListingSchema,
  productListingsQuerySchema,
  SYSTEM_ORDER_STATUSES,
  salesChannelSchema,
  salesPeopleQuerySchema,
  salesPersonSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { listProductListings } from './channel-listings.service';
import * as repo from './channel-orders.repository';
import { listSalesPeople } from './sales-people.service';

/**
 * What the order screens pick from (orders-warehouse.md §7 Channel orders): a product's listings, the fixed
 * lists (statuses, payment types, delivery types), the account's sales channels and its sales people.
 */
const V0 = '/api/backroom';
const tags = ['orders'];
const signedIn = { permission: 'authenticated' as const };
const namedIds = { 200: envelopeOf(namedIdSchema) };

export function orderReferenceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  r.post(
    `${V0}/products/listings`,
    {
      config: { permission: 'orders' },
      schema: { tags, body: productListingsQuerySchema, response: { 200: envelopeOf(productListingSchema) } },
    },
    async (request) => ok(await listProductListings(deps, authOf(request), request.body)),
  );
  r.get(
    `${V0}/warehouse/system/statuses`,
    { config: signedIn, schema: { tags, response: namedIds } },
    async () => ok([...SYSTEM_ORDER_STATUSES]),
  );
  // The picker's list: every type but Venmo (§3 Channel order payment).
  r.get(
    `${V0}/warehouse/channelOrder/paymentTypes`,
    { config: signedIn, schema: { tags, response: namedIds } },
    async () => ok([...PICKER_PAYMENT_TYPES]),
  );
  r.get(
    `${V0}/warehouse/deliveryTypes`,
    { config: signedIn, schema: { tags, response: namedIds } },
    async () => ok([...DELIVERY_TYPES]),
  );
  r.get(
    `${V0}/warehouse/salesChannels`,
    { config: signedIn, schema: { tags, response: { 200: envelopeOf(salesChannelSchema) } } },
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
    '/api/v1/backroom/user',
    {
      config: { permission: 'orders' },
      schema: { tags, querystring: salesPeopleQuerySchema, response: { 200: envelopeOf(salesPersonSchema) } },
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
