import {
  formatItemDiscount,
  type OrderLineTotals,
  PAYMENT_STATUS,
  paymentTypeName,
  REFUND_REASONS,
  toCents,
} from '@backroom/shared';
import type * as repo from './channel-orders.repository';

// The lists of an order's detail (order-detail.ts): its items with their discounts, sales people and units,
// and its payments with their refunds.

type Rows<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
type ItemRow = Rows<typeof repo.findOrderItems>[number];
type ItemDetails = Rows<typeof repo.findItemDetails>;
type Payments = Rows<typeof repo.findPayments>;

export const num = (value: string | null | undefined) =>
  value === null || value === undefined ? 0 : Number(value);
/** A timestamp as ISO text, or null. */
export const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/** An item with its money (the line's share of the order's totals, `line`), discounts, sales people and units. */
export function itemDto({ item, sku, name, typeId }: ItemRow, line: OrderLineTotals, details: ItemDetails) {
  const units = details.units.filter((u) => u.channelOrderItemId === item.id);
  return {
    id: item.id,
    alternativeId: item.alternativeId,
    productId: item.productId,
    description: item.description,
    listingSKU: item.listingSKU,
    isPicked: item.isPicked,
    isPrinted: item.isPrinted,
    quantityOrdered: item.quantityOrdered,
    quantityAllocated: units.length,
    quantityBackordered: item.quantityBackordered,
    quantityWithheld: item.quantityWithheld,
    unitPrice: num(item.unitPrice),
    unitCost: num(item.unitCost),
    tax: num(item.tax),
    taxPercent: Number(item.taxPercent),
    deliveryTypeId: item.deliveryTypeId,
    overrideWarehouseId: item.overrideWarehouseId,
    lineTotal: line.lineTotal / 100,
    lineDiscount: line.lineDiscount / 100,
    lineSubtotal: line.lineSubtotal / 100,
    lineTax: line.lineTax / 100,
    proportionalOrderDealerPromo: line.proportionalOrderDiscount / 100,
    product: item.productId ? { id: item.productId, sku, name, typeId } : null,
    discounts: details.discounts.filter((d) => d.channelOrderItemId === item.id).map(itemDiscountDto),
    salesPeople: details.salesPeople
      .filter((s) => s.channelOrderItemId === item.id)
      .map(({ id, firstName, lastName }) => ({ id, firstName, lastName })),
    units: units.map((u) => ({
      pickRequestItemId: u.id,
      pickRequestId: u.pickRequestId,
      inventoryLocationItemId: u.inventoryLocationItemId,
      pickedAt: iso(u.pickedAt),
    })),
  };
}

function itemDiscountDto(d: ItemDetails['discounts'][number]) {
  return {
    id: d.id,
    channelOrderItemId: d.channelOrderItemId,
    discount: num(d.discount),
    isPercent: d.isPercent,
    isFlat: d.isFlat,
    isUnit: d.isUnit,
    sortOrder: d.sortOrder,
    isActive: d.isActive,
    label: formatItemDiscount({ discount: toCents(d.discount), isPercent: d.isPercent, isUnit: d.isUnit }),
  };
}

/** A payment with its refunds and what of it is refunded and still refundable. */
export function paymentDto(p: Payments['payments'][number], allRefunds: Payments['refunds']) {
  const refunds = allRefunds.filter((r) => r.channelOrderPaymentId === p.id);
  const refunded = refunds.reduce((sum, r) => sum + toCents(r.amount), 0);
  return {
    id: p.id,
    channelOrderId: p.channelOrderId,
    alternativeId: p.alternativeId,
    referenceId: p.referenceId,
    channelOrderPaymentTypeId: p.channelOrderPaymentTypeId,
    channelOrderPaymentStatusId: p.channelOrderPaymentStatusId,
    paymentNumber: p.paymentNumber,
    amount: num(p.amount),
    refunded: refunded / 100,
    unrefunded: (toCents(p.amount) - refunded) / 100,
    note: p.note,
    merchantCreditId: p.merchantCreditId,
    modifiedBy: p.modifiedBy,
    createdAt: iso(p.createdAt),
    status: { name: PAYMENT_STATUS_NAMES[p.channelOrderPaymentStatusId] ?? 'Unknown' },
    type: { name: paymentTypeName(p.channelOrderPaymentTypeId) },
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: num(r.amount),
      refundReasonId: r.refundReasonId,
      reason: {
        description: REFUND_REASONS.find((x) => x.id === r.refundReasonId)?.description ?? 'Unknown',
      },
      destinationPaymentTypeId: r.destinationPaymentTypeId,
      destinationMerchantCreditId: r.destinationMerchantCreditId,
      createdAt: iso(r.createdAt),
    })),
  };
}

/** Payment status ids (the spec shows none but their use in a stub). */
const PAYMENT_STATUS_NAMES: Record<number, string> = {
  [PAYMENT_STATUS.PENDING]: 'Pending',
  [PAYMENT_STATUS.COMPLETE]: 'Complete',
  [PAYMENT_STATUS.FAILED]: 'Failed',
  [PAYMENT_STATUS.VOIDED]: 'Voided',
};
