import {
  type AddressInput,
  type Customer,
  type customerCreateSchema,
  type customerPatchSchema,
  type customerSearchSchema,
  shippingAddressProblems,
} from '@backroom/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { senderAddress } from '../returns/return-addresses';
import * as repo from './customers.repository';

// Customers of an account (issue 16 #4): found by name, e-mail or phone, made and edited from the point of
// sale. A customer's address is the order's Customer (billing) address.

type AddressRow = repo.CustomerAddressRow;

function addressReply(row: AddressRow | null) {
  if (!row) return null;
  const { accountId: _account, ...address } = row;
  return address;
}

function customerReply(row: repo.CustomerRow, address: AddressRow | null): Customer {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    address: addressReply(address),
  };
}

/** An address as sent, with its state's and country's ids and codes completed from each other. */
export async function addressValues(tx: Db, accountId: number, input: AddressInput) {
  const address = await senderAddress(tx, input);
  if (!address.countryId) {
    // No state to read it from: the country by its code.
    const country = await repo.findCountryByCode(tx, address.country);
    if (country) return { accountId, ...address, countryId: country.id };
  }
  return { accountId, ...address };
}

/**
 * §5 Address for shipping: line 1, city and postal code, a state (id and code) and a country (id and code).
 * Refused with 400 naming each missing field.
 */
export function refuseUnlessShippable(address: Awaited<ReturnType<typeof addressValues>>) {
  const problems = shippingAddressProblems({
    addressLine1: address.addressLine1,
    city: address.city,
    postalCode: address.postalCode,
    stateId: address.stateId,
    stateCode: address.stateOrProvidence,
    countryId: address.countryId,
    countryCode: address.country,
  });
  if (problems.length === 0) return;
  const names: Record<string, string> = {
    addressLine1: 'address line 1',
    city: 'city',
    postalCode: 'zip code',
    stateId: 'state',
    stateCode: 'state',
    countryId: 'country',
    countryCode: 'country',
  };
  const missing = [...new Set(problems.map((p) => names[p]!))];
  throw badRequest(`The shipping address needs its ${missing.join(', ')}.`);
}

/** GET /api/v1/backroom/customers: any part of the name, the e-mail or the phone's digits. */
export async function searchCustomers(
  deps: AppDeps,
  auth: AuthContext,
  query: z.infer<typeof customerSearchSchema>,
): Promise<Customer[]> {
  const term = query.searchTerm.toLowerCase();
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = term.replace(/\D/g, '');
  const rows = await repo.searchCustomerRows(deps.db, auth.accountId, {
    term,
    like,
    digits,
    limit: query.limit,
  });
  return rows.map((r) => customerReply(r.customer, r.address));
}

async function refuseTakenEmail(tx: Db, accountId: number, email: string | null | undefined, id?: number) {
  if (!email) return;
  const taken = await repo.findCustomerByEmail(tx, accountId, email);
  if (taken && taken.id !== id) throw conflict(`A customer with the e-mail ${email} already exists.`);
}

export async function loadCustomer(db: Db, accountId: number, id: number): Promise<Customer> {
  const row = await repo.findCustomerWithAddress(db, accountId, id);
  if (!row) throw notFound(`Customer ${id} not found.`);
  return customerReply(row.customer, row.address);
}

/** PUT /api/v1/backroom/customer. */
export async function createCustomer(
  deps: AppDeps,
  auth: AuthContext,
  body: z.infer<typeof customerCreateSchema>,
): Promise<Customer> {
  const id = await deps.db.transaction(async (tx) => {
    await refuseTakenEmail(tx, auth.accountId, body.email);
    let addressId: number | null = null;
    if (body.address) {
      addressId = await repo.insertAddress(tx, await addressValues(tx, auth.accountId, body.address));
    }
    return repo.insertCustomer(tx, {
      accountId: auth.accountId,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email ?? null,
      phone: body.phone ?? null,
      addressId,
    });
  });
  return loadCustomer(deps.db, auth.accountId, id);
}

/** PATCH /api/v1/backroom/customer: the fields sent; an address sent becomes the customer's address. */
export async function patchCustomer(
  deps: AppDeps,
  auth: AuthContext,
  body: z.infer<typeof customerPatchSchema>,
): Promise<Customer> {
  await deps.db.transaction(async (tx) => {
    const current = await repo.lockCustomer(tx, auth.accountId, body.id);
    if (!current) throw notFound(`Customer ${body.id} not found.`);
    const { patch } = body;
    if (patch.email !== undefined) await refuseTakenEmail(tx, auth.accountId, patch.email, current.id);
    let addressId = current.addressId;
    if (patch.address === null) addressId = null;
    else if (patch.address) {
      // A new row, never the old one rewritten: an order may show the address it was placed with.
      const values = await addressValues(tx, auth.accountId, patch.address);
      addressId = await repo.insertAddress(tx, values);
    }
    const firstName = patch.firstName ?? current.firstName;
    const lastName = patch.lastName ?? current.lastName;
    if (!firstName && !lastName) throw badRequest("Enter the customer's name.");
    await repo.updateCustomer(tx, current.id, {
      firstName,
      lastName,
      ...(patch.email === undefined ? {} : { email: patch.email }),
      ...(patch.phone === undefined ? {} : { phone: patch.phone }),
      addressId,
    });
  });
  return loadCustomer(deps.db, auth.accountId, body.id);
}
