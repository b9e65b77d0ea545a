// Starts the built server for the browser tests on a fresh PostgreSQL database named backroom_e2e.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { e2eDatabaseUrl } from './support/database-url.mjs';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('The browser tests need PostgreSQL: set DATABASE_URL (scripts/test.mjs does).');
  process.exit(1);
}
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
await client.query('drop database if exists backroom_e2e with (force)');
await client.query('create database backroom_e2e');
await client.end();

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
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
