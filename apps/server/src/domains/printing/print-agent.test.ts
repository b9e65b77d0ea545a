import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { createTestApp, TEST_DB, type TestApp } from '../../test/test-app';
import { testConfig } from '../../test/test-database';

let t: TestApp;
let token = '';
let serverId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin');
  const created = await t.as('admin', 'PATCH', '/api/backroom/warehouse/server', {
    commonName: 'Bench PC',
  });
  ({ token, id: serverId } = created.json().data[0]);
  // A database that refuses a status for one printer, as a constraint would: the write fails half-way through.
  await t.deps.db.execute(sql`
    create function refuse_bad_printer() returns trigger language plpgsql as $$
    begin
      if new.uri = 'tcp://refused:9100' and new.status is not null then
        raise exception 'printer refused' using errcode = '23514';
      end if;
      return new;
    end $$`);
  await t.deps.db.execute(
    sql`create trigger refuse_bad_printer before insert or update on printers
        for each row execute function refuse_bad_printer()`,
  );
});
afterAll(() => t.close());

const agent = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/print-agent${url}`,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });

const printer = (uri: string, message: string | null = null) => ({
  uri,
  name: `Zebra at ${uri}`,
  status: { online: true, paperOut: false, headOpen: false, paused: false, message },
});

async function serverState() {
  const [server] = await t.rows<{ hostname: string | null; agent_version: string | null; beat: Date | null }>(
    sql`select hostname, agent_version, last_heartbeat_at as beat from print_servers where id = ${serverId}`,
  );
  const printers = await t.rows<{ uri: string; status: unknown }>(
    sql`select uri, status from printers where server_id = ${serverId} order by uri`,
  );
  return { server, printers };
}

describe('a refused print agent call changes nothing', () => {
  it('register: a printer the database refuses leaves the server, its heartbeat and the other printers as they were', async () => {
    const before = await serverState();
    const res = await agent('/register', {
      agentVersion: '2.0.0',
      hostname: 'new-host',
      printers: [printer('tcp://10.0.0.1:9100'), printer('tcp://refused:9100')],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'bad_request', message: 'A value is outside what is allowed.' });
    expect(await serverState()).toEqual(before);
  });

  it('heartbeat: a status the database refuses leaves the heartbeat and every status as they were', async () => {
    const ok = await agent('/register', {
      agentVersion: '2.0.0',
      hostname: 'bench',
      printers: [printer('tcp://10.0.0.1:9100')],
    });
    expect(ok.statusCode).toBe(200);
    // Known to the server without a status, as an admin could have added it.
    await t.deps.db.execute(
      sql`insert into printers (account_id, server_id, common_name, uri)
          select account_id, id, 'Refused', 'tcp://refused:9100' from print_servers where id = ${serverId}`,
    );
    const before = await serverState();
    const res = await agent('/heartbeat', {
      printers: [printer('tcp://10.0.0.1:9100', 'Paper low'), printer('tcp://refused:9100')],
    });
    expect(res.statusCode).toBe(400);
    expect(await serverState()).toEqual(before);
  });

  it('refuses the same printer uri twice, naming it, before writing anything', async () => {
    const before = await serverState();
    const res = await agent('/register', {
      agentVersion: '2.0.0',
      hostname: 'twice',
      printers: [printer('tcp://10.0.0.9:9100'), printer('tcp://10.0.0.9:9100')],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      { field: 'printers.1.uri', message: 'tcp://10.0.0.9:9100 is listed twice' },
    ]);
    expect(await serverState()).toEqual(before);
  });
});

// Long-polls below wait 30 s: a reply that comes within the test's time can only have been woken.
describe('long-polls that do not wait their whole time', () => {
  const poll = (app: BuiltApp['app'], waitSeconds = 30) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/print-agent/jobs?waitSeconds=${waitSeconds}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const queueJob = async (content: string) => {
    const res = await t.as('admin', 'POST', '/api/v1/backroom/print/document', {
      serverPrinterId: printerId,
      format: 'zpl',
      content,
    });
    return res.json().data[0].id as number;
  };
  let printerId = 0;

  beforeAll(async () => {
    const reg = await agent('/register', {
      agentVersion: '2.0.0',
      hostname: 'bench',
      printers: [printer('tcp://10.0.0.77:9100')],
    });
    printerId = reg.json().data[0].printers.find((p: { uri: string }) => p.uri === 'tcp://10.0.0.77:9100').id;
    await t.as('admin', 'PATCH', '/api/backroom/warehouse/printer', { id: printerId, paperId: 12 });
    // Whatever earlier tests left queued is handed out and printed, so the polls below start empty. Asked
    // without a wait: with nothing queued, a 30 s poll held the suite's worker for its whole 30 s.
    for (const job of (await poll(t.app, 0)).json().data as { id: number }[])
      await agent(`/jobs/${job.id}/state`, { state: 'printed' });
  });

  it('a retryable failure puts the job back and wakes the waiting long-poll, through another server process too', async () => {
    // On PostgreSQL a second server process on the same database (the wake-up crosses by NOTIFY); PGlite is
    // one process by definition.
    let other: BuiltApp = t;
    let closeOther = async () => {};
    if (TEST_DB === 'postgres') {
      const printsDir = mkdtempSync(path.join(tmpdir(), 'backroom-prints-'));
      const config = testConfig(printsDir, t.deps.config.databaseUrl);
      other = await buildApp(
        config,
        await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }),
      );
      closeOther = async () => {
        await other.app.close();
        rmSync(printsDir, { recursive: true, force: true });
      };
    }
    try {
      const jobId = await queueJob('^XA^FDretry me^FS^XZ');
      const held = (await poll(t.app)).json().data as { id: number; attempts: number }[];
      expect(held.map((j) => j.id)).toEqual([jobId]);
      // The agent waits for more while the printer is off...
      const waiting = poll(other.app);
      await new Promise((r) => setTimeout(r, 300));
      const failed = await agent(`/jobs/${jobId}/state`, {
        state: 'failed',
        error: 'Printer 10.0.0.77:9100 is offline (connection refused)',
        retryable: true,
      });
      expect(failed.json().data[0]).toEqual({ id: jobId, state: 'queued' });
      // ...and gets the job back at once, not after its 30 s.
      const again = (await waiting).json().data as { id: number; attempts: number }[];
      expect(again.map((j) => [j.id, j.attempts])).toEqual([[jobId, 1]]);
      await agent(`/jobs/${jobId}/state`, { state: 'printed' });
      const [row] = await t.rows<{ state: string; attempts: number }>(
        sql`select state, attempts from print_jobs where id = ${jobId}`,
      );
      expect(row).toEqual({ state: 'printed', attempts: 2 });
    } finally {
      await closeOther();
    }
  });

  it('a failure that is not retryable does not wake the long-poll: the job stays failed', async () => {
    const jobId = await queueJob('^XA^FDhead open^FS^XZ');
    await poll(t.app);
    const waiting = poll(t.app);
    await new Promise((r) => setTimeout(r, 300));
    await agent(`/jobs/${jobId}/state`, { state: 'failed', error: 'Head open', retryable: false });
    // A new job ends the wait; the failed one is not in it.
    const next = await queueJob('^XA^FDnext^FS^XZ');
    expect(((await waiting).json().data as { id: number }[]).map((j) => j.id)).toEqual([next]);
    await agent(`/jobs/${next}/state`, { state: 'printed' });
    const [row] = await t.rows<{ state: string }>(sql`select state from print_jobs where id = ${jobId}`);
    expect(row!.state).toBe('failed');
  });

  it('a server that shuts down answers its open long-polls at once and closes', async () => {
    const own = await createTestApp();
    try {
      await own.signIn('admin');
      const created = await own.as('admin', 'PATCH', '/api/backroom/warehouse/server', {
        commonName: 'Restart PC',
      });
      const ownToken = created.json().data[0].token as string;
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(own.app.server.address() as AddressInfo).port}`;
      const polls = [1, 2, 3].map(() =>
        fetch(`${url}/api/v1/print-agent/jobs?waitSeconds=30`, {
          headers: { authorization: `Bearer ${ownToken}` },
        }),
      );
      // Each poll is waiting once it has marked the heartbeat.
      for (let i = 0; i < 100; i++) {
        const [row] = await own.rows<{ beat: Date | null }>(
          sql`select last_heartbeat_at as beat from print_servers where common_name = 'Restart PC'`,
        );
        if (row?.beat) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 300));
      const closedAt = Date.now();
      await own.app.close();
      const replies = await Promise.all(polls);
      // Well inside the polls' 30 s wait: they were answered, not timed out.
      expect(Date.now() - closedAt).toBeLessThan(25_000);
      // A poll that was waiting is answered with no jobs. One that a loaded machine delivered only after the
      // close began is refused with 503, which the agent takes as "reconnect"; at least the poll that marked
      // the heartbeat was waiting.
      const answers = await Promise.all(
        replies.map(async (reply) => ({ status: reply.status, body: await reply.json() })),
      );
      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
      for (const answer of answers) {
        if (answer.status === 200) expect(answer.body.data).toEqual([]);
        else expect(answer).toMatchObject({ status: 503, body: { code: 503, data: [] } });
      }
      // The port is closed: the agent's next poll is refused and it reconnects to the next process.
      await expect(fetch(`${url}/api/v1/print-agent/jobs?waitSeconds=0`)).rejects.toThrow();
    } finally {
      await own.close().catch(() => {});
    }
    // A bound against a hang, not a measure: the test builds an app of its own (a database copy), which a
    // loaded machine can take most of the default 30 s over; an unanswered poll would still hang past this.
  }, 120_000);
});
