import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from './client';
import { LOCK_NAMESPACE, LOCKS, type LockName } from './cluster-locks';

/**
 * What one server process tells the others (and itself). Several processes may serve one PostgreSQL
 * database, so a write through one must reach the in-memory state of all:
 * - `auth`: '*' (users, roles, memberships or accounts changed) or one session id (logout, account switch);
 * - `divisions`: an account id whose divisions or warehouses changed;
 * - `print`: a print server id that has jobs queued.
 */
export type ClusterChannel = 'auth' | 'divisions' | 'print';
export type Publish = (channel: ClusterChannel, payload: string) => void;

export interface ClusterEvents {
  /**
   * Whether this process hears every event: always on PGlite, and on PostgreSQL while the LISTEN connection
   * is up. Caches serve from memory only while it is true (an event missed would leave them stale).
   */
  readonly live: boolean;
  /**
   * Sends an event, after the write it is about has committed: delivered here at once (synchronously), and
   * to the other processes by NOTIFY. Replies wait for the NOTIFY (`settled`), so a client that got an answer
   * from this process finds the change through any other.
   */
  publish: Publish;
  /**
   * Runs `work` in a transaction whose events go with it: the NOTIFY is part of the transaction, so other
   * processes hear of the write when it commits and never when it rolls back; this process right after.
   */
  transaction<T>(db: Db, work: (tx: Db, publish: Publish) => Promise<T>): Promise<T>;
  subscribe(channel: ClusterChannel, handler: (payload: string) => void): () => void;
  /** Called when events may have been missed (the LISTEN connection was lost): drop everything cached. */
  onResync(handler: () => void): () => void;
  /** Resolves when every event published so far has been sent; undefined when none is on its way. */
  settled(): Promise<void> | undefined;
  /**
   * Resolves once every event committed before the call has been delivered to this process; undefined when
   * there is nothing to wait for (PGlite, or the LISTEN connection is down and caches are bypassed anyway).
   * A request waits for it before it trusts a cache: the write a client was just told about through another
   * server is then heard here first, however busy the machines are.
   */
  sync(): Promise<void> | undefined;
  /**
   * Runs `job` unless another process (or this one) is running the job of that name; false when it was
   * skipped. Background work that must happen once across the cluster goes through here.
   */
  runExclusive(name: LockName, job: () => Promise<void>): Promise<boolean>;
  close(): Promise<void>;
}

/** The events of one process by itself: PGlite (one process by definition) and unit tests. */
export function inProcessEvents(): ClusterEvents {
  return new LocalEvents();
}

/** The events for a database: NOTIFY/LISTEN on PostgreSQL, in-process on PGlite. */
export async function openClusterEvents(
  database: Database,
  log: { warn(message: string): void } = console,
): Promise<ClusterEvents> {
  if (database.kind !== 'postgres' || !database.connectionString) return inProcessEvents();
  const events = new PostgresEvents(database.db, database.connectionString, log);
  await events.start();
  return events;
}

class LocalEvents implements ClusterEvents {
  private readonly handlers = new Map<ClusterChannel, Set<(payload: string) => void>>();
  private readonly resyncHandlers = new Set<() => void>();
  private readonly running = new Set<LockName>();

  get live(): boolean {
    return true;
  }

  readonly publish: Publish = (channel, payload) => this.deliver(channel, payload);

  async transaction<T>(db: Db, work: (tx: Db, publish: Publish) => Promise<T>): Promise<T> {
    const events: [ClusterChannel, string][] = [];
    const result = await db.transaction((tx) =>
      work(tx as unknown as Db, (channel, payload) => events.push([channel, payload])),
    );
    // In one process there is nobody else to tell: delivered here once committed.
    for (const [channel, payload] of events) this.deliver(channel, payload);
    return result;
  }

  subscribe(channel: ClusterChannel, handler: (payload: string) => void): () => void {
    const set = this.handlers.get(channel) ?? new Set();
    this.handlers.set(channel, set);
    set.add(handler);
    return () => set.delete(handler);
  }

  onResync(handler: () => void): () => void {
    this.resyncHandlers.add(handler);
    return () => this.resyncHandlers.delete(handler);
  }

  settled(): Promise<void> | undefined {
    return undefined;
  }

  sync(): Promise<void> | undefined {
    return undefined;
  }

  async runExclusive(name: LockName, job: () => Promise<void>): Promise<boolean> {
    if (this.running.has(name)) return false;
    this.running.add(name);
    try {
      if (!(await this.acquire(name))) return false;
      try {
        await job();
      } finally {
        await this.release(name);
      }
      return true;
    } finally {
      this.running.delete(name);
    }
  }

  protected async acquire(_name: LockName): Promise<boolean> {
    return true;
  }

  protected async release(_name: LockName): Promise<void> {}

  async close(): Promise<void> {}

  protected deliver(channel: ClusterChannel, payload: string): void {
    for (const handler of this.handlers.get(channel) ?? []) handler(payload);
  }

  protected resync(): void {
    for (const handler of this.resyncHandlers) handler();
  }
}

/** The one PostgreSQL channel every Backroom process listens on; payload `origin|channel|payload`. */
const PG_CHANNEL = 'backroom_cluster';
const HEARTBEAT_MS = 10_000;
export const LISTENER_NAME = 'backroom-cluster-listener';
/** A sync waits this long at most; then the connection counts as lost and caches are bypassed. */
const SYNC_TIMEOUT_MS = 2_000;

