import {
  CHANNEL_ORDER_TYPE_ID,
  CHANNEL_TYPE_ID,
  type firstPartyCreateSchema,
  ORDER_STATUS,
} from '@backroom/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import { notFound } from '../../../http/errors';
import type { AuthContext } from '../../auth/auth-cache';
import { insertOrder } from '../first-party-orders.repository';
import { loadOrderDetail } from '../order-detail';
import { lockOrderWithChannel, storeBilledTotals } from '../order-edit';
import { updateOrder } from '../order-edit.repository';
import { addSystemNote } from '../order-notes';
import { addItemTo } from './add-item';
import { posDefaults } from './order-checks';

/**
 * PUT …/firstParty: a new order, On Hold (so its items can be edited), optionally with a first item. The
 * order and its first item are made in one transaction, and the listing is checked before anything is
 * written: a refused item leaves no empty order behind.
 */
export async function createFirstPartyOrder(
  deps: AppDeps,
  auth: AuthContext,
  body: z.infer<typeof firstPartyCreateSchema>,
) {
  const id = await deps.db.transaction(async (tx) => {
    const { channel, warehouseId } = await posDefaults(tx, auth.accountId, body.channelId, body.warehouseId);
    const isPos = channel.channelTypeId === CHANNEL_TYPE_ID.POINT_OF_SALE;
    const orderId = await insertOrder(tx, {
      accountId: auth.accountId,
      channelId: channel.id,
      channelOrderTypeId: isPos ? CHANNEL_ORDER_TYPE_ID.POINT_OF_SALE : CHANNEL_ORDER_TYPE_ID.CHANNEL,
      // A number until the real one below: the id is only known once the row exists.
      channelOrderNumber: `NEW-${crypto.randomUUID()}`,
      systemOrderStatusId: ORDER_STATUS.ON_HOLD,
      overrideWarehouseId: warehouseId,
      customerId: body.customerId ?? null,
      alternativeId: body.alternativeId ?? null,
      modifiedBy: auth.userId,
    });
    const number = `${isPos ? 'POS' : 'W'}-${String(orderId).padStart(6, '0')}`;
    await updateOrder(tx, orderId, { channelOrderNumber: number });
    await addSystemNote(
      tx,
      { id: orderId, accountId: auth.accountId },
      auth.userId,
      `Order ${number} created.`,
    );
    // The first item in the same transaction: a product not found refuses the call and leaves no order behind.
    if (body.channelListingId || body.barcode) {
      await addItemTo(tx, auth, await lockOrderWithChannel(tx, auth.accountId, orderId), {
        channelListingId: body.channelListingId,
        barcode: body.barcode,
        quantity: body.quantity,
        deliveryTypeId: body.deliveryTypeId,
      });
      await storeBilledTotals(tx, orderId);
    }
    return orderId;
  });
  const detail = await loadOrderDetail(deps.db, auth.accountId, id);
  if (!detail) throw notFound(`Order ${id} not found.`);
  return detail;
}
