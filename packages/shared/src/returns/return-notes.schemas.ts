import { z } from 'zod';
import { idSchema, multilineText } from '../api/text';

// Return notes (returns.md §3 Return note, §7 PUT …/returns/notes { inboundReturn, text }), as the returns
// search's notes modal uses them. The names and rules are those of the return panels' notes (wt-ret-panels,
// packages/shared/src/returns/return-notes.ts), which replace this file when both are merged.

export const RETURN_NOTE_MAX_LENGTH = 4000;
const noteText = multilineText()
  .trim()
  .min(1, 'A note needs some text')
  .max(RETURN_NOTE_MAX_LENGTH, `A note is at most ${RETURN_NOTE_MAX_LENGTH} characters`);

/**
 * PUT /api/v1/backroom/returns/notes { inboundReturn, text }: the screen sends the return as it holds it; only
 * its id is read.
 */
export const returnNoteCreateSchema = z.object({
  inboundReturn: z.object({ id: idSchema }),
  text: noteText,
});
export type ReturnNoteCreate = z.infer<typeof returnNoteCreateSchema>;

/** §3 Return note: id, text, noteTypeId, user (firstName, lastName), createdAt; and the item it is about. */
export const returnNoteReplySchema = z.object({
  id: z.number().int(),
  inboundReturnId: z.number().int(),
  inboundReturnItemId: z.number().int().nullable(),
  noteTypeId: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }).nullable(),
});
export type ReturnNoteReply = z.infer<typeof returnNoteReplySchema>;

/** §8 'Return note add fails'. */
export const returnNoteErrorText = (inboundReturnId: number) =>
  `Error Adding Return Note for Return #${inboundReturnId}`;
