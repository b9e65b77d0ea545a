import type { Db } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { findOrderItem, findSaleChannel, findSaleWarehouse } from '../first-party-orders.repository';

// Checks several first-party use cases share: they throw the HTTP error the caller gets.

/** Refuses (409) what a shared rule does not allow for the order now. */
export function refuseUnless(check: { allowed: boolean; reason?: string }) {
  if (!check.allowed) throw conflict(check.reason ?? 'Not allowed for this order now.');
}

/** One of the account's order lines, or 404. */
export async function lineOf(db: Db, accountId: number, channelOrderItemId: number) {
  const line = await findOrderItem(db, accountId, channelOrderItemId);
  if (!line) throw notFound(`Order item ${channelOrderItemId} not found.`);
  return line;
}

/** The account's point-of-sale channel and its first warehouse that fulfils, unless the call names them. */
export async function posDefaults(db: Db, accountId: number, channelId?: number, warehouseId?: number) {
  const channel = await findSaleChannel(db, accountId, channelId);
  if (!channel)
    throw badRequest(
      channelId ? `Sales channel ${channelId} not found.` : 'This account has no point-of-sale channel.',
    );
  const warehouse = await findSaleWarehouse(db, accountId, warehouseId);
  if (!warehouse)
    throw badRequest(
      warehouseId
        ? `Warehouse ${warehouseId} not found.`
        : 'This account has no warehouse that fulfils orders.',
    );
  return { channel, warehouseId: warehouse.id };
}
