import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const ids: Record<string, number> = {};
let music = 0;
let outlet = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'manager', 'sales', 'warehouse', 'outlet');
  const users = (await call('admin', 'GET', '/api/backroom/users')).json().data as {
    id: number;
    email: string;
  }[];
  for (const u of users) ids[u.email.split('@')[0]!] = u.id;
  ids.outlet = (await call('outlet', 'GET', '/api/v1/backroom/auth/me')).json().data[0].user.id;
  const accounts = (await call('admin', 'GET', '/api/backroom/accounts')).json().data as {
    id: number;
    name: string;
  }[];
  music = accounts.find((a) => a.name === 'Demo Music Co')!.id;
  outlet = accounts.find((a) => a.name === 'Demo Outlet')!.id;
});
afterAll(() => t.close());

const call = (who: string | null, method: string, url: string, payload?: unknown) =>
  t.as(who, method, url, payload);

async function userOf(who: string) {
  const all = (await call('admin', 'GET', '/api/backroom/users')).json().data as Record<string, unknown>[];
  return all.find((u) => u.id === ids[who])!;
}

let serial = 0;
const newUser = (accounts: number[], roles: number[] = []) => ({
  firstName: 'New',
  lastName: `User ${++serial}`,
  email: `new${serial}@example.com`,
  pinPasscode: '4321',
  password: 'a-good-password',
  accounts,
  roles,
});

describe('every route declares its permission', () => {
  it('walks every registered /api route', () => {
    const apiRoutes = t.routes.filter((r) => r.url.startsWith('/api'));
    expect(apiRoutes.length).toBeGreaterThan(10);
    const undeclared = apiRoutes.filter((r) => !r.permission);
    expect(undeclared).toEqual([]);
    // The admin routes of catalogue-admin.md §7 are all there.
    const keys = apiRoutes.map((r) => `${r.method} ${r.url}`);
    for (const key of [
      'GET /api/backroom/users',
      'GET /api/backroom/accounts',
      'GET /api/backroom/roles',
      'PATCH /api/backroom/user/admin/:id',
      'PUT /api/backroom/user/admin',
      'PUT /api/backroom/account',
      'PATCH /api/backroom/account/:id',
    ]) {
      expect(keys).toContain(key);
    }
  });
});

describe('permission matrix of the admin routes', () => {
  const people = ['admin', 'manager', 'sales', 'warehouse', 'outlet', null] as const;
  type Row = [string, string, () => string, () => unknown, Record<string, number>];
  const rows: Row[] = [
    [
      'GET',
      'users',
      () => '/api/backroom/users',
      () => undefined,
      { admin: 200, manager: 200, sales: 200, warehouse: 200, outlet: 200, anon: 401 },
    ],
    [
      'GET',
      'accounts',
      () => '/api/backroom/accounts',
      () => undefined,
      { admin: 200, manager: 200, sales: 200, warehouse: 200, outlet: 200, anon: 401 },
    ],
    [
      'GET',
      'roles',
      () => '/api/backroom/roles',
      () => undefined,
      { admin: 200, manager: 200, sales: 200, warehouse: 200, outlet: 200, anon: 401 },
    ],
    [
      'PATCH',
      'another user (sales)',
      () => `/api/backroom/user/admin/${ids.sales}`,
      () => ({ firstName: 'Sam', lastName: 'Sales', email: 'sales@backroom.local' }),
      { admin: 200, manager: 403, sales: 200, warehouse: 403, outlet: 404, anon: 401 },
    ],
    [
      'PUT',
      'user (create)',
      () => '/api/backroom/user/admin',
      () => newUser([outlet]),
      { admin: 200, manager: 403, sales: 403, warehouse: 403, outlet: 200, anon: 401 },
    ],
    [
      'PUT',
      'account (create)',
      () => '/api/backroom/account',
      () => ({ name: `Acct ${++serial}` }),
      { admin: 200, manager: 403, sales: 403, warehouse: 403, outlet: 200, anon: 401 },
    ],
    [
      'PATCH',
      'account Music Co',
      () => `/api/backroom/account/${music}`,
      () => ({ hasBroadcastProductData: 1 }),
      { admin: 200, manager: 403, sales: 403, warehouse: 403, outlet: 404, anon: 401 },
    ],
  ];
  for (const [method, what, url, payload, expected] of rows) {
    for (const who of people) {
      it(`${method} ${what} as ${who ?? 'nobody'} -> ${expected[who ?? 'anon']}`, async () => {
        const res = await call(who, method, url(), payload());
        expect(res.statusCode).toBe(expected[who ?? 'anon']);
        expect(res.json().code).toBe(res.statusCode);
      });
    }
  }

  it('a user without adminUserAccess may edit their own name, e-mail, PIN and password', async () => {
    const self = await userOf('warehouse');
    const res = await call('warehouse', 'PATCH', `/api/backroom/user/admin/${ids.warehouse}`, {
      ...self,
      firstName: 'Wesley',
      pinPasscode: '5678',
      currentPassword: 'backroom-warehouse',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].firstName).toBe('Wesley');
    const pin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/backroom/auth/login',
      payload: { email: 'warehouse@backroom.local', pin: '5678' },
    });
    expect(pin.statusCode).toBe(200);
  });

  it('but not their own roles or accounts', async () => {
    const self = await userOf('warehouse');
    const roles = (await call('admin', 'GET', '/api/backroom/roles')).json().data as {
      id: number;
      code: string;
    }[];
    const adminRole = roles.find((r) => r.code === 'admin')!.id;
    const res = await call('warehouse', 'PATCH', `/api/backroom/user/admin/${ids.warehouse}`, {
      ...self,
      roles: [...(self.roles as { id: number }[]), { id: adminRole }],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You can only change your own name, e-mail, PIN and password.');
    expect((await userOf('warehouse')).roles).toEqual(self.roles);
  });
});

