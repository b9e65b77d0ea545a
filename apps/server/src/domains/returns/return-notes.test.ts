import { returnNoteReplySchema } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('warehouse', 'sales', 'outlet');
});
afterAll(() => t.close());

const URL = '/api/v1/backroom/returns/notes';
const reply = z.object({ code: z.literal(200), data: z.array(returnNoteReplySchema), error: z.null() });

async function aReturnOf(account: string) {
  const [row] = await t.rows<{ id: number }>(sql`
    select ir.id from inbound_returns ir join accounts a on a.id = ir.account_id
    where a.name = ${account} order by ir.id limit 1`);
  if (row) return row.id;
  const [made] = await t.rows<{ id: number }>(sql`
    insert into inbound_returns (account_id) select id from accounts where name = ${account} returning id`);
  return made!.id;
}

describe('PUT /api/v1/backroom/returns/notes', () => {
  it("adds the signed-in user's note to the return and answers its notes, newest first", async () => {
    const id = await aReturnOf('Demo Music Co');
    const res = await t.as('warehouse', 'PUT', URL, {
      inboundReturn: { id, returnStatusId: 10, items: [] },
      text: '  Customer says the strap was missing  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const notes = reply.parse(res.json()).data;
    expect(notes[0]).toMatchObject({
      inboundReturnId: id,
      inboundReturnItemId: null,
      noteTypeId: 0,
      text: 'Customer says the strap was missing',
      user: { firstName: expect.any(String) },
    });
    const [stored] = await t.rows<{ text: string; email: string }>(sql`
      select n.text, u.email from inbound_return_notes n join users u on u.id = n.user_id
      where n.inbound_return_id = ${id} order by n.id desc limit 1`);
    expect(stored).toEqual({
      text: 'Customer says the strap was missing',
      email: 'warehouse@backroom.local',
    });
    expect(notes.map((n) => n.id)).toEqual([...notes.map((n) => n.id)].sort((a, b) => b - a));
  });

  it("refuses another account's return (404, nothing written), an empty note (400), and no permission (403)", async () => {
    const foreign = await aReturnOf('Demo Outlet');
    const count = async () =>
      (await t.rows<{ n: number }>(sql`select count(*)::int as n from inbound_return_notes`))[0]!.n;
    const before = await count();
    const res = await t.as('warehouse', 'PUT', URL, { inboundReturn: { id: foreign }, text: 'hello' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toContain(String(foreign));
    const empty = await t.as('warehouse', 'PUT', URL, { inboundReturn: { id: foreign }, text: '   ' });
    expect(empty.statusCode).toBe(400);
    const own = await aReturnOf('Demo Music Co');
    const sales = await t.as('sales', 'PUT', URL, { inboundReturn: { id: own }, text: 'hello' });
    expect(sales.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});
