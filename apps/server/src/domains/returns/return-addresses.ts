import { DEFAULT_COUNTRY_CODE, type ReturnAddressInput } from '@backroom/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  addresses,
  channelOrderReturns,
  channelOrders,
  countries,
  states,
  warehouses,
  warehouseTypes,
} from '../../db/schema';
import { conflict, notFound } from '../../http/errors';

// Where a return label goes and where it comes from: a warehouse that receives returns, copies of addresses
// kept with the label (so later edits of a warehouse or an order do not rewrite a label's record), and the
// sender as the panel edits it.

type WarehouseRow = typeof warehouses.$inferSelect;

/**
 * The warehouse a return goes to: the one named, or the account's first. It must receive, be active and not be
 * a third party (returns.md §Shipment panel's destination select).
 */
export async function receivingWarehouse(tx: Db, accountId: number, warehouseId: number | null | undefined) {
  const rows = await tx
    .select({ warehouse: warehouses, type: warehouseTypes })
    .from(warehouses)
    .innerJoin(warehouseTypes, eq(warehouseTypes.id, warehouses.warehouseTypeId))
    .where(and(eq(warehouses.accountId, accountId), warehouseId ? eq(warehouses.id, warehouseId) : undefined))
    .orderBy(asc(warehouses.sortOrder), asc(warehouses.id));
  const receives = (r: (typeof rows)[number]) =>
    r.warehouse.isActive === 1 && r.type.hasReceiving && !r.type.isThirdParty;
  if (warehouseId) {
    const [named] = rows;
    if (!named) throw notFound(`Warehouse ${warehouseId} not found.`);
    if (!receives(named))
      throw conflict(
        `${named.warehouse.name} does not receive returns; choose an active warehouse that receives.`,
      );
    return named.warehouse;
  }
  const first = rows.find(receives);
  if (!first) throw conflict('This account has no active warehouse that receives returns.');
  return first.warehouse;
}

/** A copy of the warehouse's address: the label's destination as it was when the label was made. */
export async function copyWarehouseAddress(tx: Db, warehouse: WarehouseRow) {
  const [row] = await tx
    .insert(addresses)
    .values({
      accountId: warehouse.accountId,
      name: warehouse.company || warehouse.name,
      company: warehouse.company,
      addressLine1: warehouse.addressLine1,
      addressLine2: warehouse.addressLine2,
      addressLine3: warehouse.addressLine3,
      city: warehouse.city,
      stateId: warehouse.stateId,
      stateOrProvidence: warehouse.stateOrProvidence,
      postalCode: warehouse.postalCode,
      country: warehouse.country,
      countryId: warehouse.countryId,
      phoneWork: warehouse.phoneWork,
      email: warehouse.email,
    })
    .returning({ id: addresses.id });
  return row!.id;
}

/** A copy of the return's order's ship-to address (the customer sends the return from there), or null. */
export async function copyOrderAddress(tx: Db, accountId: number, channelOrderReturnId: number | null) {
  if (!channelOrderReturnId) return null;
  const [shipTo] = await tx
    .select({ address: addresses })
    .from(channelOrderReturns)
    .innerJoin(channelOrders, eq(channelOrders.id, channelOrderReturns.channelOrderId))
    .innerJoin(addresses, eq(addresses.id, channelOrders.defaultShipAddressId))
    .where(
      and(eq(channelOrderReturns.id, channelOrderReturnId), eq(channelOrderReturns.accountId, accountId)),
    );
  if (!shipTo) return null;
  const { id: _id, ...fields } = shipTo.address;
  const [row] = await tx.insert(addresses).values(fields).returning({ id: addresses.id });
  return row!.id;
}

/** The sender as sent, with the state's and country's ids and codes completed from each other. */
export async function senderAddress(db: Db, input: ReturnAddressInput) {
  const country = (input.country || DEFAULT_COUNTRY_CODE).toUpperCase();
  const [state] = await db
    .select({ id: states.id, code: states.code, countryId: countries.id, country: countries.code })
    .from(states)
    .innerJoin(countries, eq(countries.id, states.countryId))
    .where(
      input.stateId
        ? eq(states.id, input.stateId)
        : and(
            eq(countries.code, country),
            sql`upper(${states.code}) = upper(${input.stateOrProvidence ?? ''})`,
          ),
    );
  return {
    name: input.name ?? null,
    company: input.company ?? null,
    addressLine1: input.addressLine1 ?? null,
    addressLine2: input.addressLine2 ?? null,
    addressLine3: input.addressLine3 ?? null,
    city: input.city ?? null,
    stateId: state?.id ?? null,
    stateOrProvidence: state?.code ?? input.stateOrProvidence ?? null,
    postalCode: input.postalCode ?? null,
    country: state?.country ?? country,
    countryId: state?.countryId ?? input.countryId ?? 0,
    phoneHome: input.phone ?? null,
    email: input.email ?? null,
  };
}
