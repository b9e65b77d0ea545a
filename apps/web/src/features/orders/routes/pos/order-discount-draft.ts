import type { OrderDiscountDto, UserDiscountTypeId } from '@backroom/shared';
import { ORDER_DISCOUNT_TYPE, ORDER_DISCOUNT_TYPES } from '@backroom/shared';

/**
 * What the add-discount form would send, read from its fields: the amount as a number, and whether it may be
 * sent (above zero; a percentage at most 100).
 */
export function readDiscountDraft(typeId: string, amount: number | string) {
  const percent = Number(typeId) === ORDER_DISCOUNT_TYPE.PERCENT_OFF;
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  const valid = Number.isFinite(value) && value > 0 && (!percent || value <= 100);
  return { percent, value, valid, discountTypeId: Number(typeId) as UserDiscountTypeId };
}

/** A discount type's name as the list shows it. */
export const discountTypeName = (id: number) =>
  ORDER_DISCOUNT_TYPES.find((t) => t.id === id)?.name ?? `Type ${id}`;

/** A promotion's note is '{CODE}: {name}' (what the server writes when the code is applied). */
export const promotionCodeOf = (discount: Pick<OrderDiscountDto, 'note'>) =>
  discount.note?.split(':')[0]?.trim() ?? '';
