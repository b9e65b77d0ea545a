import {
  channelOrderLink,
  computeOrderTotals,
  derivedOrderState,
  isFulfilled,
  type OrderDetailDto,
  type OrderTotals,
  orderStatusName,
  relatedOrderTypeName,
  returnStatusName,
  toCents,
} from '@backroom/shared';
import type { Db } from '../../db/client';
import { findOrderReturns } from '../returns/returns.repository';
import type { AddressRow } from './channel-orders.repository';
import * as repo from './channel-orders.repository';
import { iso, itemDto, num, paymentDto } from './order-detail-lines';
import { moneyOrderOf } from './order-money';
import { orderShipmentDto } from './order-shipment-dto';
import { findShipmentRecords } from './order-shipments.repository';

// The order as the detail screen and the POS screen read it (orders-warehouse.md §3 Channel order and
// §Channel order detail): the spec's field names, money in dollars as numbers, dates as ISO text.

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
  const rows = await findOrderDetailRows(db, accountId, channelOrderId);
  return rows ? orderDetailDto(rows) : null;
}

/** Every row the detail shows: a fixed number of queries, whatever the number of items or payments. */
async function findOrderDetailRows(db: Db, accountId: number, channelOrderId: number) {
  const header = await repo.findOrderHeader(db, accountId, channelOrderId);
  if (!header) return null;
  const { order } = header;
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
  return { header, items, itemDetails, discounts, money, shipments, notes, related, returns };
}

type OrderDetailRows = NonNullable<Awaited<ReturnType<typeof findOrderDetailRows>>>;

/** The rows put together: the order's totals computed by the shared money rules, as the receipt does. */
function orderDetailDto(rows: OrderDetailRows) {
  const { header, items, itemDetails, discounts, money, shipments, notes, related, returns } = rows;
  const { order } = header;
  const totals = computeOrderTotals(
    moneyOrderOf(
      items.map((i) => i.item),
      itemDetails.discounts,
      discounts,
    ),
  );
  const payments = money.payments.map((p) => paymentDto(p, money.refunds));
  const lastShipped = shipments
    .map((s) => s.shipment.shippedAt)
    .filter((d): d is Date => d !== null)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    ...orderFields(header),
    totals: totalsDto(totals, payments),
    ...orderDates(header.order, lastShipped),
    customer: customerDto(header),
    shipTo: header.shipTo ? { address: addressReply(header.shipTo) } : null,
    items: items.map((row, index) => itemDto(row, totals.lines[index]!, itemDetails)),
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
    ...relatedOrdersDto(order, related),
  } satisfies OrderDetailDto;
}

/** The order's own fields: its number, status, channel and the money the channel billed. */
function orderFields({ order, channel, warehouseRequiresPacking }: OrderDetailRows['header']) {
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
    warehouseRequiresPacking: warehouseRequiresPacking === null ? true : warehouseRequiresPacking === 1,
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
  };
}

/** The totals in dollars, with what the payments hold net of their refunds. */
function totalsDto(totals: OrderTotals, payments: ReturnType<typeof paymentDto>[]) {
  return {
    unitTotal: totals.unitTotal / 100,
    discountTotal: totals.discountTotal / 100,
    taxTotal: totals.taxTotal / 100,
    orderTotal: totals.orderTotal / 100,
    paidTotal:
      payments.reduce((sum, p) => sum + toCents(String(p.amount)) - toCents(String(p.refunded)), 0) / 100,
  };
}

/** When the order was ordered, shipped (its latest shipment's time, else the channel's), packed and synced. */
function orderDates(order: repo.OrderRow, lastShipped: Date | undefined) {
  return {
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
  };
}

function customerDto({ customer, customerAddress }: OrderDetailRows['header']) {
  return customer
    ? {
        id: customer.id,
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        phone: customer.phone,
        address: addressDto(customerAddress),
      }
    : null;
}

/** The order this one was made for (relatedOrder), and every order related to it with how. */
function relatedOrdersDto(order: repo.OrderRow, related: OrderDetailRows['related']) {
  return {
    relatedOrder: related.find((r) => r.id === order.relatedOrderId) ?? null,
    relatedOrders: related.map((r) => ({
      id: r.id,
      channelOrderNumber: r.channelOrderNumber,
      type: {
        name: r.id === order.relatedOrderId ? 'Original' : relatedOrderTypeName(r.relatedOrderTypeId ?? 0),
      },
      status: { id: r.systemOrderStatusId, name: orderStatusName(r.systemOrderStatusId) },
    })),
  };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof loadOrderDetail>>>;
