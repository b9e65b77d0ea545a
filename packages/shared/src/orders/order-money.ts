// orders-warehouse.md §5 Money: line totals, item and order discounts, tax and the order's totals, in
// integer cents. The detail screen's columns (Line Total, Line Discount, Line Subtotal, Line Tax) and totals
// (Unit Total, Discount Total, Tax Total, Order Total) are computeOrderTotals' fields of the same names.
import { type Cents, formatMoney } from '../money/money';
import { type DiscountKind, orderDiscountKind } from './order-constants';
import {
  assertWhole,
  type BasisPoints,
  distributeProportionally,
  percentOfCents,
  taxOfCents,
} from './order-rounding';

/**
 * A discount's `discount` is an integer count of hundredths of its unit: cents for the flat kinds, basis
 * points for the percent kind. Both are toCents() of the stored numeric(12,2) value (12.50 → 1250 means
 * $12.50 or 12.50 %), so one conversion serves every kind.
 */
export interface MoneyItemDiscount {
  id?: number;
  discount: Cents | BasisPoints;
  /** isPercent → percent of the running amount; else isUnit → flat × quantity; else flat for the line. */
  isPercent?: boolean | number | null;
  isFlat?: boolean | number | null;
  isUnit?: boolean | number | null;
  /** Applied in ascending sortOrder (missing = 99, the default), ties in the order given. */
  sortOrder?: number | null;
  /** Missing counts as active; an inactive discount takes nothing. */
  isActive?: boolean | number | null;
}

export interface MoneyOrderDiscount {
  id?: number;
  discount: Cents | BasisPoints;
  /** 47 % Off, 52 $ Off, 57 $ Off / ea, 60 Promotion. A type the spec does not list takes nothing. */
  discountTypeId: number;
  sortOrder?: number | null;
  isActive?: boolean | number | null;
}

export interface MoneyOrderItem {
  id?: number;
  quantityOrdered: number;
  unitPrice: Cents;
  /** The line's fixed tax in cents, used only when taxPercent is not above 0. */
  tax?: Cents | null;
  /** A percent as stored (numeric(7,4)): 8.875 means 8.875 %. Precision beyond 4 decimals is rounded off. */
  taxPercent?: number | null;
  discounts?: readonly MoneyItemDiscount[] | null;
}

export interface MoneyOrder {
  items: readonly MoneyOrderItem[];
  discounts?: readonly MoneyOrderDiscount[] | null;
}

export interface AppliedDiscount {
  id?: number;
  /** The cents this discount actually took, after the cap at the running amount. */
  amount: Cents;
}

export interface OrderLineTotals {
  /** quantityOrdered × unitPrice. */
  lineTotal: Cents;
  /** What the item's own discounts took. */
  lineDiscount: Cents;
  /** lineTotal − lineDiscount. */
  lineSubtotal: Cents;
  /** The line's share of the order-level discounts. */
  proportionalOrderDiscount: Cents;
  /** lineSubtotal − proportionalOrderDiscount: what the line's tax percent applies to. */
  lineNet: Cents;
  lineTax: Cents;
  /** The item's active discounts in the order applied. */
  appliedDiscounts: AppliedDiscount[];
}

export interface OrderTotals {
  /** Σ lineTotal. */
  unitTotal: Cents;
  /** Σ lineSubtotal (after item discounts). */
  itemsTotal: Cents;
  /** What the order-level discounts took from itemsTotal. */
  orderDiscountTotal: Cents;
  /** Item discounts + order discounts = unitTotal − subtotal. */
  discountTotal: Cents;
  /** itemsTotal − orderDiscountTotal, never below 0. */
  subtotal: Cents;
  /** Always 0 here (§5). */
  shippingTotal: Cents;
  /** The net total: subtotal. */
  taxableTotal: Cents;
  /** Σ lineTax. */
  taxTotal: Cents;
  /** subtotal + shippingTotal + taxTotal. */
  orderTotal: Cents;
  appliedOrderDiscounts: (AppliedDiscount & { discountTypeId: number })[];
  /** One per item, in the items' order. */
  lines: OrderLineTotals[];
}

