import {
  channelOrderLink,
  computeOrderTotals,
  derivedOrderState,
  formatItemDiscount,
  isFulfilled,
  type OrderDetailDto,
  orderStatusName,
  PAYMENT_STATUS,
  paymentTypeName,
  REFUND_REASONS,
  relatedOrderTypeName,
  returnStatusName,
  toCents,
} from '@backroom/shared';
import type { Db } from '../../db/client';
import { findOrderReturns } from '../returns/returns.repository';
import type { AddressRow } from './channel-orders.repository';
import * as repo from './channel-orders.repository';
import { moneyOrderOf } from './order-money';
import { orderShipmentDto } from './order-shipment-dto';
import { findShipmentRecords } from './order-shipments.repository';

// The order as the detail screen and the POS screen read it (orders-warehouse.md §3 Channel order and
// §Channel order detail): the spec's field names, money in dollars as numbers, dates as ISO text.

const num = (value: string | null | undefined) => (value === null || value === undefined ? 0 : Number(value));
/** A timestamp as ISO text, or null. */
export const iso = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

export function addressDto(row: AddressRow | null | undefined) {
  return row ? addressReply(row) : null;
}

/** An address as replies carry it: without the account it belongs to. */
function addressReply(row: AddressRow) {
  const { accountId: _account, ...address } = row;
  return address;
}

