import {
  finalizeSchema,
  firstPartyCreateSchema,
  firstPartyItemAddSchema,
  firstPartyItemPatchSchema,
  firstPartyNoteSchema,
  firstPartyOrderPatchSchema,
  itemDiscountCreateSchema,
  itemDiscountPatchSchema,
  orderDetailSchema,
  orderDiscountCreateSchema,
  orderDiscountPatchSchema,
  promotionCodeSchema,
  salesPeopleSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import * as fp from './use-cases';

/**
 * First-party orders (orders-warehouse.md §7 First-party orders: paths under
 * /v1/backroom/channelOrder/firstParty): the order, its items, notes and sales people here, its discounts and
 * promotions in firstPartyDiscountRoutes; its money, units and e-mail in routes files of their own. Every
 * reply that changes an order answers the order as it now is (data[0]), with its new sourceModifiedAt.
 */
export const FP = '/api/v1/backroom/channelOrder/firstParty';
const tags = ['orders'];
const config = { permission: 'orders' as const };
const order = { 200: envelopeOf(orderDetailSchema) };
/** The reply of a call that answers one record: the envelope around [record]. */
export const one = async <T>(value: Promise<T>) => ok([await value]);

export function firstPartyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  r.put(FP, { config, schema: { tags, body: firstPartyCreateSchema, response: order } }, (q) =>
    one(fp.createFirstPartyOrder(deps, authOf(q), q.body)),
  );
  r.patch(FP, { config, schema: { tags, body: firstPartyOrderPatchSchema, response: order } }, (q) =>
    one(fp.patchOrder(deps, authOf(q), q.body)),
  );
  r.put(`${FP}/item`, { config, schema: { tags, body: firstPartyItemAddSchema, response: order } }, (q) =>
    one(fp.addItem(deps, authOf(q), q.body)),
  );
  r.patch(`${FP}/item`, { config, schema: { tags, body: firstPartyItemPatchSchema, response: order } }, (q) =>
    one(fp.patchItem(deps, authOf(q), q.body)),
  );
  r.patch(`${FP}/finalize`, { config, schema: { tags, body: finalizeSchema, response: order } }, (q) =>
    one(fp.finalizeOrder(deps, authOf(q), q.body)),
  );
  r.put(`${FP}/note`, { config, schema: { tags, body: firstPartyNoteSchema, response: order } }, (q) =>
    one(fp.addNote(deps, authOf(q), q.body)),
  );
  r.patch(`${FP}/salesPeople`, { config, schema: { tags, body: salesPeopleSchema, response: order } }, (q) =>
    one(fp.setSalesPeople(deps, authOf(q), q.body)),
  );
}

/** A first-party order's discounts (order and item) and promotion codes. */
export function firstPartyDiscountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  r.put(
    `${FP}/discount`,
    { config, schema: { tags, body: orderDiscountCreateSchema, response: order } },
    (q) => one(fp.addOrderDiscount(deps, authOf(q), q.body)),
  );
  r.patch(
    `${FP}/discount`,
    { config, schema: { tags, body: orderDiscountPatchSchema, response: order } },
    (q) => one(fp.patchOrderDiscount(deps, authOf(q), q.body)),
  );
  r.put(
    `${FP}/item/discount`,
    { config, schema: { tags, body: itemDiscountCreateSchema, response: order } },
    (q) => one(fp.addItemDiscount(deps, authOf(q), q.body)),
  );
  r.patch(
    `${FP}/item/discount`,
    { config, schema: { tags, body: itemDiscountPatchSchema, response: order } },
    (q) => one(fp.patchItemDiscount(deps, authOf(q), q.body)),
  );
  r.post(
    `${FP}/applyPromotion`,
    { config, schema: { tags, body: promotionCodeSchema, response: order } },
    (q) => one(fp.applyPromotion(deps, authOf(q), q.body)),
  );
  r.post(
    `${FP}/removePromotion`,
    { config, schema: { tags, body: promotionCodeSchema, response: order } },
    (q) => one(fp.removePromotion(deps, authOf(q), q.body)),
  );
}
