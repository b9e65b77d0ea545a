import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, productQueueItems, productQueues, products, users } from '../../db/schema';

// The SQL of product-queues.service.ts: an account's product queues and their items.

const queueColumns = {
  id: productQueues.id,
  name: productQueues.name,
  createdBy: productQueues.createdBy,
  createdByName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  createdAt: productQueues.createdAt,
  productCount: sql<number>`(select count(*)::int from ${productQueueItems} qi where qi.queue_id = ${productQueues.id})`,
};

function selectQueues(db: Db, where: SQL | undefined) {
  return db
    .select(queueColumns)
    .from(productQueues)
    .leftJoin(users, eq(users.id, productQueues.createdBy))
    .where(where)
    .orderBy(desc(productQueues.createdAt), desc(productQueues.id));
}

/** The account's queues, newest first, with their product counts. */
export function listQueueRows(db: Db, accountId: number) {
  return selectQueues(db, eq(productQueues.accountId, accountId));
}

export async function findQueueRow(db: Db, accountId: number, queueId: number) {
  const [queue] = await selectQueues(
    db,
    and(eq(productQueues.id, queueId), eq(productQueues.accountId, accountId)),
  );
  return queue;
}

export async function insertQueue(tx: Db, values: typeof productQueues.$inferInsert) {
  const [queue] = await tx.insert(productQueues).values(values).returning({ id: productQueues.id });
  return queue;
}

export async function insertQueueItems(tx: Db, values: (typeof productQueueItems.$inferInsert)[]) {
  await tx.insert(productQueueItems).values(values);
}

/** Deletes the account's queue; answers the deleted ids (none when there was no such queue). */
export function deleteQueueRow(db: Db, accountId: number, queueId: number) {
  return db
    .delete(productQueues)
    .where(and(eq(productQueues.id, queueId), eq(productQueues.accountId, accountId)))
    .returning({ id: productQueues.id });
}

/** Whether the account has this brand. */
export async function brandExists(db: Db, accountId: number, brandId: number) {
  const [brand] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.id, brandId), eq(brands.accountId, accountId)));
  return brand !== undefined;
}

/** The products of the queue, of a brand and an active state when given (for loadProducts). */
export const queueProductsWhere = (queueId: number, filters: { brandId?: number; isActive?: number }) =>
  and(
    sql`exists (select 1 from ${productQueueItems} qi where qi.queue_id = ${queueId} and qi.product_id = ${products.id})`,
    filters.brandId ? eq(products.brandId, filters.brandId) : undefined,
    filters.isActive === undefined ? undefined : eq(products.isActive, filters.isActive),
  )!;
