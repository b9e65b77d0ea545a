import { returnNoteCreateSchema, returnNoteReplySchema } from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { addReturnNote } from './return-notes.service';

/** PUT /api/v1/backroom/returns/notes { inboundReturn, text } (returns.md §7), permission returns. */
export function returnNoteRoutes(app: FastifyInstance, deps: AppDeps): void {
  typed(app).put(
    '/api/v1/backroom/returns/notes',
    {
      config: { permission: 'returns' },
      schema: {
        tags: ['returns'],
        body: returnNoteCreateSchema,
        response: { 200: envelopeOf(returnNoteReplySchema) },
      },
    },
    async (request) => ok(await addReturnNote(deps, authOf(request), request.body)),
  );
}
