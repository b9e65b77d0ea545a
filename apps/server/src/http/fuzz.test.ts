import { appendFileSync } from 'node:fs';
import { errorEnvelopeSchema } from '@backroom/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { changedTables, fingerprinter } from '../test/fuzz/db-fingerprint';
import { type FuzzRequest, hostileRequests } from '../test/fuzz/hostile-requests';
import { type Operation, operationsOf, resolverOf, routeUrlOf } from '../test/fuzz/operations';
import { prng, seedOf } from '../test/fuzz/prng';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Every operation of the OpenAPI document, called with hostile input as a signed-in admin and with no session:
 * NUL bytes and lone surrogates in every string, integers past 2^31-1, unknown ids, 10,000-character path and
 * query parameters, arrays for objects, junk bodies, wrong content types. Every reply must be below 500 and the
 * `{code, data, error}` envelope with `code` equal to the status; a refused request must change nothing; a
 * string with a control character or an integer past 2^31-1 must be refused by the schema, naming the field.
 * FUZZ_SEED=n replays another run (the seed is in the suite's name); FUZZ_REPORT=file appends every wrong
 * reply and each operation's time to that file.
 */
const RUN_SEED = Number(process.env.FUZZ_SEED ?? 13);
const REPORT = process.env.FUZZ_REPORT;

let cookie = '';
let fingerprint: () => Promise<string>;
/** A fresh app on the demo data, its writes counted; the built-in print server, a background writer, stopped. */
async function openApp(): Promise<TestApp> {
  const app = await createTestApp();
  await app.builtinPrintServer.stop();
  fingerprint = await fingerprinter(app.deps.db);
  cookie = await app.login('admin@backroom.local');
  return app;
}
let t = await openApp();
const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
const resolve = resolverOf(doc);
const operations = operationsOf(doc);
afterAll(() => t.close());

/** Credentials that are not: a session cookie or an agent token that is junk, huge or oddly encoded. */
const JUNK_CREDENTIALS: Record<string, string>[] = [
  { cookie: 'backroom_session=%00' },
  { cookie: `backroom_session=${'x'.repeat(5000)}` },
  { cookie: 'backroom_session="unterminated; other=%E0%A4%A' },
  { cookie: 'backroom_session=' },
  { authorization: `Bearer ${'y'.repeat(5000)}` },
  { authorization: 'Bearer \u00e9t\u00e9' },
  { authorization: 'Basic YWRtaW46YWRtaW4=' },
  { authorization: 'Bearer ' },
];

/** The app the next operation runs on, signed in as admin: a fresh one when the last run locked admin out. */
async function ready(): Promise<void> {
  const me = cookie
    ? await t.app.inject({ method: 'GET', url: '/api/v1/backroom/auth/me', headers: { cookie } })
    : undefined;
  if (
    me?.statusCode === 200 &&
    me.json().data[0].currentAccount.id === 1 &&
    me.json().data[0].adminUserAccess
  )
    return;
  try {
    cookie = await t.login('admin@backroom.local');
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/backroom/auth/me', headers: { cookie } });
    if (again.json().data?.[0]?.currentAccount.id === 1) return;
  } catch {
    // The run changed admin's password, roles or accounts: start again from the demo data.
  }
  if (REPORT) appendFileSync(REPORT, '(admin was locked out: a fresh app)\n');
  await t.close();
  t = await openApp();
}

/** A print agent's token: a new print server per operation, so a regenerated token cannot lock the fuzz out. */
async function agentToken(): Promise<string> {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/backroom/warehouse/server',
    headers: { cookie },
    payload: { commonName: `Fuzz agent ${Math.random()}` },
  });
  return res.json().data[0].token;
}

