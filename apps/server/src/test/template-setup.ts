import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { buildServerBundle, serverBundleDir } from './server-bundle';
import { createPostgresDatabase, TEST_DB, type TestTemplate, testConfig } from './test-database';

/**
 * Vitest global setup: migrates and seeds the demo data once for the whole run, and keeps it as a template
 * that each test app copies (PostgreSQL `create database … template`, or a PGlite data-directory dump).
 * Every app still gets its own database; only the seeding each is saved.
 */
export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(path.join(tmpdir(), 'backroom-template-'));
  const config = testConfig(workDir, undefined);
  let template: TestTemplate;
  let dropTemplate = async () => {};
  if (TEST_DB === 'postgres') {
    const created = await createPostgresDatabase();
    const built = await buildApp({ ...config, databaseUrl: created.url });
    await built.app.close();
    assertSeeded(built.seed.seeded);
    const name = new URL(created.url).pathname.slice(1);
    await markTemplate(name, true);
    template = { postgresTemplate: name, filesDir: config.filesDir };
    dropTemplate = async () => {
      await markTemplate(name, false);
      await created.drop();
    };
  } else {
    const database = await openDatabase({ dataDir: 'memory://' });
    const built = await buildApp(config, database);
    assertSeeded(built.seed.seeded);
    // A checkpoint first: a copy starts faster from a checkpointed dump (measured about 1.1 s of CPU a start
    // against 1.5-1.9 s), and the suite starts sixty-odd copies.
    await database.db.execute(sql`checkpoint`);
    // Dumped before the app closes, which closes the database.
    const dumpFile = path.join(workDir, 'pglite-template.tar');
    writeFileSync(dumpFile, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
    await built.app.close();
    template = { pgliteDump: dumpFile, filesDir: config.filesDir };
  }
  project.provide('testTemplate', template);
  const bundleDir = serverBundleDir();
  project.provide('serverBundle', await buildServerBundle(bundleDir));
  return async () => {
    await dropTemplate();
    rmSync(workDir, { recursive: true, force: true });
    rmSync(bundleDir, { recursive: true, force: true });
  };
}

/** The first start on an empty database seeds the demo data: seed.test relies on it (a second start adds nothing). */
function assertSeeded(seeded: string) {
  if (seeded !== 'demo') throw new Error(`the template's first start seeded '${seeded}', not the demo data`);
}

/** A template database accepts no connections, so nothing changes it while apps copy it. */
async function markTemplate(name: string, isTemplate: boolean) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(
      `alter database ${name} with is_template ${isTemplate} allow_connections ${!isTemplate}`,
    );
  } finally {
    await admin.end();
  }
}
