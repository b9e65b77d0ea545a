import { isUniqueViolation } from '../../db/errors';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import * as repo from './product-queues.repository';
import { ownProductIds } from './products.repository';
import { loadProducts } from './use-cases/load-products';

type QueueRow = { createdAt: Date } & Record<string, unknown>;
const toDto = <T extends QueueRow>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString() });

/** GET productQueues: the account's queues, newest first, with their product counts. */
export async function listQueues(deps: AppDeps, auth: AuthContext) {
  return (await repo.listQueueRows(deps.db, auth.accountId)).map(toDto);
}

export async function getQueue(deps: AppDeps, auth: AuthContext, queueId: number) {
  const queue = await repo.findQueueRow(deps.db, auth.accountId, queueId);
  if (!queue) throw notFound(`Product queue ${queueId} not found.`);
  return toDto(queue);
}

/** PUT productQueue: a named queue of the account's own products (all must exist, or nothing is made). */
export async function createQueue(
  deps: AppDeps,
  auth: AuthContext,
  body: { name: string; productIds: number[] },
) {
  const own = await ownProductIds(deps.db, auth.accountId, body.productIds);
  const found = new Set(own.map((p) => p.id));
  const missing = body.productIds.filter((id) => !found.has(id));
  if (missing.length) {
    throw notFound(`Product ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''} not found.`);
  }
  let queueId: number;
  try {
    queueId = await deps.db.transaction(async (tx) => {
      const queue = await repo.insertQueue(tx, {
        accountId: auth.accountId,
        name: body.name,
        createdBy: auth.userId,
      });
      for (let i = 0; i < body.productIds.length; i += 1000) {
        await repo.insertQueueItems(
          tx,
          body.productIds.slice(i, i + 1000).map((productId) => ({ queueId: queue!.id, productId })),
        );
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
  const deleted = await repo.deleteQueueRow(deps.db, auth.accountId, queueId);
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
    if (!(await repo.brandExists(deps.db, auth.accountId, filters.brandId)))
      throw notFound(`Brand ${filters.brandId} not found.`);
  }
  return loadProducts(deps, auth, repo.queueProductsWhere(queueId, filters));
}
