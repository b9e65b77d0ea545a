import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors';
import { inIds } from '../../db/in-ids';
import { brands, productQueueItems, productQueues, products, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { loadProducts } from './use-cases/load-products';

const queueColumns = {
  id: productQueues.id,
  name: productQueues.name,
  createdBy: productQueues.createdBy,
  createdByName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  createdAt: productQueues.createdAt,
  productCount: sql<number>`(select count(*)::int from ${productQueueItems} qi where qi.queue_id = ${productQueues.id})`,
};

type QueueRow = { createdAt: Date } & Record<string, unknown>;
const toDto = <T extends QueueRow>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString() });

function selectQueues(deps: AppDeps, where: SQL | undefined) {
  return deps.db
    .select(queueColumns)
    .from(productQueues)
    .leftJoin(users, eq(users.id, productQueues.createdBy))
    .where(where)
    .orderBy(desc(productQueues.createdAt), desc(productQueues.id));
}

/** GET productQueues: the account's queues, newest first, with their product counts. */
export async function listQueues(deps: AppDeps, auth: AuthContext) {
  return (await selectQueues(deps, eq(productQueues.accountId, auth.accountId))).map(toDto);
}

export async function getQueue(deps: AppDeps, auth: AuthContext, queueId: number) {
  const [queue] = await selectQueues(
    deps,
    and(eq(productQueues.id, queueId), eq(productQueues.accountId, auth.accountId)),
  );
  if (!queue) throw notFound(`Product queue ${queueId} not found.`);
  return toDto(queue);
}

/** PUT productQueue: a named queue of the account's own products (all must exist, or nothing is made). */
export async function createQueue(
  deps: AppDeps,
  auth: AuthContext,
  body: { name: string; productIds: number[] },
) {
  const own = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.accountId, auth.accountId), inIds(products.id, body.productIds)));
  const found = new Set(own.map((p) => p.id));
  const missing = body.productIds.filter((id) => !found.has(id));
  if (missing.length) {
    throw notFound(`Product ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''} not found.`);
  }
  let queueId: number;
  try {
    queueId = await deps.db.transaction(async (tx) => {
      const [queue] = await tx
        .insert(productQueues)
        .values({ accountId: auth.accountId, name: body.name, createdBy: auth.userId })
        .returning({ id: productQueues.id });
      for (let i = 0; i < body.productIds.length; i += 1000) {
        await tx
          .insert(productQueueItems)
          .values(body.productIds.slice(i, i + 1000).map((productId) => ({ queueId: queue!.id, productId })));
      }
      return queue!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A queue named ${body.name} already exists.`);
    throw error;
  }
  return getQueue(deps, auth, queueId);
}

/** DELETE productQueue/{id}: the queue goes; its products stay as they are. */
export async function deleteQueue(deps: AppDeps, auth: AuthContext, queueId: number) {
  const deleted = await deps.db
    .delete(productQueues)
    .where(and(eq(productQueues.id, queueId), eq(productQueues.accountId, auth.accountId)))
    .returning({ id: productQueues.id });
  if (deleted.length === 0) throw notFound(`Product queue ${queueId} not found.`);
  return deleted;
}

/**
 * GET productQueue/{id}/products (catalogue-admin.md §7, "the active queue's own address"): the queue's
 * products as the brand list shows them, limited to a brand and an active state when given.
 */
export async function listQueueProducts(
  deps: AppDeps,
  auth: AuthContext,
  queueId: number,
  filters: { brandId?: number; isActive?: number },
) {
  await getQueue(deps, auth, queueId);
  if (filters.brandId) {
    const [brand] = await deps.db
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.id, filters.brandId), eq(brands.accountId, auth.accountId)));
    if (!brand) throw notFound(`Brand ${filters.brandId} not found.`);
  }
  const where = and(
    sql`exists (select 1 from ${productQueueItems} qi where qi.queue_id = ${queueId} and qi.product_id = ${products.id})`,
    filters.brandId ? eq(products.brandId, filters.brandId) : undefined,
    filters.isActive === undefined ? undefined : eq(products.isActive, filters.isActive),
  )!;
  return loadProducts(deps, auth, where);
}
