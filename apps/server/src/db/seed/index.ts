import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../integrations/storage/local-storage';
import type { Db } from '../client';
import { seedAccountsAndUsers, seedFirstAdmin } from './accounts-users.seed';
import { seedCatalogue } from './catalogue.seed';
import { seedCollections } from './collections.seed';
import { seedOrders } from './orders.seed';
import { seedPricingEvents } from './pricing.seed';
import { ensureReferenceData, isDatabaseEmpty } from './reference-data';
import { seedReturns } from './returns.seed';
import type { SeedContext } from './seed-context';
import { seedShipments } from './shipments.seed';
import { seedSiteRequirements } from './site-requirements.seed';
import { seedWarehouses } from './warehouse.seed';

/** Demo seeders in order; each later issue appends its domain's seeder here. */
const DEMO_SEEDERS: ((db: Db, ctx: SeedContext) => Promise<void>)[] = [
  seedAccountsAndUsers,
  seedWarehouses,
  seedCatalogue,
  seedSiteRequirements,
  seedOrders,
  seedPricingEvents,
  seedReturns,
  seedShipments,
  seedCollections,
];

export interface SeedResult {
  seeded: 'demo' | 'first-admin' | 'none';
  firstAdmin?: { email: string; password: string };
}

export async function seedDatabase(
  db: Db,
  options: { demoData: boolean; passwordHashing: 'strong' | 'fast'; scale?: number; storage?: FileStorage },
): Promise<SeedResult> {
  const roleIds = await ensureReferenceData(db);
  if (!(await isDatabaseEmpty(db))) return { seeded: 'none' };
  const ctx: SeedContext = {
    passwordHashing: options.passwordHashing,
    scale: options.scale ?? 1,
    storage: options.storage,
    roleIds,
    accounts: {},
    users: {},
  };
  // One transaction: a start that dies half-way leaves an empty database that seeds again next time.
  return db.transaction(async (tx) => {
    if (!options.demoData)
      return { seeded: 'first-admin' as const, firstAdmin: await seedFirstAdmin(tx, ctx) };
    for (const seed of DEMO_SEEDERS) await seed(tx, ctx);
    // Statistics for the planner straight away (PGlite has no autovacuum to gather them later).
    await tx.execute(sql`analyze`);
    return { seeded: 'demo' as const };
  });
}
