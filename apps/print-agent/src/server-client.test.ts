import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthError, ServerClient, ServerError } from './server-client';

/** Answers every request with the next canned reply and remembers what it was asked. */
let replies: { status: number; body: string }[];
let seen: { method: string; url: string; auth: string | undefined; body: string }[];
let server: http.Server;
let url: string;

beforeEach(async () => {
  replies = [];
  seen = [];
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      auth: req.headers.authorization,
      body: Buffer.concat(chunks).toString(),
    });
    const reply = replies.shift() ?? { status: 200, body: '{"code":200,"data":[],"error":null}' };
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const envelope = (code: number, data: unknown[], error: { message: string } | null = null) =>
  JSON.stringify({ code, data, error });

describe('ServerClient', () => {
  it('sends the bearer token to the protocol paths and unwraps the envelope', async () => {
    replies.push({
      status: 200,
      body: envelope(200, [
        { serverId: 3, printers: [{ id: 9, uri: 'tcp://p:9100' }], heartbeatSeconds: 20 },
      ]),
    });
    const client = new ServerClient({ serverUrl: url, token: 'secret-token' });
    const reply = await client.register({ agentVersion: '0.1.0', hostname: 'pc', printers: [] });
    expect(reply).toEqual({ serverId: 3, printers: [{ id: 9, uri: 'tcp://p:9100' }], heartbeatSeconds: 20 });
    await client.reportState(12, { state: 'failed', error: 'offline', retryable: true });
    await client.jobs(0);
    expect(seen.map((s) => `${s.method} ${s.url} ${s.auth}`)).toEqual([
      'POST /api/v1/print-agent/register Bearer secret-token',
      'POST /api/v1/print-agent/jobs/12/state Bearer secret-token',
      'GET /api/v1/print-agent/jobs?waitSeconds=0 Bearer secret-token',
    ]);
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({ state: 'failed', error: 'offline', retryable: true });
  });

  it('keeps good jobs and hands back the ones it cannot read', async () => {
    const good = {
      id: 1,
      printerId: 2,
      printerUri: 'tcp://p:9100',
      format: 'zpl',
      content: '^XA^XZ',
      copies: 1,
      attempts: 0,
    };
    replies.push({
      status: 200,
      body: envelope(200, [good, { ...good, id: 2, format: 'epl' }, { nonsense: true }]),
    });
    const { jobs, rejected } = await new ServerClient({ serverUrl: url, token: 't' }).jobs(0);
    expect(jobs).toEqual([good]);
    expect(rejected).toEqual([{ id: 2, message: expect.stringMatching(/cannot read the job \(format:/) }]);
  });

  it.each([
    [401, AuthError, false],
    [403, AuthError, false],
    [404, ServerError, false],
    [409, ServerError, false],
    [429, ServerError, true],
    [500, ServerError, true],
    [503, ServerError, true],
  ])('HTTP %i is %o, retryable %s', async (status, type, retryable) => {
    replies.push({ status, body: envelope(status, [], { message: 'Nope' }) });
    const err = await new ServerClient({ serverUrl: url, token: 't' })
      .heartbeat({ printers: [] })
      .catch((e) => e);
    expect(err).toBeInstanceOf(type);
    expect(err).toMatchObject({ status, retryable });
    expect((err as Error).message).toContain('Nope');
  });

  it('a reply that is not the envelope is a retryable error', async () => {
    replies.push({ status: 200, body: '<html>captive portal</html>' });
    const err = await new ServerClient({ serverUrl: url, token: 't' })
      .heartbeat({ printers: [] })
      .catch((e) => e);
    expect(err).toMatchObject({ retryable: true, message: expect.stringMatching(/not its envelope/) });
  });

  it('an unreachable server is a retryable error naming the address', async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    server = http.createServer();
    const err = await new ServerClient({ serverUrl: url, token: 't' }).jobs(0).catch((e) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(err).toMatchObject({ status: null, retryable: true });
    expect((err as Error).message).toMatch(/Cannot reach Backroom at .* \(ECONNREFUSED\)/);
  });

  it('refuses to send a body the protocol does not allow', async () => {
    const client = new ServerClient({ serverUrl: url, token: 't' });
    await expect(client.reportState(1, { state: 'lost' as 'printed' })).rejects.toThrow();
    expect(seen).toEqual([]);
  });
});
