import {
  canEditItems,
  canEditShippingAddress,
  type firstPartyOrderPatchSchema,
  firstPartyTransition,
  ORDER_STATUS,
} from '@backroom/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import { conflict } from '../../../http/errors';
import type { AuthContext } from '../../auth/auth-cache';
import { insertAddress } from '../customers.repository';
import { addressValues, loadCustomer, refuseUnlessShippable } from '../customers.service';
import { editOrder, firstPartyFactsOf, type LockedOrder } from '../order-edit';
import { updateOrder } from '../order-edit.repository';
import { addSystemNote } from '../order-notes';
import { setStatus } from '../order-status';
import { posDefaults, refuseUnless } from './order-checks';

type OrderPatch = z.infer<typeof firstPartyOrderPatchSchema>['patch'];

/**
 * PATCH …/firstParty: the customer, the shipping address (§4 Edit shipping address, §5 Address for shipping),
 * the warehouse, and Hold or Activate by the status machine (first-party-status.ts).
 */
export async function patchOrder(
  deps: AppDeps,
  auth: AuthContext,
  body: z.infer<typeof firstPartyOrderPatchSchema>,
) {
  return editOrder(deps, auth, body.channelOrderId, body.sourceModifiedAt, async (tx, order) => {
    const { patch } = body;
    if (patch.customerId !== undefined) await setCustomer(tx, auth, order, patch.customerId);
    if (patch.shipTo !== undefined) await setShipTo(tx, auth, order, patch.shipTo);
    if (patch.overrideWarehouseId !== undefined) {
      refuseUnless(canEditItems(order));
      if (patch.overrideWarehouseId)
        await posDefaults(tx, auth.accountId, order.channelId ?? undefined, patch.overrideWarehouseId);
      await updateOrder(tx, order.id, { overrideWarehouseId: patch.overrideWarehouseId });
    }
    if (patch.systemOrderStatusId !== undefined) {
      const event = patch.systemOrderStatusId === ORDER_STATUS.ON_HOLD ? 'hold' : 'activate';
      const move = firstPartyTransition(order, event, await firstPartyFactsOf(tx, order.id));
      if (!move.allowed) throw conflict(move.reason);
      await setStatus(tx, auth, order, move.statusId);
    }
  });
}

async function setCustomer(
  tx: Db,
  auth: AuthContext,
  order: LockedOrder,
  customerId: Exclude<OrderPatch['customerId'], undefined>,
) {
  // The id was resolved within the account before the handler ran (account-refs).
  const customer = customerId ? await loadCustomer(tx, auth.accountId, customerId) : null;
  await updateOrder(tx, order.id, { customerId });
  await addSystemNote(
    tx,
    order,
    auth.userId,
    customer
      ? `Customer set to ${`${customer.firstName} ${customer.lastName}`.trim()}${customer.email ? ` (${customer.email})` : ''}.`
      : 'Customer removed.',
  );
}

async function setShipTo(
  tx: Db,
  auth: AuthContext,
  order: LockedOrder,
  shipTo: Exclude<OrderPatch['shipTo'], undefined>,
) {
  refuseUnless(canEditShippingAddress(order));
  let addressId: number | null = null;
  if (shipTo) {
    const values = await addressValues(tx, auth.accountId, shipTo);
    refuseUnlessShippable(values);
    // A new row each time: shipments keep the address they were made for.
    addressId = await insertAddress(tx, values);
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Shipping address set to ${[values.name, values.addressLine1, values.city, values.stateOrProvidence, values.postalCode].filter(Boolean).join(', ')}.`,
    );
  } else await addSystemNote(tx, order, auth.userId, 'Shipping address removed.');
  await updateOrder(tx, order.id, { defaultShipAddressId: addressId });
}
