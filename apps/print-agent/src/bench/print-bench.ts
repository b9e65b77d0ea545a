// `npm run bench -- print` (or `node --import tsx apps/print-agent/src/bench/print-bench.ts`): the figures of
// issue 18 §2, with the real server as its own process (PGlite in a temporary directory), the print agent with
// its production settings (25 s long-poll, 1 s … 60 s backoff, 20 s heartbeat) and a fake Zebra on TCP:
//  - a printer off for 3 s and for 20 s while a label waits: seconds from the printer coming back to the label
//    (target < 2 s);
//  - a server restart (SIGTERM) during the agent's long-poll: seconds to exit (target < 2 s), then the first
//    label queued on the new process.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PrintAgent } from '../agent';
import { resolveConfig } from '../config';
import { FakeZebra, waitFor } from '../test-support/fake-zebra';

const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'backroom-print-bench-'));
const port = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function startServer(): Promise<{ proc: ChildProcess; exited: Promise<void> }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PASSWORD_HASHING: 'fast',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Backroom is ready')) resolve();
    });
    void exited.then(() => reject(new Error(`the server exited:\n${out}`)));
  });
  return { proc, exited };
}

let server = await startServer();
const login = await fetch(`${base}/api/v1/backroom/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@backroom.local', password: 'backroom-admin' }),
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
const api = async (method: string, url: string, body?: unknown) => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: Record<string, unknown>[] };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
};

const zebra = await FakeZebra.start();
const token = (await api('PATCH', '/api/backroom/warehouse/server', { commonName: 'Bench PC' }))[0]!
  .token as string;
const agent = new PrintAgent({
  config: resolveConfig(
    {
      serverUrl: base,
      token,
      printers: [{ uri: `tcp://127.0.0.1:${zebra.port}`, name: 'Bench Zebra' }],
      journalPath: path.join(dataDir, 'agent-journal.log'),
      hostname: 'bench-pc',
    },
    dataDir,
  ),
});
const running = agent.run();
let printerId = 0;
for (let i = 0; i < 200 && !printerId; i++) {
  const printers = await api('GET', '/api/backroom/warehouse/printers');
  printerId = (printers.find((p) => p.commonName === 'Bench Zebra')?.id as number | undefined) ?? 0;
  if (!printerId) await new Promise((r) => setTimeout(r, 50));
}
await api('PATCH', '/api/backroom/warehouse/printer', { id: printerId, paperId: 13 });
const printLabel = (text: string) =>
  api('POST', '/api/v1/backroom/print/document', {
    serverPrinterId: printerId,
    format: 'zpl',
    content: `^XA^FO20,20^A0N,30,30^FD${text}^FS^XZ`,
  });

await printLabel('warm-up');
await waitFor(() => zebra.labels.length === 1, 'the first label', 30_000);

for (const off of [3, 20]) {
  await zebra.close();
  const before = zebra.labels.length;
  await printLabel(`after ${off} s off`);
  await new Promise((r) => setTimeout(r, off * 1000));
  await zebra.listen();
  const back = performance.now();
  await waitFor(() => zebra.labels.length > before, 'the held label', 90_000);
  console.log(
    `printer off ${off} s: label ${seconds(performance.now() - back)} after it came back (target < 2 s)`,
  );
}

// The agent is in its long-poll now (nothing queued); restart the server under it.
await new Promise((r) => setTimeout(r, 1_000));
const stopping = performance.now();
server.proc.kill('SIGTERM');
await server.exited;
console.log(
  `server restart during a long-poll: exited ${seconds(performance.now() - stopping)} after SIGTERM (target < 2 s)`,
);
const starting = performance.now();
server = await startServer();
const ready = performance.now();
const before = zebra.labels.length;
await printLabel('after the restart');
await waitFor(() => zebra.labels.length > before, 'a label through the new process', 90_000);
console.log(
  `  new process ready in ${seconds(ready - starting)}; first label ${seconds(performance.now() - ready)} after it was ready`,
);

agent.stop();
await running;
server.proc.kill('SIGTERM');
await server.exited;
await zebra.close();
rmSync(dataDir, { recursive: true, force: true });
