import { returnDetailSchema } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../test/test-app';

// The manage-inbound-return screen's server side (returns.md §4, §5, §7): saving with the rules and the
// version check, the division lookup in the chosen warehouse, return bins, receipts (unit, event, statuses)
// and their refusals, the labels it prints.

let t: TestApp;
// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
type Json = Record<string, any>;
const call = (who: string, method: string, url: string, payload?: unknown) => t.as(who, method, url, payload);
const rows = <T>(query: ReturnType<typeof sql>) => t.rows<T>(query);
const V1 = '/api/v1/backroom';

let main: { id: number; name: string };
let fba: { id: number };
const picked = new Set<number>();

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'sales', 'outlet', 'warehouse');
  main = (
    await rows<{ id: number; name: string }>(sql`select id, name from warehouses where short_alias = 'MAIN'`)
  )[0]!;
  fba = (await rows<{ id: number }>(sql`select id from warehouses where short_alias = 'FBA'`))[0]!;
});
afterAll(() => t.close());

/** A new return on a fulfilled demo order whose every item's product has a UPC and a brand. */
async function aReturn(where = sql`true`): Promise<Json> {
  const orders = await rows<{ id: number }>(sql`
    select o.id from channel_orders o join accounts a on a.id = o.account_id
    join sales_channels c on c.id = o.channel_id
    where a.name = 'Demo Music Co' and o.system_order_status_id in (20, 21) and ${where}
      and exists (select 1 from channel_order_items i where i.channel_order_id = o.id)
      and not exists (select 1 from channel_order_items i join products p on p.id = i.product_id
        where i.channel_order_id = o.id and (p.upc is null or p.brand_id is null))
      and not exists (select 1 from channel_order_returns r where r.channel_order_id = o.id)
    order by o.id limit 40`);
  const order = orders.find((o) => !picked.has(o.id));
  if (!order) throw new Error('no demo order fits');
  picked.add(order.id);
  const res = await call('warehouse', 'PUT', `${V1}/returns`, { channelOrderId: order.id });
  expect(res.statusCode).toBe(200);
  return res.json().data[0];
}

const detail = async (id: number): Promise<Json> => {
  const res = await call('warehouse', 'GET', `${V1}/returns/${id}`);
  expect(res.statusCode).toBe(200);
  return returnDetailSchema.parse(res.json().data[0]);
};
const save = (who: string, body: unknown) => call(who, 'PATCH', `${V1}/returns`, body);
const virtualBin = async () =>
  (
    await call('warehouse', 'POST', `${V1}/warehouse/bin`, { warehouseId: main.id, binType: 'virtual' })
  ).json().data[0] as Json;
const returnBin = async (inboundReturnId: number) =>
  (await call('warehouse', 'POST', `${V1}/warehouse/bin`, { warehouseId: main.id, inboundReturnId })).json()
    .data[0] as Json;
const receipt = (ret: Json, unit: Json, extra: Json = {}) =>
  save('warehouse', {
    inboundReturns: [{ id: ret.id, modifiedAt: ret.modifiedAt }],
    inventoryLocationItems: [{ warehouseId: main.id, ...unit }],
    ...extra,
  });

describe('GET …/returns/{id}', () => {
  it('answers the detail the reply schema names: version, items with product, variants and units', async () => {
    const ret = await aReturn();
    const got = await detail(ret.id);
    expect(got.modifiedAt).toEqual(expect.any(String));
    expect(got.receivedDivisions).toEqual([]);
    for (const item of got.items) {
      expect(item.product.upc).toBeTruthy();
      expect(item.inventory).toEqual([]);
      expect(item.channelOrderItem.quantityOrdered).toBeGreaterThan(0);
    }
  });
});

