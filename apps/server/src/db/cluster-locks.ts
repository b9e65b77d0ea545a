import pg from 'pg';

/**
 * PostgreSQL advisory lock keys. Several Backroom processes may share one database (docs/operations.md,
 * "Several servers"); work that must happen once at a time takes one of these locks. The first key half names
 * Backroom, so other programs on the same database cannot collide with it.
 */
export const LOCK_NAMESPACE = 0x4252_4f4f; // 'BROO'
export const LOCKS = {
  /** Migrations, seeding and the generated secret: one starting process at a time. */
  startup: 1,
  /** The print queue's background work: expiring old jobs and printing on the built-in print server. */
  printQueue: 2,
  /** The shipping tracking job: following labels until they are delivered. */
  shippingTracking: 3,
} as const;
export type LockName = keyof typeof LOCKS;

/**
 * Runs `work` while holding a session advisory lock on a connection of its own, waiting for the lock.
 * Two servers started at once on an empty database would otherwise both create the tables and both seed.
 */
export async function withStartupLock<T>(connectionString: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, LOCKS.startup]);
    return await work();
  } finally {
    // Ending the session releases the lock, also when the unlock itself cannot be sent.
    await client.end().catch(() => {});
  }
}
