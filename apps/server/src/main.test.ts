import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TEST_DB } from './test/test-app';

const dataDir = mkdtempSync(path.join(tmpdir(), 'backroom-restart-'));
const port = 3400 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the real server (main.ts) on the PGlite data directory and waits until it answers. */
async function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [inject('serverBundle')], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PASSWORD_HASHING: 'fast',
    },
    stdio: 'ignore',
  });
  // A first start migrates and seeds 3,000 products: about 30 s of CPU on PGlite, so minutes on a 2-core machine
  // busy with the other suites (CI once took more than a minute). A bound against a hang, not a speed test.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

// Runs once, with the PGlite suite: it is about the embedded database's files surviving a restart.
describe.skipIf(TEST_DB !== 'pglite')('the server process', () => {
  it('shuts down cleanly on SIGTERM and SIGINT, and a restart finds every committed row', async () => {
    let server = await start();
    const login = await fetch(`${base}/api/v1/backroom/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@backroom.local', password: 'backroom-admin' }),
    });
    const session = login.headers.getSetCookie().find((c) => c.startsWith('backroom_session=')) ?? '';
    const cookie = session.split(';')[0] ?? '';
    const created = await fetch(`${base}/api/backroom/account`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: 'Survives Restarts' }),
    });
    expect(created.status).toBe(200);
    expect(await stop(server, 'SIGTERM')).toBe(0);

    server = await start();
    const accounts = await fetch(`${base}/api/backroom/accounts`, { headers: { cookie } });
    // The session survived too: it lives in the database, not in memory.
    expect(accounts.status).toBe(200);
    const names = ((await accounts.json()) as { data: { name: string }[] }).data.map((a) => a.name);
    expect(names).toContain('Survives Restarts');
    expect(names.filter((n) => n === 'Demo Music Co')).toHaveLength(1);
    expect(await stop(server, 'SIGINT')).toBe(0);
  }, 660_000);
});
