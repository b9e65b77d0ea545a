import { ok } from '@backroom/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The reply schema of a successful call: the specs' envelope around a list of `item`. */
export function envelopeOf<T extends z.ZodType>(item: T) {
  return z.object({ code: z.number(), data: z.array(item), error: z.null() });
}

export const emptyEnvelope = envelopeOf(z.never());

/**
 * A successful reply whose data is already written as a JSON array (a long list, its rows written straight
 * to JSON): the envelope is written around it as it is. A string reply skips the route's serializer, so its response schema only
 * documents the shape; the route's tests parse the reply with it.
 */
export function sendJsonList(reply: FastifyReply, list: { json: string; hasMore?: boolean }) {
  const more = list.hasMore === undefined ? '' : `,"hasMore":${list.hasMore}`;
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"code":200,"data":${list.json},"error":null${more}}`);
}

export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

export { ok };
