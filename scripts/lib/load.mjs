// Closed-loop HTTP load for the benchmark scripts: `connections` clients each send the next request as soon
// as the last answer arrived, for `seconds`, to 127.0.0.1 only. Requests are drawn at random from a list made
// up front, so every tool sends the same mix.
//
// wrk (Debian's `wrk` package) is used when it is installed: it is written in C and needs a fraction of the
// CPU that autocannon needs for the same rate. On a 2-core machine the load generator shares the cores with
// the server and the database, and autocannon alone took a whole core at 15,000 requests a second, so what
// it measured was mostly its own queueing. autocannon is the fallback, and the tool is named in the output.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const hasWrk = () =>
  process.env.BENCH_LOAD_TOOL !== 'autocannon' &&
  spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined;

// Reads `path<TAB>body` lines (body may be empty), sends them at random, prints the figures as JSON.
const WRK_SCRIPT = `
local items = {}
for line in io.lines(os.getenv("BENCH_REQUESTS")) do
  local tab = string.find(line, "\\t", 1, true)
  items[#items + 1] = { string.sub(line, 1, tab - 1), string.sub(line, tab + 1) }
end
local method = os.getenv("BENCH_METHOD")
math.randomseed(os.time())
request = function()
  local item = items[math.random(1, #items)]
  if item[2] == "" then return wrk.format(method, item[1]) end
  return wrk.format(method, item[1], nil, item[2])
end
done = function(summary, latency, requests)
  io.write(string.format('{"requests":%d,"non2xx":%d,"errors":%d,"p50":%.3f,"p95":%.3f,"p99":%.3f}\\n',
    summary.requests, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000))
end
`;

/**
 * @param {{ base: string, method: 'GET' | 'POST', connections: number, seconds: number,
 *   headers: Record<string, string>, requests: { path: string, body?: unknown }[] }} load
 * @returns {Promise<{ tool: string, requests: number, non2xx: number, p50: number, p95: number, p99: number }>}
 */
export async function runLoad(load) {
  return hasWrk() ? runWrk(load) : runAutocannon(load);
}

/** 20 clients for 10 s posting JSON to `path` as `cookie`, the bodies made by `makeBody` (20,000 of them). */
export function runPostLoad(base, cookie, path, makeBody) {
  return runLoad({
    base,
    method: 'POST',
    connections: 20,
    seconds: 10,
    headers: { cookie },
    requests: Array.from({ length: 20_000 }, () => ({ path, body: makeBody() })),
  });
}

/**
 * runPostLoad twice, as the search benchmarks report it: the first 10 s start on a server and database just
 * out of seeding (cold caches, statements not yet prepared on each connection); the next 10 s show the same
 * mix on the warm server, as it serves in use. Resolves to [{ when, load }] for both runs.
 */
export async function runPostLoadColdAndWarm(base, cookie, path, makeBody) {
  const runs = [];
  for (const when of ['first 10 s', 'next 10 s, warm']) {
    runs.push({ when, load: await runPostLoad(base, cookie, path, makeBody) });
  }
  return runs;
}

/** "N requests, N non-2xx, p50 x ms, p95 y ms (tool)": how the benchmark scripts print a load's figures. */
export function describeLoad(r, digits = 2) {
  return (
    `${r.requests} requests, ${r.non2xx} non-2xx, p50 ${r.p50.toFixed(digits)} ms, ` +
    `p95 ${r.p95.toFixed(digits)} ms (${r.tool})`
  );
}

function runWrk({ base, method, connections, seconds, headers, requests }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'backroom-load-'));
  try {
    const list = path.join(dir, 'requests.tsv');
    const script = path.join(dir, 'load.lua');
    writeFileSync(
      list,
      `${requests.map((r) => `${r.path}\t${r.body === undefined ? '' : JSON.stringify(r.body)}`).join('\n')}\n`,
    );
    writeFileSync(script, WRK_SCRIPT);
    const headerArgs = Object.entries({
      ...headers,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    }).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
    // One wrk thread: it keeps up with these rates and leaves the other core to the server and database.
    const run = spawnSync(
      'wrk',
      ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', ...headerArgs, '-s', script, base],
      { encoding: 'utf8', env: { ...process.env, BENCH_REQUESTS: list, BENCH_METHOD: method } },
    );
    const line = run.stdout.split('\n').find((l) => l.startsWith('{"requests"'));
    if (run.status !== 0 || !line) throw new Error(`wrk failed: ${run.stderr || run.stdout}`);
    const figures = JSON.parse(line);
    return { tool: 'wrk', ...figures, non2xx: figures.non2xx + figures.errors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runAutocannon({ base, method, connections, seconds, headers, requests }) {
  const times = [];
  const pick = () => requests[Math.floor(Math.random() * requests.length)];
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        requests: [
          {
            method,
            headers: { ...headers, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
            setupRequest: (request) => {
              const next = pick();
              return {
                ...request,
                path: next.path,
                ...(next.body === undefined ? {} : { body: JSON.stringify(next.body) }),
              };
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
  return {
    tool: 'autocannon',
    requests: result.requests.total,
    non2xx: result.non2xx + result.errors,
    p50: q(50),
    p95: q(95),
    p99: q(99),
  };
}
