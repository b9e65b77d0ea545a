import { USER_NOTE_TYPE_ID } from '@backroom/shared';
import type { AppDeps } from '../../../deps';
import type { AuthContext } from '../../auth/auth-cache';
import { insertNote } from '../first-party-orders.repository';
import { editOrder } from '../order-edit';

/** PUT …/firstParty/note: a person's note on the order. */
export async function addNote(
  deps: AppDeps,
  auth: AuthContext,
  body: { channelOrderId: number; noteText: string },
) {
  return editOrder(deps, auth, body.channelOrderId, undefined, async (tx, order) => {
    await insertNote(tx, {
      accountId: auth.accountId,
      channelOrderId: order.id,
      userId: auth.userId,
      noteTypeId: USER_NOTE_TYPE_ID,
      text: body.noteText,
      modifiedBy: auth.userId,
    });
  });
}
