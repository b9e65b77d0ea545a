import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  divisionSchema,
  paperSchema,
  printerSchema,
  printJobSchema,
  printJobStateSchema,
  printServerSchema,
  warehouseSchema,
} from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, dataOf, type TestApp } from '../../test/test-app';

let t: TestApp;
let printersByName: Record<string, { id: number; paperId: number | null }> = {};
let zplServer: Server;
let zplHost = '';

beforeAll(async () => {
  zplServer = createServer((req, res) => {
    if (req.url === '/label.zpl') res.end('^XA^FO50,50^A0N,40,40^FDCarrier label^FS^XZ');
    else res.writeHead(404).end('missing');
  });
  await new Promise<void>((resolve) => zplServer.listen(0, '127.0.0.1', resolve));
  zplHost = `127.0.0.1:${(zplServer.address() as AddressInfo).port}`;
  t = await createTestApp({ zplUrlHosts: [zplHost] });
  await t.signIn('admin', 'warehouse', 'sales', 'outlet');
  const list = await reply(printerSchema, call('warehouse', 'GET', '/api/backroom/warehouse/printers'));
  printersByName = Object.fromEntries(list.map((p) => [p.commonName, p]));
});
afterAll(async () => {
  await t.close();
  zplServer.close();
});

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

describe('papers and printers', () => {
  it('lists the papers, including the spec’s 32, 37 and 64', async () => {
    const papers = await reply(paperSchema, call('sales', 'GET', '/api/backroom/warehouse/printers/paper'));
    expect(papers.map((p) => p.id)).toEqual(expect.arrayContaining([32, 37, 64]));
    expect(papers.find((p) => p.id === 32)).toMatchObject({
      paperWidth: 3,
      paperLength: 1,
      printDPI: 203,
      printRate: 14,
    });
  });

  it('gives every account a built-in print server that is always online', async () => {
    const bench = printersByName['Bench Label Printer']!;
    const list = await reply(printerSchema, call('warehouse', 'GET', '/api/backroom/warehouse/printers'));
    expect(list.find((p) => p.id === bench.id)).toMatchObject({
      isOffline: 0,
      server: { kind: 'builtin', isOnline: true },
    });
    const outlet = await reply(printerSchema, call('outlet', 'GET', '/api/backroom/warehouse/printers'));
    expect(outlet.map((p) => p.id)).not.toContain(bench.id);
  });

  it('makes one built-in print server for an account, even when many screens ask at once', async () => {
    const account = (await call('admin', 'PUT', '/api/backroom/account', { name: 'Fresh Store' })).json()
      .data[0];
    await call('admin', 'POST', '/api/v1/backroom/auth/account', { accountId: account.id });
    const lists = await Promise.all(
      Array.from({ length: 6 }, () =>
        reply(printerSchema, call('admin', 'GET', '/api/backroom/warehouse/printers')),
      ),
    );
    expect(lists.map((l) => l.length)).toEqual([8, 8, 8, 8, 8, 8]);
    const servers = (await t.deps.db.execute(
      `select count(*)::int as n from print_servers where account_id = ${account.id} and kind = 'builtin'`,
    )) as unknown as { rows: { n: number }[] };
    expect(servers.rows[0]!.n).toBe(1);
    const me = (await call('admin', 'GET', '/api/v1/backroom/auth/me')).json().data[0];
    const music = me.accounts.find((a: { name: string }) => a.name === 'Demo Music Co');
    await call('admin', 'POST', '/api/v1/backroom/auth/account', { accountId: music.id });
  });

  it('patches a printer: name, paper, peel; a deactivated printer leaves the list', async () => {
    const strip = printersByName['Shelf Strip Printer']!;
    const patched = (
      await reply(
        printerSchema,
        call('warehouse', 'PATCH', '/api/backroom/warehouse/printer', {
          id: strip.id,
          commonName: 'Aisle 3 Strip',
          config: { peel: true },
        }),
      )
    )[0]!;
    expect(patched).toMatchObject({ commonName: 'Aisle 3 Strip', config: { peel: true, cut: false } });
    await call('warehouse', 'PATCH', '/api/backroom/warehouse/printer', { id: strip.id, isActive: 0 });
    const list = await reply(printerSchema, call('warehouse', 'GET', '/api/backroom/warehouse/printers'));
    expect(list.map((p) => p.id)).not.toContain(strip.id);
    const all = await reply(
      printerSchema,
      call('warehouse', 'GET', '/api/backroom/warehouse/printers?includeInactive=1'),
    );
    expect(all.find((p) => p.id === strip.id)!.isActive).toBe(0);
    expect(
      (await call('warehouse', 'PATCH', '/api/backroom/warehouse/printer', { id: strip.id, paperId: 9999 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('sales', 'PATCH', '/api/backroom/warehouse/printer', { id: strip.id, commonName: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('printing division labels on the built-in print server', () => {
  it('queues a label, prints it to ./data/prints with a PNG preview, and shows it in the queue', async () => {
    const bench = printersByName['Bench Label Printer']!;
    const res = await call('warehouse', 'POST', '/api/v1/backroom/print/divisionLabel', {
      serverPrinterId: bench.id,
      barcode: 'main-01aa01aa-01',
      barcodeType: 'miniDivisionLabel',
    });
    expect(res.statusCode).toBe(200);
    const [job] = res.json().data;
    expect(job).toMatchObject({ state: 'queued', description: 'MAIN-01AA01AA-01', printerId: bench.id });
    await t.builtinPrintServer.drain();
    const queue = await reply(
      printJobSchema,
      call('warehouse', 'GET', '/api/v1/backroom/print/jobs?state=printed'),
    );
    const printed = queue.find((j) => j.id === job.id)!;
    expect(printed).toMatchObject({
      state: 'printed',
      hasPreview: true,
      printerName: 'Bench Label Printer',
      attempts: 0,
    });
    const preview = await call('warehouse', 'GET', `/api/v1/backroom/print/jobs/${job.id}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('writes the job’s ZPL with the division barcode in it', async () => {
    const bench = printersByName['Bench Label Printer']!;
    const [job] = await data(
      call('warehouse', 'POST', '/api/v1/backroom/print/divisionLabel', {
        serverPrinterId: bench.id,
        barcode: 'MAIN-VIRTUAL-R01',
      }),
    );
    await t.builtinPrintServer.drain();
    const me = (await call('warehouse', 'GET', '/api/v1/backroom/auth/me')).json().data[0];
    const file = `${t.deps.config.printsDir}/${me.currentAccount.id}/${job!.id}.zpl`;
    expect(existsSync(file)).toBe(true);
    const zpl = readFileSync(file, 'utf8');
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl).toContain('MAIN-VIRTUAL-R01');
    expect(zpl).toContain('^PR14');
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
  });

  it('refuses a printer loaded with the wrong paper, an unknown barcode, and another account’s printer', async () => {
    const product = printersByName['Product Barcode Printer']!;
    const wrong = await call('warehouse', 'POST', '/api/v1/backroom/print/divisionLabel', {
      serverPrinterId: product.id,
      barcode: 'MAIN-01',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(
      'Product Barcode Printer is loaded with Product Barcode [3" x 1"], which is not a paper for this label.',
    );
    const bench = printersByName['Bench Label Printer']!;
    const unknown = await call('warehouse', 'POST', '/api/v1/backroom/print/divisionLabel', {
      serverPrinterId: bench.id,
      barcode: 'MAIN-99',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Division with barcode MAIN-99 not found.');
    const foreign = await call('outlet', 'POST', '/api/v1/backroom/print/divisionLabel', {
      serverPrinterId: bench.id,
      barcode: 'OUT-01',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('queues 1,000 bin labels in one request', async () => {
    const warehouse = (
      await reply(
        warehouseSchema,
        call('warehouse', 'PUT', '/api/backroom/warehouse', { name: 'Big Box', shortAlias: 'BIG' }),
      )
    )[0]!;
    const rows = ['AA', 'BA', 'CA', 'DA', 'EA', 'FA', 'GA', 'HA', 'IA', 'JA'].map((chaosRow) => ({
      chaosRow,
      sections: [
        {
          chaosSection: 1,
          shelves: [
            {
              chaosShelf: 'AA',
              bins: Array.from({ length: 99 }, (_, i) => ({ chaosBin: String(i + 1).padStart(2, '0') })),
            },
            { chaosShelf: 'AB', bins: [{ chaosBin: '01' }] },
          ],
        },
      ],
    }));
    expect(
      (
        await call('warehouse', 'PATCH', '/api/v1/backroom/warehouse', {
          id: warehouse.id,
          zones: [{ chaosZone: 1, rows }],
        })
      ).statusCode,
    ).toBe(200);
    const bins = await reply(
      divisionSchema,
      call(
        'warehouse',
        'GET',
        `/api/backroom/warehouse/bin?warehouseId=${warehouse.id}&type=all&groupType=location&limit=1000`,
      ),
    );
    expect(bins).toHaveLength(1000);
    const bench = printersByName['Bench Label Printer']!;
    const res = await call('warehouse', 'POST', '/api/v1/backroom/print/divisionLabel', {
      serverPrinterId: bench.id,
      barcode: bins.map((b) => b.barcode),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1000);
    // How long it takes is `npm run bench`'s figure (< 2 s on an idle machine); a test asserts behaviour only.
  }, 120_000);
});

describe('the print agent protocol', () => {
  let token = '';
  let serverId = 0;
  let agentPrinterId = 0;
  const agent = (method: string, url: string, payload?: unknown) =>
    call(null, method, `/api/v1/print-agent${url}`, payload, { authorization: `Bearer ${token}` });

  it('print servers and their tokens are administration: warehouse staff are refused', async () => {
    const refused = await call('warehouse', 'PATCH', '/api/backroom/warehouse/server', {
      commonName: 'Sneaky PC',
    });
    expect(refused.statusCode).toBe(403);
    const builtin = (
      await reply(printServerSchema, call('warehouse', 'GET', '/api/backroom/warehouse/servers'))
    )[0]!;
    const regenerate = await call('warehouse', 'PATCH', '/api/backroom/warehouse/server', {
      id: builtin.id,
      regenerateToken: true,
    });
    expect(regenerate.statusCode).toBe(403);
    const [row] = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from print_servers where common_name = 'Sneaky PC'`,
    );
    expect(row!.n).toBe(0);
  });

  it('creates a print server with a token shown once; the agent registers its printers and goes online', async () => {
    const created = (
      await reply(
        printServerSchema,
        call('admin', 'PATCH', '/api/backroom/warehouse/server', { commonName: 'Packing Bench PC' }),
      )
    )[0]!;
    expect(created.token).toMatch(/^bra_/);
    expect(created.isOnline).toBe(false);
    token = created.token!;
    serverId = created.id;
    const servers = await reply(
      printServerSchema,
      call('warehouse', 'GET', '/api/backroom/warehouse/servers'),
    );
    expect(servers.find((s) => s.id === serverId)!.token).toBeUndefined();

    const reg = await agent('POST', '/register', {
      agentVersion: '1.0.0',
      hostname: 'bench-pc',
      printers: [
        {
          uri: 'tcp://127.0.0.1:9100',
          name: 'Zebra ZD421',
          status: { online: true, paperOut: false, headOpen: false, paused: false, message: null },
        },
      ],
    });
    expect(reg.statusCode).toBe(200);
    const body = reg.json().data[0];
    expect(body).toMatchObject({ serverId, heartbeatSeconds: 20 });
    agentPrinterId = body.printers[0].id;
    await call('warehouse', 'PATCH', '/api/backroom/warehouse/printer', { id: agentPrinterId, paperId: 12 });
    const list = await reply(printerSchema, call('warehouse', 'GET', '/api/backroom/warehouse/printers'));
    expect(list.find((p) => p.id === agentPrinterId)).toMatchObject({
      isOffline: 0,
      server: { kind: 'agent', isOnline: true },
    });
  });

  it('refuses an unknown token', async () => {
    const res = await call(null, 'GET', '/api/v1/print-agent/jobs?waitSeconds=0', undefined, {
      authorization: 'Bearer bra_nope',
    });
    expect(res.statusCode).toBe(401);
  });

  it('hands out jobs, requeues a retryable failure, and records the print once', async () => {
    const [job] = await data(
      call('warehouse', 'POST', '/api/v1/backroom/print/document', {
        serverPrinterId: agentPrinterId,
        name: 'Test label',
        format: 'zpl',
        content: '^XA^FDHello^FS^XZ',
      }),
    );
    const first = await data(agent('GET', '/jobs?waitSeconds=0'));
    expect(first).toEqual([
      {
        id: job!.id,
        printerId: agentPrinterId,
        printerUri: 'tcp://127.0.0.1:9100',
        format: 'zpl',
        content: '^XA^FDHello^FS^XZ',
        copies: 1,
        labels: 1,
        attempts: 0,
      },
    ]);
    const failed = await data(
      agent('POST', `/jobs/${job!.id}/state`, {
        state: 'failed',
        error: 'Connection refused',
        retryable: true,
      }),
    );
    expect(failed[0]).toEqual({ id: job!.id, state: 'queued' });
    const again = await data(agent('GET', '/jobs?waitSeconds=0'));
    expect(again.map((j) => [j.id, j.attempts])).toEqual([[job!.id, 1]]);
    expect((await data(agent('POST', `/jobs/${job!.id}/state`, { state: 'printed' })))[0]).toEqual({
      id: job!.id,
      state: 'printed',
    });
    // A repeated report (a retry after a lost answer) changes nothing; nothing is handed out again.
    expect(
      (await data(agent('POST', `/jobs/${job!.id}/state`, { state: 'failed', error: 'late' })))[0],
    ).toEqual({ id: job!.id, state: 'printed' });
    expect(await data(agent('GET', '/jobs?waitSeconds=0'))).toEqual([]);
  });

  it('does not hand out a job the agent still holds, until the agent registers again', async () => {
    const [job] = await data(
      call('warehouse', 'POST', '/api/v1/backroom/print/document', {
        serverPrinterId: agentPrinterId,
        format: 'zpl',
        content: '^XA^FDheld^FS^XZ',
      }),
    );
    expect((await data(agent('GET', '/jobs?waitSeconds=0'))).map((j) => j.id)).toEqual([job!.id]);
    expect(await data(agent('GET', '/jobs?waitSeconds=0'))).toEqual([]);
    await agent('POST', '/register', { agentVersion: '1.0.0', hostname: 'bench-pc', printers: [] });
    const again = await data(agent('GET', '/jobs?waitSeconds=0'));
    expect(again.map((j) => [j.id, j.attempts])).toEqual([[job!.id, 1]]);
    await agent('POST', `/jobs/${job!.id}/state`, { state: 'printed' });
  });

  // The poll asks for the longest wait (30 s), longer than this test may take (20 s): a poll the queued job did
  // not wake would answer only after the test has failed on its timeout. (No elapsed time is compared.)
  it('wakes a waiting long-poll as soon as a job is queued', async () => {
    const poll = agent('GET', '/jobs?waitSeconds=30');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await call('warehouse', 'POST', '/api/v1/backroom/print/document', {
      serverPrinterId: agentPrinterId,
      format: 'zpl',
      content: '^XA^XZ',
    });
    const jobs = await data(poll);
    expect(jobs).toHaveLength(1);
  }, 20_000);

  it('a failed job can be retried from the queue', async () => {
    const [job] = await data(
      call('warehouse', 'POST', '/api/v1/backroom/print/document', {
        serverPrinterId: agentPrinterId,
        format: 'zpl',
        content: '^XA^XZ',
      }),
    );
    await data(agent('GET', '/jobs?waitSeconds=0'));
    await agent('POST', `/jobs/${job!.id}/state`, { state: 'failed', error: 'Head open', retryable: false });
    const failed = await reply(
      printJobSchema,
      call('warehouse', 'GET', `/api/v1/backroom/print/jobs?state=failed&printerId=${agentPrinterId}`),
    );
    expect(failed.find((j) => j.id === job!.id)).toMatchObject({ state: 'failed', error: 'Head open' });
    expect(
      (
        await reply(
          printJobStateSchema,
          call('warehouse', 'POST', `/api/v1/backroom/print/jobs/${job!.id}/retry`),
        )
      )[0],
    ).toEqual({ id: job!.id, state: 'queued' });
    expect((await call('warehouse', 'POST', `/api/v1/backroom/print/jobs/${job!.id}/retry`)).statusCode).toBe(
      409,
    );
  });
});

describe('a shelf’s labels in one job', () => {
  it('prints a division and everything under it as one job, one ZPL stream, in barcode order', async () => {
    const [shelf] = await t.rows<{ barcode: string; id: number }>(sql`
      select s.barcode, s.id from warehouse_divisions s
      where s.level = 'shelf' and (select count(*) from warehouse_divisions b where b.warehouse_zone_row_section_shelf_id = s.id) > 1
      order by s.barcode limit 1`);
    const inside = await t.rows<{ barcode: string }>(
      sql`select barcode from warehouse_divisions where id = ${shelf!.id} or warehouse_zone_row_section_shelf_id = ${shelf!.id} order by barcode`,
    );
    const bench = printersByName['Bench Label Printer']!;
    const res = await call('warehouse', 'POST', '/api/v1/backroom/print/divisionLabel', {
      serverPrinterId: bench.id,
      barcode: shelf!.barcode,
      includeDescendants: true,
      oneJob: true,
    });
    expect(res.statusCode).toBe(200);
    const jobs = res.json().data;
    expect(jobs).toHaveLength(1);
    expect(jobs[0].description).toBe(
      `${inside.length} labels ${inside[0]!.barcode} – ${inside.at(-1)!.barcode}`,
    );
    const [job] = await t.rows<{ content: string }>(
      sql`select content from print_jobs where id = ${jobs[0].id}`,
    );
    expect(job!.content.match(/\^XA/g)).toHaveLength(inside.length);
    const order = inside.map((d) => job!.content.indexOf(d.barcode));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    // Without oneJob, one job a label, as before.
    const separate = await call('warehouse', 'POST', '/api/v1/backroom/print/divisionLabel', {
      serverPrinterId: bench.id,
      barcode: shelf!.barcode,
      includeDescendants: true,
    });
    expect(separate.json().data).toHaveLength(inside.length);
  });
});

describe('other print calls', () => {
  it('calibrates with real media commands', async () => {
    const bench = printersByName['Bench Label Printer']!;
    const [job] = await data(
      call('warehouse', 'POST', '/api/v1/backroom/print/calibrate/paper/zpl', {
        serverPrinterId: bench.id,
        paper: 13,
      }),
    );
    const rows = (await t.deps.db.execute(
      `select content from print_jobs where id = ${job!.id}`,
    )) as unknown as { rows: { content: string }[] };
    expect(rows.rows[0]!.content).toContain('~JC');
    expect(rows.rows[0]!.content).toContain('^MNY');
  });

  it('calibrates any chosen paper: a continuous receipt roll, and an office printer’s sheet with a test page', async () => {
    const receipt = printersByName['Receipt Printer']!;
    const [roll] = await data(
      call('warehouse', 'POST', '/api/v1/backroom/print/calibrate/paper/zpl', {
        serverPrinterId: receipt.id,
        paper: 50,
      }),
    );
    const [rollJob] = await t.rows<{ content: string; format: string }>(
      sql`select content, format from print_jobs where id = ${roll!.id}`,
    );
    expect(rollJob).toMatchObject({ format: 'zpl' });
    // Continuous media (^MNN), no label length, then calibrate.
    expect(rollJob!.content).toContain('^MNN');
    expect(rollJob!.content).not.toContain('^LL');
    expect(rollJob!.content).toContain('~JC');

    await call('warehouse', 'PATCH', '/api/backroom/warehouse/printer', { id: receipt.id, paperId: 2 });
    const [sheet] = await data(
      call('warehouse', 'POST', '/api/v1/backroom/print/calibrate/paper/zpl', {
        serverPrinterId: receipt.id,
        paper: 2,
      }),
    );
    const [sheetJob] = await t.rows<{ content: string; format: string; description: string }>(
      sql`select content, format, description from print_jobs where id = ${sheet!.id}`,
    );
    expect(sheetJob).toMatchObject({ format: 'pdf', description: 'Test page for Letter Paper [8.5" x 11"]' });
    expect(Buffer.from(sheetJob!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    await call('warehouse', 'PATCH', '/api/backroom/warehouse/printer', { id: receipt.id, paperId: 50 });
  });

  it('prints a received-item label for a product UPC', async () => {
    const large = printersByName['Large Label Printer']!;
    const res = await call('warehouse', 'POST', '/api/v1/backroom/print/receiving', {
      serverPrinterId: large.id,
      barcode: '885978654321',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].description).toBe('BAS-PJ-BLK received');
  });

  it('prints ZPL from an allowed URL, and refuses others with the spec’s message', async () => {
    const shipping = printersByName['Shipping Label Printer']!;
    const okRes = await call('warehouse', 'POST', '/api/v1/backroom/warehouse/label/printZPLFromURL', {
      serverPrinterId: shipping.id,
      labelURL: `http://${zplHost}/label.zpl`,
    });
    expect(okRes.statusCode).toBe(200);
    const missing = await call('warehouse', 'POST', '/api/v1/backroom/warehouse/label/printZPLFromURL', {
      serverPrinterId: shipping.id,
      labelURL: `http://${zplHost}/nothing.zpl`,
    });
    expect(missing.statusCode).toBe(502);
    expect(missing.json().error.message).toBe('Something went wrong while Printing ZPL from URL!');
    const internal = await call('warehouse', 'POST', '/api/v1/backroom/warehouse/label/printZPLFromURL', {
      serverPrinterId: shipping.id,
      labelURL: 'http://169.254.169.254/latest',
    });
    expect(internal.statusCode).toBe(400);
    expect(internal.json().error.message).toBe('Something went wrong while Printing ZPL from URL!');
  });
});
