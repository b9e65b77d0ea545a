import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token = '';
let serverId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin');
  const created = await t.as('admin', 'PATCH', '/api/backroom/warehouse/server', {
    commonName: 'Bench PC',
  });
  ({ token, id: serverId } = created.json().data[0]);
  // A database that refuses a status for one printer, as a constraint would: the write fails half-way through.
  await t.deps.db.execute(sql`
    create function refuse_bad_printer() returns trigger language plpgsql as $$
    begin
      if new.uri = 'tcp://refused:9100' and new.status is not null then
        raise exception 'printer refused' using errcode = '23514';
      end if;
      return new;
    end $$`);
  await t.deps.db.execute(
    sql`create trigger refuse_bad_printer before insert or update on printers
        for each row execute function refuse_bad_printer()`,
  );
});
afterAll(() => t.close());

const agent = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/print-agent${url}`,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });

const printer = (uri: string, message: string | null = null) => ({
  uri,
  name: `Zebra at ${uri}`,
  status: { online: true, paperOut: false, headOpen: false, paused: false, message },
});

async function serverState() {
  const [server] = await t.rows<{ hostname: string | null; agent_version: string | null; beat: Date | null }>(
    sql`select hostname, agent_version, last_heartbeat_at as beat from print_servers where id = ${serverId}`,
  );
  const printers = await t.rows<{ uri: string; status: unknown }>(
    sql`select uri, status from printers where server_id = ${serverId} order by uri`,
  );
  return { server, printers };
}

describe('a refused print agent call changes nothing', () => {
  it('register: a printer the database refuses leaves the server, its heartbeat and the other printers as they were', async () => {
    const before = await serverState();
    const res = await agent('/register', {
      agentVersion: '2.0.0',
      hostname: 'new-host',
      printers: [printer('tcp://10.0.0.1:9100'), printer('tcp://refused:9100')],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'bad_request', message: 'A value is outside what is allowed.' });
    expect(await serverState()).toEqual(before);
  });

  it('heartbeat: a status the database refuses leaves the heartbeat and every status as they were', async () => {
    const ok = await agent('/register', {
      agentVersion: '2.0.0',
      hostname: 'bench',
      printers: [printer('tcp://10.0.0.1:9100')],
    });
    expect(ok.statusCode).toBe(200);
    // Known to the server without a status, as an admin could have added it.
    await t.deps.db.execute(
      sql`insert into printers (account_id, server_id, common_name, uri)
          select account_id, id, 'Refused', 'tcp://refused:9100' from print_servers where id = ${serverId}`,
    );
    const before = await serverState();
    const res = await agent('/heartbeat', {
      printers: [printer('tcp://10.0.0.1:9100', 'Paper low'), printer('tcp://refused:9100')],
    });
    expect(res.statusCode).toBe(400);
    expect(await serverState()).toEqual(before);
  });

  it('refuses the same printer uri twice, naming it, before writing anything', async () => {
    const before = await serverState();
    const res = await agent('/register', {
      agentVersion: '2.0.0',
      hostname: 'twice',
      printers: [printer('tcp://10.0.0.9:9100'), printer('tcp://10.0.0.9:9100')],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      { field: 'printers.1.uri', message: 'tcp://10.0.0.9:9100 is listed twice' },
    ]);
    expect(await serverState()).toEqual(before);
  });
});