const DEFAULT_SORT_ORDER = 99;

const isOn = (flag: boolean | number | null | undefined) => Boolean(flag);
const isActive = (d: { isActive?: boolean | number | null }) =>
  d.isActive === undefined || d.isActive === null || isOn(d.isActive);

/** Active discounts in ascending sortOrder, ties kept in the order given. */
function inSortOrder<T extends { sortOrder?: number | null; isActive?: boolean | number | null }>(
  discounts: readonly T[] | null | undefined,
): T[] {
  return (discounts ?? [])
    .map((discount, index) => ({ discount, index }))
    .filter(({ discount }) => isActive(discount))
    .sort(
      (a, b) =>
        (a.discount.sortOrder ?? DEFAULT_SORT_ORDER) - (b.discount.sortOrder ?? DEFAULT_SORT_ORDER) ||
        a.index - b.index,
    )
    .map(({ discount }) => discount);
}

export function itemDiscountKind(
  discount: Pick<MoneyItemDiscount, 'isPercent' | 'isFlat' | 'isUnit'>,
): DiscountKind {
  if (isOn(discount.isPercent)) return 'percent';
  return isOn(discount.isUnit) ? 'flatPerUnit' : 'flat';
}

/** What one discount of `kind` takes from `running` cents: capped so the running amount never goes below 0. */
function discountAmount(kind: DiscountKind, value: number, running: Cents, units: number): Cents {
  assertWhole('discount', value);
  const wanted =
    kind === 'percent' ? percentOfCents(running, value) : kind === 'flatPerUnit' ? value * units : value;
  return Math.min(wanted, running);
}

/**
 * The order's money (§5), every step in integer cents:
 *
 * 1. Each line: lineTotal = quantityOrdered × unitPrice. Its active item discounts apply one after another
 *    in sortOrder to a running amount that starts at lineTotal: flat takes `discount`; flat per unit takes
 *    `discount` × quantityOrdered; percent takes round(running × basis points ÷ 10000). Each takes at most
 *    what is left, so the running amount never goes below 0. lineSubtotal = the running amount at the end;
 *    lineDiscount = lineTotal − lineSubtotal.
 * 2. itemsTotal = Σ lineSubtotal. The active order discounts apply the same way in sortOrder to a running
 *    amount that starts at itemsTotal: 52 $ Off and 60 Promotion take `discount`; 57 $ Off / ea takes
 *    `discount` × the order's total units; 47 % Off takes round(running × basis points ÷ 10000); each capped
 *    at what is left. subtotal = the running amount at the end; orderDiscountTotal = itemsTotal − subtotal.
 * 3. orderDiscountTotal is split over the lines in proportion to their lineSubtotal by largest remainder
 *    (distributeProportionally), so the shares add up to it exactly: proportionalOrderDiscount, and
 *    lineNet = lineSubtotal − proportionalOrderDiscount.
 * 4. lineTax = round(lineNet × taxPercent ÷ 100) when taxPercent > 0, otherwise the line's fixed tax.
 * 5. shippingTotal = 0; taxableTotal = subtotal; taxTotal = Σ lineTax;
 *    orderTotal = subtotal + shippingTotal + taxTotal; discountTotal = unitTotal − subtotal.
 *
 * Every round() above is half up, away from zero, to the cent, at that step. Every input amount must be a
 * whole number ≥ 0 (cents, basis points, quantities); anything else throws a RangeError.
 */
