import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type BuiltApp, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { openDatabase } from '../db/client';

/** Which database this run of the API suite uses: `TEST_DB=postgres` (with DATABASE_URL) or PGlite. */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestApp extends BuiltApp {
  close(): Promise<void>;
  /** Signs in and returns the cookie header to send with later requests. */
  login(email: string, password?: string): Promise<string>;
}

export const DEMO_PASSWORDS: Record<string, string> = {
  'admin@backroom.local': 'backroom-admin',
  'manager@backroom.local': 'backroom-manager',
  'sales@backroom.local': 'backroom-sales',
  'warehouse@backroom.local': 'backroom-warehouse',
  'outlet@backroom.local': 'backroom-outlet',
};

/** A fresh database with demo data (a new PGlite in memory, or a new PostgreSQL database) and an app on it. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (TEST_DB === 'postgres') {
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    const name = `backroom_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const printsDir = mkdtempSync(path.join(tmpdir(), 'backroom-prints-'));
  const config: Config = {
    ...loadConfig({}),
    dataDir: 'memory://',
    printsDir,
    filesDir: path.join(printsDir, 'files'),
    databaseUrl,
    demoData: true,
    passwordHashing: 'fast',
    logLevel: 'silent',
    webDistDir: undefined,
    secret: 'test-secret',
    verifyResponses: true,
    ...overrides,
  };
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const built = await buildApp(config, database);
  return {
    ...built,
    async close() {
      await built.app.close();
      await dropDatabase();
      rmSync(printsDir, { recursive: true, force: true });
    },
    async login(email, password = DEMO_PASSWORDS[email]) {
      const res = await built.app.inject({
        method: 'POST',
        url: '/api/v1/backroom/auth/login',
        payload: { email, password },
      });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === 'backroom_session');
      return `backroom_session=${cookie!.value}`;
    },
  };
}
