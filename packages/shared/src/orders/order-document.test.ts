import { describe, expect, it } from 'vitest';
import { orderDocument } from './order-document';
import { computeOrderTotals, type MoneyOrder } from './order-money';

/** The document of an order as the server builds it: lines from the money rules, the order's own totals. */
function documentOf(order: MoneyOrder) {
  const totals = computeOrderTotals(order);
  const doc = orderDocument({
    items: order.items.map((item, index) => ({
      quantityOrdered: item.quantityOrdered,
      description: `Item ${index + 1}`,
      sku: null,
      lineTotal: totals.lines[index]!.lineTotal,
      lineDiscount: totals.lines[index]!.lineDiscount,
    })),
    totals,
  });
  return { totals, doc };
}

const amountOf = (doc: ReturnType<typeof orderDocument>, label: string) =>
  doc.totals.find((t) => t.label === label)?.amount ?? 0;

const taxed = { taxPercent: 8.25 };

describe('orderDocument: receipts and e-mails add up to the order, to the cent, for every discount kind', () => {
  it.each<[string, MoneyOrder]>([
    ['no discount', { items: [{ quantityOrdered: 2, unitPrice: 1999, ...taxed }] }],
    [
      'item flat',
      {
        items: [{ quantityOrdered: 2, unitPrice: 1999, ...taxed, discounts: [{ discount: 500, isFlat: 1 }] }],
      },
    ],
    [
      'item per unit',
      {
        items: [
          {
            quantityOrdered: 3,
            unitPrice: 1250,
            ...taxed,
            discounts: [{ discount: 125, isFlat: 1, isUnit: 1 }],
          },
        ],
      },
    ],
    [
      'item percent',
      {
        items: [
          { quantityOrdered: 1, unitPrice: 9999, ...taxed, discounts: [{ discount: 1500, isPercent: 1 }] },
        ],
      },
    ],
    [
      'order percent over two lines',
      {
        items: [
          { quantityOrdered: 1, unitPrice: 99999, ...taxed },
          { quantityOrdered: 3, unitPrice: 2499, ...taxed },
        ],
        discounts: [{ discount: 1000, discountTypeId: 47 }],
      },
    ],
    [
      'order flat and promotion after an item discount',
      {
        items: [
          { quantityOrdered: 2, unitPrice: 12999, ...taxed, discounts: [{ discount: 1000, isPercent: 1 }] },
          { quantityOrdered: 1, unitPrice: 1999, ...taxed },
        ],
        discounts: [
          { discount: 1000, discountTypeId: 52, sortOrder: 1 },
          { discount: 500, discountTypeId: 60, sortOrder: 2 },
        ],
      },
    ],
    [
      'order per unit',
      {
        items: [{ quantityOrdered: 4, unitPrice: 2499, ...taxed }],
        discounts: [{ discount: 100, discountTypeId: 57 }],
      },
    ],
  ])('%s', (_name, order) => {
    const { totals, doc } = documentOf(order);
    const lines = doc.lines.reduce((sum, line) => sum + line.amount, 0);
    // The lines add up to the Subtotal; Subtotal − Discounts + Tax is the Total; all as the order has them.
    expect(lines).toBe(amountOf(doc, 'Subtotal'));
    expect(amountOf(doc, 'Subtotal')).toBe(totals.unitTotal);
    expect(amountOf(doc, 'Discounts') + totals.discountTotal).toBe(0);
    expect(amountOf(doc, 'Subtotal') + amountOf(doc, 'Discounts') + amountOf(doc, 'Tax')).toBe(
      amountOf(doc, 'Total'),
    );
    expect(amountOf(doc, 'Total')).toBe(totals.orderTotal);
    // Item discounts are shown on their lines and counted once, inside Discounts.
    const itemDiscounts = doc.lines.reduce((sum, line) => sum + line.discount, 0);
    expect(itemDiscounts).toBe(totals.unitTotal - totals.itemsTotal);
    expect(itemDiscounts).toBeLessThanOrEqual(-amountOf(doc, 'Discounts'));
  });

  it('has no Discounts row when nothing was discounted (never "-$0.00")', () => {
    const { doc } = documentOf({ items: [{ quantityOrdered: 1, unitPrice: 500 }] });
    expect(doc.totals.map((t) => t.label)).toEqual(['Subtotal', 'Tax', 'Total']);
  });
});
