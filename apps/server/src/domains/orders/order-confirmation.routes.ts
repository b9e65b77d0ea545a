import {
  confirmationHeadersSchema,
  confirmationSentSchema,
  idParamSchema,
  outboxMessageSchema,
  outboxQuerySchema,
  outboxRowSchema,
  printReceiptSchema,
  queuedPrintJobSchema,
  sendConfirmationSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { one } from './first-party.routes';
import * as mail from './order-confirmation.service';
import { printReceipt } from './order-receipt.service';

/** What a first-party order's customer is given: the receipt, the confirmation e-mail (kept in the Outbox). */
const tags = ['orders'];
const config = { permission: 'orders' as const };

export function orderConfirmationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  r.post(
    '/api/v1/backroom/print/receipt',
    {
      config,
      schema: { tags, body: printReceiptSchema, response: { 200: envelopeOf(queuedPrintJobSchema) } },
    },
    async (q) => ok(await printReceipt(deps, authOf(q), q.body)),
  );
  r.post(
    '/api/v2/vsf/checkout/sendConfirmationEmail',
    {
      config,
      schema: {
        tags,
        body: sendConfirmationSchema,
        headers: confirmationHeadersSchema,
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
      config,
      schema: { tags, querystring: outboxQuerySchema, response: { 200: envelopeOf(outboxRowSchema) } },
    },
    async (q) => ok(await mail.listOutbox(deps, authOf(q), q.query)),
  );
  r.get(
    '/api/backroom/mail/outbox/:id',
    { config, schema: { tags, params: idParamSchema, response: { 200: envelopeOf(outboxMessageSchema) } } },
    (q) => one(mail.getOutboxMessage(deps, authOf(q), q.params.id)),
  );
}
