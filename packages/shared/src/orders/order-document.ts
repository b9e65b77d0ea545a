import type { Cents } from '../money/money';

// What a customer reads about an order's money — the receipt, the gift receipt and the confirmation e-mail —
// is built here once from the order's own totals (orders-warehouse.md §5 Money), so the documents and the
// order agree to the cent: every line at its full price (quantity × unit price) with its own discount under
// it, then Subtotal (the lines' full prices), Discounts (item and order discounts together), Tax and Total.

export interface OrderDocumentLine {
  quantity: number;
  description: string;
  sku: string | null;
  /** quantity × unit price. */
  amount: Cents;
  /** What the line's own discounts took (0 when none). */
  discount: Cents;
}

export interface OrderDocumentTotal {
  label: 'Subtotal' | 'Discounts' | 'Tax' | 'Total';
  amount: Cents;
}

export interface OrderDocument {
  lines: OrderDocumentLine[];
  /** Subtotal, Discounts (only when there are any, as a negative amount), Tax, Total. */
  totals: OrderDocumentTotal[];
}

export interface OrderDocumentSource {
  items: readonly {
    quantityOrdered: number;
    description: string;
    sku: string | null;
    lineTotal: Cents;
    lineDiscount: Cents;
  }[];
  totals: { unitTotal: Cents; discountTotal: Cents; taxTotal: Cents; orderTotal: Cents };
}

export function orderDocument(order: OrderDocumentSource): OrderDocument {
  const { unitTotal, discountTotal, taxTotal, orderTotal } = order.totals;
  return {
    lines: order.items.map((item) => ({
      quantity: item.quantityOrdered,
      description: item.description,
      sku: item.sku,
      amount: item.lineTotal,
      discount: item.lineDiscount,
    })),
    totals: [
      { label: 'Subtotal', amount: unitTotal },
      ...(discountTotal ? [{ label: 'Discounts' as const, amount: -discountTotal }] : []),
      { label: 'Tax', amount: taxTotal },
      { label: 'Total', amount: orderTotal },
    ],
  };
}
