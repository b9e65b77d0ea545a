import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app';
import type { AuthContext } from '../../auth/auth-cache';
import type { CarrierAddress, RateRequest } from '../carrier';

export const AUSTIN: CarrierAddress = {
  name: 'Demo Music Co Warehouse',
  company: 'Demo Music Co',
  street1: '500 Warehouse Row',
  street2: null,
  city: 'Austin',
  state: 'TX',
  postalCode: '78744',
  country: 'US',
  phone: '512-555-0100',
  email: null,
};

export const PORTLAND: CarrierAddress = {
  name: 'Quinn Buyer',
  company: null,
  street1: '22 Harbour Street',
  street2: null,
  city: 'Portland',
  state: 'OR',
  postalCode: '97205',
  country: 'US',
  phone: null,
  email: 'quinn@example.com',
};

export const BOX = { lengthInch: 12, widthInch: 9, heightInch: 6, weightOunce: 40 };

export const rateRequest = (overrides: Partial<RateRequest> = {}): RateRequest => ({
  from: AUSTIN,
  to: PORTLAND,
  parcels: [BOX],
  reference: 'Order 1001',
  ...overrides,
});

/** The session-less identity services take: a demo user of a demo account, by e-mail. */
export async function authOf(t: TestApp, email: string, accountName = 'Demo Music Co'): Promise<AuthContext> {
  const [row] = await t.rows<{ userId: number; accountId: number }>(
    sql`select u.id as "userId", a.id as "accountId" from users u, accounts a where u.email = ${email} and a.name = ${accountName}`,
  );
  return { userId: row!.userId, accountId: row!.accountId, user: { id: row!.userId } } as AuthContext;
}
