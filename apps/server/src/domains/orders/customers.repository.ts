import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, countries, customers } from '../../db/schema';

// The SQL of customers.service.ts: an account's customers and their addresses. Inside a transaction pass its `tx`.

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerAddressRow = typeof addresses.$inferSelect;

/** The country with this code. */
export async function findCountryByCode(tx: Db, code: string) {
  const [country] = await tx
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .where(eq(countries.code, code));
  return country;
}

/** The account's customers whose name or e-mail holds `like`, or (with `digits`) whose phone holds them. */
export async function searchCustomerRows(
  db: Db,
  accountId: number,
  search: { term: string; like: string; digits: string; limit: number },
) {
  const { term, like, digits } = search;
  const nameOrEmail = sql`lower(${customers.firstName} || ' ' || ${customers.lastName} || ' ' || coalesce(${customers.email}, ''))`;
  return (
    db
      .select({ customer: customers, address: addresses })
      .from(customers)
      .leftJoin(addresses, eq(addresses.id, customers.addressId))
      .where(
        and(
          eq(customers.accountId, accountId),
          digits.length >= 3
            ? sql`(${nameOrEmail} like ${like} or regexp_replace(coalesce(${customers.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`})`
            : sql`${nameOrEmail} like ${like}`,
        ),
      )
      // Exact e-mail first, then names starting with the term, then by name.
      .orderBy(
        sql`lower(coalesce(${customers.email}, '')) = ${term} desc`,
        sql`lower(${customers.firstName} || ' ' || ${customers.lastName}) like ${`${term}%`} desc`,
        asc(customers.lastName),
        asc(customers.firstName),
        asc(customers.id),
      )
      .limit(search.limit)
  );
}

/** The account's customer with this e-mail (any case). */
export async function findCustomerByEmail(tx: Db, accountId: number, email: string) {
  const [taken] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.accountId, accountId), sql`lower(${customers.email}) = ${email.toLowerCase()}`));
  return taken;
}

export async function findCustomerWithAddress(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select({ customer: customers, address: addresses })
    .from(customers)
    .leftJoin(addresses, eq(addresses.id, customers.addressId))
    .where(and(eq(customers.id, id), eq(customers.accountId, accountId)));
  return row;
}

/** The account's customer, locked until the transaction ends. */
export async function lockCustomer(tx: Db, accountId: number, id: number) {
  const [current] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.accountId, accountId)))
    .for('update');
  return current;
}

export async function insertAddress(tx: Db, values: typeof addresses.$inferInsert) {
  const [made] = await tx.insert(addresses).values(values).returning({ id: addresses.id });
  return made!.id;
}

export async function insertCustomer(tx: Db, values: typeof customers.$inferInsert) {
  const [made] = await tx.insert(customers).values(values).returning({ id: customers.id });
  return made!.id;
}

export async function updateCustomer(tx: Db, id: number, set: Partial<typeof customers.$inferInsert>) {
  await tx.update(customers).set(set).where(eq(customers.id, id));
}
