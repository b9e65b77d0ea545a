import {
  type ReturnItemNoteCreate,
  type ReturnNoteCreate,
  type ReturnNoteReply,
  USER_NOTE_TYPE_ID,
} from '@backroom/shared';
import { and, desc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inboundReturnItems, inboundReturnNotes, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { isoOf, lockReturn, REPEAT_WINDOW_MS } from './return-panel-rows';

// Return notes and item notes (returns.md §Item notes modal, §3 Return note, §7): a person's note (noteTypeId 0)
// on the return or on one of its items. The same words sent twice by one user within a few seconds are one
// click repeated: the note is written once.

/** Notes of the return matching `where`, newest first, with their authors' names. */
async function notesWhere(db: Db, where: SQL | undefined): Promise<ReturnNoteReply[]> {
  const rows = await db
    .select({ note: inboundReturnNotes, firstName: users.firstName, lastName: users.lastName })
    .from(inboundReturnNotes)
    .leftJoin(users, eq(users.id, inboundReturnNotes.userId))
    .where(where)
    .orderBy(desc(inboundReturnNotes.createdAt), desc(inboundReturnNotes.id));
  return rows.map(({ note, firstName, lastName }) => ({
    id: note.id,
    inboundReturnId: note.inboundReturnId,
    inboundReturnItemId: note.inboundReturnItemId,
    noteTypeId: note.noteTypeId,
    text: note.text,
    createdAt: isoOf(note.createdAt),
    user: note.userId ? { firstName, lastName } : null,
  }));
}

async function addNote(
  tx: Db,
  auth: AuthContext,
  inboundReturnId: number,
  inboundReturnItemId: number | null,
  text: string,
) {
  const item = inboundReturnItemId
    ? eq(inboundReturnNotes.inboundReturnItemId, inboundReturnItemId)
    : isNull(inboundReturnNotes.inboundReturnItemId);
  const [repeated] = await tx
    .select({ id: inboundReturnNotes.id })
    .from(inboundReturnNotes)
    .where(
      and(
        eq(inboundReturnNotes.inboundReturnId, inboundReturnId),
        item,
        eq(inboundReturnNotes.userId, auth.userId),
        eq(inboundReturnNotes.noteTypeId, USER_NOTE_TYPE_ID),
        eq(inboundReturnNotes.text, text),
        gt(inboundReturnNotes.createdAt, new Date(Date.now() - REPEAT_WINDOW_MS)),
      ),
    );
  if (repeated) return;
  await tx.insert(inboundReturnNotes).values({
    accountId: auth.accountId,
    inboundReturnId,
    inboundReturnItemId,
    userId: auth.userId,
    noteTypeId: USER_NOTE_TYPE_ID,
    text,
  });
}

/** PUT …/returns/notes { inboundReturn, text }: a note on the return. Answers the return's notes, newest first. */
export async function addReturnNote(deps: AppDeps, auth: AuthContext, body: ReturnNoteCreate) {
  const inboundReturnId = body.inboundReturn.id;
  await deps.db.transaction(async (tx) => {
    await lockReturn(tx, auth.accountId, inboundReturnId);
    await addNote(tx, auth, inboundReturnId, null, body.text);
  });
  return notesWhere(deps.db, eq(inboundReturnNotes.inboundReturnId, inboundReturnId));
}

/** PUT …/returns/item/notes { inboundReturnItem, text }: a note on an item. Answers the item's notes, newest first. */
export async function addReturnItemNote(deps: AppDeps, auth: AuthContext, body: ReturnItemNoteCreate) {
  const itemId = body.inboundReturnItem.id;
  const [item] = await deps.db
    .select({ id: inboundReturnItems.id, inboundReturnId: inboundReturnItems.inboundReturnId })
    .from(inboundReturnItems)
    .where(and(eq(inboundReturnItems.id, itemId), eq(inboundReturnItems.accountId, auth.accountId)));
  if (!item) throw notFound(`Return item ${itemId} not found.`);
  await deps.db.transaction(async (tx) => {
    await lockReturn(tx, auth.accountId, item.inboundReturnId);
    await addNote(tx, auth, item.inboundReturnId, item.id, body.text);
  });
  return notesWhere(deps.db, eq(inboundReturnNotes.inboundReturnItemId, item.id));
}
