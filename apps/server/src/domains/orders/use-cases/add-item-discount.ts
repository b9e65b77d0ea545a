import { canEditItems, formatMoney, type itemDiscountCreateSchema, toCents } from '@backroom/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import type { AuthContext } from '../../auth/auth-cache';
import { insertItemDiscount } from '../order-discounts.repository';
import { decimal, editOrder } from '../order-edit';
import { addSystemNote } from '../order-notes';
import { lineOf, refuseUnless } from './order-checks';

/** PUT …/firstParty/item/discount. */
export async function addItemDiscount(
  deps: AppDeps,
  auth: AuthContext,
  body: z.infer<typeof itemDiscountCreateSchema>,
) {
  const line = await lineOf(deps.db, auth.accountId, body.channelOrderItemId);
  return editOrder(deps, auth, line.channelOrderId, body.sourceModifiedAt, async (tx, order) => {
    refuseUnless(canEditItems(order));
    await insertItemDiscount(tx, {
      accountId: auth.accountId,
      channelOrderItemId: line.id,
      discount: decimal(toCents(body.discount)),
      isPercent: body.isPercent,
      isUnit: body.isUnit,
      isFlat: body.isPercent ? 0 : 1,
      createdBy: auth.userId,
    });
    const cents = toCents(body.discount);
    const label = body.isPercent
      ? `${(cents / 100).toFixed(2)}%`
      : body.isUnit
        ? `${formatMoney(cents)}/ea`
        : formatMoney(cents);
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Item discount ${label} added to ${line.listingSKU ?? line.description}.`,
    );
  });
}
