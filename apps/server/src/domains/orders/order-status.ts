import { orderStatusName } from '@backroom/shared';
import type { Db } from '../../db/client';
import type { AuthContext } from '../auth/auth-cache';
import type { LockedOrder } from './order-edit';
import { updateOrder } from './order-edit.repository';
import { addSystemNote } from './order-notes';

/** Moves a locked order to `target` with a note saying from what (and why, when given); the same status is no change. */
export async function setStatus(tx: Db, auth: AuthContext, order: LockedOrder, target: number, why?: string) {
  if (target === order.systemOrderStatusId) return;
  await updateOrder(tx, order.id, { systemOrderStatusId: target });
  await addSystemNote(
    tx,
    order,
    auth.userId,
    `Status changed from ${orderStatusName(order.systemOrderStatusId)} to ${orderStatusName(target)}${why ? ` (${why})` : ''}.`,
  );
}
