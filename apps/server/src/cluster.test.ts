import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, type ClusterServer, DEMO_PASSWORD, startCluster } from './test/cluster-servers';
import { TEST_DB } from './test/test-database';

/**
 * Two real server processes on one PostgreSQL database, as behind a load balancer (docs/operations.md,
 * "Several servers"): whatever one of them is told, the other knows at once.
 *
 * PostgreSQL only. This is not a gap in the PGlite suite: PGlite is an embedded database that one process
 * opens, so a second server process on the same PGlite database cannot exist. Each case below is
 * self-contained; add a case by signing in where it needs and calling `a` and `b`.
 */
describe.skipIf(TEST_DB !== 'postgres')('several servers on one PostgreSQL database', () => {
  let cluster: Cluster;
  let a: ClusterServer;
  let b: ClusterServer;
  let sql: pg.Client;

  beforeAll(async () => {
    cluster = await startCluster(2);
    [a, b] = cluster.servers as [ClusterServer, ClusterServer];
    sql = new pg.Client({ connectionString: cluster.databaseUrl });
    await sql.connect();
  }, 300_000);
  afterAll(async () => {
    await sql?.end();
    await cluster?.stop();
  }, 30_000);

  it('a bin deactivated through one server is seen deactivated through the other at once', async () => {
    const cookie = await a.signIn('warehouse');
    const warehouses = await b.call('GET', '/api/backroom/warehouse/warehouses', { cookie });
    const main = warehouses.data.find((w) => w.shortAlias === 'MAIN')!;
    // Made through B, so that B knows it is there (and A has never looked at it).
    const created = await b.call('POST', '/api/v1/backroom/warehouse/bin', {
      cookie,
      body: { warehouseId: main.id },
    });
    const bin = created.data[0]!;
    const lookup = () =>
      b.call('GET', `/api/v1/backroom/chaos/lookupWarehouseDivisionByBarcode?barcode=${bin.barcode}`, {
        cookie,
      });
    // B answers the scan, and keeps the answer.
    expect((await lookup()).data[0]).toMatchObject({ id: bin.id, isActive: 1 });
    expect((await lookup()).data[0]).toMatchObject({ id: bin.id, isActive: 1 });

    const patched = await a.call('PATCH', '/api/v1/backroom/warehouse/bin', {
      cookie,
      body: { warehouseBins: [{ id: bin.id, isActive: 0 }] },
    });
    expect(patched.status).toBe(200);
    expect((await lookup()).data[0]).toMatchObject({ id: bin.id, isActive: 0 });
  });

  it('a change to the signed-in user, and a logout, through one server take effect on the other at once', async () => {
    const cookie = await a.signIn('warehouse');
    const me = async () => b.call('GET', '/api/v1/backroom/auth/me', { cookie });
    const before = await me();
    expect(before.status).toBe(200);
    const user = before.data[0]!.user as { id: number; firstName: string; lastName: string; email: string };
    expect((await me()).data[0]!.user).toMatchObject({ firstName: user.firstName });

    const renamed = await a.call('PATCH', `/api/backroom/user/admin/${user.id}`, {
      cookie,
      body: { firstName: 'Wesley', lastName: user.lastName, email: user.email },
    });
    expect(renamed.status).toBe(200);
    expect((await me()).data[0]!.user).toMatchObject({ firstName: 'Wesley' });

    expect((await a.call('POST', '/api/v1/backroom/auth/logout', { cookie })).status).toBe(200);
    expect((await me()).status).toBe(401);
  });

  it('sign-in limits count across servers: guesses through one hold back the guesser on the other', async () => {
    const login = (server: ClusterServer, password: string) =>
      server.call('POST', '/api/v1/backroom/auth/login', {
        body: { email: 'outlet@backroom.local', password },
      });
    // Five wrong guesses, spread over both servers (each sees only some of them).
    for (const [i, server] of [a, b, a, b, a].entries()) {
      expect((await login(server, `wrong-guess-${i}`)).status).toBe(401);
    }
    // The sixth try from the same address waits on either server, even with the right password.
    const held = await login(b, DEMO_PASSWORD('outlet'));
    expect(held.status).toBe(429);
    expect(held.error).toMatchObject({ message: 'Too many failed sign-in attempts. Try again in 1 minute.' });
    expect((await login(a, DEMO_PASSWORD('outlet'))).status).toBe(429);
    const { rows } = await sql.query(`select failures from login_throttles where key = $1`, [
      'pair:outlet@backroom.local|127.0.0.1',
    ]);
    expect(rows).toEqual([{ failures: 5 }]);
  });

  describe('printing', () => {
    let cookie = '';
    let token = '';
    let printerId = 0;
    const queueDocument = async (server: ClusterServer, content: string) => {
      const res = await server.call('POST', '/api/v1/backroom/print/document', {
        cookie,
        body: { serverPrinterId: printerId, format: 'zpl', content },
      });
      expect(res.status).toBe(200);
      return res.data[0]!.id as number;
    };
    const poll = (server: ClusterServer, waitSeconds: number) =>
      server
        .call('GET', `/api/v1/print-agent/jobs?waitSeconds=${waitSeconds}`, { token })
        .then((res) => res.data.map((job) => job.id as number));

    beforeAll(async () => {
      cookie = await a.signIn('warehouse');
      // A print server is made by an admin (its token is administration); the warehouse prints on it.
      const created = await a.call('PATCH', '/api/backroom/warehouse/server', {
        cookie: await a.signIn('admin'),
        body: { commonName: 'Cluster Bench PC' },
      });
      token = created.data[0]!.token as string;
      const registered = await b.call('POST', '/api/v1/print-agent/register', {
        token,
        body: {
          agentVersion: '1.0.0',
          hostname: 'cluster-pc',
          printers: [
            {
              uri: 'tcp://127.0.0.1:9100',
              name: 'Zebra ZD421',
              status: { online: true, paperOut: false, headOpen: false, paused: false, message: null },
            },
          ],
        },
      });
      printerId = (registered.data[0]?.printers as { id: number }[])[0]!.id;
    });

    // The poll asks for the longest wait (30 s), longer than this test may take (20 s): a poll the job did not
    // wake would answer only after the test has failed on its timeout. (No elapsed time is compared.)
    it('an agent long-polling one server wakes at once for a job queued through the other', async () => {
      const waiting = poll(b, 30);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const id = await queueDocument(a, '^XA^FDwake^FS^XZ');
      expect(await waiting).toEqual([id]);
    }, 20_000);

    it('agents long-polling both servers get each job exactly once', async () => {
      const received: number[] = [];
      const queued: number[] = [];
      const agentLoop = async (server: ClusterServer) => {
        while (received.length < 6) received.push(...(await poll(server, 2)));
      };
      const loops = [agentLoop(a), agentLoop(b), agentLoop(a), agentLoop(b)];
      for (let i = 0; i < 6; i++) queued.push(await queueDocument(i % 2 ? a : b, `^XA^FDonce ${i}^FS^XZ`));
      await Promise.all(loops);
      expect([...received].sort((x, y) => x - y)).toEqual(queued);
    });

    it('the built-in print server prints each job once, on one of the servers', async () => {
      const printers = await a.call('GET', '/api/backroom/warehouse/printers', { cookie });
      const bench = printers.data.find((p) => p.commonName === 'Bench Label Printer')!;
      const warehouses = await a.call('GET', '/api/backroom/warehouse/warehouses', { cookie });
      const main = warehouses.data.find((w) => w.shortAlias === 'MAIN')!;
      const bins = await a.call(
        'GET',
        `/api/backroom/warehouse/bin?warehouseId=${main.id}&type=all&groupType=all&limit=40`,
        { cookie },
      );
      const queued = await b.call('POST', '/api/v1/backroom/print/divisionLabel', {
        cookie,
        body: { serverPrinterId: bench.id, barcode: bins.data.map((bin) => bin.barcode) },
      });
      expect(queued.status).toBe(200);
      const ids = queued.data.map((job) => job.id as number);
      expect(ids.length).toBeGreaterThan(10);
      await waitUntil(async () => {
        const { rows } = await sql.query(
          `select count(*)::int as n from print_jobs where id = any($1) and state = 'printed'`,
          [ids],
        );
        return rows[0].n === ids.length;
      });
      // Let a second print, if there were one, land before counting the files.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const printed = [a, b].flatMap((server) => printedJobIds(server));
      expect(printed.filter((id) => ids.includes(id)).sort((x, y) => x - y)).toEqual(ids);
      // Its preview shows through either server, also one on another machine, which has not got the file.
      const { rows } = await sql.query('select preview_path from print_jobs where id = $1', [ids[0]]);
      rmSync(rows[0].preview_path);
      for (const server of [a, b]) {
        const preview = await fetch(`${server.base}/api/v1/backroom/print/jobs/${ids[0]}/preview`, {
          headers: { cookie },
        });
        expect([server.name, preview.status, preview.headers.get('content-type')]).toEqual([
          server.name,
          200,
          'image/png',
        ]);
      }
    });

    it('a job nobody printed expires once, on one of the servers', async () => {
      const id = await queueDocument(a, '^XA^FDforgotten^FS^XZ');
      await sql.query(`update print_jobs set created_at = now() - interval '25 hours' where id = $1`, [id]);
      await waitUntil(async () => {
        const { rows } = await sql.query('select state from print_jobs where id = $1', [id]);
        return rows[0].state === 'expired';
      });
      // Both servers try every second: give the second one its turn before counting.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const reports = [a, b].flatMap((server) =>
        server.logLines
          .filter((line) => line.includes('print jobs expired unprinted'))
          .filter((line) => (JSON.parse(line).printJobIds as number[]).includes(id))
          .map(() => server.name),
      );
      expect(reports).toHaveLength(1);
    });
  });
});

/** The ids of the jobs a server's built-in print server wrote ({dataDir}/prints/{accountId}/{id}.zpl). */
function printedJobIds(server: ClusterServer): number[] {
  const prints = path.join(server.dataDir, 'prints');
  let accounts: string[] = [];
  try {
    accounts = readdirSync(prints);
  } catch {
    return [];
  }
  return accounts.flatMap((account) =>
    readdirSync(path.join(prints, account))
      .filter((file) => file.endsWith('.zpl'))
      .map((file) => Number(file.slice(0, -'.zpl'.length))),
  );
}

async function waitUntil(condition: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`not so within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
