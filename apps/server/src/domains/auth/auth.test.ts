import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { badgeFor } from './badge';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOGIN = '/api/v1/backroom/auth/login';
const ME = '/api/v1/backroom/auth/me';

function login(payload: unknown, remoteAddress = '10.0.0.1') {
  return t.app.inject({ method: 'POST', url: LOGIN, payload: payload as object, remoteAddress });
}

/** The badge a user's current badge secret gives, as the server signs it in the tests. */
async function badgeOf(userId: number, secret = 'test-secret') {
  const [row] = await t.rows<{ badgeSecret: string }>(
    sql`select badge_secret as "badgeSecret" from users where id = ${userId}`,
  );
  return badgeFor({ id: userId, badgeSecret: row!.badgeSecret }, secret);
}

function cookieOf(res: Awaited<ReturnType<typeof login>>) {
  const cookie = res.cookies.find((c) => c.name === 'backroom_session');
  return cookie ? `backroom_session=${cookie.value}` : '';
}

describe('login', () => {
  it('with e-mail and password opens a session and answers who signed in', async () => {
    const res = await login({ email: 'Admin@Backroom.local', password: 'backroom-admin' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, error: null });
    expect(body.data[0].user.email).toBe('admin@backroom.local');
    expect(body.data[0].adminUserAccess).toBe(true);
    expect(body.data[0].currentAccount).toEqual({
      id: expect.any(Number),
      name: 'Demo Music Co',
      utcOffset: '-06:00',
    });
    const cookie = res.cookies.find((c) => c.name === 'backroom_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const me = await t.app.inject({ method: 'GET', url: ME, headers: { cookie: cookieOf(res) } });
    expect(me.json().data[0].user.firstName).toBe('Ada');
  });

  it('with e-mail and PIN', async () => {
    const res = await login({ email: 'sales@backroom.local', pin: '1234' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].roles.map((r: { code: string }) => r.code)).toEqual(['salesperson']);
    expect(res.json().data[0].adminUserAccess).toBe(false);
  });

  it('with a scanned badge, and refuses a forged one', async () => {
    const userId = (await login({ email: 'warehouse@backroom.local', pin: '1234' })).json().data[0].user.id;
    const res = await login({ badge: await badgeOf(userId) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].user.email).toBe('warehouse@backroom.local');
    // Every sign-in of a known user is recorded, a badge login with its method.
    const [event] = await t.rows<{ method: string; succeeded: number; ip: string }>(
      sql`select method, succeeded, ip from login_events where user_id = ${userId} order by id desc limit 1`,
    );
    expect(event).toEqual({ method: 'badge', succeeded: 1, ip: '10.0.0.1' });

    const forged = await login({ badge: `//QL${userId}/0000000000000000//` });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({
      code: 401,
      data: [],
      error: { code: 'unauthorized', message: 'This badge is not valid. Ask an admin to print a new one.' },
    });
    const otherSecret = await login({ badge: await badgeOf(userId, 'another-secret') });
    expect(otherSecret.statusCode).toBe(401);
    // A badge made with no badge secret (as before badge secrets existed) is not the user's badge.
    expect(
      (await login({ badge: badgeFor({ id: userId, badgeSecret: '' }, 'test-secret') })).statusCode,
    ).toBe(401);
  });

  it('refuses a wrong password or PIN with a clear message and no cookie', async () => {
    const res = await login({ email: 'manager@backroom.local', password: 'nope-nope' }, '10.0.0.2');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Wrong e-mail or password.');
    expect(cookieOf(res)).toBe('');
    const pin = await login({ email: 'manager@backroom.local', pin: '9999' }, '10.0.0.2');
    expect(pin.json().error.message).toBe('Wrong e-mail or PIN.');
    const unknown = await login({ email: 'nobody@backroom.local', password: 'whatever1' }, '10.0.0.2');
    expect(unknown.json().error.message).toBe('Wrong e-mail or password.');
  });

  it('validates the payload', async () => {
    const res = await login({ email: 'not-an-email', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
    expect(res.json().error.fields.length).toBeGreaterThan(0);
  });
});

describe('sessions', () => {
  it('needs a session: 401 in the envelope without one', async () => {
    const res = await t.app.inject({ method: 'GET', url: ME });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 401,
      data: [],
      error: { code: 'unauthorized', message: 'Please sign in.' },
    });
    const bogus = await t.app.inject({
      method: 'GET',
      url: ME,
      headers: { cookie: 'backroom_session=forged' },
    });
    expect(bogus.statusCode).toBe(401);
  });

  it('logout ends the session at once', async () => {
    const cookie = await t.login('manager@backroom.local');
    expect((await t.app.inject({ method: 'GET', url: ME, headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/backroom/auth/logout',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: ME, headers: { cookie } })).statusCode).toBe(401);
  });

  it('switches account among the user’s own accounts only', async () => {
    const cookie = await t.login('admin@backroom.local');
    const me = (await t.app.inject({ method: 'GET', url: ME, headers: { cookie } })).json().data[0];
    const outlet = me.accounts.find((a: { name: string }) => a.name === 'Demo Outlet');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/backroom/auth/account',
      headers: { cookie },
      payload: { accountId: outlet.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].currentAccount.name).toBe('Demo Outlet');
    const again = (await t.app.inject({ method: 'GET', url: ME, headers: { cookie } })).json().data[0];
    expect(again.currentAccount.name).toBe('Demo Outlet');

    const sales = await t.login('sales@backroom.local');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/backroom/auth/account',
      headers: { cookie: sales },
      payload: { accountId: outlet.id },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('a removed membership ends the session in that account at once', async () => {
    const admin = await t.login('admin@backroom.local');
    const users = (
      await t.app.inject({ method: 'GET', url: '/api/backroom/users', headers: { cookie: admin } })
    ).json().data;
    const warehouse = users.find((u: { email: string }) => u.email === 'warehouse@backroom.local');
    const session = await t.login('warehouse@backroom.local', 'backroom-warehouse');
    expect((await t.app.inject({ method: 'GET', url: ME, headers: { cookie: session } })).statusCode).toBe(
      200,
    );

    const me = (await t.app.inject({ method: 'GET', url: ME, headers: { cookie: admin } })).json().data[0];
    const outlet = me.accounts.find((a: { name: string }) => a.name === 'Demo Outlet');
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/backroom/user/admin/${warehouse.id}`,
      headers: { cookie: admin },
      payload: { ...warehouse, accounts: [outlet.id] },
    });
    expect(moved.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: ME, headers: { cookie: session } })).statusCode).toBe(
      401,
    );
  });
});

describe('badges', () => {
  const badgeUrl = (id: number) => `/api/v1/backroom/user/${id}/badge`;

  it('a user gets their own badge; an admin gets the badge of a user within reach; others get 403', async () => {
    await t.signIn('sales', 'admin', 'outlet', 'manager');
    const me = (await t.as('sales', 'GET', ME)).json().data[0];
    const own = await t.as('sales', 'GET', badgeUrl(me.user.id));
    expect(own.json().data[0]).toEqual({ userId: me.user.id, badge: await badgeOf(me.user.id) });
    expect(own.json().data[0].badge).toMatch(/^\/\/QL\d+\/[0-9A-F]{16}\/\/$/);

    const users = (await t.as('admin', 'GET', '/api/backroom/users')).json().data;
    // The manager is in Music Co with the sales person (an earlier test moved the warehouse user out).
    const manager = users.find((u: { email: string }) => u.email === 'manager@backroom.local').id;
    const other = await t.as('sales', 'GET', badgeUrl(manager));
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe('You can only print your own badge.');
    expect((await t.as('admin', 'GET', badgeUrl(me.user.id))).statusCode).toBe(200);
    // The Outlet admin is not in Music Co.
    expect((await t.as('outlet', 'GET', badgeUrl(me.user.id))).statusCode).toBe(404);
  });

  it('an account admin cannot take the badge of a user who holds more (cross-account takeover)', async () => {
    await t.signIn('outlet', 'admin');
    const adminId = (await t.as('admin', 'GET', ME)).json().data[0].user.id;
    // admin@ is a member of Demo Outlet too, and of Music Co, with every role.
    const res = await t.as('outlet', 'GET', badgeUrl(adminId));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(
      'You cannot print the badge of a user who has access you do not hold.',
    );
    expect(res.body).not.toContain('//QL');
    expect((await t.as('outlet', 'POST', `${badgeUrl(adminId)}/regenerate`)).statusCode).toBe(403);
    expect((await t.as('outlet', 'GET', `/api/v1/backroom/user/${adminId}/logins`)).statusCode).toBe(403);
  });

  it('regenerating a badge voids the old one at once; the new one signs in', async () => {
    await t.signIn('admin');
    const sales = (await login({ email: 'sales@backroom.local', pin: '1234' }, '10.3.0.1')).json().data[0]
      .user.id;
    const old = (await t.as('admin', 'GET', badgeUrl(sales))).json().data[0].badge;
    expect((await login({ badge: old }, '10.3.0.2')).statusCode).toBe(200);

    const regenerated = await t.as('admin', 'POST', `${badgeUrl(sales)}/regenerate`);
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json().data[0].badge;
    expect(fresh).not.toBe(old);
    expect(fresh).toBe(await badgeOf(sales));
    expect((await t.as('admin', 'GET', badgeUrl(sales))).json().data[0].badge).toBe(fresh);

    const refused = await login({ badge: old }, '10.3.0.3');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe('This badge is not valid. Ask an admin to print a new one.');
    expect((await login({ badge: fresh }, '10.3.0.4')).statusCode).toBe(200);
  });

  it('a user may regenerate their own badge, and nobody else’s without adminUserAccess', async () => {
    await t.signIn('warehouse');
    const me = (await t.as('warehouse', 'GET', ME)).json().data[0].user.id;
    expect((await t.as('warehouse', 'POST', `${badgeUrl(me)}/regenerate`)).statusCode).toBe(200);
    const res = await t.as('warehouse', 'POST', `${badgeUrl(me + 1)}/regenerate`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You can only regenerate your own badge.');
  });

  it('keeps a record of sign-ins an admin can read: badge logins, failures, the address', async () => {
    await t.signIn('admin');
    const users = (await t.as('admin', 'GET', '/api/backroom/users')).json().data;
    const manager = users.find((u: { email: string }) => u.email === 'manager@backroom.local').id;
    const badge = (await t.as('admin', 'GET', badgeUrl(manager))).json().data[0].badge;
    expect((await login({ badge }, '10.4.0.1')).statusCode).toBe(200);
    expect((await login({ email: 'manager@backroom.local', pin: '0000' }, '10.4.0.2')).statusCode).toBe(401);

    const res = await t.as('admin', 'GET', `/api/v1/backroom/user/${manager}/logins`);
    expect(res.statusCode).toBe(200);
    const [latest, before] = res.json().data;
    expect(latest).toMatchObject({ method: 'pin', succeeded: 0, ip: '10.4.0.2' });
    expect(before).toMatchObject({ method: 'badge', succeeded: 1, ip: '10.4.0.1' });
  });
});
