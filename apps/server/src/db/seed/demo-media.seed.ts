import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../integrations/storage/local-storage';
import type { Db } from '../client';
import { images, productImages, productQueueItems, productQueues } from '../schema';
import { COLORS } from './catalogue-generator';
import { DEMO_IMAGE_SIZE, type DemoImageProduct, demoProductImage } from './demo-images';

/** One demo product in this many gets photos (300 of the 3,000), spread over every brand and the SKU range. */
const PHOTO_EVERY = 10;
const COLOR_NAMES = new Set(COLORS.map((c) => c.name));

interface ProductInfo {
  id: number;
  sku: string;
  name: string;
  brand: string;
  path: string | null;
}

async function productInfo(db: Db, ids: number[]): Promise<ProductInfo[]> {
  const result = (await db.execute(sql`
    select p.id, p.sku, p.name, b.name as brand, c.path
    from products p join brands b on b.id = p.brand_id left join categories c on c.id = p.category_id
    where p.id = any(${`{${ids.join(',')}}`}::int[])
    order by p.id`)) as unknown as { rows: ProductInfo[] };
  return result.rows;
}

/**
 * Demo photos: every tenth generated product gets one to three generated JPEGs (the first is primary), stored
 * through the file storage like uploads and registered as the account's images. Deterministic: the same
 * product always gets the same files. About 600 images; their drawing and encoding take under a second.
 */
export async function seedDemoImages(
  db: Db,
  storage: FileStorage,
  accountId: number,
  userId: number,
  productIds: number[],
): Promise<void> {
  const chosen = productIds.filter((_, i) => i % PHOTO_EVERY === PHOTO_EVERY - 1);
  const infos = await productInfo(db, chosen);
  const jobs = infos.flatMap((info, i) => {
    const parts = info.path?.split(' > ') ?? [];
    const colour = info.name.includes(', ') ? info.name.split(', ').at(-1)! : null;
    const product: DemoImageProduct = {
      sku: info.sku,
      brand: info.brand,
      kind: parts[0] ?? null,
      leaf: parts.at(-1) ?? null,
      color: colour && COLOR_NAMES.has(colour) ? colour : null,
    };
    return Array.from({ length: 1 + (i % 3) }, (_, view) => ({ info, product, view }));
  });
  // Drawn and written in batches: sharp encodes on its own threads while the next pictures are drawn.
  for (let i = 0; i < jobs.length; i += 50) {
    await Promise.all(
      jobs.slice(i, i + 50).map(async ({ info, product, view }) => {
        const key = `acc${accountId}/demo/${info.sku}-${view + 1}.jpg`;
        await storage.put(key, await demoProductImage(product, view), 'image/jpeg');
      }),
    );
  }
  const imageRows = await db
    .insert(images)
    .values(
      jobs.map(({ info, view }) => ({
        accountId,
        userId,
        cloudinaryUUID: `demo-${info.sku}-${view + 1}`,
        cloudinaryJSON: {
          width: DEMO_IMAGE_SIZE,
          height: DEMO_IMAGE_SIZE,
          secure_url: `/api/files/acc${accountId}/demo/${info.sku}-${view + 1}.jpg`,
        },
      })),
    )
    .returning({ id: images.id });
  await db.insert(productImages).values(
    jobs.map(({ info, view }, n) => ({
      productId: info.id,
      imageId: imageRows[n]!.id,
      isPrimaryImage: view === 0 ? 1 : 0,
      isActive: 1,
      sortOrder: view,
      createdBy: userId,
    })),
  );
}

/**
 * Two demo product queues (catalogue-admin.md §2.2): Fender products that hold stock, for a restock review,
 * and products whose verified MAP differs from their MAP, across brands.
 */
export async function seedDemoQueues(db: Db, accountId: number, userId: number): Promise<void> {
  const pick = async (where: ReturnType<typeof sql>, limit: number) =>
    (
      (await db.execute(sql`
        select p.id from products p join brands b on b.id = p.brand_id
        where p.account_id = ${accountId} and p.type_id = 0 and ${where}
        order by p.sku limit ${limit}`)) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => r.id);
  const queues = [
    {
      name: 'Fender Restock Review',
      productIds: await pick(
        sql`b.name = 'Fender' and exists (select 1 from inventory_location_items i where i.product_id = p.id)`,
        15,
      ),
    },
    {
      name: 'Verified MAP Differs',
      productIds: await pick(sql`p.verified_price_map > 0 and p.verified_price_map <> p.price_map`, 40),
    },
  ];
  for (const queue of queues) {
    if (queue.productIds.length === 0) continue;
    const [row] = await db
      .insert(productQueues)
      .values({ accountId, name: queue.name, createdBy: userId })
      .returning({ id: productQueues.id });
    await db
      .insert(productQueueItems)
      .values(queue.productIds.map((productId) => ({ queueId: row!.id, productId })));
  }
}
