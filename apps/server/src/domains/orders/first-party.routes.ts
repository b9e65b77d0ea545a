import {
  availableUnitSchema,
  completeCancellationSchema,
  confirmationSentSchema,
  deallocationOptionsSchema,
  finalizeSchema,
  firstPartyCreateSchema,
  firstPartyItemAddSchema,
  firstPartyItemPatchSchema,
  firstPartyNoteSchema,
  firstPartyOrderPatchSchema,
  idParam,
  idSchema,
  intParam,
  intSchema,
  itemDiscountCreateSchema,
  itemDiscountPatchSchema,
  manualPaymentSchema,
  orderDetailSchema,
  orderDiscountCreateSchema,
  orderDiscountPatchSchema,
  outboxMessageSchema,
  outboxRowSchema,
  promotionCodeSchema,
  queuedPrintJobSchema,
  redeemMerchantCreditSchema,
  refundInfoSchema,
  refundItemInfoSchema,
  refundReplySchema,
  refundSchema,
  salesPeopleSchema,
  sendConfirmationSchema,
  text,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import * as allocation from './order-allocation.service';
import * as mail from './order-confirmation.service';
import * as payments from './order-payments.service';
import { printReceipt } from './order-receipt.service';
import * as fp from './use-cases';

/**
 * First-party orders (orders-warehouse.md §7 First-party orders: paths under
 * /v1/backroom/channelOrder/firstParty), their units, the confirmation e-mail and the Outbox. Every reply
 * that changes an order answers the order as it now is (data[0]), with its new sourceModifiedAt.
 */
const FP = '/api/v1/backroom/channelOrder/firstParty';
const tags = ['orders'];
const order = { 200: envelopeOf(orderDetailSchema) };
const one = async <T>(value: Promise<T>) => ok([await value]);

export function firstPartyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  const orders = { permission: 'orders' as const };
  const refunds = { permission: 'orderRefunds' as const };

  r.put(FP, { config: orders, schema: { tags, body: firstPartyCreateSchema, response: order } }, (q) =>
    one(fp.createFirstPartyOrder(deps, authOf(q), q.body)),
  );
  r.patch(FP, { config: orders, schema: { tags, body: firstPartyOrderPatchSchema, response: order } }, (q) =>
    one(fp.patchOrder(deps, authOf(q), q.body)),
  );
  r.put(
    `${FP}/item`,
    { config: orders, schema: { tags, body: firstPartyItemAddSchema, response: order } },
    (q) => one(fp.addItem(deps, authOf(q), q.body)),
  );
  r.patch(
    `${FP}/item`,
    { config: orders, schema: { tags, body: firstPartyItemPatchSchema, response: order } },
    (q) => one(fp.patchItem(deps, authOf(q), q.body)),
  );
  r.patch(
    `${FP}/finalize`,
    { config: orders, schema: { tags, body: finalizeSchema, response: order } },
    (q) => one(fp.finalizeOrder(deps, authOf(q), q.body)),
  );
  r.put(
    `${FP}/discount`,
    { config: orders, schema: { tags, body: orderDiscountCreateSchema, response: order } },
    (q) => one(fp.addOrderDiscount(deps, authOf(q), q.body)),
  );
  r.patch(
    `${FP}/discount`,
    { config: orders, schema: { tags, body: orderDiscountPatchSchema, response: order } },
    (q) => one(fp.patchOrderDiscount(deps, authOf(q), q.body)),
  );
  r.put(
    `${FP}/item/discount`,
    { config: orders, schema: { tags, body: itemDiscountCreateSchema, response: order } },
    (q) => one(fp.addItemDiscount(deps, authOf(q), q.body)),
  );
  r.patch(
    `${FP}/item/discount`,
    { config: orders, schema: { tags, body: itemDiscountPatchSchema, response: order } },
    (q) => one(fp.patchItemDiscount(deps, authOf(q), q.body)),
  );
  r.post(
    `${FP}/applyPromotion`,
    { config: orders, schema: { tags, body: promotionCodeSchema, response: order } },
    (q) => one(fp.applyPromotion(deps, authOf(q), q.body)),
  );
  r.post(
    `${FP}/removePromotion`,
    { config: orders, schema: { tags, body: promotionCodeSchema, response: order } },
    (q) => one(fp.removePromotion(deps, authOf(q), q.body)),
  );
  r.put(
    `${FP}/note`,
    { config: orders, schema: { tags, body: firstPartyNoteSchema, response: order } },
    (q) => one(fp.addNote(deps, authOf(q), q.body)),
  );
  r.patch(
    `${FP}/salesPeople`,
    { config: orders, schema: { tags, body: salesPeopleSchema, response: order } },
    (q) => one(fp.setSalesPeople(deps, authOf(q), q.body)),
  );

  // Money.
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
      schema: {
        tags,
        querystring: z.object({ channelOrderId: idParam }),
        response: { 200: envelopeOf(refundInfoSchema) },
      },
    },
    async (q) => ok(await payments.refundInfo(deps, authOf(q), q.query.channelOrderId)),
  );
  r.get(
    `${FP}/refund/return/item`,
    {
      config: refunds,
      schema: {
        tags,
        querystring: z.object({
          channelOrderId: idParam,
          channelOrderPaymentId: idParam,
        }),
        response: { 200: envelopeOf(refundItemInfoSchema) },
      },
    },
    async (q) =>
      ok(
        await payments.refundItemInfo(deps, authOf(q), q.query.channelOrderId, q.query.channelOrderPaymentId),
      ),
  );

  // Units.
  r.patch(
    `${FP}/allocateSelectedProductUnits`,
    {
      config: orders,
      schema: {
        tags,
        body: z.object({
          channelOrderId: idSchema,
          warehouseId: idSchema,
          channelId: idSchema.optional(),
          pickRequestId: idSchema.nullish(),
          selectedProductUnits: z
            .array(
              z.object({
                channelOrderItemId: idSchema,
                inventoryLocationItemId: idSchema,
              }),
            )
            .min(1)
            .max(999),
        }),
        response: order,
      },
    },
    (q) => one(allocation.allocateUnits(deps, authOf(q), q.body)),
  );
  r.patch(
    `${FP}/deallocateSelectedUnits`,
    {
      config: orders,
      schema: {
        tags,
        body: z.object({
          channelOrderId: idSchema,
          warehouseId: idSchema.optional(),
          channelId: idSchema.optional(),
          pickRequestId: idSchema.nullish(),
          selectedProductUnits: z.array(z.unknown()).optional(),
          /** Pick request item ids. */
          selectedUnits: z.array(idSchema).min(1).max(999),
          destinationDivision: z.union([idSchema, text().trim().min(1).max(64)]),
        }),
        response: order,
      },
    },
    (q) => one(allocation.deallocateUnits(deps, authOf(q), q.body)),
  );
  r.patch(
    `${FP}/completeCancellation`,
    { config: orders, schema: { tags, body: completeCancellationSchema, response: order } },
    (q) => one(allocation.completeCancellation(deps, authOf(q), q.body)),
  );
  r.post(
    '/api/v1/backroom/inventory/getAvailableUnitSelectionData',
    {
      config: orders,
      schema: {
        tags,
        body: z.object({
          productIds: z.array(idSchema).max(200),
          warehouseIds: z.array(idSchema).max(50).optional(),
          inventoryLocationItemIds: z.array(idSchema).max(999).optional(),
          channelId: idSchema.optional(),
          allowIsWithheld: z.boolean().optional(),
          ignoreWithheldWarehouseDivisionTypeIds: z.array(intSchema()).optional(),
          orderByKey: text().max(40).optional(),
          limit: z.number().int().min(1).max(999).default(999),
          debug: z.boolean().optional(),
        }),
        response: { 200: envelopeOf(availableUnitSchema) },
      },
    },
    async (q) => ok(await allocation.availableUnitSelection(deps, authOf(q), q.body)),
  );
  r.post(
    '/api/v1/backroom/inventory/getDeallocationUnitOptions',
    {
      config: orders,
      schema: {
        tags,
        body: z.object({ pickRequestId: idSchema }),
        response: { 200: envelopeOf(deallocationOptionsSchema) },
      },
    },
    async (q) => ok(await allocation.deallocationOptions(deps, authOf(q), q.body.pickRequestId)),
  );
  r.patch(
    '/api/backroom/chaos/markPicked',
    {
      config: orders,
      schema: {
        tags,
        body: z.object({
          inventoryLocationItem: idSchema,
          pickRequestItem: idSchema,
          debug: z.boolean().optional(),
        }),
        response: order,
      },
    },
    (q) => one(allocation.markPicked(deps, authOf(q), q.body)),
  );

  r.post(
    '/api/v1/backroom/print/receipt',
    {
      config: orders,
      schema: {
        tags,
        body: z.object({
          serverPrinterId: idSchema,
          channelOrderId: idSchema,
          isGiftReceipt: z.boolean().default(false),
        }),
        response: { 200: envelopeOf(queuedPrintJobSchema) },
      },
    },
    async (q) => ok(await printReceipt(deps, authOf(q), q.body)),
  );

  // The confirmation e-mail and the Outbox.
  r.post(
    '/api/v2/vsf/checkout/sendConfirmationEmail',
    {
      config: orders,
      schema: {
        tags,
        body: sendConfirmationSchema,
        headers: z.looseObject({
          'x-site-id': intParam().optional(),
          'x-channel-id': intParam().optional(),
        }),
        response: { 200: envelopeOf(confirmationSentSchema) },
      },
    },
    (q) =>
      one(
        mail.sendOrderConfirmation(deps, authOf(q), q.body, {
          siteId: q.headers['x-site-id'],
          channelId: q.headers['x-channel-id'],
        }),
      ),
  );
  r.get(
    '/api/backroom/mail/outbox',
    {
      config: orders,
      schema: {
        tags,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(250).default(100),
          offset: intParam().default(0),
        }),
        response: { 200: envelopeOf(outboxRowSchema) },
      },
    },
    async (q) => ok(await mail.listOutbox(deps, authOf(q), q.query)),
  );
  r.get(
    '/api/backroom/mail/outbox/:id',
    {
      config: orders,
      schema: { tags, params: z.object({ id: idParam }), response: { 200: envelopeOf(outboxMessageSchema) } },
    },
    (q) => one(mail.getOutboxMessage(deps, authOf(q), q.params.id)),
  );
}
