import type { OrderAddressInput } from '@backroom/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  addresses,
  channelOrderItems,
  channelOrderPayments,
  channelOrders,
  customers,
  products,
  salesChannels,
} from '../../db/schema';

// The SQL of marketplace order imports (order-import.service.ts).

type OrderValues = typeof channelOrders.$inferInsert;

/** Every sales channel of the account. */
export async function listAccountChannels(db: Db, accountId: number) {
  return db.select().from(salesChannels).where(eq(salesChannels.accountId, accountId));
}

/** The account's products whose SKU is one of `skus` (upper case), in any case. */
export async function findProductsBySkus(db: Db, accountId: number, skus: string[]) {
  return db
    .select({ id: products.id, sku: products.sku, name: products.name, priceCost: products.priceCost })
    .from(products)
    .where(
      and(
        eq(products.accountId, accountId),
        sql`upper(${products.sku}) = any(${`{${skus.map((s) => `"${s.replace(/["\\]/g, '')}"`).join(',')}}`}::text[])`,
      ),
    );
}

/** The channel's order `channelOrderNumber` of the account, locked for the rest of the transaction. */
export async function lockImportedOrder(
  tx: Db,
  accountId: number,
  channelId: number,
  channelOrderNumber: string,
) {
  const [existing] = await tx
    .select({
      id: channelOrders.id,
      systemOrderStatusId: channelOrders.systemOrderStatusId,
      defaultShipAddressId: channelOrders.defaultShipAddressId,
      customerId: channelOrders.customerId,
    })
    .from(channelOrders)
    .where(
      and(
        eq(channelOrders.accountId, accountId),
        eq(channelOrders.channelId, channelId),
        eq(channelOrders.channelOrderNumber, channelOrderNumber),
      ),
    )
    .for('update');
  return existing ?? null;
}

/**
 * Inserts the order, or — when another import made it between our read and now — updates it on the unique
 * (account, channel, number) key: never a second order. Answers its id and whether this statement inserted it.
 */
export async function upsertImportedOrder(
  tx: Db,
  keys: { accountId: number; channelId: number; channelOrderNumber: string },
  header: Omit<OrderValues, 'accountId' | 'channelId' | 'channelOrderNumber'>,
) {
  const [saved] = await tx
    .insert(channelOrders)
    .values({ ...keys, channelOrderTypeId: 1, ...header })
    .onConflictDoUpdate({
      target: [channelOrders.accountId, channelOrders.channelId, channelOrders.channelOrderNumber],
      set: header,
    })
    .returning({ id: channelOrders.id, inserted: sql<boolean>`(xmax = 0)` });
  return saved!;
}

export async function deleteOrderItems(tx: Db, channelOrderId: number) {
  await tx.delete(channelOrderItems).where(eq(channelOrderItems.channelOrderId, channelOrderId));
}

export async function insertOrderItems(tx: Db, values: (typeof channelOrderItems.$inferInsert)[]) {
  await tx.insert(channelOrderItems).values(values);
}

/** The payments recorded on the order: reference, number and amount, to tell a payment sent again. */
export async function listKnownPayments(tx: Db, channelOrderId: number) {
  return tx
    .select({
      referenceId: channelOrderPayments.referenceId,
      paymentNumber: channelOrderPayments.paymentNumber,
      amount: channelOrderPayments.amount,
    })
    .from(channelOrderPayments)
    .where(eq(channelOrderPayments.channelOrderId, channelOrderId));
}

export async function insertOrderPayments(tx: Db, values: (typeof channelOrderPayments.$inferInsert)[]) {
  await tx.insert(channelOrderPayments).values(values);
}

type CustomerFields = { firstName: string; lastName: string; email: string | null; phone: string | null };

/**
 * Makes or updates the account's customer with this e-mail: one INSERT … ON CONFLICT on the unique
 * (account, lower(email)) key, which leaves the row locked for the rest of the transaction.
 */
export async function upsertCustomerByEmail(tx: Db, accountId: number, fields: CustomerFields) {
  const result = (await tx.execute(sql`
      insert into ${customers} (account_id, first_name, last_name, email, phone)
      values (${accountId}, ${fields.firstName}, ${fields.lastName}, ${fields.email}, ${fields.phone})
      on conflict (account_id, lower(email)) do update set first_name = excluded.first_name,
        last_name = excluded.last_name, email = excluded.email, phone = excluded.phone
      returning id, address_id as "addressId"`)) as unknown as {
    rows: { id: number; addressId: number | null }[];
  };
  return result.rows[0];
}

export async function updateCustomerFields(tx: Db, accountId: number, id: number, fields: CustomerFields) {
  const [customer] = await tx
    .update(customers)
    .set(fields)
    .where(and(eq(customers.id, id), eq(customers.accountId, accountId)))
    .returning({ id: customers.id, addressId: customers.addressId });
  return customer;
}

export async function insertCustomerFields(tx: Db, accountId: number, fields: CustomerFields) {
  return (
    await tx
      .insert(customers)
      .values({ accountId, ...fields })
      .returning({ id: customers.id, addressId: customers.addressId })
  )[0]!;
}

/** Saves an address over the one given (the order's own copy), or as a new one. */
export async function saveAddress(
  tx: Db,
  accountId: number,
  input: OrderAddressInput,
  currentId: number | null,
) {
  const fields = {
    name: input.name ?? null,
    company: input.company ?? null,
    addressLine1: input.addressLine1 ?? null,
    addressLine2: input.addressLine2 ?? null,
    addressLine3: input.addressLine3 ?? null,
    city: input.city ?? null,
    stateOrProvidence: input.stateOrProvidence ?? null,
    // The state and country records the codes name (orders-warehouse.md §5: a shipping address needs both
    // the id and the code); none when the code is unknown, so the address asks to be corrected before rating.
    stateId: input.stateOrProvidence
      ? sql<number>`(select s.id from states s join countries c on c.id = s.country_id
          where c.code = upper(${input.country}) and upper(s.code) = upper(${input.stateOrProvidence}))`
      : null,
    countryId: sql<number>`coalesce((select id from countries where code = upper(${input.country})), 0)`,
    postalCode: input.postalCode ?? null,
    country: input.country,
    phoneHome: input.phone ?? null,
    email: input.email ?? null,
  };
  if (currentId) {
    await tx
      .update(addresses)
      .set(fields)
      .where(and(eq(addresses.id, currentId), eq(addresses.accountId, accountId)));
    return currentId;
  }
  const [row] = await tx
    .insert(addresses)
    .values({ accountId, ...fields })
    .returning({ id: addresses.id });
  return row!.id;
}
