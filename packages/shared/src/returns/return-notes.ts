import { z } from 'zod';
import { idSchema, multilineText } from '../api/text';

// Return notes and item notes (returns.md §Item notes modal, §3 Return note, §5, §7, §8): the calls' payloads
// and replies and the error texts. A note is a person's (noteTypeId 0) or the system's (any other type); an
// item's notes are the return's notes that name the item.

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

/** PUT /api/v1/backroom/returns/item/notes { inboundReturnItem, text }: only the item's id is read. */
export const returnItemNoteCreateSchema = z.object({
  inboundReturnItem: z.object({ id: idSchema }),
  text: noteText,
});
export type ReturnItemNoteCreate = z.infer<typeof returnItemNoteCreateSchema>;

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
/** §8 'Item note add fails'. */
export const returnItemNoteErrorText = (inboundReturnItemId: number) =>
  `Error Adding Return Note for Return Item #${inboundReturnItemId}`;

/** A note is one line: pasted or typed line breaks become spaces (Enter submits, §5). */
export const oneLineNote = (text: string) => text.replace(/\r\n|\r|\n/g, ' ');

/** Notes newest first (equal times: the later insert first). */
export function newestNotesFirst<T extends { id: number; createdAt: string }>(notes: readonly T[]): T[] {
  const time = (value: string) => new Date(value).getTime() || 0;
  return [...notes].sort((a, b) => time(b.createdAt) - time(a.createdAt) || b.id - a.id);
}