describe(`fuzz of every route (${t.deps.dbKind}, FUZZ_SEED=${RUN_SEED})`, () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  for (const op of operations) {
    it(`${op.method} ${op.path}`, { timeout: 120_000 }, async () => {
      await ready();
      const permission = t.routes.find(
        (r) => r.method === op.method && r.url === routeUrlOf(op.path),
      )?.permission;
      expect(permission, 'the route is registered with a permission').toBeDefined();
      const auth: Record<string, string> =
        permission === 'printAgent' ? { authorization: `Bearer ${await agentToken()}` } : { cookie };
      const rng = prng(seedOf(`${op.method} ${op.path}`, RUN_SEED));
      const anonymous = hostileRequests(op, prng(seedOf(op.path, RUN_SEED)), resolve, {}).slice(0, 3);
      const requests = [
        ...hostileRequests(op, rng, resolve, auth),
        ...anonymous.map((r) => ({
          ...r,
          label: `no session: ${r.label}`,
          mustName: undefined,
          anonymous: true,
        })),
        ...rng.sample(JUNK_CREDENTIALS, 2).map((junk) => ({
          ...anonymous[0]!,
          headers: { ...anonymous[0]!.headers, ...junk },
          label: `junk credentials ${JSON.stringify(junk).slice(0, 60)}`,
          anonymous: true,
        })),
      ];
      const started = performance.now();
      const problems = await runAll(op, requests, permission ?? '');
      if (REPORT) {
        const ms = Math.round(performance.now() - started);
        appendFileSync(
          REPORT,
          `## ${op.method} ${op.path}: ${requests.length} requests, ${ms} ms\n${problems.join('\n')}\n`,
        );
      }
      expect(problems, `${problems.length} of ${requests.length} replies were wrong`).toEqual([]);
    });
  }
});

async function runAll(op: Operation, requests: FuzzRequest[], permission: string) {
  const problems: string[] = [];
  let before = await fingerprint();
  for (const [index, request] of requests.entries()) {
    const res = await t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      payload: request.payload,
      // Sign-in attempts are limited per address: each gets its own, so the fuzz cannot lock admin out.
      remoteAddress: `10.13.${index >> 8}.${index & 255}`,
    });
    const after = await fingerprint();
    const wrong = check(request, res, permission);
    if (res.statusCode >= 400 && after !== before)
      wrong.push(`refused, yet changed ${changedTables(before, after).join(', ')}`);
    if (wrong.length > 0) {
      problems.push(
        `${request.label} (${request.method} ${request.url.slice(0, 120)}): ${wrong.join('; ')} -> ${res.statusCode} ${res.body.slice(0, 300)}`,
      );
    }
    before = after;
    if (op.path === '/api/v1/backroom/auth/logout' && res.statusCode === 200) {
      cookie = await t.login('admin@backroom.local');
      // The sign-in writes (a session, a sign-in record): they are the fuzz's, not the next request's.
      before = await fingerprint();
    }
  }
  return problems;
}

/** What is wrong with one reply; nothing when it is right. */
function check(request: FuzzRequest, res: LightMyRequestResponse, permission: string) {
  const wrong: string[] = [];
  if (res.statusCode >= 500) wrong.push(`answered ${res.statusCode}`);
  const type = String(res.headers['content-type'] ?? '');
  // A file, a label preview or a PDF is not an envelope; every other reply is.
  if (res.statusCode < 300 && !type.startsWith('application/json')) return wrong;
  let body: {
    code?: unknown;
    data?: unknown;
    error?: { code?: string; fields?: { field: string }[] } | null;
  };
  try {
    body = res.json();
  } catch {
    return [...wrong, `not JSON (${type})`];
  }
  if (res.statusCode >= 400) {
    // The shared schema of error replies: a known error code, a message, the fields when there are some.
    const parsed = errorEnvelopeSchema.safeParse(body);
    if (!parsed.success)
      wrong.push(`not an error envelope: ${parsed.error.issues.map((i) => i.message).join(', ')}`);
  } else {
    const keys = Object.keys(body ?? {}).filter((k) => k !== 'hasMore');
    if (keys.sort().join() !== 'code,data,error' || !Array.isArray(body.data) || body.error !== null)
      wrong.push('not a success envelope');
  }
  if (body?.code !== res.statusCode) wrong.push(`code ${body?.code} is not the status`);
  // A path parameter past the router's limit is refused before any route (or its permission) is found.
  if (request.anonymous && permission !== 'public' && res.statusCode !== 401 && res.statusCode !== 414)
    wrong.push('no session, yet not 401');
  if (request.mustName) {
    const named = (body?.error?.fields ?? []).some(
      (f) =>
        f.field === request.mustName ||
        request.mustName!.startsWith(`${f.field}.`) ||
        f.field.startsWith(`${request.mustName}.`),
    );
    if (res.statusCode !== 400 || body?.error?.code !== 'validation' || !named)
      wrong.push(`the schema did not refuse ${request.mustName} by name`);
  }
  return wrong;
}
