import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { KNOWN_DEVICE_COOKIE } from './known-devices';
import { LoginLimiter } from './login-limiter';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOGIN = '/api/v1/backroom/auth/login';

function login(payload: object, remoteAddress: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: LOGIN, payload, remoteAddress, headers });
}

const wrong = (email: string, i: number, address: string) =>
  login({ email, password: `wrong-guess-${i}` }, address);

describe('a guesser cannot lock a user out', () => {
  it('holds back only the guessing address: the user signs in from anywhere else at once', async () => {
    const email = 'warehouse@backroom.local';
    for (let i = 0; i < 5; i++) expect((await wrong(email, i, '10.1.0.1')).statusCode).toBe(401);
    // The guessing address now waits, even with the right password ...
    const held = await login({ email, password: 'backroom-warehouse' }, '10.1.0.1');
    expect(held.statusCode).toBe(429);
    expect(held.json().error.message).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
    // ... and each further failure doubles the wait (counted when the wait is over; here, straight in the table).
    await t.rows(sql`update login_throttles set failures = 7 where key = ${`pair:${email}|10.1.0.1`}`);
    expect((await login({ email, password: 'x-x-x-x-x' }, '10.1.0.1')).json().error.message).toBe(
      'Too many failed sign-in attempts. Try again in 4 minutes.',
    );
    // The user, anywhere else, is not affected.
    expect((await login({ email, password: 'backroom-warehouse' }, '10.1.0.2')).statusCode).toBe(200);
    expect((await login({ email, pin: '1234' }, '10.1.0.3')).statusCode).toBe(200);
  });

  it('the admin stays able to sign in after five wrong guesses from one address', async () => {
    const email = 'admin@backroom.local';
    for (let i = 0; i < 6; i++) await wrong(email, i, '10.2.0.1');
    expect((await login({ email, password: 'backroom-admin' }, '10.2.0.2')).statusCode).toBe(200);
  });

  it('slows guesses from many addresses at one user, but never keeps out a device the user signed in on', async () => {
    const email = 'manager@backroom.local';
    // The manager's own browser signed in once, and holds the known-device cookie.
    const first = await login({ email, password: 'backroom-manager' }, '10.3.0.1');
    const device = first.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE)!;
    expect(device.httpOnly).toBe(true);
    expect(device.path).toBe(LOGIN);

    // Ten addresses guess once each: no pair and no address reaches its own limit.
    for (let i = 0; i < 10; i++) expect((await wrong(email, i, `10.3.1.${i}`)).statusCode).toBe(401);

    // A new address must now wait a few seconds, not minutes: the guessing is slowed, nobody is locked.
    const slowed = await login({ email, password: 'backroom-manager' }, '10.3.2.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error.message).toMatch(
      /^Too many failed sign-in attempts for this user\. Try again in [12] seconds?\.$/,
    );
    // The manager's own browser, from yet another address, signs in at once.
    const own = await login({ email, password: 'backroom-manager' }, '10.3.3.1', {
      cookie: `${KNOWN_DEVICE_COOKIE}=${device.value}`,
    });
    expect(own.statusCode).toBe(200);
    // A forged known-device cookie is ignored.
    const forged = await login({ email, password: 'backroom-manager' }, '10.3.3.2', {
      cookie: `${KNOWN_DEVICE_COOKIE}=${device.value.replace(/^\d+/, '1')}`,
    });
    expect(forged.statusCode).toBe(429);
  });

  it('limits one address spraying many users', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < 30; i++) {
      await login({ email: `guess${i}@backroom.local`, password: 'guess-guess' }, address);
    }
    const res = await login({ email: 'sales@backroom.local', password: 'backroom-sales' }, address);
    expect(res.statusCode).toBe(429);
    expect(
      (await login({ email: 'sales@backroom.local', password: 'backroom-sales' }, '10.9.9.8')).statusCode,
    ).toBe(200);
  });

  it('a badge is limited like a password, under its own user key', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login({ badge: `//QL1/${String(i).repeat(16)}//` }, '10.5.0.1')).statusCode).toBe(401);
    }
    expect((await login({ badge: '//QL1/AAAAAAAAAAAAAAAA//' }, '10.5.0.1')).statusCode).toBe(429);
  });
});

describe('the counters', () => {
  it('live in the database: a new limiter (a restart, another server) sees the same waits', async () => {
    const email = 'sales@backroom.local';
    for (let i = 0; i < 5; i++) await wrong(email, i, '10.6.0.1');
    const rows = await t.rows<{ key: string; failures: number }>(
      sql`select key, failures from login_throttles where key like ${`%${email}|10.6.0.1`}`,
    );
    expect(rows).toEqual([{ key: `pair:${email}|10.6.0.1`, failures: 5 }]);
    const restarted = new LoginLimiter(t.deps.db);
    const wait = await restarted.waitMs({ who: email, address: '10.6.0.1', knownDevice: false });
    expect(wait.ms).toBeGreaterThan(50_000);
    expect(wait.perUser).toBe(false);
  });

  it('count every one of concurrent failures', async () => {
    // Eight addresses, one guess each: below every threshold, so no guess is held back (429) before it is
    // counted, however the eight interleave. (From one address, the ones that came after the fifth counted
    // failure would be held back, and how many did would depend on the machine's speed.)
    const email = 'nobody-in-particular@backroom.local';
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => wrong(email, i, `10.7.0.${i + 1}`)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(401));
    const [row] = await t.rows<{ failures: number }>(
      sql`select failures from login_throttles where key = ${`user:${email}`}`,
    );
    expect(row!.failures).toBe(8);
  });
});

describe('forwarded addresses', () => {
  it('X-Forwarded-For is ignored unless TRUST_PROXY names the proxy: a guesser cannot spread itself over made-up addresses', async () => {
    const email = 'outlet@backroom.local';
    for (let i = 0; i < 5; i++) {
      await login({ email, password: `wrong-${i}-guess` }, '10.8.0.1', {
        'x-forwarded-for': `172.16.0.${i}`,
      });
    }
    const res = await login({ email, password: 'backroom-outlet' }, '10.8.0.1', {
      'x-forwarded-for': '172.16.9.9',
    });
    expect(res.statusCode).toBe(429);
  });

  it('behind a named proxy, the forwarded client address is the one limited', async () => {
    const proxied = await createTestApp({ trustProxy: ['10.8.1.1'] });
    try {
      const via = (payload: object, client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: LOGIN,
          payload,
          remoteAddress: '10.8.1.1',
          headers: { 'x-forwarded-for': client },
        });
      const email = 'outlet@backroom.local';
      for (let i = 0; i < 5; i++) await via({ email, password: `wrong-${i}-guess` }, '192.0.2.1');
      expect((await via({ email, password: 'backroom-outlet' }, '192.0.2.1')).statusCode).toBe(429);
      expect((await via({ email, password: 'backroom-outlet' }, '192.0.2.2')).statusCode).toBe(200);
      const [event] = await proxied.rows<{ ip: string }>(
        sql`select ip from login_events where succeeded = 1 order by id desc limit 1`,
      );
      expect(event!.ip).toBe('192.0.2.2');
    } finally {
      await proxied.close();
    }
  });
});
