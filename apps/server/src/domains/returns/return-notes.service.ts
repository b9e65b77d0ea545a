import type { ReturnNoteCreate, ReturnNoteReply } from '@backroom/shared';
import { and, eq } from 'drizzle-orm';
import { inboundReturnNotes, inboundReturns } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { iso } from '../orders/order-detail';
import { findReturnNotes } from './returns.repository';

// Return notes (returns.md §3 Return note, §7 PUT …/returns/notes): a person's note (noteTypeId 0) on the
// return, written by the signed-in user. The reply is the return's notes, newest first, so the screen shows the
// count and the last one at once. The return panels (wt-ret-panels) build the same call, with item notes, in
// files of the same names and exports: theirs replace these two when both are merged.

/** A person's note: noteTypeId 0 (a system note is any other type). */
const PERSON_NOTE_TYPE_ID = 0;

export async function addReturnNote(
  deps: AppDeps,
  auth: AuthContext,
  body: ReturnNoteCreate,
): Promise<ReturnNoteReply[]> {
  const inboundReturnId = body.inboundReturn.id;
  await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: inboundReturns.id })
      .from(inboundReturns)
      .where(and(eq(inboundReturns.id, inboundReturnId), eq(inboundReturns.accountId, auth.accountId)));
    if (!found) throw notFound(`Return #${inboundReturnId} not found.`);
    await tx.insert(inboundReturnNotes).values({
      accountId: auth.accountId,
      inboundReturnId,
      userId: auth.userId,
      noteTypeId: PERSON_NOTE_TYPE_ID,
      text: body.text,
    });
  });
  const notes = await findReturnNotes(deps.db, inboundReturnId);
  return notes.map(({ note, firstName, lastName }) => ({
    id: note.id,
    inboundReturnId: note.inboundReturnId,
    inboundReturnItemId: note.inboundReturnItemId,
    noteTypeId: note.noteTypeId,
    text: note.text,
    createdAt: iso(note.createdAt)!,
    user: note.userId ? { firstName, lastName } : null,
  }));
}
