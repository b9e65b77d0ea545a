import { returnItemNoteCreateSchema, returnNoteCreateSchema, returnNoteReplySchema } from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { addReturnItemNote, addReturnNote } from './return-notes.service';

/** Return notes and item notes (returns.md §7), permission returns. {service} = backroom. */
const V1 = '/api/v1/backroom/returns';
const tags = ['returns'];
const notes = envelopeOf(returnNoteReplySchema);

export function returnNoteRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  const config = { permission: 'returns' } as const;

  r.put(
    `${V1}/notes`,
    { config, schema: { tags, body: returnNoteCreateSchema, response: { 200: notes } } },
    async (request) => ok(await addReturnNote(deps, authOf(request), request.body)),
  );

  r.put(
    `${V1}/item/notes`,
    { config, schema: { tags, body: returnItemNoteCreateSchema, response: { 200: notes } } },
    async (request) => ok(await addReturnItemNote(deps, authOf(request), request.body)),
  );
}
