import {
  applySavingRules,
  itemStatusMoveProblem,
  RETURN_ITEM_STATUS,
  type ReturnPatch,
  returnItemStatusName,
  returnStatusMoveProblem,
  returnStatusName,
  staleReturnMessage,
} from '@backroom/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inboundReturnItems, inboundReturnNotes, inboundReturns, products } from '../../db/schema';
import { conflict, notFound, stale } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { SYSTEM_NOTE_TYPE_ID } from '../orders/order-notes';
import { lockReturn } from './return-panel-rows';

// PATCH …/returns (returns.md §4 Saving rules, §7): the screen's edits to a return and its items, the
// saving rules applied on the server whatever the screen sent, and the optimistic check that refuses a save
// made from a copy someone else has changed since (409, code 'stale').

/** What saving reads of the locked return (lockReturn in return-panel-rows.ts gives the whole row). */
export interface LockedReturn {
  id: number;
  returnStatusId: number;
  modifiedAt: Date;
}

type ReturnEdit = ReturnPatch['inboundReturns'][number];

/** Applies one return's edits (status, item quantity, status, reason, reason detail) and the saving rules. */
export async function saveReturnEdits(tx: Db, auth: AuthContext, edit: ReturnEdit): Promise<void> {
  const locked = await lockReturn(tx, auth.accountId, edit.id);
  // Whole milliseconds on both sides: the version the screen was given is the one stored.
  if (new Date(edit.modifiedAt).getTime() !== locked.modifiedAt.getTime()) {
    throw stale(staleReturnMessage(edit.id));
  }
  const items = await tx
    .select({ item: inboundReturnItems, sku: products.sku })
    .from(inboundReturnItems)
    .leftJoin(products, eq(products.id, inboundReturnItems.productId))
    .where(eq(inboundReturnItems.inboundReturnId, edit.id))
    .orderBy(asc(inboundReturnItems.id))
    .for('update', { of: inboundReturnItems });
  const byId = new Map(items.map((row) => [row.item.id, row]));
  const changes: string[] = [];
  for (const patch of edit.items ?? []) {
    const row = byId.get(patch.id);
    if (!row) throw notFound(`Return item ${patch.id} is not on Return #${edit.id}.`);
    const { item } = row;
    const label = row.sku ?? `Item ${item.id}`;
    const set: Partial<typeof inboundReturnItems.$inferInsert> = {};
    if (patch.quantity !== undefined && patch.quantity !== item.quantity) {
      // Plus/minus is for New items; a first-party scan adds to an item still below Received (§4).
      if (item.inboundReturnItemStatusId >= RETURN_ITEM_STATUS.received) {
        throw conflict(
          `${label} is ${returnItemStatusName(item.inboundReturnItemStatusId)}: only New items change their expected quantity.`,
        );
      }
      if (patch.quantity < item.quantityReceived) {
        throw conflict(`${label} has ${item.quantityReceived} received: it cannot expect fewer than that.`);
      }
      set.quantity = patch.quantity;
      changes.push(`${label} expected ${item.quantity} → ${patch.quantity}`);
    }
    if (
      patch.inboundReturnItemStatusId !== undefined &&
      patch.inboundReturnItemStatusId !== item.inboundReturnItemStatusId
    ) {
      const problem = itemStatusMoveProblem(item, patch.inboundReturnItemStatusId, label);
      if (problem) throw conflict(problem);
      set.inboundReturnItemStatusId = patch.inboundReturnItemStatusId;
      changes.push(
        `${label} ${returnItemStatusName(item.inboundReturnItemStatusId)} → ${returnItemStatusName(patch.inboundReturnItemStatusId)}`,
      );
    }
    if (patch.returnReasonId !== undefined && patch.returnReasonId !== item.returnReasonId)
      set.returnReasonId = patch.returnReasonId;
    if (patch.returnReasonNote !== undefined && (patch.returnReasonNote || null) !== item.returnReasonNote)
      set.returnReasonNote = patch.returnReasonNote || null;
    if (Object.keys(set).length > 0) {
      await tx.update(inboundReturnItems).set(set).where(eq(inboundReturnItems.id, item.id));
    }
  }
  if (edit.returnStatusId !== undefined && edit.returnStatusId !== locked.returnStatusId) {
    const unitsReceived = items.reduce((sum, row) => sum + row.item.quantityReceived, 0);
    const problem = returnStatusMoveProblem(
      { id: edit.id, returnStatusId: locked.returnStatusId, unitsReceived },
      edit.returnStatusId,
    );
    if (problem) throw conflict(problem);
    changes.push(
      `Return ${returnStatusName(locked.returnStatusId)} → ${returnStatusName(edit.returnStatusId)}`,
    );
    await tx
      .update(inboundReturns)
      .set({ returnStatusId: edit.returnStatusId })
      .where(eq(inboundReturns.id, edit.id));
    locked.returnStatusId = edit.returnStatusId;
  }
  await applyRulesAndTouch(tx, auth, locked, changes.length ? `${changes.join('; ')}.` : null);
}

/**
 * The saving rules on the return as it now stands, what they change written back, the version moved on, and
 * a system note saying what changed (the caller's `what`, then the rules' own changes).
 */
export async function applyRulesAndTouch(
  tx: Db,
  auth: AuthContext,
  locked: LockedReturn,
  what: string | null,
): Promise<void> {
  const items = await tx
    .select({
      id: inboundReturnItems.id,
      inboundReturnItemStatusId: inboundReturnItems.inboundReturnItemStatusId,
      quantity: inboundReturnItems.quantity,
      quantityReceived: inboundReturnItems.quantityReceived,
      sku: products.sku,
    })
    .from(inboundReturnItems)
    .leftJoin(products, eq(products.id, inboundReturnItems.productId))
    .where(eq(inboundReturnItems.inboundReturnId, locked.id))
    .orderBy(asc(inboundReturnItems.id));
  const result = applySavingRules({ returnStatusId: locked.returnStatusId, items });
  const ruled: string[] = [];
  for (const [index, after] of result.items.entries()) {
    const before = items[index]!;
    if (after.inboundReturnItemStatusId === before.inboundReturnItemStatusId) continue;
    await tx
      .update(inboundReturnItems)
      .set({ inboundReturnItemStatusId: after.inboundReturnItemStatusId })
      .where(eq(inboundReturnItems.id, after.id));
    if (after.inboundReturnItemStatusId === RETURN_ITEM_STATUS.processed)
      ruled.push(`${before.sku ?? `Item ${before.id}`} Processed`);
  }
  if (result.returnStatusId !== locked.returnStatusId) {
    ruled.push(`Return ${returnStatusName(result.returnStatusId)}`);
  }
  // The version always moves forward, even within one millisecond of the last save.
  const modifiedAt = new Date(Math.max(Date.now(), locked.modifiedAt.getTime() + 1));
  const text = [what, ruled.length ? `${ruled.join('; ')}.` : null].filter(Boolean).join(' ');
  // The return's status and version and the system note in one statement.
  await tx.execute(sql`
    with touched as (
      update ${inboundReturns} set return_status_id = ${result.returnStatusId}, modified_at = ${modifiedAt.toISOString()}
      where id = ${locked.id})
    insert into ${inboundReturnNotes} (account_id, inbound_return_id, user_id, note_type_id, text)
    select ${auth.accountId}, ${locked.id}, ${auth.userId}, ${SYSTEM_NOTE_TYPE_ID}, ${text}
    where ${text !== ''}`);
  locked.returnStatusId = result.returnStatusId;
  locked.modifiedAt = modifiedAt;
}