describe('passwords and PINs', () => {
  const ME = '/api/v1/backroom/auth/me';
  const as = (cookie: string, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const loginAs = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/backroom/auth/login', payload: { email, password } });

  it('changing one’s own password needs the current one, and ends one’s other sessions', async () => {
    const created = (await call('admin', 'PUT', '/api/backroom/user/admin', newUser([music]))).json().data[0];
    const here = await t.login(created.email, 'a-good-password');
    const elsewhere = await t.login(created.email, 'a-good-password');
    const self = { firstName: created.firstName, lastName: created.lastName, email: created.email };
    const url = `/api/backroom/user/admin/${created.id}`;

    const missing = await as(here, 'PATCH', url, { ...self, password: 'a-newer-password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual([
      { field: 'currentPassword', message: 'Enter your current password to change your password or PIN' },
    ]);
    const wrong = await as(here, 'PATCH', url, {
      ...self,
      password: 'a-newer-password',
      currentPassword: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields[0].message).toBe('Your current password is not right');
    // Neither changed anything: the old password still signs in, both sessions live.
    expect((await loginAs(created.email, 'a-good-password')).statusCode).toBe(200);
    expect((await as(elsewhere, 'GET', ME)).statusCode).toBe(200);

    const changed = await as(here, 'PATCH', url, {
      ...self,
      password: 'a-newer-password',
      currentPassword: 'a-good-password',
    });
    expect(changed.statusCode).toBe(200);
    expect((await as(here, 'GET', ME)).statusCode).toBe(200);
    expect((await as(elsewhere, 'GET', ME)).statusCode).toBe(401);
    expect((await loginAs(created.email, 'a-good-password')).statusCode).toBe(401);
    expect((await loginAs(created.email, 'a-newer-password')).statusCode).toBe(200);
  });

  it('a name change needs no current password and ends no session', async () => {
    const created = (await call('admin', 'PUT', '/api/backroom/user/admin', newUser([music]))).json().data[0];
    const here = await t.login(created.email, 'a-good-password');
    const other = await t.login(created.email, 'a-good-password');
    const res = await as(here, 'PATCH', `/api/backroom/user/admin/${created.id}`, {
      firstName: 'Renamed',
      lastName: created.lastName,
      email: created.email,
    });
    expect(res.statusCode).toBe(200);
    expect((await as(other, 'GET', ME)).statusCode).toBe(200);
  });

  it('an admin resetting a user’s password or PIN ends every session of that user', async () => {
    const created = (await call('admin', 'PUT', '/api/backroom/user/admin', newUser([music]))).json().data[0];
    const sessions = [
      await t.login(created.email, 'a-good-password'),
      await t.login(created.email, 'a-good-password'),
    ];
    const res = await call('admin', 'PATCH', `/api/backroom/user/admin/${created.id}`, {
      firstName: created.firstName,
      lastName: created.lastName,
      email: created.email,
      pinPasscode: '9876',
    });
    expect(res.statusCode).toBe(200);
    for (const cookie of sessions) expect((await as(cookie, 'GET', ME)).statusCode).toBe(401);
    // The admin's own session is untouched.
    expect((await call('admin', 'GET', ME)).statusCode).toBe(200);
  });
});

describe('tenancy', () => {
  it('an Outlet admin lists only Outlet users and Outlet accounts', async () => {
    const users = (await call('outlet', 'GET', '/api/backroom/users')).json().data as { email: string }[];
    const emails = users.map((u) => u.email);
    expect(emails).toContain('outlet@backroom.local');
    expect(emails).not.toContain('sales@backroom.local');
    expect(emails).not.toContain('manager@backroom.local');
    const accounts = (await call('outlet', 'GET', '/api/backroom/accounts')).json().data as {
      name: string;
    }[];
    expect(accounts.map((a) => a.name)).not.toContain('Demo Music Co');
  });

  it('an Outlet admin sees of a wider user only the Outlet admin’s own accounts, and that they are out of reach', async () => {
    const mine = new Set(
      ((await call('outlet', 'GET', '/api/backroom/accounts')).json().data as { id: number }[]).map(
        (a) => a.id,
      ),
    );
    expect(mine.has(outlet) && !mine.has(music)).toBe(true);
    const list = (await call('outlet', 'GET', '/api/backroom/users')).json().data as {
      id: number;
      accounts: { id: number }[];
      inReach: boolean;
    }[];
    // Ada Admin belongs to Demo Music Co too: the Outlet admin is not told of it.
    const ada = list.find((u) => u.id === ids.admin)!;
    expect(ada.inReach).toBe(false);
    expect(ada.accounts.map((a) => a.id)).toContain(outlet);
    expect(list.every((u) => u.accounts.every((a) => mine.has(a.id)))).toBe(true);
    expect(list.find((u) => u.id === ids.outlet)!.inReach).toBe(true);
    // An admin of both sees both.
    const seenByAdmin = (await userOf('admin')) as { accounts: { id: number }[]; inReach: boolean };
    expect(seenByAdmin.inReach).toBe(true);
    expect(seenByAdmin.accounts.map((a) => a.id)).toEqual(expect.arrayContaining([music, outlet]));
  });

  it('cannot read or change a Music Co user or account', async () => {
    const before = await userOf('manager');
    const res = await call('outlet', 'PATCH', `/api/backroom/user/admin/${ids.manager}`, {
      firstName: 'Hacked',
      lastName: 'X',
      email: 'manager@backroom.local',
      password: 'taken-over-now',
    });
    expect(res.statusCode).toBe(404);
    expect(await userOf('manager')).toEqual(before);
    expect((await call('outlet', 'GET', `/api/v1/backroom/user/${ids.manager}/badge`)).statusCode).toBe(404);
    const acct = await call('outlet', 'PATCH', `/api/backroom/account/${music}`, { name: 'Hacked' });
    expect(acct.statusCode).toBe(404);
    const accounts = (await call('admin', 'GET', '/api/backroom/accounts')).json().data as {
      id: number;
      name: string;
    }[];
    expect(accounts.find((a) => a.id === music)!.name).toBe('Demo Music Co');
  });

  it('cannot grant membership of an account it does not belong to', async () => {
    const res = await call('outlet', 'PUT', '/api/backroom/user/admin', newUser([music]));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(
      `You cannot grant access to account ${music}: you are not a member of it.`,
    );
  });

  it('cannot edit a user who holds access the editor lacks (admin of both accounts)', async () => {
    const res = await call('outlet', 'PATCH', `/api/backroom/user/admin/${ids.admin}`, {
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'admin@backroom.local',
      password: 'taken-over-now',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You cannot edit a user who has access you do not hold.');
  });
});

describe('users', () => {
  it('creates a user with roles and accounts, who can then sign in', async () => {
    const roles = (await call('admin', 'GET', '/api/backroom/roles')).json().data as {
      id: number;
      code: string;
    }[];
    const manager = roles.find((r) => r.code === 'storeManager')!.id;
    const payload = { ...newUser([music, outlet], [manager]), email: 'Casey@Example.com' };
    const res = await call('admin', 'PUT', '/api/backroom/user/admin', payload);
    expect(res.statusCode).toBe(200);
    const created = res.json().data[0];
    expect(created).toEqual({
      id: expect.any(Number),
      email: 'casey@example.com',
      firstName: 'New',
      lastName: payload.lastName,
      accounts: [{ id: music }, { id: outlet }],
      roles: [{ id: manager }],
      inReach: true,
    });
    expect(JSON.stringify(res.json())).not.toContain('argon2');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/backroom/auth/login',
      payload: { email: 'casey@example.com', password: 'a-good-password' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data[0].permissionGroups).toContain('orderRefunds');
  });

  it('refuses a duplicate e-mail with 409, whatever its case', async () => {
    const res = await call('admin', 'PUT', '/api/backroom/user/admin', {
      ...newUser([music]),
      email: 'SALES@backroom.local',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('A user with the e-mail sales@backroom.local already exists.');
    const patch = await call('admin', 'PATCH', `/api/backroom/user/admin/${ids.manager}`, {
      firstName: 'Morgan',
      lastName: 'Manager',
      email: 'sales@backroom.local',
    });
    expect(patch.statusCode).toBe(409);
  });

  it('keeps what the editor cannot reach when an account admin edits a user', async () => {
    // A user in both accounts with a role the Outlet admin does not hold: the Outlet admin cannot touch them.
    const roles = (await call('admin', 'GET', '/api/backroom/roles')).json().data as {
      id: number;
      code: string;
    }[];
    const adminRole = roles.find((r) => r.code === 'admin')!.id;
    const created = (
      await call('admin', 'PUT', '/api/backroom/user/admin', newUser([music, outlet], [adminRole]))
    ).json().data[0];
    // Admin (holds everything) moves them to Outlet only: Music Co membership removed.
    const moved = await call('admin', 'PATCH', `/api/backroom/user/admin/${created.id}`, {
      ...created,
      accounts: [outlet],
    });
    expect(moved.json().data[0].accounts).toEqual([{ id: outlet }]);
    // Outlet admin holds 'admin' and Outlet: may now edit, but cannot add the Music Co account.
    const grant = await call('outlet', 'PATCH', `/api/backroom/user/admin/${created.id}`, {
      ...created,
      accounts: [outlet, music],
    });
    expect(grant.statusCode).toBe(403);
  });

  it('refuses unknown roles and accounts', async () => {
    const res = await call('admin', 'PUT', '/api/backroom/user/admin', newUser([music], [99999]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([{ field: 'roles', message: 'Role 99999 does not exist' }]);
  });
});

describe('accounts', () => {
  it('creates an account with the §3 defaults and makes the creator a member', async () => {
    const res = await call('admin', 'PUT', '/api/backroom/account', { name: 'Second Store' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      name: 'Second Store',
      isActive: 1,
      integrationId: 0,
      hasBroadcastProductData: 0,
      hasBroadcastInventoryData: 0,
      hasBroadcastChannelData: 0,
      hasBroadcastChannelListingData: 0,
      hasBroadcastChannelOrderData: 0,
      hasRestrictedSiteBrands: 1,
      hasRestrictedSiteSellers: 1,
      hasRestrictedServices: 1,
      utcOffset: '-06:00',
    });
    const accounts = (await call('admin', 'GET', '/api/backroom/accounts')).json().data as { name: string }[];
    expect(accounts.map((a) => a.name)).toContain('Second Store');
  });

  it('updates only the fields sent', async () => {
    const created = (
      await call('admin', 'PUT', '/api/backroom/account', { name: 'Third Store', utcOffset: '+05:45' })
    ).json().data[0];
    const res = await call('admin', 'PATCH', `/api/backroom/account/${created.id}`, {
      hasRestrictedServices: 0,
    });
    expect(res.json().data[0]).toMatchObject({
      name: 'Third Store',
      utcOffset: '+05:45',
      hasRestrictedServices: 0,
    });
  });

  it('needs a name longer than 1 character and a listed UTC offset', async () => {
    const short = await call('admin', 'PUT', '/api/backroom/account', { name: 'X' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual([
      { field: 'name', message: 'Account name must be longer than 1 character' },
    ]);
    const offset = await call('admin', 'PUT', '/api/backroom/account', { name: 'Good', utcOffset: '+05:15' });
    expect(offset.statusCode).toBe(400);
  });

  it('refuses to deactivate the account the caller is signed in to', async () => {
    const res = await call('admin', 'PATCH', `/api/backroom/account/${music}`, { isActive: 0 });
    expect(res.statusCode).toBe(409);
  });
});
