import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../client';
import { inventoryLocationItems, inventoryUnitEvents, warehouseDivisions, warehouses } from '../schema';
import { generateCatalogue } from './catalogue-generator';
import { seedDemoImages, seedDemoQueues } from './demo-media.seed';
import type { SeedContext } from './seed-context';

/**
 * Demo catalogue for Demo Music Co (3,000 products, more with the benchmark scale), units in its bins, two
 * product queues and, when there is file storage, product photos.
 */
export async function seedCatalogue(db: Db, ctx: SeedContext): Promise<void> {
  const accountId = ctx.accounts.music!;
  const admin = ctx.users['admin@backroom.local']!;
  const { productIds } = await generateCatalogue(db, { accountId, products: 3000 * ctx.scale, seed: 7 });

  const bins = await db
    .select({ division: warehouseDivisions })
    .from(warehouseDivisions)
    .innerJoin(warehouses, eq(warehouses.id, warehouseDivisions.warehouseId))
    .where(
      and(
        eq(warehouses.shortAlias, 'MAIN'),
        eq(warehouseDivisions.level, 'bin'),
        isNotNull(warehouseDivisions.chaosZone),
      ),
    );
  const receivedAt = new Date(Date.now() - 30 * 86_400_000);
  const placements = productIds.slice(0, 240).flatMap((productId, i) => {
    const bin = bins[i % bins.length]!.division;
    return Array.from({ length: 1 + (i % 3) }, () => ({
      accountId,
      productId,
      warehouseId: bin.warehouseId,
      inventoryLocationId: bin.id,
      chaosZone: bin.chaosZone,
      chaosRow: bin.chaosRow,
      chaosSection: bin.chaosSection,
      chaosShelf: bin.chaosShelf,
      chaosBin: bin.chaosBin,
      receivedBy: admin,
      receivedAt,
      createdBy: admin,
      modifiedBy: admin,
    }));
  });
  const units = await db
    .insert(inventoryLocationItems)
    .values(placements)
    .returning({ id: inventoryLocationItems.id, to: inventoryLocationItems.inventoryLocationId });
  await db.insert(inventoryUnitEvents).values(
    units.map((u) => ({
      accountId,
      inventoryLocationItemId: u.id,
      eventType: 'received' as const,
      toDivisionId: u.to,
      userId: admin,
      createdAt: receivedAt,
    })),
  );
  await seedDemoQueues(db, accountId, admin);
  if (ctx.storage) await seedDemoImages(db, ctx.storage, accountId, admin, productIds);
}
