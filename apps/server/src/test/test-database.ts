import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { type Config, loadConfig } from '../config';

/** Which database this run of the API suite uses: `TEST_DB=postgres` (with DATABASE_URL) or PGlite. */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * The demo database every test app starts from, made once per run by `template-setup.ts`: a PostgreSQL
 * template database, or a PGlite dump, and the demo photos the seed wrote. Seeding once per app was the slow part.
 */
export interface TestTemplate {
  postgresTemplate?: string;
  pgliteDump?: string;
  filesDir: string;
}

/** The configuration of a test app whose prints and files live under `printsDir`. */
export function testConfig(
  printsDir: string,
  databaseUrl: string | undefined,
  overrides: Partial<Config> = {},
) {
  return {
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
  } satisfies Config;
}

/** A new, empty PostgreSQL database (a copy of `template` when given) and how to drop it. */
export async function createPostgresDatabase(template?: string) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `backroom_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
