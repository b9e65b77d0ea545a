import { canEditItems, type firstPartyItemPatchSchema, formatMoney, toCents } from '@backroom/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import { conflict } from '../../../http/errors';
import type { AuthContext } from '../../auth/auth-cache';
import {
  countAllocatedUnits,
  countFreeUnits,
  deleteOrderItem,
  findProductTypeId,
  updateOrderItem,
} from '../first-party-orders.repository';
import { decimal, editOrder, type LockedOrder } from '../order-edit';
import { addSystemNote } from '../order-notes';
import { lineOf, refuseUnless } from './order-checks';

type ItemPatch = z.infer<typeof firstPartyItemPatchSchema>['patch'];
type Line = Awaited<ReturnType<typeof lineOf>>;

/** PATCH …/firstParty/item: quantity (0 removes the line and frees its units), price, description, tax. */
export async function patchItem(
  deps: AppDeps,
  auth: AuthContext,
  body: z.infer<typeof firstPartyItemPatchSchema>,
) {
  const line = await lineOf(deps.db, auth.accountId, body.channelOrderItemId);
  return editOrder(deps, auth, line.channelOrderId, body.sourceModifiedAt, async (tx, order) => {
    refuseUnless(canEditItems(order));
    const current = await lineOf(tx, auth.accountId, body.channelOrderItemId);
    const { patch } = body;
    if (patch.quantityOrdered === 0) {
      await deleteOrderItem(tx, current.id);
      await addSystemNote(tx, order, auth.userId, `Removed ${current.listingSKU ?? current.description}.`);
      return;
    }
    await refuseBeyondStock(tx, auth.accountId, order, current, patch.quantityOrdered);
    await updateOrderItem(tx, current.id, {
      ...(patch.quantityOrdered === undefined ? {} : { quantityOrdered: patch.quantityOrdered }),
      ...(patch.unitPrice === undefined ? {} : { unitPrice: decimal(toCents(patch.unitPrice)) }),
      ...(patch.taxPercent === undefined ? {} : { taxPercent: String(patch.taxPercent) }),
      ...(patch.description === undefined ? {} : { description: patch.description }),
      ...(patch.deliveryTypeId === undefined ? {} : { deliveryTypeId: patch.deliveryTypeId }),
      modifiedBy: auth.userId,
    });
    const changes = describeChanges(current, patch);
    if (changes.length)
      await addSystemNote(tx, order, auth.userId, `${current.listingSKU ?? 'Item'}: ${changes.join(', ')}.`);
  });
}

/**
 * A simple product's line is raised only as far as the warehouse's free units and those already allocated
 * to it reach (a line already above that may stay where it is).
 */
async function refuseBeyondStock(
  tx: Db,
  accountId: number,
  order: LockedOrder,
  current: Line,
  quantity: number | undefined,
) {
  if (quantity === undefined || quantity <= current.quantityOrdered) return;
  if (!current.productId || !order.overrideWarehouseId) return;
  if ((await findProductTypeId(tx, current.productId)) !== 0) return;
  const allocated = await countAllocatedUnits(tx, current.id);
  const free = await countFreeUnits(tx, accountId, current.productId, order.overrideWarehouseId);
  const max = free + allocated;
  if (quantity > Math.max(max, current.quantityOrdered)) {
    throw conflict(`Only ${max} of ${current.listingSKU} can be sold from this warehouse.`);
  }
}

/** What the note says changed: quantity, price and tax from → to, and whether the description did. */
function describeChanges(current: Line, patch: ItemPatch) {
  const changes: string[] = [];
  if (patch.quantityOrdered !== undefined)
    changes.push(`quantity ${current.quantityOrdered} → ${patch.quantityOrdered}`);
  if (patch.unitPrice !== undefined)
    changes.push(
      `price ${formatMoney(toCents(current.unitPrice))} → ${formatMoney(toCents(patch.unitPrice))}`,
    );
  if (patch.taxPercent !== undefined)
    changes.push(`tax ${Number(current.taxPercent)}% → ${patch.taxPercent}%`);
  if (patch.description !== undefined) changes.push('description');
  return changes;
}
