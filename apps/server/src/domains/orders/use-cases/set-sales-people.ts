import type { AppDeps } from '../../../deps';
import { badRequest } from '../../../http/errors';
import type { AuthContext } from '../../auth/auth-cache';
import { countAccountUsers, replaceSalesPeople } from '../first-party-orders.repository';
import { editOrder } from '../order-edit';
import { addSystemNote } from '../order-notes';
import { lineOf } from './order-checks';

/** PATCH …/firstParty/salesPeople: the users credited with an item (salesperson role, this account). */
export async function setSalesPeople(
  deps: AppDeps,
  auth: AuthContext,
  body: { channelOrderItemId: number; userIds: number[] },
) {
  const line = await lineOf(deps.db, auth.accountId, body.channelOrderItemId);
  return editOrder(deps, auth, line.channelOrderId, undefined, async (tx, order) => {
    const ids = [...new Set(body.userIds)];
    if (ids.length && (await countAccountUsers(tx, auth.accountId, ids)) !== ids.length)
      throw badRequest('Every sales person must be a user of this account.');
    await replaceSalesPeople(tx, line.id, ids);
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Sales people of ${line.listingSKU ?? 'an item'} set (${ids.length}).`,
    );
  });
}
