import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createPostgresDatabase, TEST_DB, testConfig } from '../test/test-database';

/**
 * PostgreSQL only: servers of a cluster may all start at once on a new database. (PGlite is one process's
 * embedded database: two servers can never open the same one.)
 */
describe.skipIf(TEST_DB !== 'postgres')('servers started together on a new database', () => {
  it('migrate and seed it once: one makes the first admin, the other finds it made', async () => {
    const database = await createPostgresDatabase();
    const dir = mkdtempSync(path.join(tmpdir(), 'backroom-startup-'));
    try {
      const config = testConfig(dir, database.url, { demoData: false, secret: undefined });
      const started = await Promise.allSettled([buildApp(config), buildApp(config)]);
      const built = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      try {
        for (const s of started) if (s.status === 'rejected') throw s.reason;
        expect(built.map((b) => b.seed.seeded).sort()).toEqual(['first-admin', 'none']);
        // One generated secret, kept in the database: both servers sign badges alike.
        expect(built[0]!.deps.secret).toBe(built[1]!.deps.secret);
        const users = await built[0]!.deps.db.execute('select count(*)::int as n from users');
        expect((users as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
      } finally {
        await Promise.all(built.map((b) => b.app.close()));
      }
    } finally {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000); // two servers migrate and seed a fresh database: a bound for a loaded machine
});