/** The whole order, or null when it is not this account's. */
export async function loadOrderDetail(db: Db, accountId: number, channelOrderId: number) {
  const header = await repo.findOrderHeader(db, accountId, channelOrderId);
  if (!header) return null;
  const { order, channel, customer } = header;
  const [items, discounts, money, shipments, notes, related, returns] = await Promise.all([
    repo.findOrderItems(db, order.id),
    repo.findOrderDiscounts(db, order.id),
    repo.findPayments(db, order.id),
    findShipmentRecords(db, order.id),
    repo.findNotes(db, order.id),
    repo.findRelatedOrders(db, accountId, order),
    findOrderReturns(db, accountId, order.id),
  ]);
  const itemDetails = await repo.findItemDetails(
    db,
    items.map((i) => i.item.id),
  );

  const totals = computeOrderTotals(
    moneyOrderOf(
      items.map((i) => i.item),
      itemDetails.discounts,
      discounts,
    ),
  );

  const refundsOf = (paymentId: number) => money.refunds.filter((r) => r.channelOrderPaymentId === paymentId);
  const payments = money.payments.map((p) => {
    const refunds = refundsOf(p.id);
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
  });

  const lastShipped = shipments
    .map((s) => s.shipment.shippedAt)
    .filter((d): d is Date => d !== null)
    .sort((a, b) => b.getTime() - a.getTime())[0];

  return {
    id: order.id,
    alternativeId: order.alternativeId,
    channelOrderNumber: order.channelOrderNumber,
    channelOrderTypeId: order.channelOrderTypeId,
    channelOrderStatusId: order.channelOrderStatusId,
    systemOrderStatusId: order.systemOrderStatusId,
    systemOrderStatus: { id: order.systemOrderStatusId, name: orderStatusName(order.systemOrderStatusId) },
    state: derivedOrderState(order),
    isFulfilled: isFulfilled(order.systemOrderStatusId),
    overrideWarehouseId: order.overrideWarehouseId,
    /** Whether the order's warehouse requires packing (§4 packing rules); without one, it does. */
    warehouseRequiresPacking:
      header.warehouseRequiresPacking === null ? true : header.warehouseRequiresPacking === 1,
    customerId: order.customerId,
    channelId: order.channelId,
    channel: channel
      ? { id: channel.id, siteId: channel.siteId, channelTypeId: channel.channelTypeId, name: channel.name }
      : null,
    link: channelOrderLink({
      id: order.id,
      channelOrderNumber: order.channelOrderNumber,
      channelOrderTypeId: order.channelOrderTypeId,
      siteId: channel?.siteId ?? null,
    }),
    isVerified: order.isVerified,
    isPrime: order.isPrime,
    isFBA: order.isFBA,
    billedOrderTotal: num(order.billedOrderTotal),
    billedShipping: num(order.billedShipping),
    billedUnitTotal: num(order.billedUnitTotal),
    billedTax: num(order.billedTax),
    totalDealerPromo: num(order.totalDealerPromo),
    totalUnitCost: num(order.totalUnitCost),
    totalShippingCost: num(order.totalShippingCost),
    totalChannelFeeCost: num(order.totalChannelFeeCost),
    totalHandlingCost: num(order.totalHandlingCost),
    totalProfit: num(order.totalProfit),
    totals: {
      unitTotal: totals.unitTotal / 100,
      discountTotal: totals.discountTotal / 100,
      taxTotal: totals.taxTotal / 100,
      orderTotal: totals.orderTotal / 100,
      paidTotal:
        payments.reduce((sum, p) => sum + toCents(String(p.amount)) - toCents(String(p.refunded)), 0) / 100,
    },
    defaultShipAddressId: order.defaultShipAddressId,
    latestShippedAt: iso(lastShipped ?? order.latestShippedAt),
    latestDeliveredAt: iso(order.latestDeliveredAt),
    requestedShipMethod: order.requestedShipMethod,
    prePackedAt: iso(order.prePackedAt),
    prePackedBy: order.prePackedBy,
    orderedAt: iso(order.orderedAt),
    lastSyncedAt: iso(order.lastSyncedAt),
    modifiedBy: order.modifiedBy,
    /** What an edit sends back as sourceModifiedAt. */
    sourceModifiedAt: order.modifiedAt.toISOString(),
    customer: customer
      ? {
          id: customer.id,
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: customer.email,
          phone: customer.phone,
          address: addressDto(header.customerAddress),
        }
      : null,
    shipTo: header.shipTo ? { address: addressReply(header.shipTo) } : null,
    items: items.map(({ item, sku, name, typeId }, index) => {
      const line = totals.lines[index]!;
      return {
        id: item.id,
        alternativeId: item.alternativeId,
        productId: item.productId,
        description: item.description,
        listingSKU: item.listingSKU,
        isPicked: item.isPicked,
        isPrinted: item.isPrinted,
        quantityOrdered: item.quantityOrdered,
        quantityAllocated: itemDetails.units.filter((u) => u.channelOrderItemId === item.id).length,
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
        discounts: itemDetails.discounts
          .filter((d) => d.channelOrderItemId === item.id)
          .map((d) => ({
            id: d.id,
            channelOrderItemId: d.channelOrderItemId,
            discount: num(d.discount),
            isPercent: d.isPercent,
            isFlat: d.isFlat,
            isUnit: d.isUnit,
            sortOrder: d.sortOrder,
            isActive: d.isActive,
            label: formatItemDiscount({
              discount: toCents(d.discount),
              isPercent: d.isPercent,
              isUnit: d.isUnit,
            }),
          })),
        salesPeople: itemDetails.salesPeople
          .filter((s) => s.channelOrderItemId === item.id)
          .map(({ id, firstName, lastName }) => ({ id, firstName, lastName })),
        units: itemDetails.units
          .filter((u) => u.channelOrderItemId === item.id)
          .map((u) => ({
            pickRequestItemId: u.id,
            pickRequestId: u.pickRequestId,
            inventoryLocationItemId: u.inventoryLocationItemId,
            pickedAt: iso(u.pickedAt),
          })),
      };
    }),
    discounts: discounts.map((d) => ({
      id: d.id,
      discount: num(d.discount),
      discountTypeId: d.discountTypeId,
      note: d.note,
      isActive: d.isActive,
      sortOrder: d.sortOrder,
      promotionId: d.promotionId,
    })),
    payments,
    shipments: shipments.map((record) => orderShipmentDto(record, order.modifiedAt)),
    notes: notes.map(({ note, firstName, lastName }) => ({
      id: note.id,
      channelOrderId: note.channelOrderId,
      userId: note.userId,
      noteTypeId: note.noteTypeId,
      text: note.text,
      modifiedBy: note.modifiedBy,
      createdAt: note.createdAt.toISOString(),
      user: note.userId ? { firstName, lastName } : null,
    })),
    returns: returns.map((r) => ({
      ...r,
      requestedAt: iso(r.requestedAt),
      status: { id: r.returnStatusId, name: returnStatusName(r.returnStatusId) },
    })),
    relatedOrder: related.find((r) => r.id === order.relatedOrderId) ?? null,
    relatedOrders: related.map((r) => ({
      id: r.id,
      channelOrderNumber: r.channelOrderNumber,
      type: {
        name: r.id === order.relatedOrderId ? 'Original' : relatedOrderTypeName(r.relatedOrderTypeId ?? 0),
      },
      status: { id: r.systemOrderStatusId, name: orderStatusName(r.systemOrderStatusId) },
    })),
  } satisfies OrderDetailDto;
}

/** Payment status ids (the spec shows none but their use in a stub). */
export const PAYMENT_STATUS_NAMES: Record<number, string> = {
  [PAYMENT_STATUS.PENDING]: 'Pending',
  [PAYMENT_STATUS.COMPLETE]: 'Complete',
  [PAYMENT_STATUS.FAILED]: 'Failed',
  [PAYMENT_STATUS.VOIDED]: 'Voided',
};

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof loadOrderDetail>>>;
