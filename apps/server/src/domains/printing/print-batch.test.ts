// issue 18 §3 and §4: a new agent printer's test print, and batches (many labels, one job) with their
// progress, voided or retried as a whole.

import { printJobSchema, printJobStateSchema, printServerSchema } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, dataOf, type TestApp } from '../../test/test-app';

let t: TestApp;
let token = '';
let printerId = 0;

/** An API call as a signed-in demo user, or with no session (null: the print agent's bearer token). */
const call = (
  who: string | null,
  method: string,
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => t.as(who, method, url, payload, headers);
// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field by the assertions
const data = async (res: ReturnType<typeof call>) => (await res).json().data as Record<string, any>[];
/** A reply's data, parsed with the route's shared reply schema. */
const reply = async <T extends z.ZodType>(schema: T, res: ReturnType<typeof call>) =>
  dataOf(schema, await res);
const agent = (method: string, url: string, payload?: unknown) =>
  call(null, method, `/api/v1/print-agent${url}`, payload, { authorization: `Bearer ${token}` });

async function job(id: number) {
  const [row] = await t.rows<{ state: string; labels: number; labels_printed: number; content: string }>(
    sql`select state, labels, labels_printed, content from print_jobs where id = ${id}`,
  );
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'warehouse', 'sales', 'outlet');
  const created = (
    await reply(
      printServerSchema,
      call('admin', 'PATCH', '/api/backroom/warehouse/server', { commonName: 'Batch PC' }),
    )
  )[0]!;
  token = created.token!;
  const reg = await data(
    agent('POST', '/register', {
      agentVersion: '0.1.0',
      hostname: 'batch-pc',
      printers: [
        {
          uri: 'tcp://10.0.0.9:9100',
          name: 'New Zebra',
          status: { online: true, paperOut: false, headOpen: false, paused: false, message: null },
        },
      ],
    }),
  );
  printerId = reg[0]!.printers[0].id;
});
afterAll(() => t.close());

describe('a new printer: paper, then a test print', () => {
  it('a printer the agent registered has no paper: the test print asks for one', async () => {
    const res = await call('warehouse', 'POST', '/api/v1/backroom/print/testLabel', {
      serverPrinterId: printerId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'New Zebra has no paper chosen. Choose its paper before a test print.',
    );
    const [n] = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from print_jobs where printer_id = ${printerId}`,
    );
    expect(n!.n).toBe(0);
  });

  it('with its paper chosen, the test print is a real label job for its print server', async () => {
    await call('warehouse', 'PATCH', '/api/backroom/warehouse/printer', { id: printerId, paperId: 20 });
    const [queued] = await data(
      call('warehouse', 'POST', '/api/v1/backroom/print/testLabel', { serverPrinterId: printerId }),
    );
    expect(queued).toMatchObject({
      state: 'queued',
      printerId,
      labels: 1,
      description: 'Test print on Shipping Label [4" x 6"]',
    });
    const row = await job(queued!.id);
    // Drawn by the label engine for 4" x 6" at 203 dpi: the printer's name, a frame and a barcode.
    expect(row.content).toContain('^PW812');
    expect(row.content).toContain('Test print: New Zebra');
    expect(row.content).toContain(`TEST-${printerId}`);
    const handed = await data(agent('GET', '/jobs?waitSeconds=0'));
    expect(handed.map((j) => [j.id, j.labels])).toEqual([[queued!.id, 1]]);
    await agent('POST', `/jobs/${queued!.id}/state`, { state: 'printed' });
    const list = await reply(
      printJobSchema,
      call('warehouse', 'GET', `/api/v1/backroom/print/jobs?printerId=${printerId}`),
    );
    expect(list.find((j) => j.id === queued!.id)).toMatchObject({
      state: 'printed',
      labels: 1,
      labelsPrinted: 1,
    });
  });

  it('refuses: bad input 400, no printing permission 403, another account’s printer 404', async () => {
    const bad = await call('warehouse', 'POST', '/api/v1/backroom/print/testLabel', { serverPrinterId: 'x' });
    expect(bad.statusCode).toBe(400);
    const sales = await call('sales', 'POST', '/api/v1/backroom/print/testLabel', {
      serverPrinterId: printerId,
    });
    expect(sales.statusCode).toBe(403);
    const outlet = await call('outlet', 'POST', '/api/v1/backroom/print/testLabel', {
      serverPrinterId: printerId,
    });
    expect(outlet.statusCode).toBe(404);
    const [n] = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from print_jobs where printer_id = ${printerId} and state <> 'printed'`,
    );
    expect(n!.n).toBe(0);
  });
});

