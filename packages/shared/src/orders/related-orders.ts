/**
 * Why an order was made for another (the Related Orders table's Type column). The spec names Replacement;
 * the others are the usual reasons a back office makes a second order for a customer.
 */
export const RELATED_ORDER_TYPE = { REPLACEMENT: 1, RESHIPMENT: 2, EXCHANGE: 3, WARRANTY: 4 } as const;

const NAMES: Readonly<Record<number, string>> = {
  1: 'Replacement',
  2: 'Reshipment',
  3: 'Exchange',
  4: 'Warranty',
};

export function relatedOrderTypeName(typeId: number): string {
  return NAMES[typeId] ?? 'Related';
}
