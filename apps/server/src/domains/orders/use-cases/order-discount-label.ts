import { formatMoney, ORDER_DISCOUNT_TYPE, toCents } from '@backroom/shared';

/** An order discount as its notes name it: '12.50% Off', '$5.00 Off / ea' or '$5.00 Off'. */
export function describeOrderDiscount(typeId: number, amount: number) {
  const cents = toCents(amount);
  return typeId === ORDER_DISCOUNT_TYPE.PERCENT_OFF
    ? `${(cents / 100).toFixed(2)}% Off`
    : typeId === ORDER_DISCOUNT_TYPE.AMOUNT_OFF_EACH
      ? `${formatMoney(cents)} Off / ea`
      : `${formatMoney(cents)} Off`;
}
