import {
  appealSchema,
  errorEnvelopeSchema,
  returnNoteReplySchema,
  returnPaymentReplySchema,
} from '@backroom/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { newShippableOrder } from '../orders/test/shippable-order';

// The return panels' calls (returns.md §7): notes and item notes, payments, the appeal and its images.

let t: TestApp;
let music: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'warehouse', 'sales', 'outlet');
  [{ id: music }] = (await t.rows<{ id: number }>(
    sql`select id from accounts where name = 'Demo Music Co'`,
  )) as [{ id: number }];
}, 120_000);
afterAll(() => t?.close());

const R = '/api/v1/backroom/returns';
/** A reply as the test app answers it (its json() is checked field by field). */
type Reply = LightMyRequestResponse;
const dataOf = (res: Reply) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as unknown[];
};
const refusal = (res: Reply) => {
  const body = errorEnvelopeSchema.parse(res.json());
  return [res.statusCode, body.error.code, body.error.message] as const;
};
const systemNotes = (id: number) =>
  t.rows<{ text: string }>(
    sql`select text from inbound_return_notes where inbound_return_id = ${id} and note_type_id <> 0 order by id`,
  );

/** A new return of a new order (2 units of one product), with its one item. */
async function newReturn() {
  const order = await newShippableOrder(t, music, { createShipment: false });
  const res = await t.as('admin', 'PUT', R, { channelOrderId: order.id });
  expect(res.statusCode, res.body).toBe(200);
  const created = res.json().data[0] as { id: number; items: { id: number }[] };
  return { id: created.id, itemId: created.items[0]!.id };
}

describe('PUT …/returns/notes and …/returns/item/notes', () => {
  it('adds a person’s note to the return and answers its notes newest first, with the author', async () => {
    const ret = await newReturn();
    const notes = dataOf(
      await t.as('warehouse', 'PUT', `${R}/notes`, {
        inboundReturn: { id: ret.id },
        text: '  Box crushed  ',
      }),
    ).map((n) => returnNoteReplySchema.parse(n));
    expect(notes[0]).toMatchObject({
      inboundReturnId: ret.id,
      inboundReturnItemId: null,
      noteTypeId: 0,
      text: 'Box crushed',
      user: { firstName: expect.any(String) },
    });
    // The system's creation note is there too, older.
    expect(notes.map((n) => n.text)).toEqual(['Box crushed', expect.stringMatching(/^Return created from/)]);
    // A double click writes it once.
    await t.as('warehouse', 'PUT', `${R}/notes`, { inboundReturn: { id: ret.id }, text: 'Box crushed' });
    const rows = await t.rows<{ text: string; user_id: number }>(
      sql`select text, user_id from inbound_return_notes where inbound_return_id = ${ret.id} and note_type_id = 0`,
    );
    expect(rows.map((r) => r.text)).toEqual(['Box crushed']);
  });

  it('adds a note to an item and answers the item’s notes', async () => {
    const ret = await newReturn();
    const notes = dataOf(
      await t.as('warehouse', 'PUT', `${R}/item/notes`, {
        inboundReturnItem: { id: ret.itemId, quantity: 2 },
        text: 'Missing the strap',
      }),
    ).map((n) => returnNoteReplySchema.parse(n));
    expect(notes).toEqual([
      expect.objectContaining({ inboundReturnItemId: ret.itemId, text: 'Missing the strap', noteTypeId: 0 }),
    ]);
    const rows = await t.rows<{ inbound_return_item_id: number }>(
      sql`select inbound_return_item_id from inbound_return_notes where inbound_return_id = ${ret.id} and note_type_id = 0`,
    );
    expect(rows).toEqual([{ inbound_return_item_id: ret.itemId }]);
  });

  it('refuses another account’s return or item (404), bad ids and text (400), and users without returns (403)', async () => {
    const ret = await newReturn();
    const note = (who: string, body: unknown) => t.as(who, 'PUT', `${R}/notes`, body);
    expect(refusal(await note('outlet', { inboundReturn: { id: ret.id }, text: 'x' }))).toEqual([
      404,
      'not_found',
      `Return ${ret.id} not found.`,
    ]);
    expect(
      refusal(
        await t.as('outlet', 'PUT', `${R}/item/notes`, { inboundReturnItem: { id: ret.itemId }, text: 'x' }),
      ),
    ).toEqual([404, 'not_found', `Return item ${ret.itemId} not found.`]);
    for (const body of [
      { inboundReturn: { id: 0 }, text: 'x' },
      { inboundReturn: { id: 'abc' }, text: 'x' },
      { inboundReturn: ret.id, text: 'x' },
      { inboundReturn: { id: ret.id }, text: '   ' },
      { inboundReturn: { id: ret.id }, text: 'x'.repeat(4001) },
    ])
      expect(refusal(await note('warehouse', body))[0]).toBe(400);
    expect(refusal(await note('sales', { inboundReturn: { id: ret.id }, text: 'x' }))[0]).toBe(403);
    expect(
      await t.rows(
        sql`select id from inbound_return_notes where inbound_return_id = ${ret.id} and note_type_id = 0`,
      ),
    ).toEqual([]);
  });
});

