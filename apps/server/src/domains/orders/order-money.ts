import { type MoneyOrder, toCents } from '@backroom/shared';
import type { channelOrderItems, itemDiscounts, orderDiscounts } from '../../db/schema';

/**
 * An order's stored rows as the shared money rules take them (orders-warehouse.md §5 Money): amounts from
 * numeric(12,2) to integer cents (percent discounts to basis points, which is the same conversion).
 */
export function moneyOrderOf(
  items: (typeof channelOrderItems.$inferSelect)[],
  discountsOfItems: (typeof itemDiscounts.$inferSelect)[],
  discounts: (typeof orderDiscounts.$inferSelect)[],
): MoneyOrder {
  return {
    items: items.map((item) => ({
      id: item.id,
      quantityOrdered: item.quantityOrdered,
      unitPrice: toCents(item.unitPrice),
      tax: toCents(item.tax),
      taxPercent: Number(item.taxPercent),
      discounts: discountsOfItems
        .filter((d) => d.channelOrderItemId === item.id)
        .map((d) => ({
          id: d.id,
          discount: toCents(d.discount),
          isPercent: d.isPercent,
          isFlat: d.isFlat,
          isUnit: d.isUnit,
          isActive: d.isActive,
          sortOrder: d.sortOrder,
        })),
    })),
    discounts: discounts.map((d) => ({
      id: d.id,
      discount: toCents(d.discount),
      discountTypeId: d.discountTypeId,
      isActive: d.isActive,
      sortOrder: d.sortOrder,
    })),
  };
}
