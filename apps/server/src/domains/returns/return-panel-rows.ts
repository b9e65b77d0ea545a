import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inboundReturnNotes, inboundReturns } from '../../db/schema';
import { notFound } from '../../http/errors';
import { SYSTEM_NOTE_TYPE_ID } from '../orders/order-notes';

// What the return panels' calls (payments, notes, appeal, refund) share: the return locked for the change, and
// the system note each change leaves on it (docs/architecture.md §4: every change that matters leaves a
// trace).

/** Two identical submissions by one user this close together are one click repeated (a double click, a retry). */
export const REPEAT_WINDOW_MS = 10_000;

/** The return, locked for the transaction (changes to one return wait for each other), or 404. */
export async function lockReturn(tx: Db, accountId: number, inboundReturnId: number) {
  const [row] = await tx
    .select()
    .from(inboundReturns)
    .where(and(eq(inboundReturns.id, inboundReturnId), eq(inboundReturns.accountId, accountId)))
    .for('update');
  if (!row) throw notFound(`Return #${inboundReturnId} not found.`);
  return row;
}

/** A system note on the return, written in the transaction that made the change. */
export async function addReturnSystemNote(
  tx: Db,
  auth: { accountId: number; userId: number },
  inboundReturnId: number,
  text: string,
  inboundReturnItemId: number | null = null,
) {
  await tx.insert(inboundReturnNotes).values({
    accountId: auth.accountId,
    inboundReturnId,
    inboundReturnItemId,
    userId: auth.userId,
    noteTypeId: SYSTEM_NOTE_TYPE_ID,
    text,
  });
}

/** An instant as replies carry it. */
export const isoOf = (value: Date) => value.toISOString();
