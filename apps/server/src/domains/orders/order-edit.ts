import {
  computeOrderTotals,
  everyLineHandedOver,
  type FirstPartyFacts,
  SITE_ID,
  toCents,
} from '@backroom/shared';
import type { Db } from '../../db/client';
import type { channelOrders, salesChannels } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound, stale } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { loadOrderDetail } from './order-detail';
import {
  findMoneyRows,
  hasAllocatedUnits,
  lockOrderRow,
  sumPaidNetOfRefunds,
  updateOrder,
} from './order-edit.repository';
import { moneyOrderOf } from './order-money';

export type LockedOrder = typeof channelOrders.$inferSelect & {
  channel: typeof salesChannels.$inferSelect | null;
};

export const STALE_ORDER_MESSAGE =
  'The order was changed by someone else. It has been reloaded; check it and try again.';

/**
 * Runs one change of an order: locks its row (so concurrent clicks and clerks take turns), refuses a change
 * made from a stale copy (sourceModifiedAt older than the order: 409), runs `change` in the same transaction
 * and moves the order's version on. Answers the order as it now is.
 */
export async function editOrder(
  deps: AppDeps,
  auth: AuthContext,
  channelOrderId: number,
  sourceModifiedAt: string | undefined,
  change: (tx: Db, order: LockedOrder) => Promise<void>,
) {
  await changeOrder(deps, auth, channelOrderId, sourceModifiedAt, change);
  const detail = await loadOrderDetail(deps.db, auth.accountId, channelOrderId);
  if (!detail) throw notFound(`Order ${channelOrderId} not found.`);
  return detail;
}

/** editOrder's transaction (lock, stale check, change, new version): answers what `change` answers. */
export async function changeOrder<T>(
  deps: AppDeps,
  auth: AuthContext,
  channelOrderId: number,
  sourceModifiedAt: string | undefined,
  change: (tx: Db, order: LockedOrder) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrderWithChannel(tx, auth.accountId, channelOrderId);
    checkNotStale(order, sourceModifiedAt);
    const result = await change(tx, order);
    // A first-party order is priced here, by its lines; a channel's order keeps the totals the channel billed.
    if (!order.channel || order.channel.siteId === SITE_ID.OWN_STORE) await storeBilledTotals(tx, order.id);
    await moveOrderVersionOn(tx, order, auth.userId);
    return result;
  });
}

/** Refuses a change made from a copy older than the order (409 'stale'). */
export function checkNotStale(order: { modifiedAt: Date }, sourceModifiedAt: string | undefined) {
  if (sourceModifiedAt !== undefined && new Date(sourceModifiedAt).getTime() !== order.modifiedAt.getTime()) {
    throw stale(STALE_ORDER_MESSAGE);
  }
}

/** Moves a locked order's version on (always forward, even within one millisecond): older copies are stale. */
export async function moveOrderVersionOn(tx: Db, order: { id: number; modifiedAt: Date }, userId: number) {
  await updateOrder(tx, order.id, {
    modifiedAt: new Date(Math.max(Date.now(), order.modifiedAt.getTime() + 1)),
    modifiedBy: userId,
  });
}

export async function lockOrderWithChannel(
  tx: Db,
  accountId: number,
  channelOrderId: number,
): Promise<LockedOrder> {
  const row = await lockOrderRow(tx, accountId, channelOrderId);
  if (!row) throw notFound(`Order ${channelOrderId} not found.`);
  return { ...row.order, channel: row.channel };
}

/** What an order's payments hold, net of their refunds, in cents. */
export async function paidCents(tx: Db, channelOrderId: number) {
  return toCents(await sumPaidNetOfRefunds(tx, channelOrderId));
}

/** The order's money as it stands inside the transaction: totals, what was paid net of refunds, what is due. */
export async function orderBalance(tx: Db, channelOrderId: number) {
  const { items, discountsOfItems, discounts } = await findMoneyRows(tx, channelOrderId);
  const totals = computeOrderTotals(moneyOrderOf(items, discountsOfItems, discounts));
  const paid = await paidCents(tx, channelOrderId);
  return { items, totals, paidCents: paid, dueCents: totals.orderTotal - paid };
}

/** What the first-party status machine reads of an order, as it stands inside the transaction. */
export async function firstPartyFactsOf(tx: Db, channelOrderId: number): Promise<FirstPartyFacts> {
  const { items, dueCents, paidCents: paid } = await orderBalance(tx, channelOrderId);
  const allocated = await hasAllocatedUnits(tx, channelOrderId);
  return {
    itemCount: items.length,
    dueCents,
    everyLineHandedOver: everyLineHandedOver(items),
    holdsUnitsOrMoney: allocated || paid > 0,
  };
}

/**
 * Writes the order's billed totals from the shared money rules, so that every reader of the stored order (the
 * Orders list, exports, reports) sees what the detail, the receipt and the e-mail compute. Only for a
 * first-party order, which is priced by its lines and discounts and so is stored again after each change.
 */
export async function storeBilledTotals(tx: Db, channelOrderId: number) {
  const { totals } = await orderBalance(tx, channelOrderId);
  await updateOrder(tx, channelOrderId, {
    billedUnitTotal: decimal(totals.unitTotal),
    billedTax: decimal(totals.taxTotal),
    billedOrderTotal: decimal(totals.orderTotal),
  });
}

/** Cents as the database's numeric(12,2) text. */
export const decimal = (cents: number) => (cents / 100).toFixed(2);
