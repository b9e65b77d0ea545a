import { text } from '@backroom/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { shippingLabels } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../http/errors';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { EasyPostCarrier, trackingUpdateOf } from './easypost-carrier';
import { applyTracking } from './tracking';

export const EASYPOST_WEBHOOK_PATH = '/api/v1/shipping/webhooks/easypost';

/** The parts of EasyPost's Event this endpoint reads; everything else in it is kept as sent. */
const trackerSchema = z.looseObject({
  object: z.literal('Tracker'),
  tracking_code: text().max(100),
  status: text().max(50),
  est_delivery_date: text().max(50).nullish(),
  tracking_details: z
    .array(z.looseObject({ status: text().max(50), datetime: text().max(50) }))
    .max(500)
    .optional(),
});
const eventSchema = z.looseObject({
  object: z.literal('Event').optional(),
  description: text().max(100),
  result: z.looseObject({ object: text().max(50).optional() }).nullish(),
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as it came: what a webhook's signature is computed over. */
    rawBody?: Buffer;
  }
}

/**
 * POST /api/v1/shipping/webhooks/easypost (public: EasyPost calls it). The event must carry EasyPost's HMAC
 * signature of the body made with EASYPOST_WEBHOOK_SECRET (X-Hmac-Signature): a missing header is a 400, a
 * wrong signature a 401, and neither changes anything. A tracker.created / tracker.updated event updates the
 * label with that tracking number; other events are acknowledged and left alone.
 */
export async function easypostWebhookRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    // JSON kept as bytes too: the signature is over the body as sent, not over a re-serialisation.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      request.rawBody = body as Buffer;
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch (error) {
        done(Object.assign(error as Error, { statusCode: 400 }), undefined);
      }
    });
    typed(scope).post(
      EASYPOST_WEBHOOK_PATH,
      {
        config: { permission: 'public' },
        schema: {
          tags: ['shipping'],
          body: eventSchema,
          headers: z.looseObject({ 'x-hmac-signature': text().max(200).optional() }),
          response: { 200: envelopeOf(z.object({ received: z.boolean(), updated: z.number() })) },
        },
      },
      async (request) => {
        const secret = deps.config.easypostWebhookSecret;
        const easypost = deps.carriers.byKind('easypost');
        if (!secret || !(easypost instanceof EasyPostCarrier))
          throw notFound('EasyPost is not configured on this server.');
        const signature = request.headers['x-hmac-signature'];
        if (!signature) throw new AppError(400, 'The X-Hmac-Signature header is missing.');
        try {
          easypost.validateWebhook(
            request.rawBody ?? Buffer.alloc(0),
            { 'x-hmac-signature': signature },
            secret,
          );
        } catch {
          throw new AppError(401, 'The webhook signature does not match.');
        }
        const event = request.body;
        if (!/^tracker\.(created|updated)$/.test(event.description))
          return ok([{ received: true, updated: 0 }]);
        const parsed = trackerSchema.safeParse(event.result);
        if (!parsed.success) return ok([{ received: true, updated: 0 }]);
        const update = trackingUpdateOf(parsed.data);
        const labels = await deps.db
          .select({ id: shippingLabels.id })
          .from(shippingLabels)
          .where(
            and(
              eq(shippingLabels.adapter, 'easypost'),
              eq(shippingLabels.trackingNumber, update.trackingNumber),
            ),
          );
        let updated = 0;
        for (const label of labels) if (await applyTracking(deps, label.id, update)) updated++;
        return ok([{ received: true, updated }]);
      },
    );
  });
}
