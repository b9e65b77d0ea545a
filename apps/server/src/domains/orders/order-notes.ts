import type { Db } from '../../db/client';
import { orderNotes } from '../../db/schema';

/** noteTypeId of the notes the system writes (any value but 0, which is a person's note). */
export const SYSTEM_NOTE_TYPE_ID = 1;

/**
 * Writes a system note on an order, in the transaction that made the change, so the note exists exactly
 * when the change does ("every change must leave a note a person can read later").
 */
export async function addSystemNote(
  tx: Db,
  order: { id: number; accountId: number },
  userId: number | null,
  text: string,
) {
  await tx.insert(orderNotes).values({
    accountId: order.accountId,
    channelOrderId: order.id,
    userId,
    noteTypeId: SYSTEM_NOTE_TYPE_ID,
    text,
    modifiedBy: userId,
  });
}
