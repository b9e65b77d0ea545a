import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, TEST_DB } from '../test/test-database';
import { type Database, type Db, openDatabase } from './client';
import { type ClusterEvents, inProcessEvents, LISTENER_NAME, openClusterEvents } from './cluster-events';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`not so within ${ms} ms`);
    await wait(10);
  }
}

describe('in-process events (PGlite, one process)', () => {
  /** Just enough of a Db for `transaction`: it runs the work, or fails it. */
  const fakeDb = { transaction: (work: (tx: unknown) => Promise<unknown>) => work({}) } as unknown as Db;

  it('delivers a publish at once, and a transaction’s events only once it committed', async () => {
    const events = inProcessEvents();
    const heard: string[] = [];
    events.subscribe('divisions', (payload) => heard.push(payload));
    events.publish('divisions', '1');
    expect(heard).toEqual(['1']);
    await events.transaction(fakeDb, async (_tx, publish) => {
      publish('divisions', '2');
      expect(heard).toEqual(['1']);
    });
    expect(heard).toEqual(['1', '2']);
    await expect(
      events.transaction(fakeDb, async (_tx, publish) => {
        publish('divisions', '3');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(heard).toEqual(['1', '2']);
  });

  it('runs one job of a name at a time', async () => {
    const events = inProcessEvents();
    let release = () => {};
    const first = events.runExclusive(
      'printQueue',
      () =>
        new Promise<void>((r) => {
          release = r;
        }),
    );
    expect(await events.runExclusive('printQueue', async () => {})).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(await events.runExclusive('printQueue', async () => {})).toBe(true);
  });
});

/** PostgreSQL only: two event buses on one database stand for two server processes. */
describe.skipIf(TEST_DB !== 'postgres')('events between processes over PostgreSQL', () => {
  let drop = async () => {};
  let database: Database;
  let one: ClusterEvents;
  let two: ClusterEvents;
  let admin: pg.Client;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    database = await openDatabase({ dataDir: 'memory://', databaseUrl: created.url, poolSize: 2 });
    one = await openClusterEvents(database);
    two = await openClusterEvents(database);
    admin = new pg.Client({ connectionString: created.url });
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    await admin?.end();
    await one?.close();
    await two?.close();
    await database?.close();
    await drop();
  });

  it('a publish reaches this process at once and the other once sent; replies can wait for the sending', async () => {
    const heardOne: string[] = [];
    const heardTwo: string[] = [];
    one.subscribe('auth', (payload) => heardOne.push(payload));
    two.subscribe('auth', (payload) => heardTwo.push(payload));
    one.publish('auth', 'a|b');
    expect(heardOne).toEqual(['a|b']);
    await one.settled();
    expect(one.settled()).toBeUndefined();
    await until(() => heardTwo.length > 0);
    expect(heardTwo).toEqual(['a|b']);
    // Its own NOTIFY comes back to the sender too; it is not delivered twice.
    await wait(100);
    expect(heardOne).toEqual(['a|b']);
  });

  it('after sync(), every event committed before it has been heard, however many are on their way', async () => {
    const heard = new Set<string>();
    two.subscribe('divisions', (payload) => heard.add(payload));
    for (let i = 0; i < 200; i++) {
      one.publish('divisions', `s${i}`);
      await one.settled();
      // Several requests at once share round trips, and each still waits for one that left after it came.
      await Promise.all([two.sync(), two.sync()]);
      expect(heard.has(`s${i}`)).toBe(true);
    }
  });

  it('a transaction’s events reach the other process when it commits, never when it rolls back', async () => {
    const heard: string[] = [];
    two.subscribe('divisions', (payload) => heard.push(payload));
    await expect(
      one.transaction(database.db, async (tx, publish) => {
        await tx.execute(sql`select 1`);
        publish('divisions', 'rolled back');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await one.transaction(database.db, async (tx, publish) => {
      publish('divisions', 'committed');
      await tx.execute(sql`select pg_sleep(0.2)`);
      // Not before the commit: the NOTIFY is part of the transaction.
      expect(heard).toEqual([]);
    });
    await until(() => heard.length > 0);
    await wait(100);
    expect(heard).toEqual(['committed']);
  });

  it('runs a job in one process at a time', async () => {
    let release = () => {};
    const first = one.runExclusive(
      'printQueue',
      () =>
        new Promise<void>((r) => {
          release = r;
        }),
    );
    await wait(50);
    expect(await two.runExclusive('printQueue', async () => {})).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(await two.runExclusive('printQueue', async () => {})).toBe(true);
  });

  it('a lost LISTEN connection stops the caches, is opened again, and has them drop what they held', async () => {
    let resyncs = 0;
    two.onResync(() => resyncs++);
    const heard: string[] = [];
    two.subscribe('print', (payload) => heard.push(payload));
    // Cut both listeners; the first one back must still hear what the other sends.
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = $1 and datname = current_database()`,
      [LISTENER_NAME],
    );
    await until(() => !two.live);
    expect(resyncs).toBeGreaterThanOrEqual(1);
    await until(() => one.live && two.live, 10_000);
    // Reconnected: everything cached again is dropped once more, then events flow again.
    expect(resyncs).toBeGreaterThanOrEqual(2);
    one.publish('print', '7');
    await until(() => heard.includes('7'));
  });
});
