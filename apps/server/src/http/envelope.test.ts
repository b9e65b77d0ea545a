import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backroom.local');
});
afterAll(() => t.close());

/** Everything a client could change through these routes, to prove a refused call changed nothing. */
async function snapshot() {
  const result = await t.deps.db.execute(sql`
    select
      (select json_agg(u order by u.id) from (select id, first_name, last_name, email, password_hash, pin_hash, is_active from users) u) as users,
      (select json_agg(a order by a.id) from accounts a) as accounts,
      (select json_agg(m order by m.user_id, m.account_id) from memberships m) as memberships,
      (select json_agg(r order by r.user_id, r.role_id) from user_roles r) as user_roles`);
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
}

describe('the envelope', () => {
  it('answers health publicly with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ code: 200, data: [{ status: 'ok', database: t.deps.dbKind }], error: null });
  });

  it('answers 404 for an unknown /api route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/backroom/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 404,
      data: [],
      error: { code: 'not_found', message: 'No such API route: GET /api/v1/backroom/nothing-here' },
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/backroom/account',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      data: [],
      error: { code: 'bad_request', message: 'The request body is not valid JSON.' },
    });
  });

  it('serves the OpenAPI document built from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toContain('/api/backroom/user/admin');
    expect(doc.paths['/api/v1/backroom/auth/login'].post.requestBody).toBeDefined();
  });
});

describe('invalid input to every route: 400 with the failing fields, and nothing changes', () => {
  const cases: [string, string, unknown, string][] = [
    ['POST', '/api/v1/backroom/auth/login', { email: 'x', password: 1 }, 'email'],
    ['POST', '/api/v1/backroom/auth/account', { accountId: 'one' }, 'accountId'],
    ['GET', '/api/v1/backroom/user/abc/badge', undefined, 'params.id'],
    ['PATCH', '/api/backroom/user/admin/1', { firstName: '', lastName: 'A', email: 'a@b.co' }, 'firstName'],
    ['PATCH', '/api/backroom/user/admin/0', { firstName: 'A', lastName: 'A', email: 'a@b.co' }, 'params.id'],
    [
      'PATCH',
      '/api/backroom/user/admin/1',
      { firstName: 'A', lastName: 'A', email: 'a@b.co', pinPasscode: '12' },
      'pinPasscode',
    ],
    [
      'PATCH',
      '/api/backroom/user/admin/1',
      { firstName: 'A', lastName: 'A', email: 'a@b.co', accounts: [0] },
      'accounts.0',
    ],
    [
      'PUT',
      '/api/backroom/user/admin',
      {
        firstName: 'A',
        lastName: 'B',
        email: 'new@x.co',
        pinPasscode: '1234',
        password: 'short',
        accounts: [1],
        roles: [],
      },
      'password',
    ],
    [
      'PUT',
      '/api/backroom/user/admin',
      {
        firstName: 'A',
        lastName: 'B',
        email: 'not-mail',
        pinPasscode: '1234',
        password: 'long-enough',
        accounts: [1],
        roles: [],
      },
      'email',
    ],
    [
      'PUT',
      '/api/backroom/user/admin',
      {
        firstName: 'A',
        lastName: 'B',
        email: 'ok@x.co',
        pinPasscode: '1234',
        password: 'long-enough',
        accounts: [],
        roles: [],
      },
      'accounts',
    ],
    ['PUT', '/api/backroom/account', { name: 'Good name', isActive: 2 }, 'isActive'],
    ['PUT', '/api/backroom/account', {}, 'name'],
    ['PATCH', '/api/backroom/account/1', { utcOffset: 'UTC-6' }, 'utcOffset'],
    ['PATCH', '/api/backroom/account/-4', { name: 'Fine name' }, 'params.id'],
  ];
  for (const [method, url, payload, field] of cases) {
    it(`${method} ${url} ${JSON.stringify(payload)} -> 400 on ${field}`, async () => {
      const before = await snapshot();
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: admin },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe(400);
      expect(body.data).toEqual([]);
      expect(body.error.fields.map((f: { field: string }) => f.field)).toContain(field);
      expect(body.error.code).toBe('validation');
      expect(await snapshot()).toBe(before);
    });
  }
});

describe('server errors', () => {
  it('answer 500 with a request id and no internals', async () => {
    const broken = await createTestApp();
    const cookie = await broken.login('admin@backroom.local');
    // Break the database under the running app: every query now fails inside the server.
    await broken.deps.db.execute(sql`alter table accounts rename to accounts_gone`);
    const res = await broken.app.inject({
      method: 'GET',
      url: '/api/backroom/accounts',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe(500);
    expect(body.error.code).toBe('internal');
    expect(body.error.message).toBe('Something went wrong on our side. Please try again.');
    expect(body.error.requestId).toMatch(/[0-9a-f-]{36}/);
    expect(res.body).not.toContain('accounts');
    expect(res.body).not.toContain('relation');
    await broken.close();
  });
});
