import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../config';
import { withStartupLock } from './cluster-locks';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which one they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  /** PostgreSQL only: for the connections the cluster needs of its own (LISTEN, advisory locks). */
  connectionString?: string;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as one uncompressed tarball (what `loadDataDir` takes). */
  dumpDataDir?(): Promise<Blob>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL only: how many connections the server opens at most (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** PGlite only: start from this dump (`dumpDataDir`) instead of an empty cluster; the test suite's template. */
  loadDataDir?: Blob;
}

/**
 * Where PGlite keeps its cluster: `{dataDir}/db`, beside the uploaded files and prints that share the data
 * directory (a cluster cannot be made in a folder that already holds them). An install whose cluster sits in
 * the data directory itself, as the first versions put it, keeps it there.
 */
export function pgliteClusterDir(dataDir: string): string {
  const root = path.resolve(dataDir);
  return existsSync(path.join(root, 'PG_VERSION')) ? root : path.join(root, 'db');
}

/** Connections to PostgreSQL when DATABASE_POOL_SIZE is not set: a few per core of a small database server. */
export const DEFAULT_POOL_SIZE = 6;

/** Opens the database (PostgreSQL when a URL is given, else embedded PGlite) and applies migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const folder = migrationsDir();
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      // Requests beyond the pool wait in its queue, first come first served. More connections than the
      // database's cores can run only share them out, and made slower replies for the same throughput.
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      // A connection keeps the plans it has made; pg's default closed it after 10 s idle, so the first
      // requests after a pause paid the planning of the big list statements again. At most `max` stay open.
      idleTimeoutMillis: 5 * 60_000,
      // ...and an idle connection does not keep a process that has finished its work from exiting.
      allowExitOnIdle: true,
      // Many short queries at once: parallel workers cost more to start than they save, and they take the
      // cores the other requests need.
      options: '-c max_parallel_workers_per_gather=0',
    });
    // An idle connection the server closes (restart, failover) must not crash the process: the pool
    // drops it and opens a new one for the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    // numeric -> string is pg's default and keeps money exact; timestamps come back as Date.
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    // Servers started together on a new database would otherwise all create the same tables at once.
    await withStartupLock(options.databaseUrl, () => migratePg(db as never, { migrationsFolder: folder }));
    return { db, kind: 'postgres', connectionString: options.databaseUrl, close: () => pool.end() };
  }

  const inMemory = options.dataDir.startsWith('memory://');
  const clusterDir = inMemory ? undefined : pgliteClusterDir(options.dataDir);
  if (clusterDir) mkdirSync(clusterDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: clusterDir,
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: folder });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
