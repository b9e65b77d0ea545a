import { z } from 'zod';
import { idSchema, multilineText } from '../api/text';

// Return notes (returns.md §3 Return note, §7 PUT …/returns/notes { inboundReturn, text }).

/** A note's longest text. */
export const RETURN_NOTE_MAX = 2000;

/**
 * PUT /api/v1/backroom/returns/notes: a person's note on the return. `inboundReturn` is the return as the
 * screen holds it; only its id is read (any other field is dropped).
 */
export const returnNoteAddSchema = z.object({
  inboundReturn: z.object({ id: idSchema }),
  text: multilineText().trim().min(1, 'Enter a note').max(RETURN_NOTE_MAX),
});
export type ReturnNoteAdd = z.infer<typeof returnNoteAddSchema>;

/** returns.md §3 Return note: a person's (noteTypeId 0) or the system's; on an item when it names one. */
export const returnNoteSchema = z.object({
  id: idSchema,
  inboundReturnId: idSchema,
  inboundReturnItemId: idSchema.nullable(),
  noteTypeId: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  user: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
});
export type ReturnNoteDto = z.infer<typeof returnNoteSchema>;

/** returns.md §8 and §7: a failed note add on the return page, and from the search list. */
export const returnNoteAddError = (inboundReturnId: number) =>
  `Error Adding Return Note for Return #${inboundReturnId}`;
export const RETURN_NOTE_ADD_ERROR_FROM_SEARCH = 'Error Adding a Return Note.';