describe('PATCH …/returns: saving', () => {
  it('saves reason, detail and status from the version loaded; a stale save gets 409 stale and changes nothing', async () => {
    const ret = await detail((await aReturn()).id);
    const item = ret.items[0];
    const res = await save('warehouse', {
      inboundReturns: [
        {
          id: ret.id,
          modifiedAt: ret.modifiedAt,
          returnStatusId: 5,
          items: [{ id: item.id, returnReasonId: 5, returnReasonNote: 'Hums at full volume' }],
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const saved = returnDetailSchema.parse(res.json().data[0]);
    expect(saved.status).toEqual({ id: 5, name: 'Pending Return' });
    expect(saved.items[0]).toMatchObject({ returnReasonId: 5, returnReasonNote: 'Hums at full volume' });
    expect(saved.modifiedAt).not.toBe(ret.modifiedAt);
    expect(saved.notes[0]!.text).toBe('Return Open → Pending Return.');

    // Another clerk saved in between: the old copy is refused.
    const stale = await save('warehouse', {
      inboundReturns: [
        { id: ret.id, modifiedAt: ret.modifiedAt, items: [{ id: item.id, returnReasonId: 1 }] },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'stale',
      message: `Return #${ret.id} was changed by someone else. It has been reloaded: check it and make your change again.`,
    });
    expect((await detail(ret.id)).items[0].returnReasonId).toBe(5);
  });

  it('applies the saving rules on the server: every line cancelled or processed closes the return', async () => {
    const ret = await detail((await aReturn()).id);
    const res = await save('warehouse', {
      inboundReturns: [
        {
          id: ret.id,
          modifiedAt: ret.modifiedAt,
          items: ret.items.map((item: Json, index: number) =>
            index === 0 ? { id: item.id, quantity: 0 } : { id: item.id, inboundReturnItemStatusId: 30 },
          ),
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data[0];
    expect(saved.status.name).toBe('Closed');
    // Rule 1: the New item expecting nothing is processed.
    expect(saved.items[0]).toMatchObject({ quantity: 0, status: { name: 'Processed' } });
  });

  it('refuses a quantity change on a Received item, fewer than received, and items of another return', async () => {
    const ret = await detail((await aReturn()).id);
    const other = await detail((await aReturn()).id);
    const body = (items: Json[]) => ({ inboundReturns: [{ id: ret.id, modifiedAt: ret.modifiedAt, items }] });
    const foreign = await save('warehouse', body([{ id: other.items[0].id, quantity: 3 }]));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(
      `Return item ${other.items[0].id} is not on Return #${ret.id}.`,
    );
    const received = await save('warehouse', body([{ id: ret.items[0].id, inboundReturnItemStatusId: 10 }]));
    expect(received.statusCode).toBe(200);
    const again = received.json().data[0];
    const bump = await save('warehouse', {
      inboundReturns: [
        { id: ret.id, modifiedAt: again.modifiedAt, items: [{ id: ret.items[0].id, quantity: 9 }] },
      ],
    });
    expect(bump.statusCode).toBe(409);
    expect(bump.json().error.message).toMatch(
      /is Received: only New items change their expected quantity\.$/,
    );
  });

  it('refuses status moves that would say received units never came (docs/returns.md)', async () => {
    const ret = await detail((await aReturn()).id);
    const bin = await virtualBin();
    const item = ret.items[0];
    const got = await receipt(ret, {
      returnItemId: item.id,
      inventoryLocationId: bin.id,
      productConditionId: 1,
    });
    expect(got.statusCode).toBe(200);
    const after = got.json().data[0];
    const sku = after.items[0].product.sku;
    const move = (change: Json) =>
      save('warehouse', { inboundReturns: [{ id: ret.id, modifiedAt: after.modifiedAt, ...change }] });

    const cancelItem = await move({ items: [{ id: item.id, inboundReturnItemStatusId: 30 }] });
    expect(cancelItem.statusCode).toBe(409);
    expect(cancelItem.json().error.message).toBe(`${sku} has 1 unit received: it cannot be Cancelled.`);
    const cancelReturn = await move({ returnStatusId: 25 });
    expect(cancelReturn.statusCode).toBe(409);
    expect(cancelReturn.json().error.message).toBe(
      `Return #${ret.id} has 1 unit received: it cannot be Cancelled.`,
    );
    const reopen = await move({ returnStatusId: 1 });
    expect(reopen.json().error.message).toBe(`Return #${ret.id} has 1 unit received: it cannot be Open.`);
    if (ret.items.length > 1) {
      const sendBack = await move({ items: [{ id: ret.items[1].id, inboundReturnItemStatusId: 25 }] });
      expect(sendBack.statusCode).toBe(409);
      expect(sendBack.json().error.message).toMatch(/has no unit received: there is nothing to send back\.$/);
    }
    // Nothing refused was stored; a move the rules allow is.
    const [stored] = await rows<{ return_status_id: number; item_status_id: number }>(sql`
      select r.return_status_id, i.inbound_return_item_status_id as item_status_id
      from inbound_returns r join inbound_return_items i on i.inbound_return_id = r.id where i.id = ${item.id}`);
    expect(stored!.item_status_id).not.toBe(30);
    expect([1, 25]).not.toContain(stored!.return_status_id);
    const hold = await move({ returnStatusId: 15, items: [{ id: item.id, inboundReturnItemStatusId: 15 }] });
    expect(hold.statusCode).toBe(200);
    expect(hold.json().data[0].status.name).toBe('Hold');
    expect(hold.json().data[0].items[0].status.name).toBe('Under Review');
  });

  it('refuses bad input, foreign returns and users without the returns permission', async () => {
    const ret = await detail((await aReturn()).id);
    const edit = { id: ret.id, modifiedAt: ret.modifiedAt, returnStatusId: 5 };
    expect((await save('warehouse', { inboundReturns: [{ ...edit, id: 'abc' }] })).statusCode).toBe(400);
    expect((await save('warehouse', { inboundReturns: [{ ...edit, returnStatusId: 7 }] })).statusCode).toBe(
      400,
    );
    expect(
      (await save('warehouse', { inboundReturns: [{ ...edit, modifiedAt: 'yesterday' }] })).statusCode,
    ).toBe(400);
    expect((await save('warehouse', { inboundReturns: [] })).statusCode).toBe(400);
    const foreign = await save('outlet', { inboundReturns: [edit] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(`Return ${ret.id} not found.`);
    expect((await save('sales', { inboundReturns: [edit] })).statusCode).toBe(403);
    expect((await detail(ret.id)).status.name).toBe('Open');
  });
});

describe('lookupWarehouseDivisionByBarcode (returns.md §5, §7)', () => {
  it('answers POST as the return screen calls it, and refuses a division of another warehouse', async () => {
    const [bin] = await rows<{ barcode: string }>(
      sql`select barcode from warehouse_divisions where warehouse_id = ${main.id} and chaos_bin = 'R01'`,
    );
    const [foreignBin] = await rows<{ barcode: string }>(
      sql`select barcode from warehouse_divisions where warehouse_id = ${fba.id} and level = 'bin' limit 1`,
    );
    const url = (barcode: string) =>
      `${V1}/chaos/lookupWarehouseDivisionByBarcode?barcode=${encodeURIComponent(barcode)}&warehouseId=${main.id}`;
    const found = await call('warehouse', 'POST', url(bin!.barcode));
    expect(found.statusCode).toBe(200);
    expect(found.json().data[0]).toMatchObject({ barcode: bin!.barcode, warehouseId: main.id });
    expect((await call('warehouse', 'GET', url(bin!.barcode))).statusCode).toBe(200);
    const refused = await call('warehouse', 'POST', url(foreignBin!.barcode));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(`Invalid Division: Not in Warehouse ${main.name}`);
    expect((await call('outlet', 'POST', url(bin!.barcode))).statusCode).toBe(404);
  });
});

describe('return bins: POST …/warehouse/bin', () => {
  it("makes 'Inbound Return #{id}' once (active, return, withheld) and the virtual bin {alias}-VIRTUAL", async () => {
    const ret = await aReturn();
    const first = await returnBin(ret.id);
    expect(first).toMatchObject({
      name: `Inbound Return #${ret.id}`,
      isActive: 1,
      isWithheld: 1,
      warehouseBinTypeId: 3,
      warehouseId: main.id,
    });
    expect(first.barcode).toMatch(/^MAIN-VIRTUAL-R\d{2}$/);
    expect((await returnBin(ret.id)).id).toBe(first.id);
    const virtual = await virtualBin();
    expect(virtual).toMatchObject({ barcode: 'MAIN-VIRTUAL', chaosZone: null, chaosBin: null });
    expect((await virtualBin()).id).toBe(virtual.id);
  });

  it('lets returns staff make a return bin but not any other bin', async () => {
    const ret = await aReturn();
    const me = (await call('admin', 'GET', `${V1}/auth/me`)).json().data[0];
    const roles = (await call('admin', 'GET', '/api/backroom/roles')).json().data as Json[];
    const created = await call('admin', 'PUT', '/api/backroom/user/admin', {
      firstName: 'Returns',
      lastName: 'Clerk',
      email: 'returns-clerk@example.com',
      pinPasscode: '1234',
      password: 'returns-clerk-password',
      accounts: [me.currentAccount.id],
      roles: [roles.find((r) => r.code === 'returnsStaff')!.id],
    });
    expect(created.statusCode).toBe(200);
    const cookie = await t.login('returns-clerk@example.com', 'returns-clerk-password');
    const post = (payload: Json) =>
      t.app.inject({ method: 'POST', url: `${V1}/warehouse/bin`, headers: { cookie }, payload });
    expect((await post({ warehouseId: main.id, inboundReturnId: ret.id })).statusCode).toBe(200);
    const plain = await post({ warehouseId: main.id, type: 'receiving' });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().error.message).toBe('You need the warehouse permission to do that.');
    expect(
      (await call('outlet', 'POST', `${V1}/warehouse/bin`, { warehouseId: main.id, inboundReturnId: ret.id }))
        .statusCode,
    ).toBe(404);
  });
});

describe('PATCH …/returns: receiving one unit', () => {
  it('receives New into the virtual bin: the unit with its §3 fields, its history, the item and return statuses', async () => {
    const ret = await detail(
      (
        await aReturn(sql`(select count(*) from channel_order_items i where i.channel_order_id = o.id) = 1
      and (select sum(quantity_ordered) from channel_order_items i where i.channel_order_id = o.id) = 1`)
      ).id,
    );
    const item = ret.items[0];
    const bin = await virtualBin();
    const res = await receipt(ret, {
      upc: ` ${item.product.upc} `,
      inventoryLocationId: bin.id,
      productConditionId: 1,
      serial: 'SN-123',
    });
    expect(res.statusCode).toBe(200);
    const after = returnDetailSchema.parse(res.json().data[0]);
    expect(after.status.name).toBe('Closed');
    expect(after.items[0]).toMatchObject({ quantityReceived: 1, status: { name: 'Processed' } });
    const unit = (after.items[0] as Json).inventory[0] as Json;
    expect(unit).toMatchObject({
      productId: item.productId,
      warehouseId: main.id,
      inventoryLocationId: bin.id,
      locationBarcode: 'MAIN-VIRTUAL',
      serial: 'SN-123',
      inventoryConditionId: 1,
      productConditionId: 1,
      receivedBy: { firstName: expect.any(String) },
    });
    expect(after.receivedDivisions).toEqual([
      { id: bin.id, barcode: 'MAIN-VIRTUAL', name: expect.any(String), warehouseId: main.id, units: 1 },
    ]);
    const [stored] = await rows<Json>(sql`select * from inventory_location_items where id = ${unit.id}`);
    expect(stored).toMatchObject({ return_item_id: item.id, quantity: 1, is_deleted: 0, sort_order: 99 });
    expect(Number(stored!.price_cost)).toBeGreaterThan(0);
    const history = (await call('warehouse', 'GET', `${V1}/inventory/unit/${unit.id}/history`)).json()
      .data[0];
    expect(history.events).toEqual([
      expect.objectContaining({
        eventType: 'received',
        to: 'MAIN-VIRTUAL',
        note: `Returned on Return #${ret.id} (New) into MAIN-VIRTUAL`,
        by: expect.any(String),
      }),
    ]);
    expect(after.notes[0]!.text).toBe(
      `Received 1 × ${item.product.sku} (New) into MAIN-VIRTUAL. ${item.product.sku} Processed; Return Closed.`,
    );
    // Over-receipt: the one expected unit is in.
    const again = await receipt(after, { returnItemId: item.id, inventoryLocationId: bin.id });
    expect(again.statusCode).toBe(409);
  });

  it('receives a used grade into the return bin as the Very Good variant, made by the used-variant rules', async () => {
    const ret = await detail((await aReturn()).id);
    const item = ret.items[0];
    const bin = await returnBin(ret.id);
    const unit = { returnItemId: item.id, inventoryLocationId: bin.id, productConditionId: 10 };
    // No VG product yet and no details for one.
    const missing = await receipt(ret, unit);
    expect(missing.statusCode).toBe(400);
    // New is not offered in a return bin.
    expect((await receipt(ret, { ...unit, productConditionId: 1 })).statusCode).toBe(400);

    const pool = (await call('admin', 'POST', `${V1}/product/barcodePool/assign`, {})).json().data[0];
    expect(pool.message).toBe(`Assigned Barcode ${pool.barcode}`);
    const [image] = await rows<{ imageId: number }>(sql`select id as "imageId" from images
      where account_id = (select id from accounts where name = 'Demo Music Co') order by id limit 1`);
    const res = await receipt(ret, unit, {
      product: {
        upc: pool.barcode,
        images: [{ imageId: image!.imageId, isPrimaryImage: 1 }],
        productListingData: { wearConditionSeverityId: 1, wearConditionDescription: 'pick scratches' },
      },
      assignedBarcode: pool.barcode,
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().data[0];
    const received = after.items[0].inventory[0];
    const [variant] =
      await rows<Json>(sql`select p.*, b.alias from products p join brands b on b.id = p.brand_id
      where p.id = ${received.productId}`);
    expect(variant).toMatchObject({
      source_product_id: item.productId,
      product_condition_id: 10,
      upc: pool.barcode,
      sku: `${variant!.alias}${pool.barcode}VG`,
    });
    expect(variant!.name).toMatch(/^Very Good /);
    expect(variant!.product_listing_data).toMatchObject({ wearConditionDescription: 'pick scratches' });
    const [poolRow] = await rows<Json>(
      sql`select assigned_product_id from barcode_pool where barcode = ${pool.barcode}`,
    );
    expect(poolRow!.assigned_product_id).toBe(variant!.id);
    expect(after.items[0].variants.map((v: Json) => v.id)).toContain(variant!.id);
    expect(received.locationBarcode).toBe(bin.barcode);
    // The next VG unit of this product goes to the same variant without details.
    if (item.quantity > 1) {
      const next = await receipt(after, unit);
      expect(next.statusCode).toBe(200);
      expect(next.json().data[0].items[0].inventory[1].productId).toBe(variant!.id);
    }
  });

  it('returns to the vendor through a transfer bin (Sent Back when all are in)', async () => {
    const ret = await detail((await aReturn()).id);
    const item = ret.items[0];
    const [transfer] = await rows<{ id: number; barcode: string }>(
      sql`select id, barcode from warehouse_divisions where warehouse_id = ${main.id} and chaos_bin = 'T01'`,
    );
    const wrongStep = await receipt(ret, {
      returnItemId: item.id,
      inventoryLocationId: transfer!.id,
      productConditionId: 10,
    });
    expect(wrongStep.statusCode).toBe(400);
    expect(wrongStep.json().error.message).toBe(
      `${transfer!.barcode} is a transfer bin: units placed there go back to the vendor.`,
    );
    let current = ret;
    for (let n = 0; n < item.quantity; n++) {
      const res = await receipt(current, {
        returnItemId: item.id,
        inventoryLocationId: transfer!.id,
        disposition: 'returnToVendor',
      });
      expect(res.statusCode).toBe(200);
      current = res.json().data[0];
    }
    expect(current.items[0]).toMatchObject({
      quantityReceived: item.quantity,
      status: { name: 'Sent Back' },
    });
    expect(current.items[0].inventory.every((u: Json) => u.productId === item.productId)).toBe(true);
  });

  it('refuses an unmatched UPC, a division of another warehouse, a foreign return and a closed item', async () => {
    const ret = await detail((await aReturn()).id);
    const item = ret.items[0];
    const bin = await virtualBin();
    const unmatched = await receipt(ret, { upc: '000-111-222', inventoryLocationId: bin.id });
    expect(unmatched.statusCode).toBe(404);
    expect(unmatched.json().error.message).toBe('No item found with barcode matching: 000-111-222.');
    const [fbaBin] = await rows<{ id: number }>(
      sql`select id from warehouse_divisions where warehouse_id = ${fba.id} and level = 'bin' limit 1`,
    );
    const foreignBin = await receipt(ret, { returnItemId: item.id, inventoryLocationId: fbaBin!.id });
    expect(foreignBin.statusCode).toBe(400);
    expect(foreignBin.json().error.message).toBe(`Invalid Division: Not in Warehouse ${main.name}`);
    const outlet = await save('outlet', {
      inboundReturns: [{ id: ret.id, modifiedAt: ret.modifiedAt }],
      inventoryLocationItems: [{ warehouseId: main.id, returnItemId: item.id, inventoryLocationId: bin.id }],
    });
    expect(outlet.statusCode).toBe(404);
    const cancelled = await save('warehouse', {
      inboundReturns: [
        { id: ret.id, modifiedAt: ret.modifiedAt, items: [{ id: item.id, inboundReturnItemStatusId: 30 }] },
      ],
    });
    expect(cancelled.statusCode).toBe(200);
    const closedItem = await receipt(ret, { returnItemId: item.id, inventoryLocationId: bin.id });
    expect(closedItem.statusCode).toBe(409);
    expect(closedItem.json().error.message).toMatch(
      /is already closed: nothing more can be received for it\.$/,
    );
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from inventory_location_items where return_item_id = ${item.id}`,
    );
    expect(count!.n).toBe(0);
  });
});

describe('labels of the return screen', () => {
  it('prints the return barcode and the PGU (received-item) label on printers with the right paper', async () => {
    const printers = (await call('warehouse', 'GET', '/api/backroom/warehouse/printers')).json()
      .data as Json[];
    const byName = (name: string) => printers.find((p) => p.commonName === name)!.id as number;
    const ret = await detail((await aReturn()).id);
    const printed = await call('warehouse', 'POST', `${V1}/print/inboundReturn`, {
      serverPrinterId: byName('Return Label Printer'),
      paperId: 17,
      inboundReturnId: ret.id,
    });
    expect(printed.statusCode).toBe(200);
    expect(printed.json().data[0]).toMatchObject({ state: 'queued', description: `Return #${ret.id} label` });
    const wrongPaper = await call('warehouse', 'POST', `${V1}/print/inboundReturn`, {
      serverPrinterId: byName('Product Barcode Printer'),
      inboundReturnId: ret.id,
    });
    expect(wrongPaper.statusCode).toBe(400);
    expect(
      (
        await call('outlet', 'POST', `${V1}/print/inboundReturn`, {
          serverPrinterId: byName('Return Label Printer'),
          inboundReturnId: ret.id,
        })
      ).statusCode,
    ).toBe(404);

    const virtual = await virtualBin();
    const got = await receipt(ret, { returnItemId: ret.items[0].id, inventoryLocationId: virtual.id });
    const unitId = got.json().data[0].items[0].inventory[0].id;
    const label = await call('warehouse', 'POST', `${V1}/print/pgu`, {
      serverPrinterId: byName('Large Label Printer'),
      inventoryLocationItemId: unitId,
    });
    expect(label.statusCode).toBe(200);
    const [job] = await rows<Json>(
      sql`select label_kind, content from print_jobs where id = ${label.json().data[0].id}`,
    );
    expect(label.json().data[0].description).toBe(`PGU ${ret.items[0].product.sku} #${unitId}`);
    expect(job!.label_kind).toBe('pguLabel');
    expect(job!.content).toContain(`Return #${ret.id}`);
  });
});

describe.runIf(TEST_DB === 'postgres')('receiving races on PostgreSQL', () => {
  it('two clerks receiving the last expected unit of one item at once receive it once', async () => {
    const ret = await detail((await aReturn()).id);
    const item = ret.items[0];
    const bin = await virtualBin();
    for (let n = 1; n < item.quantity; n++) {
      expect((await receipt(ret, { returnItemId: item.id, inventoryLocationId: bin.id })).statusCode).toBe(
        200,
      );
    }
    const [a, b] = await Promise.all([
      receipt(ret, { returnItemId: item.id, inventoryLocationId: bin.id }),
      save('admin', {
        inboundReturns: [{ id: ret.id, modifiedAt: ret.modifiedAt }],
        inventoryLocationItems: [
          { warehouseId: main.id, returnItemId: item.id, inventoryLocationId: bin.id },
        ],
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from inventory_location_items where return_item_id = ${item.id}`,
    );
    expect(count!.n).toBe(item.quantity);
  });

  it('20 rapid scans of the same UPC on a 5-unit item receive exactly 5', async () => {
    const ret = await detail((await aReturn()).id);
    const item = ret.items[0];
    await t.rows(sql`update inbound_return_items set quantity = 5 where id = ${item.id}`);
    const bin = await virtualBin();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => receipt(ret, { upc: item.product.upc, inventoryLocationId: bin.id })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(15);
    const [count] = await rows<{ n: number; received: number }>(sql`
      select (select count(*)::int from inventory_location_items where return_item_id = ${item.id}) as n,
        (select quantity_received from inbound_return_items where id = ${item.id}) as received`);
    expect(count).toEqual({ n: 5, received: 5 });
  });
});
