import { firstPartyTransition, formatMoney } from '@backroom/shared';
import type { AppDeps } from '../../../deps';
import { conflict } from '../../../http/errors';
import type { AuthContext } from '../../auth/auth-cache';
import { editOrder, firstPartyFactsOf, orderBalance } from '../order-edit';
import { addSystemNote } from '../order-notes';
import { setStatus } from '../order-status';

/**
 * PATCH …/firstParty/finalize: the sale is done being built and its money settled (the status machine,
 * first-party-status.ts): Completed when every line was carried out and picked, else Ready. With money still
 * due (or paid beyond the total) it is refused with what to do, and nothing changes.
 */
export async function finalizeOrder(
  deps: AppDeps,
  auth: AuthContext,
  body: { channelOrderId: number; sourceModifiedAt: string },
) {
  return editOrder(deps, auth, body.channelOrderId, body.sourceModifiedAt, async (tx, order) => {
    const facts = await firstPartyFactsOf(tx, order.id);
    const move = firstPartyTransition(order, 'finalize', facts);
    if (!move.allowed) throw conflict(move.reason);
    const { totals, paidCents } = await orderBalance(tx, order.id);
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Order finalized: total ${formatMoney(totals.orderTotal)}, paid ${formatMoney(paidCents)}.`,
    );
    await setStatus(tx, auth, order, move.statusId);
  });
}
