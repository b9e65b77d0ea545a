// Starts the built server for the browser tests on a fresh PostgreSQL database (one per port).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { e2eDatabaseUrl } from './support/database-url.mjs';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('The browser tests need PostgreSQL: set DATABASE_URL (scripts/test.mjs does).');
  process.exit(1);
}
const port = process.env.E2E_PORT ?? '3199';
const database = new URL(e2eDatabaseUrl(adminUrl, port)).pathname.slice(1);
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
await client.query(`drop database if exists ${database} with (force)`);
await client.query(`create database ${database}`);
await client.end();
// Prints (ZPL and previews) go to a throw-away folder, never into a developer's ./data.
const dataDir = mkdtempSync(path.join(tmpdir(), 'backroom-e2e-'));

const server = spawn(
  process.execPath,
  [fileURLToPath(new URL('../../server/dist/main.js', import.meta.url))],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: process.env.E2E_PORT ?? '3199',
      DATABASE_URL: e2eDatabaseUrl(adminUrl),
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