/**
 * Events over PostgreSQL NOTIFY, heard on one LISTEN connection per process. That connection also holds the
 * advisory locks of `runExclusive`, so a process that loses it loses its locks with it and another process
 * can take over the job. When it is lost it is opened again, and everything cached is dropped: events sent
 * in between were missed.
 */
class PostgresEvents extends LocalEvents {
  /** Tells this process's own NOTIFYs, which PostgreSQL sends back to it too, from others'. */
  private readonly origin = randomBytes(6).toString('hex');
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = 250;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly pending = new Set<Promise<void>>();
  private syncWaiters: (() => void)[] = [];
  private syncing = false;

  constructor(
    private readonly db: Db,
    private readonly connectionString: string,
    private readonly log: { warn(message: string): void },
  ) {
    super();
  }

  override get live(): boolean {
    return this.client !== null;
  }

  async start(): Promise<void> {
    await this.connect();
    this.heartbeat = setInterval(() => void this.checkConnection(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  override readonly publish: Publish = (channel, payload) => {
    this.deliver(channel, payload);
    const sent = this.db
      .execute(this.notify([[channel, payload]]))
      .then(
        () => {},
        (error: Error) => this.log.warn(`Could not tell the other servers about a change: ${error.message}`),
      )
      .finally(() => this.pending.delete(sent));
    this.pending.add(sent);
  };

  override async transaction<T>(db: Db, work: (tx: Db, publish: Publish) => Promise<T>): Promise<T> {
    const events: [ClusterChannel, string][] = [];
    const result = await db.transaction(async (tx) => {
      const value = await work(tx as unknown as Db, (channel, payload) => events.push([channel, payload]));
      if (events.length > 0) await tx.execute(this.notify(events));
      return value;
    });
    for (const [channel, payload] of events) this.deliver(channel, payload);
    return result;
  }

  override settled(): Promise<void> | undefined {
    return this.pending.size === 0 ? undefined : Promise.all(this.pending).then(() => {});
  }

  /**
   * One round trip on the LISTEN connection, shared by every caller that arrived before it left. PostgreSQL
   * signals listeners when a NOTIFY commits, before the writer hears of the commit, and a listening
   * connection hands over what it was signalled about before it answers a query. So when the answer comes,
   * every event committed before the call has been delivered. A caller arriving while a round trip is under
   * way waits for the next one: the one under way may have left before the write it must see.
   */
  override sync(): Promise<void> | undefined {
    if (!this.client) return undefined;
    return new Promise((resolve) => {
      this.syncWaiters.push(resolve);
      if (!this.syncing) void this.pumpSyncs();
    });
  }

  private async pumpSyncs(): Promise<void> {
    this.syncing = true;
    while (this.syncWaiters.length > 0) {
      const waiters = this.syncWaiters;
      this.syncWaiters = [];
      const client = this.client;
      // An empty query: the cheapest round trip there is.
      if (client) await this.ask(client, '', SYNC_TIMEOUT_MS);
      for (const resolve of waiters) resolve();
    }
    this.syncing = false;
  }

  /** A query on the LISTEN connection; no answer in time means the connection is gone (caches then bypass). */
  private async ask(client: pg.Client, query: string, timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([client.query(query), timeout]);
    } catch (error) {
      this.lost(client, error as Error);
    } finally {
      clearTimeout(timer);
    }
  }

  protected override async acquire(name: LockName): Promise<boolean> {
    const client = this.client;
    if (!client) return false;
    try {
      const result = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1, $2) as locked',
        [LOCK_NAMESPACE, LOCKS[name]],
      );
      return result.rows[0]?.locked === true;
    } catch {
      return false;
    }
  }

  protected override async release(name: LockName): Promise<void> {
    // A lost connection has released the lock already.
    await this.client
      ?.query('select pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, LOCKS[name]])
      .catch(() => {});
  }

  override async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.reconnectTimer);
    await this.settled();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private notify(events: [ClusterChannel, string][]): SQL {
    const calls = events.map(
      ([channel, payload]) => sql`pg_notify(${PG_CHANNEL}, ${`${this.origin}|${channel}|${payload}`})`,
    );
    return sql`select ${sql.join(calls, sql`, `)}`;
  }

  private receive(message: string | undefined): void {
    const [origin, channel, ...rest] = (message ?? '').split('|');
    // This process delivered its own events when it sent them.
    if (origin === this.origin || !channel) return;
    this.deliver(channel as ClusterChannel, rest.join('|'));
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      keepAlive: true,
      // Named in pg_stat_activity: one such connection per server process.
      application_name: LISTENER_NAME,
    });
    client.on('notification', (message) => this.receive(message.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${PG_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = 250;
    // Anything written while nobody listened was not heard: what is cached may be stale.
    this.resync();
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.resync();
    void client.end().catch(() => {});
    if (this.closed) return;
    this.log.warn(
      `Lost the PostgreSQL connection that hears other servers' changes${error ? ` (${error.message})` : ''}; reconnecting. Caches are bypassed meanwhile.`,
    );
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.reconnectTimer = setTimeout(async () => {
      try {
        await this.connect();
      } catch {
        this.retryMs = Math.min(this.retryMs * 2, 5_000);
        if (!this.closed) this.scheduleReconnect();
      }
    }, this.retryMs);
    this.reconnectTimer.unref();
  }

  /** A connection cut without a word (a dead network path) never says 'end': ask it something now and then. */
  private async checkConnection(): Promise<void> {
    if (this.client) await this.ask(this.client, 'select 1', 5_000);
  }
}
