import { canEditItems } from '@backroom/shared';
import type { AppDeps } from '../../../deps';
import { notFound } from '../../../http/errors';
import type { AuthContext } from '../../auth/auth-cache';
import {
  deleteOrderDiscount,
  findPromotionDiscount,
  givePromotionUseBack,
} from '../order-discounts.repository';
import { editOrder } from '../order-edit';
import { addSystemNote } from '../order-notes';
import { refuseUnless } from './order-checks';

/** POST …/firstParty/removePromotion: takes the code's discount off and gives its use back. */
export async function removePromotion(
  deps: AppDeps,
  auth: AuthContext,
  body: { redemptionCode: string; channelOrderId: number },
) {
  return editOrder(deps, auth, body.channelOrderId, undefined, async (tx, order) => {
    refuseUnless(canEditItems(order));
    const row = await findPromotionDiscount(tx, order.id, body.redemptionCode);
    if (!row) throw notFound(`Promotion code ${body.redemptionCode} is not on this order.`);
    await deleteOrderDiscount(tx, row.discountId);
    await givePromotionUseBack(tx, row.promotionId);
    await addSystemNote(tx, order, auth.userId, `Promotion ${row.code} removed.`);
  });
}
