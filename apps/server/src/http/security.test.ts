import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let webDir = '';
beforeAll(async () => {
  // A built web app to serve, so the page's own headers are checked too.
  webDir = mkdtempSync(path.join(tmpdir(), 'backroom-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const HOST = 'backroom.example:3000';

describe('security headers', () => {
  it.each([
    ['the web app', '/'],
    ['a screen (SPA route)', '/channelOrder/1/detail'],
    ['a script', '/assets/app.js'],
  ])('on %s', async (_what, url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host: HOST } });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // WebAssembly (the camera's barcode reader) may compile; JavaScript eval() may not.
    expect(csp).toMatch(/script-src[^;]*'wasm-unsafe-eval'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    // Plain http: no HSTS (it would pin a laptop's localhost to https).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['an API reply', '/api/health'],
    ['an API error', '/api/v1/backroom/auth/me'],
    ['an unknown API route', '/api/nothing'],
  ])('on %s: nothing in it may run or be framed', async (_what, url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host: HOST } });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    // Plain http: no HSTS (it would pin a laptop's localhost to https).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('the API docs keep their own policy but may not be framed either, and work over plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('HSTS when served over https (SECURE_COOKIES=1)', async () => {
    const secure = await createTestApp({ secureCookies: true });
    try {
      for (const url of ['/api/health', '/api/docs/']) {
        const res = await secure.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await secure.close();
    }
  });
});

describe('cross-site request forgery', () => {
  let serial = 0;
  /** A write the admin may do: creating an account. */
  const write = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/backroom/account',
      headers: { cookie: cookieOfAdmin, host: HOST, ...headers },
      payload: { name: `Forged ${++serial}` },
    });
  let cookieOfAdmin = '';
  beforeAll(async () => {
    cookieOfAdmin = await t.login('admin@backroom.local');
  });
  const accounts = async () =>
    (await t.rows<{ n: number }>(sql`select count(*)::int as n from accounts where name like 'Forged%'`))[0]!
      .n;

  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['another port of the same host (same site)', { origin: 'http://backroom.example:5173' }],
    ['a sibling subdomain', { origin: 'http://shop.backroom.example:3000' }],
    ['an opaque origin', { origin: 'null' }],
    ['a browser that says cross-site', { 'sec-fetch-site': 'cross-site', origin: `http://${HOST}` }],
    ['a browser that says same-site', { 'sec-fetch-site': 'same-site' }],
    ['a referer from another origin', { referer: 'http://backroom.example:8080/page' }],
  ])('refuses a write from %s, and changes nothing', async (_what, headers) => {
    const before = await accounts();
    const res = await write(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 403,
      data: [],
      error: {
        message: 'This request came from another site and was refused. Open Backroom itself and try again.',
      },
    });
    expect(await accounts()).toBe(before);
  });

  it.each([
    ['the app itself', { origin: `http://${HOST}` }],
    ['the app, says the browser', { 'sec-fetch-site': 'same-origin', origin: `http://${HOST}` }],
    ['a referer on the app', { referer: `http://${HOST}/admin/accounts-users` }],
    ['a client that is no browser', {}],
  ])('accepts a write from %s', async (_what, headers) => {
    const res = await write(headers);
    expect(res.statusCode).toBe(200);
  });

  it('guards the sign-in and uploads too', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/backroom/auth/login',
      headers: { host: HOST, origin: 'https://evil.example' },
      payload: { email: 'admin@backroom.local', password: 'backroom-admin' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.cookies.find((c) => c.name === 'backroom_session')).toBeUndefined();
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/backroom/cloudinary/upload',
      headers: {
        cookie: cookieOfAdmin,
        host: HOST,
        origin: 'http://backroom.example:5173',
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n',
    });
    expect(upload.statusCode).toBe(403);
  });

  it('reads stay open to links from anywhere (GET changes nothing)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/backroom/auth/me',
      headers: { cookie: cookieOfAdmin, host: HOST, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});