describe('a batch: many labels, one job', () => {
  let batchId = 0;
  let total = 0;

  it('a zone’s labels are one job that knows its label count', async () => {
    await call('warehouse', 'PATCH', '/api/backroom/warehouse/printer', { id: printerId, paperId: 13 });
    const [zone] = await t.rows<{ barcode: string; n: number }>(sql`
      select z.barcode, (select count(*)::int from warehouse_divisions d where d.id = z.id or d.warehouse_zone_id = z.id) as n
      from warehouse_divisions z where z.level = 'zone' order by n desc limit 1`);
    total = Math.min(zone!.n, 1000);
    const jobs = await data(
      call('warehouse', 'POST', '/api/v1/backroom/print/divisionLabel', {
        serverPrinterId: printerId,
        barcode: zone!.barcode,
        includeDescendants: true,
        oneJob: true,
      }),
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ labels: total });
    batchId = jobs[0]!.id;
    expect(await job(batchId)).toMatchObject({ state: 'queued', labels: total, labels_printed: 0 });
    expect((await job(batchId)).content.match(/\^XA/g)).toHaveLength(total);
  });

  it('progress comes from the agent while the job is with it, only forward, never past the total', async () => {
    // Not handed out yet: progress changes nothing.
    expect((await data(agent('POST', `/jobs/${batchId}/progress`, { labelsPrinted: 3 })))[0]).toMatchObject({
      state: 'queued',
      labelsPrinted: 0,
    });
    const handed = await data(agent('GET', '/jobs?waitSeconds=0'));
    expect(handed.find((j) => j.id === batchId)).toMatchObject({ labels: total });
    const half = Math.floor(total / 2);
    expect((await data(agent('POST', `/jobs/${batchId}/progress`, { labelsPrinted: half })))[0]).toEqual({
      id: batchId,
      state: 'sent',
      labels: total,
      labelsPrinted: half,
    });
    // A late, smaller report crossing on the wire does not lower it; a larger one than the job is capped.
    await agent('POST', `/jobs/${batchId}/progress`, { labelsPrinted: 1 });
    expect((await job(batchId)).labels_printed).toBe(half);
    await agent('POST', `/jobs/${batchId}/progress`, { labelsPrinted: total + 50 });
    expect((await job(batchId)).labels_printed).toBe(total);
    const list = await reply(
      printJobSchema,
      call('warehouse', 'GET', `/api/v1/backroom/print/jobs?printerId=${printerId}`),
    );
    expect(list.find((j) => j.id === batchId)).toMatchObject({
      labels: total,
      labelsPrinted: total,
      state: 'sent',
    });
  });

  it('refuses bad progress (400), an unknown job (404), a wrong token (401)', async () => {
    expect((await agent('POST', `/jobs/${batchId}/progress`, { labelsPrinted: -1 })).statusCode).toBe(400);
    expect((await agent('POST', '/jobs/999999/progress', { labelsPrinted: 1 })).statusCode).toBe(404);
    const other = await call(
      null,
      'POST',
      `/api/v1/print-agent/jobs/${batchId}/progress`,
      { labelsPrinted: 1 },
      {
        authorization: 'Bearer bra_nope',
      },
    );
    expect(other.statusCode).toBe(401);
  });

  it('a batch that failed part way keeps its count; it is retried as a whole, or voided as a whole', async () => {
    await agent('POST', `/jobs/${batchId}/state`, {
      state: 'failed',
      error: 'Head open',
      retryable: false,
      labelsPrinted: 2,
    });
    expect(await job(batchId)).toMatchObject({ state: 'failed', labels_printed: total });
    const retried = await reply(
      printJobStateSchema,
      call('warehouse', 'POST', `/api/v1/backroom/print/jobs/${batchId}/retry`),
    );
    expect(retried[0]).toEqual({ id: batchId, state: 'queued' });
    expect(await job(batchId)).toMatchObject({ state: 'queued', labels_printed: 0 });

    const voided = await reply(
      printJobStateSchema,
      call('warehouse', 'POST', `/api/v1/backroom/print/jobs/${batchId}/void`),
    );
    expect(voided[0]).toEqual({ id: batchId, state: 'voided' });
    // Never handed out again; a late failure report changes nothing.
    expect((await data(agent('GET', '/jobs?waitSeconds=0'))).map((j) => j.id)).not.toContain(batchId);
    await agent('POST', `/jobs/${batchId}/state`, { state: 'failed', error: 'late', retryable: true });
    expect((await job(batchId)).state).toBe('voided');
    // The Print Queue filters by it, and it can be sent again as a whole.
    const list = await reply(
      printJobSchema,
      call('warehouse', 'GET', '/api/v1/backroom/print/jobs?state=voided'),
    );
    expect(list.map((j) => j.id)).toContain(batchId);
    expect(
      (
        await reply(
          printJobStateSchema,
          call('warehouse', 'POST', `/api/v1/backroom/print/jobs/${batchId}/retry`),
        )
      )[0],
    ).toEqual({
      id: batchId,
      state: 'queued',
    });
  });

  it('a job with the print server cannot be voided (409); printed neither; refusals 403 and 404 change nothing', async () => {
    await data(agent('GET', '/jobs?waitSeconds=0'));
    expect((await job(batchId)).state).toBe('sent');
    expect((await call('warehouse', 'POST', `/api/v1/backroom/print/jobs/${batchId}/void`)).statusCode).toBe(
      409,
    );
    expect((await call('sales', 'POST', `/api/v1/backroom/print/jobs/${batchId}/void`)).statusCode).toBe(403);
    expect((await call('outlet', 'POST', `/api/v1/backroom/print/jobs/${batchId}/void`)).statusCode).toBe(
      404,
    );
    expect((await call('warehouse', 'POST', '/api/v1/backroom/print/jobs/abc/void')).statusCode).toBe(400);
    expect((await job(batchId)).state).toBe('sent');
    await agent('POST', `/jobs/${batchId}/state`, { state: 'printed' });
    expect(await job(batchId)).toMatchObject({ state: 'printed', labels_printed: total });
    expect((await call('warehouse', 'POST', `/api/v1/backroom/print/jobs/${batchId}/void`)).statusCode).toBe(
      409,
    );
  });
});
