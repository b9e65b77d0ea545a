// `npm test`: every suite, with a loud note for any suite this machine cannot run.
// Suites: install check, lint, typecheck, unused exports, shared unit, web unit, print agent, API on PGlite, API on PostgreSQL, build and
// browser (Playwright). Four lanes run side by side (the suites wait on PostgreSQL, on the browser and on
// child processes much of the time, so the cores are idle in a serial run):
//   1. shared unit, web unit, API on PGlite;
//   2. API on PostgreSQL, then lint, typecheck, unused exports;
//   3. build, then the browser tests;
//   4. print agent: mostly waiting (its crash test restarts the agent about a hundred times against fake
//      printers), so it costs little CPU but took 700 s of a lane's time after the PostgreSQL suite.
// The lanes' lengths are balanced: each was 20-29 min on a loaded 2-core machine in the three-lane layout.
// On two cores the run cannot end before its CPU time over two. CPU of each suite (/usr/bin/time, alone; the
// PostgreSQL server's share apart): API on PGlite about 310-320 s, API on PostgreSQL 128 s (+ at least 60 s in
// PostgreSQL), browser about 280 s (400 s with a screencast in every trace), print agent 68 s, type-check 66 s,
// build 20 s, lint, knip and the unit tests 5 s or less each. The print agent's long wall time on a loaded
// machine is its hundred agent starts waiting for a core, not sleeps.
// Each suite's output is held and printed whole when it ends, so the logs of the lanes do not interleave.
// TEST_LANES=1 runs every suite one after the other (the checks first), printing as it goes.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const serial = process.env.TEST_LANES === '1';
const startedAll = Date.now();
const results = [];
const skipped = [];
let passedTests = 0;
let failedTests = 0;

const clock = () => `${Math.round((Date.now() - startedAll) / 1000)} s`;

/** Runs one suite; its output is printed whole when it ends (at once when the lanes are serial). */
function run(name, command, args, { cwd = root, env = {}, report } = {}) {
  const started = Date.now();
  if (serial) console.log(`\n━━━ ${name} ━━━`);
  else console.log(`▶ ${name} started (${clock()})`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      stdio: serial ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const ok = code === 0;
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!serial) {
        console.log(`\n━━━ ${name} (${ok ? 'passed' : 'FAILED'}, ${seconds} s, ended at ${clock()}) ━━━`);
        process.stdout.write(Buffer.concat(output));
      }
      if (report && existsSync(report.file)) {
        const counts = report.read(JSON.parse(readFileSync(report.file, 'utf8')));
        passedTests += counts.passed;
        // A suite that failed outside any test (a file that did not load) still counts as a failure.
        failedTests += ok ? counts.failed : Math.max(1, counts.failed);
      } else if (report && !ok) {
        failedTests += 1;
      }
      results.push({ name, ok, seconds });
      resolve(ok);
    });
  });
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

async function checks() {
  await run('install check (Node versions, install scripts)', 'node', ['scripts/check-install.mjs']);
  await run('lint (biome)', 'npx', ['biome', 'check', '--error-on-warnings', '.']);
  await run('typecheck', 'npm', ['run', 'typecheck', '--silent']);
  await run('unused exports (knip)', 'npm', ['run', 'knip', '--silent']);
}

async function unitLane() {
  await vitest('shared unit tests', 'packages/shared');
  await vitest('web unit tests', 'apps/web');
  await vitest('API tests on PGlite', 'apps/server', { TEST_DB: 'pglite' });
}

async function postgresLane() {
  if (databaseUrl) {
    await vitest('API tests on PostgreSQL', 'apps/server', {
      TEST_DB: 'postgres',
      DATABASE_URL: databaseUrl,
    });
  } else {
    skipped.push('API tests on PostgreSQL (no PostgreSQL reachable: set DATABASE_URL)');
  }
  await checks();
}

async function printAgentLane() {
  await vitest('print agent tests', 'apps/print-agent');
}

async function browserLane() {
  if (hasChromium && databaseUrl) {
    if (await run('build', 'npm', ['run', 'build', '--silent'])) {
      const file = path.join(reports, 'browser.json');
      await run(
        'browser tests (Playwright, Chromium)',
        'npx',
        ['playwright', 'test', '--reporter=list,json'],
        {
          cwd: path.join(root, 'apps/web'),
          env: { DATABASE_URL: databaseUrl, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
          report: {
            file,
            read: (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected }),
          },
        },
      );
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
}

if (serial) {
  await checks();
  await unitLane();
  await postgresLane();
  await printAgentLane();
  await browserLane();
} else {
  await Promise.all([unitLane(), postgresLane(), browserLane(), printAgentLane()]);
}

console.log('\n━━━ summary ━━━');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds}s)`);
if (skipped.length) {
  console.log('');
  for (const s of skipped) console.log(`!!!!  NOT RUN: ${s}`);
  console.log('!!!!  .ci/run installs what is missing; run it to test everything.');
}
const failedSuites = results.filter((r) => !r.ok);
console.log(`\ntests: ${passedTests} passed, ${failedTests} failed (${clock()} in all)`);
process.exit(failedSuites.length ? 1 : 0);
