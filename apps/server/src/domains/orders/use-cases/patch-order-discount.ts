import { canEditItems, ORDER_DISCOUNT_TYPE, type orderDiscountPatchSchema, toCents } from '@backroom/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import { conflict, notFound } from '../../../http/errors';
import type { AuthContext } from '../../auth/auth-cache';
import { findOrderDiscount, updateOrderDiscount } from '../order-discounts.repository';
import { decimal, editOrder } from '../order-edit';
import { addSystemNote } from '../order-notes';
import { refuseUnless } from './order-checks';
import { describeOrderDiscount } from './order-discount-label';

/** PATCH …/firstParty/discount: switch on or off, or change the amount. Promotions change only by code. */
export async function patchOrderDiscount(
  deps: AppDeps,
  auth: AuthContext,
  body: z.infer<typeof orderDiscountPatchSchema>,
) {
  const discount = await findOrderDiscount(deps.db, auth.accountId, body.id);
  if (!discount) throw notFound(`Discount ${body.id} not found.`);
  if (discount.discountTypeId === ORDER_DISCOUNT_TYPE.PROMOTION)
    throw conflict('A promotion is removed by its code, not edited.');
  return editOrder(deps, auth, discount.channelOrderId, body.sourceModifiedAt, async (tx, order) => {
    refuseUnless(canEditItems(order));
    const { patch } = body;
    await updateOrderDiscount(tx, discount.id, {
      ...(patch.isActive === undefined ? {} : { isActive: patch.isActive }),
      ...(patch.discount === undefined ? {} : { discount: decimal(toCents(patch.discount)) }),
      ...(patch.note === undefined ? {} : { note: patch.note }),
    });
    const amount = patch.discount ?? Number(discount.discount);
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Order discount ${describeOrderDiscount(discount.discountTypeId, amount)} ${patch.isActive === 0 ? 'switched off' : patch.isActive === 1 ? 'switched on' : 'changed'}.`,
    );
  });
}