describe('PUT …/returns/payments', () => {
  it('adds a payment (type 35 Sales Channel and Needed by default) and answers the return’s payments', async () => {
    const ret = await newReturn();
    const payments = dataOf(
      await t.as('warehouse', 'PUT', `${R}/payments`, {
        inboundReturnId: ret.id,
        paymentNumber: 'AMZ-REIMB-1',
        amount: 49.99,
        note: 'Reimbursed by Amazon',
      }),
    ).map((p) => returnPaymentReplySchema.parse(p));
    expect(payments).toEqual([
      expect.objectContaining({
        inboundReturnId: ret.id,
        inboundReturnPaymentTypeId: 35,
        type: { id: 35, name: 'Sales Channel' },
        status: { id: 1, name: 'Needed' },
        paymentNumber: 'AMZ-REIMB-1',
        amount: 49.99,
        note: 'Reimbursed by Amazon',
      }),
    ]);
    const second = dataOf(
      await t.as('warehouse', 'PUT', `${R}/payments`, {
        inboundReturnId: ret.id,
        inboundReturnPaymentTypeId: 5,
        inboundReturnPaymentStatusId: 10,
        amount: 10_000_000,
      }),
    ).map((p) => returnPaymentReplySchema.parse(p));
    expect(second.map((p) => [p.type.name, p.status.name, p.amount])).toEqual([
      ['Sales Channel', 'Needed', 49.99],
      ['Cash', 'Approved', 10_000_000],
    ]);
    expect(
      await t.rows(
        sql`select amount, inbound_return_payment_type_id as type from inbound_return_payments where inbound_return_id = ${ret.id} order by id`,
      ),
    ).toEqual([
      { amount: '49.99', type: 35 },
      { amount: '10000000.00', type: 5 },
    ]);
    expect((await systemNotes(ret.id)).slice(-2).map((n) => n.text)).toEqual([
      'Sales Channel payment of $49.99 (AMZ-REIMB-1) added, Needed.',
      'Cash payment of $10,000,000.00 added, Approved.',
    ]);
    // The return shows them.
    const detail = (await t.as('warehouse', 'GET', `${R}/${ret.id}`)).json().data[0];
    expect(detail.payments.map((p: { amount: number }) => p.amount)).toEqual([49.99, 10_000_000]);
  });

  it('writes a repeated click once', async () => {
    const ret = await newReturn();
    const body = { inboundReturnId: ret.id, amount: 5, paymentNumber: 'X1' };
    const [a, b] = await Promise.all([
      t.as('warehouse', 'PUT', `${R}/payments`, body),
      t.as('warehouse', 'PUT', `${R}/payments`, body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(dataOf(b)).toHaveLength(1);
  });

  it('keeps the amount within 0.01 and 10,000,000 and refuses unknown types, statuses and returns', async () => {
    const ret = await newReturn();
    const pay = (body: Record<string, unknown>, who = 'warehouse') =>
      t.as(who, 'PUT', `${R}/payments`, { inboundReturnId: ret.id, amount: 1, ...body });
    for (const amount of [0, 0.001, -1, 10_000_000.01, 'abc', null])
      expect(refusal(await pay({ amount }))[0], String(amount)).toBe(400);
    expect(refusal(await pay({ inboundReturnPaymentTypeId: 7 }))[0]).toBe(400);
    expect(refusal(await pay({ inboundReturnPaymentStatusId: 3 }))[0]).toBe(400);
    expect(refusal(await pay({ inboundReturnId: 0 }))[0]).toBe(400);
    expect(refusal(await pay({}, 'outlet'))).toEqual([404, 'not_found', `Return ${ret.id} not found.`]);
    expect(refusal(await pay({}, 'sales'))[0]).toBe(403);
    expect(
      await t.rows(sql`select id from inbound_return_payments where inbound_return_id = ${ret.id}`),
    ).toEqual([]);
    dataOf(await pay({ amount: 0.01 }));
  });
  it('moves a payment to another status with a note saying from what to what; others cannot', async () => {
    const ret = await newReturn();
    const [added] = dataOf(
      await t.as('warehouse', 'PUT', `${R}/payments`, {
        inboundReturnId: ret.id,
        amount: 12.5,
        paymentNumber: 'RP-9',
      }),
    ).map((p) => returnPaymentReplySchema.parse(p));
    const patch = (body: Record<string, unknown>, who = 'warehouse') =>
      t.as(who, 'PATCH', `${R}/payments`, { id: added!.id, inboundReturnPaymentStatusId: 10, ...body });
    expect(refusal(await patch({ inboundReturnPaymentStatusId: 3 }))[0]).toBe(400);
    expect(refusal(await patch({ id: 0 }))[0]).toBe(400);
    expect(refusal(await patch({}, 'outlet'))).toEqual([
      404,
      'not_found',
      `Return payment ${added!.id} not found.`,
    ]);
    expect(refusal(await patch({}, 'sales'))[0]).toBe(403);

    const after = dataOf(await patch({})).map((p) => returnPaymentReplySchema.parse(p));
    expect(after.map((p) => [p.id, p.status.name])).toEqual([[added!.id, 'Approved']]);
    const [stored] = await t.rows<{ status: number }>(
      sql`select inbound_return_payment_status_id as status from inbound_return_payments where id = ${added!.id}`,
    );
    expect(stored!.status).toBe(10);
    expect((await systemNotes(ret.id)).map((n) => n.text)).toContain(
      'Sales Channel payment of $12.50 (RP-9) Needed → Approved.',
    );
  });
});

/** One file as the browser's file input sends it. */
function upload(who: string, inboundReturnId: number, filename: string, content: Buffer, type: string) {
  const boundary = '----returnappeal';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return t.app.inject({
    method: 'POST',
    url: `${R}/${inboundReturnId}/appeal/images`,
    headers: { cookie: t.cookieOf(who), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, content, tail]),
  });
}
const appealOf = (res: Reply) => appealSchema.parse(dataOf(res)[0]);

describe('the appeal', () => {
  it('is added only when none exists, moves by the allowed transitions and keeps claim and reimbursement', async () => {
    const ret = await newReturn();
    expect(dataOf(await t.as('warehouse', 'GET', `${R}/${ret.id}/appeal`))).toEqual([]);
    const made = appealOf(await t.as('warehouse', 'POST', `${R}/appeal/new`, { inboundReturnId: ret.id }));
    expect(made).toMatchObject({
      inboundReturnId: ret.id,
      status: { id: 1, name: 'Open' },
      claimAmountDollar: null,
      images: [],
    });
    expect(refusal(await t.as('warehouse', 'POST', `${R}/appeal/new`, { inboundReturnId: ret.id }))).toEqual([
      409,
      'conflict',
      `Return #${ret.id} already has an appeal.`,
    ]);

    const patch = (body: Record<string, unknown>, who = 'warehouse') =>
      t.as(who, 'PATCH', `${R}/appeal`, { inboundReturnId: ret.id, ...body });
    expect(refusal(await patch({ inboundReturnAppealStatusId: 15, claimAmountDollar: 10 }))).toEqual([
      409,
      'conflict',
      'An appeal that is Open cannot become Approved; it can become Submitted, Closed.',
    ]);
    const submitted = appealOf(
      await patch({ inboundReturnAppealStatusId: 5, claimAmountDollar: 64.5, reimbursementAmountDollar: 0 }),
    );
    expect(submitted).toMatchObject({
      status: { name: 'Submitted' },
      claimAmountDollar: 64.5,
      reimbursementAmountDollar: 0,
    });
    const approved = appealOf(
      await patch({
        inboundReturnAppealStatusId: 15,
        reimbursementAmountDollar: 38.7,
        claimAmountDollar: null,
      }),
    );
    expect(approved).toMatchObject({
      status: { name: 'Approved' },
      claimAmountDollar: null,
      reimbursementAmountDollar: 38.7,
    });
    expect(
      await t.rows(
        sql`select inbound_return_appeal_status_id as status, claim_amount_dollar as claim, reimbursement_amount_dollar as paid
            from inbound_return_appeals where inbound_return_id = ${ret.id}`,
      ),
    ).toEqual([{ status: 15, claim: null, paid: '38.70' }]);
    expect((await systemNotes(ret.id)).slice(-3).map((n) => n.text)).toEqual([
      'Appeal added (Open).',
      'Appeal changed: status Open → Submitted; claim none → $64.50; reimbursement none → $0.00.',
      'Appeal changed: status Submitted → Approved; claim $64.50 → none; reimbursement $0.00 → $38.70.',
    ]);
    // Approved is final.
    expect(refusal(await patch({ inboundReturnAppealStatusId: 30 }))[0]).toBe(409);
    // The return's own view carries it.
    const detail = (await t.as('warehouse', 'GET', `${R}/${ret.id}`)).json().data[0];
    expect(detail.appeal).toMatchObject({ id: made.id, reimbursementAmountDollar: 38.7 });
  });

  it('refuses bad statuses and amounts (400), a return without an appeal and another account’s return (404)', async () => {
    const ret = await newReturn();
    const patch = (body: Record<string, unknown>, who = 'warehouse') =>
      t.as(who, 'PATCH', `${R}/appeal`, { inboundReturnId: ret.id, ...body });
    expect(refusal(await patch({ claimAmountDollar: 5 }))).toEqual([
      404,
      'not_found',
      `Return #${ret.id} has no appeal.`,
    ]);
    dataOf(await t.as('warehouse', 'POST', `${R}/appeal/new`, { inboundReturnId: ret.id }));
    for (const body of [
      { inboundReturnAppealStatusId: 7 },
      { claimAmountDollar: -1 },
      { claimAmountDollar: 1.005 },
      { reimbursementAmountDollar: 'ten' },
    ])
      expect(refusal(await patch(body))[0], JSON.stringify(body)).toBe(400);
    expect(refusal(await patch({ claimAmountDollar: 5 }, 'outlet'))).toEqual([
      404,
      'not_found',
      `Return ${ret.id} not found.`,
    ]);
    expect(refusal(await t.as('outlet', 'POST', `${R}/appeal/new`, { inboundReturnId: ret.id }))[0]).toBe(
      404,
    );
    expect(refusal(await t.as('outlet', 'GET', `${R}/${ret.id}/appeal`))[0]).toBe(404);
    expect(refusal(await t.as('sales', 'POST', `${R}/appeal/new`, { inboundReturnId: ret.id }))[0]).toBe(403);
    expect(refusal(await t.as('warehouse', 'GET', `${R}/abc/appeal`))[0]).toBe(400);
  });

  it('takes images through the storage adapter, shows them from their source URL, downloads and removes them', async () => {
    const ret = await newReturn();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    expect(refusal(await upload('warehouse', ret.id, 'box.png', png, 'image/png'))).toEqual([
      404,
      'not_found',
      `Return #${ret.id} has no appeal.`,
    ]);
    dataOf(await t.as('warehouse', 'POST', `${R}/appeal/new`, { inboundReturnId: ret.id }));
    const withImage = appealOf(await upload('warehouse', ret.id, 'box.png', png, 'image/png'));
    expect(withImage.images).toHaveLength(1);
    const image = withImage.images[0]!;
    expect(image.sourceUrl).toMatch(/^\/api\/files\/acc\d+\/[0-9a-f-]+\.png$/);
    expect(image.fileName).toBe(`return-${ret.id}-appeal-image-${image.id}.png`);
    const shown = await t.as('warehouse', 'GET', image.sourceUrl);
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(png)).toBe(true);
    const download = await t.as('warehouse', 'GET', image.downloadUrl);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${image.fileName}"`);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(png)).toBe(true);

    // Not an image; another account's return or image.
    expect(
      refusal(await upload('warehouse', ret.id, 'notes.txt', Buffer.from('hello'), 'text/plain'))[0],
    ).toBe(400);
    expect(refusal(await upload('outlet', ret.id, 'box.png', png, 'image/png'))[0]).toBe(404);
    expect(refusal(await t.as('outlet', 'GET', image.downloadUrl))[0]).toBe(404);
    expect(refusal(await t.as('outlet', 'DELETE', `${R}/${ret.id}/appeal/images/${image.id}`))[0]).toBe(404);
    const other = await newReturn();
    expect(refusal(await t.as('warehouse', 'DELETE', `${R}/${other.id}/appeal/images/${image.id}`))[0]).toBe(
      404,
    );

    const removed = appealOf(await t.as('warehouse', 'DELETE', `${R}/${ret.id}/appeal/images/${image.id}`));
    expect(removed.images).toEqual([]);
    expect(await t.rows(sql`select id from images where id = ${image.imageId}`)).toEqual([]);
    expect(refusal(await t.as('warehouse', 'GET', image.downloadUrl))[0]).toBe(404);
    expect((await systemNotes(ret.id)).slice(-2).map((n) => n.text)).toEqual([
      `Appeal image ${image.id} added (box.png).`,
      `Appeal image ${image.id} removed.`,
    ]);
  });
});
