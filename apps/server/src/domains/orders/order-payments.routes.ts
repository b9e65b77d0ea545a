import {
  manualPaymentSchema,
  orderDetailSchema,
  redeemMerchantCreditSchema,
  refundInfoQuerySchema,
  refundInfoSchema,
  refundItemInfoQuerySchema,
  refundItemInfoSchema,
  refundReplySchema,
  refundSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { FP, one } from './first-party.routes';
import * as payments from './order-payments.service';

/** A first-party order's money (orders-warehouse.md §7 First-party orders): payments, credit, refunds. */
const tags = ['orders'];
const orders = { permission: 'orders' as const };
const refunds = { permission: 'orderRefunds' as const };
const order = { 200: envelopeOf(orderDetailSchema) };

export function orderPaymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  r.put(
    `${FP}/manualPayment`,
    { config: orders, schema: { tags, body: manualPaymentSchema, response: order } },
    (q) => one(payments.addManualPayment(deps, authOf(q), q.body)),
  );
  r.put(
    `${FP}/redeemMerchantCredit`,
    { config: orders, schema: { tags, body: redeemMerchantCreditSchema, response: order } },
    (q) => one(payments.redeemMerchantCredit(deps, authOf(q), q.body)),
  );
  r.put(
    `${FP}/refund`,
    {
      config: refunds,
      schema: { tags, body: refundSchema, response: { 200: envelopeOf(refundReplySchema) } },
    },
    (q) => one(payments.refundPayment(deps, authOf(q), q.body)),
  );
  // Payment details are for those who may refund (orders-warehouse.md §6: store managers).
  r.get(
    `${FP}/refund/return`,
    {
      config: refunds,
      schema: { tags, querystring: refundInfoQuerySchema, response: { 200: envelopeOf(refundInfoSchema) } },
    },
    async (q) => ok(await payments.refundInfo(deps, authOf(q), q.query.channelOrderId)),
  );
  r.get(
    `${FP}/refund/return/item`,
    {
      config: refunds,
      schema: {
        tags,
        querystring: refundItemInfoQuerySchema,
        response: { 200: envelopeOf(refundItemInfoSchema) },
      },
    },
    async (q) =>
      ok(
        await payments.refundItemInfo(deps, authOf(q), q.query.channelOrderId, q.query.channelOrderPaymentId),
      ),
  );
}
