import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { ensureChannels, ensureListings, generateOrders } from './orders-generator';
import type { SeedContext } from './seed-context';

/**
 * Demo orders: a few hundred for Demo Music Co across Amazon, eBay, Reverb, the web store and the counter,
 * in every status; a few for Demo Outlet; demo promotion codes and gift cards for the point of sale.
 */
export async function seedOrders(db: Db, ctx: SeedContext): Promise<void> {
  const userId = ctx.users['admin@backroom.local'] ?? null;
  for (const accountId of [ctx.accounts.music, ctx.accounts.outlet]) {
    if (!accountId) continue;
    await ensureChannels(db, accountId);
    await ensureListings(db, accountId);
  }
  if (ctx.accounts.music) {
    await generateOrders(db, ctx.accounts.music, Math.round(360 * ctx.scale), { userId });
    await seedPromotionsAndCards(db, ctx.accounts.music, userId);
  }
  if (ctx.accounts.outlet) await generateOrders(db, ctx.accounts.outlet, 12, { userId, prefix: 'OUT-' });
}

async function seedPromotionsAndCards(db: Db, accountId: number, userId: number | null) {
  await db.execute(sql`
    insert into promotions (account_id, name, redemption_code, is_percent, amount, starts_at, ends_at, usage_limit)
    values
      (${accountId}, 'Ten dollars off', 'TAKE10', 0, 10, now() - interval '30 days', now() + interval '365 days', null),
      (${accountId}, 'Fifteen percent off', 'SPRING15', 1, 15, now() - interval '30 days', now() + interval '365 days', 1000),
      (${accountId}, 'Last year''s sale', 'EXPIRED5', 0, 5, now() - interval '400 days', now() - interval '30 days', null),
      (${accountId}, 'One use only', 'ONCE20', 0, 20, null, null, 1)`);
  await db.execute(sql`
    insert into merchant_credits (account_id, merchant_credit_type_id, number, verification_code, initial_balance, balance, created_by)
    values
      (${accountId}, 3, '10000000000001', '1234', 100, 100, ${userId}),
      (${accountId}, 3, '10000000000002', '2345', 25, 25, ${userId}),
      (${accountId}, 10, '1000000000001', '3456', 50, 50, ${userId}),
      (${accountId}, 10, '1000000000002', '4567', 0, 0, ${userId})`);
}
