// The agent against the real Backroom server (not the fake): the protocol as both sides implement it.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/src/test/test-app';
import { PrintAgent } from './agent';
import { resolveConfig } from './config';
import { FakeZebra, waitFor } from './test-support/fake-zebra';

let backroom: TestApp;
let baseUrl = '';
let cookie = '';
let zebra: FakeZebra;
let dir: string;
let agent: PrintAgent;
let running: Promise<void>;

const api = async (method: string, url: string, body?: unknown) => {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field by the assertions
  return (await res.json()) as { code: number; data: Record<string, any>[] };
};
const jobState = async (id: number) =>
  (
    (await api('GET', '/api/v1/backroom/print/jobs?limit=50')).data.find((j) => j.id === id) as
      | { state: string }
      | undefined
  )?.state;

beforeAll(async () => {
  backroom = await createTestApp();
  await backroom.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(backroom.app.server.address() as AddressInfo).port}`;
  // An admin makes the print server (its token is administration) and prints on it.
  cookie = await backroom.login('admin@backroom.local');
  zebra = await FakeZebra.start();
  dir = await mkdtemp(path.join(tmpdir(), 'print-agent-backroom-'));
  const server = (await api('PATCH', '/api/backroom/warehouse/server', { commonName: 'Bench PC' })).data[0]!;
  const config = resolveConfig(
    {
      serverUrl: baseUrl,
      token: server.token,
      printers: [{ uri: `tcp://127.0.0.1:${zebra.port}`, name: 'Bench Zebra' }],
      journalPath: 'journal.log',
      pollWaitSeconds: 1,
      connectTimeoutMs: 500,
      statusTimeoutMs: 300,
      hostname: 'bench-pc',
    },
    dir,
  );
  const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
  agent = new PrintAgent({
    config,
    log: quiet,
    backoff: { baseMs: 50, maxMs: 200, jitter: 0 },
    minHeartbeatMs: 20,
    closeWaitMs: 200,
    repollDelayMs: 50,
  });
  running = agent.run();
  // Seeding a database takes a minute on a busy machine, more while the crash test runs beside it.
}, 600_000); // builds and starts a real Backroom on a fresh database: a bound for a loaded machine, not a speed test

afterAll(async () => {
  agent.stop();
  await running.catch(() => {});
  // A long-poll still open would hold the server's close until it times out.
  backroom.app.server.closeAllConnections();
  await zebra.close();
  await backroom.close();
  await rm(dir, { recursive: true, force: true });
}, 30_000);

async function agentPrinterId(): Promise<number> {
  let id = 0;
  for (let i = 0; i < 100 && id === 0; i++) {
    const printers = (await api('GET', '/api/backroom/warehouse/printers')).data;
    id = printers.find((p) => p.commonName === 'Bench Zebra')?.id ?? 0;
    if (!id) await new Promise((r) => setTimeout(r, 50));
  }
  return id;
}

describe('the print agent with Backroom', () => {
  it('registers its printer, which shows online, and prints a bin label byte for byte', async () => {
    const printerId = await agentPrinterId();
    expect(printerId).toBeGreaterThan(0);
    await api('PATCH', '/api/backroom/warehouse/printer', { id: printerId, paperId: 13 });
    const printer = (await api('GET', '/api/backroom/warehouse/printers')).data.find(
      (p) => p.id === printerId,
    )!;
    expect(printer).toMatchObject({ isOffline: 0, server: { kind: 'agent', isOnline: true } });

    const queued = await api('POST', '/api/v1/backroom/print/divisionLabel', {
      serverPrinterId: printerId,
      barcode: 'MAIN-01AA01AA-02',
    });
    const jobId = queued.data[0]!.id as number;
    await waitFor(() => zebra.prints.length === 1, 'the label at the printer', 10_000);
    const rows = (await backroom.deps.db.execute(
      `select content from print_jobs where id = ${jobId}`,
    )) as unknown as {
      rows: { content: string }[];
    };
    expect(zebra.printedText()[0]).toBe(rows.rows[0]!.content);
    for (let i = 0; i < 100 && (await jobState(jobId)) !== 'printed'; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await jobState(jobId)).toBe('printed');
  }, 30_000);

  it('holds a job while the printer is off and prints it exactly once when it is back', async () => {
    const printerId = await agentPrinterId();
    await zebra.close();
    const before = zebra.prints.length;
    const queued = await api('POST', '/api/v1/backroom/print/divisionLabel', {
      serverPrinterId: printerId,
      barcode: 'MAIN-01AA01AA-03',
    });
    const jobId = queued.data[0]!.id as number;
    await new Promise((r) => setTimeout(r, 600));
    expect(zebra.prints.length).toBe(before);
    expect(await jobState(jobId)).not.toBe('printed');
    await zebra.listen();
    await waitFor(() => zebra.prints.length === before + 1, 'the held label at the printer', 10_000);
    for (let i = 0; i < 100 && (await jobState(jobId)) !== 'printed'; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await jobState(jobId)).toBe('printed');
    await new Promise((r) => setTimeout(r, 500));
    expect(zebra.prints.length).toBe(before + 1);
    expect(zebra.printedText().at(-1)).toContain('MAIN-01AA01AA-03');
  }, 30_000);
});
