import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// CODE_STYLE.md (issue 20 §2): the orders and catalogue domains keep every source file to 400 lines, so each
// stays one use case or one concern a newcomer can read. Functions are held to 80 lines by Biome
// (complexity/noExcessiveLinesPerFunction, scoped to the same folders in biome.json). Tests are not counted.
const MAX_LINES = 400;
const domains = ['orders', 'catalogue'];

/** The domain's source files (not its tests), in every folder below it, with their line counts. */
function sourceFiles(domain: string) {
  const dir = path.join(import.meta.dirname, domain);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.split(path.sep).includes('test'),
    )
    .map((file) => ({
      file: `${domain}/${file}`,
      lines: readFileSync(path.join(dir, file), 'utf8').split('\n').length - 1,
    }));
}

describe('the size of the orders and catalogue domains', () => {
  it.each(domains)('no source file of %s is over 400 lines', (domain) => {
    const files = sourceFiles(domain);
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => f.lines > MAX_LINES)).toEqual([]);
  });
});
