import { ROLE_CODES, ROUTE_ACCESS, type RoleCode } from '@backroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Every API route × every role (and nobody): the guard's answer must be the one ROUTE_ACCESS
 * (packages/shared/src/auth/route-access.ts) writes down. A refusal by the guard is 401 without a session and
 * 403 'You need the … permission to do that.' without the permission group; anything else means the guard
 * let the call through (the route may still refuse it for its own reasons, e.g. a badge of another user).
 */
let t: TestApp;
const cookies = new Map<RoleCode, string>();

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login('admin@backroom.local');
  const call = (method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: admin },
      ...(payload ? { payload } : {}),
    });
  const me = (await call('GET', '/api/v1/backroom/auth/me')).json().data[0];
  const roles = (await call('GET', '/api/backroom/roles')).json().data as { id: number; code: RoleCode }[];
  // One user holding exactly one role each, in the admin's current account.
  for (const code of ROLE_CODES) {
    const email = `only-${code.toLowerCase()}@example.com`;
    const created = await call('PUT', '/api/backroom/user/admin', {
      firstName: 'Only',
      lastName: code,
      email,
      pinPasscode: '1234',
      password: 'role-matrix-password',
      accounts: [me.currentAccount.id],
      roles: [roles.find((r) => r.code === code)!.id],
    });
    expect(created.statusCode).toBe(200);
    cookies.set(code, await t.login(email, 'role-matrix-password'));
  }
});
afterAll(() => t.close());

/** The registered routes, once each (HEAD twins of GET routes left out), logout last: it ends the session. */
function apiRoutes() {
  const seen = new Set<string>();
  const keys: string[] = [];
  for (const route of t.routes) {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs') || route.method === 'HEAD')
      continue;
    const key = `${route.method} ${route.url}`;
    if (!seen.has(key)) keys.push(key);
    seen.add(key);
  }
  return keys.sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));
}

/** Path parameters get a plausible value: the guard answers before they are even validated. */
const urlOf = (pattern: string) => pattern.replace(/:\w+/g, '1').replace('*', 'x.png');

type Outcome = 'allowed' | 'signInNeeded' | 'forbidden';

async function outcome(key: string, cookie: string | undefined): Promise<Outcome> {
  const [method, pattern] = key.split(' ') as [string, string];
  const res = await t.app.inject({
    method: method as 'GET',
    url: urlOf(pattern),
    headers: cookie ? { cookie } : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
  if (res.statusCode === 401) return 'signInNeeded';
  if (
    res.statusCode === 403 &&
    /^You need the \w+ permission to do that\.$/.test(res.json().error?.message)
  ) {
    return 'forbidden';
  }
  return 'allowed';
}

function expected(access: (typeof ROUTE_ACCESS)[string], role: RoleCode | null): Outcome {
  if (access === 'public') return 'allowed';
  if (access === 'printAgent') return 'signInNeeded'; // a session is no agent token
  if (role === null) return 'signInNeeded';
  if (access === 'signedIn') return 'allowed';
  return access.includes(role) ? 'allowed' : 'forbidden';
}

describe('the role matrix', () => {
  it('names every registered route, and no route that does not exist', () => {
    const keys = apiRoutes();
    expect(keys.filter((key) => !(key in ROUTE_ACCESS))).toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('every route answers every role (and nobody) as the table says', async () => {
    const wrong: string[] = [];
    for (const key of apiRoutes()) {
      const access = ROUTE_ACCESS[key]!;
      for (const role of [null, ...ROLE_CODES]) {
        const got = await outcome(key, role ? cookies.get(role) : undefined);
        const want = expected(access, role);
        if (got !== want) wrong.push(`${key} as ${role ?? 'nobody'}: ${got}, expected ${want}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('holds the rules the issue names: payment details and print servers', () => {
    const refundInfo = ROUTE_ACCESS['GET /api/v1/backroom/channelOrder/firstParty/refund/return'];
    expect(refundInfo).not.toContain('salesperson');
    expect(refundInfo).toContain('storeManager');
    expect(ROUTE_ACCESS['PATCH /api/backroom/warehouse/server']).toEqual(['admin']);
  });
});
