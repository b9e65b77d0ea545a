import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, pgliteClusterDir } from './client';

const made: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'backroom-client-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database’s folder', () => {
  it('is db/ inside the data directory, or the data directory itself where an older install put it', () => {
    const fresh = tempDir();
    expect(pgliteClusterDir(fresh)).toBe(path.join(fresh, 'db'));
    const older = tempDir();
    writeFileSync(path.join(older, 'PG_VERSION'), '17\n');
    expect(pgliteClusterDir(older)).toBe(older);
  });

  it('opens in a data directory that already holds uploaded files and prints (as after the test suites ran)', async () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, 'files', 'acc1'), { recursive: true });
    mkdirSync(path.join(dataDir, 'prints', '1'), { recursive: true });
    const database = await openDatabase({ dataDir });
    try {
      const result = (await database.db.execute(sql`select count(*)::int as n from accounts`)) as unknown as {
        rows: { n: number }[];
      };
      expect(result.rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 300_000); // migrates and seeds a fresh database: a bound for a loaded machine, not a speed test
});
