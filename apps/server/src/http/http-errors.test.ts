import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Errors met before a route runs, over real HTTP (inject skips Node's HTTP parser): each answers the envelope
 * `{code, data: [], error: {code, message}}` with `code` equal to the status.
 */
let t: TestApp;
let base = '';
let cookie = '';
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login('admin@backroom.local');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** Sends raw bytes and reads the whole reply: for requests fetch will not send as they are. */
function raw(request: string | Buffer): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.end(request);
  });
}

async function expectEnvelope(status: number, body: string, code: string, message: RegExp) {
  const envelope = JSON.parse(body);
  expect(envelope).toEqual({ code: status, data: [], error: { code, message: expect.any(String) } });
  expect(envelope.error.message).toMatch(message);
}

describe('errors before a route runs answer the envelope', () => {
  it('a path parameter longer than the router takes: 414', async () => {
    const res = await fetch(`${base}/api/v1/backroom/user/${'9'.repeat(500)}/badge`, { headers: { cookie } });
    expect(res.status).toBe(414);
    await expectEnvelope(414, await res.text(), 'payload_too_large', /too long/);
  });

  it('an address longer than Node takes: 431', async () => {
    const res = await raw(`GET /api/health?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    await expectEnvelope(431, res.body, 'payload_too_large', /too large/);
  });

  it('headers larger than Node takes: 431', async () => {
    const res = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    await expectEnvelope(431, res.body, 'payload_too_large', /too large/);
  });

  it('a request that is not HTTP: 400', async () => {
    const res = await raw('HELLO THERE\r\n\r\n');
    expect(res.status).toBe(400);
    await expectEnvelope(400, res.body, 'bad_request', /not valid HTTP/);
  });

  it('a bad % escape in the address: 400', async () => {
    const res = await raw(
      `GET /api/v1/backroom/returns/%E0%A4%A HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n\r\n`,
    );
    expect(res.status).toBe(400);
    await expectEnvelope(400, res.body, 'bad_request', /address is not valid/);
  });

  it('a body larger than the limit: 413', async () => {
    const res = await fetch(`${base}/api/backroom/account`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(6 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    await expectEnvelope(413, await res.text(), 'payload_too_large', /too large/);
  });

  it('a body that is not JSON: 400', async () => {
    const res = await fetch(`${base}/api/backroom/account`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    await expectEnvelope(400, await res.text(), 'bad_request', /not valid JSON/);
  });

  it('a content type the route does not take: 415', async () => {
    const res = await fetch(`${base}/api/backroom/account`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'text/csv' },
      body: 'name\nShop',
    });
    expect(res.status).toBe(415);
    await expectEnvelope(415, await res.text(), 'unsupported_media_type', /content type/);
  });

  it('an upload that is not multipart: 415', async () => {
    const res = await fetch(`${base}/api/backroom/cloudinary/upload`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(415);
    await expectEnvelope(415, await res.text(), 'unsupported_media_type', /multipart/);
  });

  it('an unknown route: 404; a known address with another method: 405 and Allow', async () => {
    const unknown = await fetch(`${base}/api/v1/backroom/nothing-here`, { headers: { cookie } });
    expect(unknown.status).toBe(404);
    await expectEnvelope(404, await unknown.text(), 'not_found', /No such API route/);
    const wrong = await fetch(`${base}/api/backroom/accounts`, { method: 'DELETE', headers: { cookie } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    await expectEnvelope(405, await wrong.text(), 'method_not_allowed', /answers GET, HEAD/);
  });
});
