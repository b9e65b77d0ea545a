import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { envelopeOf, ok, typed } from '../../http/route-helpers';

export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  typed(app).get(
    '/api/health',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['health'],
        response: {
          200: envelopeOf(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })),
        },
      },
    },
    async () => {
      await deps.db.execute('select 1');
      return ok({ status: 'ok' as const, database: deps.dbKind });
    },
  );
}