export function computeOrderTotals(order: MoneyOrder): OrderTotals {
  const items = order.items.map((item) => {
    assertWhole('quantityOrdered', item.quantityOrdered);
    assertWhole('unitPrice', item.unitPrice);
    const lineTotal = item.quantityOrdered * item.unitPrice;
    let running = lineTotal;
    const appliedDiscounts: AppliedDiscount[] = [];
    for (const discount of inSortOrder(item.discounts)) {
      const amount = discountAmount(
        itemDiscountKind(discount),
        discount.discount,
        running,
        item.quantityOrdered,
      );
      running -= amount;
      appliedDiscounts.push({ id: discount.id, amount });
    }
    return { item, lineTotal, lineSubtotal: running, appliedDiscounts };
  });

  const itemsTotal = items.reduce((sum, line) => sum + line.lineSubtotal, 0);
  const units = order.items.reduce((sum, item) => sum + item.quantityOrdered, 0);
  let running = itemsTotal;
  const appliedOrderDiscounts: OrderTotals['appliedOrderDiscounts'] = [];
  for (const discount of inSortOrder(order.discounts)) {
    const kind = orderDiscountKind(discount.discountTypeId);
    if (!kind) continue;
    const amount = discountAmount(kind, discount.discount, running, units);
    running -= amount;
    appliedOrderDiscounts.push({ id: discount.id, discountTypeId: discount.discountTypeId, amount });
  }
  const subtotal = running;
  const orderDiscountTotal = itemsTotal - subtotal;
  const shares = distributeProportionally(
    orderDiscountTotal,
    items.map((line) => line.lineSubtotal),
  );

  const lines: OrderLineTotals[] = items.map((line, index) => {
    const proportionalOrderDiscount = shares[index]!;
    const lineNet = line.lineSubtotal - proportionalOrderDiscount;
    const taxPercent = line.item.taxPercent ?? 0;
    let lineTax: Cents;
    if (taxPercent > 0) {
      lineTax = taxOfCents(lineNet, taxPercent);
    } else {
      lineTax = line.item.tax ?? 0;
      assertWhole('tax', lineTax);
    }
    return {
      lineTotal: line.lineTotal,
      lineDiscount: line.lineTotal - line.lineSubtotal,
      lineSubtotal: line.lineSubtotal,
      proportionalOrderDiscount,
      lineNet,
      lineTax,
      appliedDiscounts: line.appliedDiscounts,
    };
  });

  const unitTotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const taxTotal = lines.reduce((sum, line) => sum + line.lineTax, 0);
  const shippingTotal = 0;
  return {
    unitTotal,
    itemsTotal,
    orderDiscountTotal,
    discountTotal: unitTotal - subtotal,
    subtotal,
    shippingTotal,
    taxableTotal: subtotal,
    taxTotal,
    orderTotal: subtotal + shippingTotal + taxTotal,
    appliedOrderDiscounts,
    lines,
  };
}

/** Basis points as a percent with 2 decimals: 1250 → '12.50%'. */
export function formatBasisPoints(basisPoints: BasisPoints): string {
  assertWhole('basis points', basisPoints);
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}%`;
}

function formatDiscount(kind: DiscountKind, value: number): string {
  if (kind === 'percent') return formatBasisPoints(value);
  assertWhole('discount', value);
  return kind === 'flatPerUnit' ? `${formatMoney(value)}/ea` : formatMoney(value);
}

/** §3 Item discount display: '$x.xx' (flat), '$x.xx/ea' (flat per unit) or 'x.xx%' (percent). */
export function formatItemDiscount(
  discount: Pick<MoneyItemDiscount, 'discount' | 'isPercent' | 'isFlat' | 'isUnit'>,
): string {
  return formatDiscount(itemDiscountKind(discount), discount.discount);
}

/** An order discount shown the same way by its type's kind; a type the spec does not list shows as flat. */
export function formatOrderDiscount(
  discount: Pick<MoneyOrderDiscount, 'discount' | 'discountTypeId'>,
): string {
  return formatDiscount(orderDiscountKind(discount.discountTypeId) ?? 'flat', discount.discount);
}
