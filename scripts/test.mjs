// `npm test`: every suite, in order, with a loud note for any suite this machine cannot run.
// Suites: lint, typecheck, shared unit, web unit, API on PGlite, API on PostgreSQL, browser (Playwright).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const results = [];
const skipped = [];
let passedTests = 0;
let failedTests = 0;

function run(name, command, args, { cwd = root, env = {}, report } = {}) {
  console.log(`\n━━━ ${name} ━━━`);
  const started = Date.now();
  const res = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = res.status === 0;
  if (report && existsSync(report.file)) {
    const counts = report.read(JSON.parse(readFileSync(report.file, 'utf8')));
    passedTests += counts.passed;
    // A suite that failed outside any test (a file that did not load) still counts as a failure.
    failedTests += ok ? counts.failed : Math.max(1, counts.failed);
  } else if (report && !ok) {
    failedTests += 1;
  }
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

function vitest(name, dir, env = {}) {
  const file = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  return run(
    name,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    {
      cwd: path.join(root, dir),
      env,
      report: {
        file,
        read: (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }),
      },
    },
  );
}

async function findPostgres() {
  const candidates = [process.env.DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/postgres'].filter(
    Boolean,
  );
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return url;
    } catch {
      await client.end().catch(() => {});
    }
  }
  return undefined;
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(chromium);
const databaseUrl = await findPostgres();

run('lint (biome)', 'npx', ['biome', 'check', '--error-on-warnings', '.']);
run('typecheck', 'npm', ['run', 'typecheck', '--silent']);
vitest('shared unit tests', 'packages/shared');
vitest('web unit tests', 'apps/web');
vitest('print agent tests', 'apps/print-agent');
vitest('API tests on PGlite', 'apps/server', { TEST_DB: 'pglite' });
if (databaseUrl) {
  vitest('API tests on PostgreSQL', 'apps/server', { TEST_DB: 'postgres', DATABASE_URL: databaseUrl });
} else {
  skipped.push('API tests on PostgreSQL (no PostgreSQL reachable: set DATABASE_URL)');
}

if (hasChromium && databaseUrl) {
  if (run('build', 'npm', ['run', 'build', '--silent'])) {
    const file = path.join(reports, 'browser.json');
    run('browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      cwd: path.join(root, 'apps/web'),
      env: { DATABASE_URL: databaseUrl, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
      report: {
        file,
        read: (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected }),
      },
    });
  }
} else {
  const missing = [
    !hasChromium && `Chromium (${chromium}; apt-get install chromium)`,
    !databaseUrl && 'PostgreSQL',
  ]
    .filter(Boolean)
    .join(' and ');
  skipped.push(`browser tests (missing ${missing})`);
}

console.log('\n━━━ summary ━━━');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds}s)`);
if (skipped.length) {
  console.log('');
  for (const s of skipped) console.log(`!!!!  NOT RUN: ${s}`);
  console.log('!!!!  .ci/run installs what is missing; run it to test everything.');
}
const failedSuites = results.filter((r) => !r.ok);
console.log(`\ntests: ${passedTests} passed, ${failedTests} failed`);
process.exit(failedSuites.length ? 1 : 0);
