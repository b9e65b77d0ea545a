import { ok } from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The reply schema of a successful call: the specs' envelope around a list of `item`. */
export function envelopeOf<T extends z.ZodType>(item: T) {
  return z.object({ code: z.number(), data: z.array(item), error: z.null() });
}

export const emptyEnvelope = envelopeOf(z.never());

export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

export { ok };
