import { canEditItems, type orderDiscountCreateSchema, toCents } from '@backroom/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import type { AuthContext } from '../../auth/auth-cache';
import { insertOrderDiscount, nextOrderDiscountSort } from '../order-discounts.repository';
import { decimal, editOrder } from '../order-edit';
import { addSystemNote } from '../order-notes';
import { refuseUnless } from './order-checks';
import { describeOrderDiscount } from './order-discount-label';

/** PUT …/firstParty/discount: a user-addable order discount (47, 52, 57). */
export async function addOrderDiscount(
  deps: AppDeps,
  auth: AuthContext,
  body: z.infer<typeof orderDiscountCreateSchema>,
) {
  return editOrder(deps, auth, body.channelOrderId, body.sourceModifiedAt, async (tx, order) => {
    refuseUnless(canEditItems(order));
    await insertOrderDiscount(tx, {
      accountId: auth.accountId,
      channelOrderId: order.id,
      discountTypeId: body.discountTypeId,
      discount: decimal(toCents(body.discount)),
      note: body.note ?? null,
      sortOrder: await nextOrderDiscountSort(tx, order.id),
      createdBy: auth.userId,
    });
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Order discount added: ${describeOrderDiscount(body.discountTypeId, body.discount)}.`,
    );
  });
}
