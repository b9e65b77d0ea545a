import {
  isOpenReturn,
  orderStatusName,
  type ReturnDetailDto,
  relatedOrderTypeName,
  returnItemStatusName,
  returnReasonName,
  returnStatusName,
} from '@backroom/shared';
import type { Db } from '../../db/client';
import { addressDto } from '../orders/order-detail';
import { iso } from '../orders/order-detail-lines';
import { returnShipmentReplies } from './return-shipments';
import * as repo from './returns.repository';

// The return as GET/PATCH …/returns answer it (returns.md §3): the head, its items with their product,
// variants and received units, where its units went, its labels, payments, appeal and notes. A fixed number
// of queries whatever the number of items.

const num = (value: string | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

type Units = Awaited<ReturnType<typeof repo.findReturnUnits>>;

export async function loadReturnDetail(
  db: Db,
  accountId: number,
  inboundReturnId: number,
): Promise<ReturnDetailDto | null> {
  // Everything in one round trip, each part found from the return's id; the header (which checks the account)
  // decides whether any of it is answered.
  const [header, items, shipments, payments, appeal, notes, madeFor, images, variants, units] =
    await Promise.all([
      repo.findReturnHeader(db, accountId, inboundReturnId),
      repo.findReturnItems(db, inboundReturnId),
      returnShipmentReplies(db, accountId, inboundReturnId),
      repo.findReturnPayments(db, inboundReturnId),
      repo.findReturnAppeal(db, inboundReturnId),
      repo.findReturnNotes(db, inboundReturnId),
      repo.findOrdersMadeFor(db, accountId, inboundReturnId),
      repo.findProductImages(db, inboundReturnId),
      repo.findConditionVariants(db, accountId, inboundReturnId),
      repo.findReturnUnits(db, accountId, inboundReturnId),
    ]);
  if (!header) return null;
  const { inboundReturn, channelOrderReturn, order, channel, customer, shipTo } = header;
  const imagesOf = groupBy(images, (image) => image.productId);
  const variantsOf = groupBy(variants, (variant) => variant.sourceProductId ?? 0);
  const unitsOf = groupBy(units, (row) => row.unit.returnItemId ?? 0);
  const noteCounts = new Map<number, number>();
  for (const { note } of notes) {
    if (note.inboundReturnItemId !== null)
      noteCounts.set(note.inboundReturnItemId, (noteCounts.get(note.inboundReturnItemId) ?? 0) + 1);
  }

  return {
    id: inboundReturn.id,
    referenceId: inboundReturn.referenceId ?? channelOrderReturn?.referenceId ?? null,
    returnStatusId: inboundReturn.returnStatusId,
    status: { id: inboundReturn.returnStatusId, name: returnStatusName(inboundReturn.returnStatusId) },
    isOpen: isOpenReturn(inboundReturn.returnStatusId),
    requestedAt: iso(inboundReturn.requestedAt)!,
    modifiedAt: inboundReturn.modifiedAt.toISOString(),
    customerId: inboundReturn.customerId,
    createdBy: inboundReturn.createdBy,
    channelOrderReturnId: inboundReturn.channelOrderReturnId,
    isFirstPartyReturn: inboundReturn.isFirstPartyReturn === 1,
    customer,
    channelOrderReturn: channelOrderReturn && {
      id: channelOrderReturn.id,
      channelId: channelOrderReturn.channelId,
      channelOrderId: channelOrderReturn.channelOrderId,
      referenceId: channelOrderReturn.referenceId,
      channelOrderReturnStatus: channelOrderReturn.channelOrderReturnStatus,
      order: order
        ? {
            ...order,
            orderedAt: iso(order.orderedAt),
            systemOrderStatus: {
              id: order.systemOrderStatusId,
              name: orderStatusName(order.systemOrderStatusId),
            },
            channel,
            shipTo: { address: addressDto(shipTo) },
            relatedOrders: madeFor.map((related) => ({
              id: related.id,
              channelOrderNumber: related.channelOrderNumber,
              type: {
                id: related.relatedOrderTypeId,
                name: relatedOrderTypeName(related.relatedOrderTypeId ?? 0),
              },
            })),
          }
        : null,
    },
    items: items.map(
      ({ item, product, unitPrice, listingSKU, description, quantityOrdered, channelLine }) => {
        const productImages = product?.id ? (imagesOf.get(product.id) ?? []) : [];
        return {
          id: item.id,
          inboundReturnId: item.inboundReturnId,
          productId: item.productId,
          channelOrderItemId: item.channelOrderItemId,
          quantity: item.quantity,
          quantityReceived: item.quantityReceived,
          inboundReturnItemStatusId: item.inboundReturnItemStatusId,
          status: {
            id: item.inboundReturnItemStatusId,
            name: returnItemStatusName(item.inboundReturnItemStatusId),
          },
          returnReasonId: item.returnReasonId,
          returnReason: item.returnReasonId === null ? null : { name: returnReasonName(item.returnReasonId) },
          returnReasonNote: item.returnReasonNote,
          channelOrderReturnItemId: item.channelOrderReturnItemId,
          channelOrderReturnItem: channelLine?.id
            ? {
                id: channelLine.id,
                quantity: channelLine.quantity ?? 0,
                returnReasonId: channelLine.returnReasonId,
                returnReason:
                  channelLine.returnReasonId === null
                    ? null
                    : { name: returnReasonName(channelLine.returnReasonId) },
                returnReasonNote: channelLine.returnReasonNote,
              }
            : null,
          product: product?.id
            ? {
                ...product,
                id: product.id,
                sku: product.sku!,
                name: product.name!,
                productConditionId: product.productConditionId!,
                packageLengthInch: product.packageLengthInch ?? 0,
                packageWidthInch: product.packageWidthInch ?? 0,
                packageHeightInch: product.packageHeightInch ?? 0,
                packageWeightOunce: product.packageWeightOunce ?? 0,
                priceCost: product.priceCost ?? 0,
                imageUrl: productImages[0]?.url ?? null,
                images: productImages
                  .filter((image) => image.url !== null)
                  .map((image) => ({
                    imageId: image.imageId,
                    url: image.url!,
                    isPrimaryImage: image.isPrimaryImage === 1,
                  })),
              }
            : null,
          channelOrderItem: item.channelOrderItemId
            ? {
                id: item.channelOrderItemId,
                unitPrice,
                listingSKU,
                description,
                quantityOrdered: quantityOrdered ?? 0,
              }
            : null,
          inventory: (unitsOf.get(item.id) ?? []).map(unitDto),
          variants: product?.id
            ? (variantsOf.get(product.id) ?? []).map(({ sourceProductId: _source, ...variant }) => variant)
            : [],
          noteCount: noteCounts.get(item.id) ?? 0,
        };
      },
    ),
    receivedDivisions: receivedDivisions(units),
    shipments,
    payments: payments.map(({ accountId: _account, ...payment }) => ({
      ...payment,
      amount: Number(payment.amount),
      createdAt: iso(payment.createdAt)!,
    })),
    appeal: appeal && {
      id: appeal.id,
      inboundReturnAppealStatusId: appeal.inboundReturnAppealStatusId,
      claimAmountDollar: num(appeal.claimAmountDollar),
      reimbursementAmountDollar: num(appeal.reimbursementAmountDollar),
    },
    notes: notes.map(({ note, firstName, lastName }) => ({
      id: note.id,
      inboundReturnItemId: note.inboundReturnItemId,
      noteTypeId: note.noteTypeId,
      text: note.text,
      createdAt: iso(note.createdAt)!,
      user: note.userId ? { firstName, lastName } : null,
    })),
  };
}

function unitDto(row: Units[number]) {
  const { unit } = row;
  return {
    id: unit.id,
    productId: unit.productId,
    sku: row.sku,
    name: row.name,
    upc: row.upc,
    productConditionId: row.productConditionId,
    inventoryConditionId: unit.inventoryConditionId,
    warehouseId: unit.warehouseId,
    inventoryLocationId: unit.inventoryLocationId,
    locationBarcode: row.locationBarcode,
    serial: unit.serial,
    priceCost: Number(unit.priceCost),
    receivedAt: iso(unit.receivedAt),
    receivedBy: unit.receivedBy ? { firstName: row.firstName, lastName: row.lastName } : null,
  };
}

/** Received Divisions: every division the return's units sit in now, with how many. */
function receivedDivisions(units: Units) {
  const byDivision = new Map<
    number,
    { id: number; barcode: string; name: string | null; warehouseId: number; units: number }
  >();
  for (const row of units) {
    const id = row.unit.inventoryLocationId;
    if (id === null || row.locationBarcode === null) continue;
    const entry = byDivision.get(id) ?? {
      id,
      barcode: row.locationBarcode,
      name: row.locationName,
      warehouseId: row.unit.warehouseId,
      units: 0,
    };
    entry.units += row.unit.quantity;
    byDivision.set(id, entry);
  }
  return [...byDivision.values()];
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
