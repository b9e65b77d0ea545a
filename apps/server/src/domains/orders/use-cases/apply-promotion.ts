import { canEditItems, formatMoney, ORDER_DISCOUNT_TYPE, percentOfCents, toCents } from '@backroom/shared';
import type { AppDeps } from '../../../deps';
import { conflict } from '../../../http/errors';
import type { AuthContext } from '../../auth/auth-cache';
import {
  countPromotionUse,
  hasPromotionDiscount,
  insertOrderDiscount,
  lockPromotionByCode,
} from '../order-discounts.repository';
import { decimal, editOrder, orderBalance } from '../order-edit';
import { addSystemNote } from '../order-notes';
import { refuseUnless } from './order-checks';

type Promotion = NonNullable<Awaited<ReturnType<typeof lockPromotionByCode>>>;

/**
 * POST …/firstParty/applyPromotion: a valid code (active, within its dates, uses left) becomes a type 60
 * discount: its amount, or its percent of what the order comes to at that moment. The promotion's row lock
 * makes the last use go to exactly one order.
 */
export async function applyPromotion(
  deps: AppDeps,
  auth: AuthContext,
  body: { redemptionCode: string; channelOrderId: number },
) {
  return editOrder(deps, auth, body.channelOrderId, undefined, async (tx, order) => {
    refuseUnless(canEditItems(order));
    const promotion = await lockPromotionByCode(tx, auth.accountId, body.redemptionCode);
    refuseUnusable(promotion, body.redemptionCode);
    if (await hasPromotionDiscount(tx, order.id, promotion.id))
      throw conflict(`Promotion code ${promotion.redemptionCode} is already on this order.`);
    const { totals } = await orderBalance(tx, order.id);
    const cents = promotion.isPercent
      ? percentOfCents(totals.subtotal, toCents(promotion.amount))
      : toCents(promotion.amount);
    if (cents <= 0) throw conflict('The promotion takes nothing off this order.');
    await insertOrderDiscount(tx, {
      accountId: auth.accountId,
      channelOrderId: order.id,
      discountTypeId: ORDER_DISCOUNT_TYPE.PROMOTION,
      discount: decimal(cents),
      note: `${promotion.redemptionCode}: ${promotion.name}`,
      promotionId: promotion.id,
      sortOrder: 98,
      createdBy: auth.userId,
    });
    await countPromotionUse(tx, promotion.id);
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Promotion ${promotion.redemptionCode} applied: ${formatMoney(cents)} off.`,
    );
  });
}

/** Refuses a code that names no active promotion, one outside its dates, or one used up. */
function refuseUnusable(promotion: Promotion | null, redemptionCode: string): asserts promotion is Promotion {
  const now = Date.now();
  if (!promotion || promotion.isActive !== 1)
    throw conflict(`Promotion code ${redemptionCode} is not valid.`);
  if (
    (promotion.startsAt && promotion.startsAt.getTime() > now) ||
    (promotion.endsAt && promotion.endsAt.getTime() < now)
  ) {
    throw conflict(`Promotion code ${promotion.redemptionCode} is not valid today.`);
  }
  if (promotion.usageLimit !== null && promotion.usageCount >= promotion.usageLimit) {
    throw conflict(`Promotion code ${promotion.redemptionCode} has been used up.`);
  }
}
