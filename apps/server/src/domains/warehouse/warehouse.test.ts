import {
  clearedBinSchema,
  type Division,
  divisionSchema,
  divisionUnitSchema,
  lookedUpDivisionSchema,
  unitHistorySchema,
  type Warehouse,
  warehouseSchema,
  warehouseTypeSchema,
} from '@backroom/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, dataOf, type TestApp } from '../../test/test-app';

let t: TestApp;
let main: Warehouse & { zones: Division[] };
let fbaId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'warehouse', 'sales', 'outlet');
  const list = await data(warehouseSchema, call('admin', 'GET', '/api/backroom/warehouse/warehouses'));
  fbaId = list.find((w) => w.shortAlias === 'FBA')!.id;
  const [one] = await data(
    warehouseSchema,
    call('admin', 'POST', '/api/backroom/warehouse', {
      warehouseId: list.find((w) => w.shortAlias === 'MAIN')!.id,
    }),
  );
  if (!one?.zones) throw new Error('MAIN answered without its zones');
  main = { ...one, zones: one.zones };
});
afterAll(() => t.close());

const call = (who: string, method: string, url: string, payload?: unknown) => t.as(who, method, url, payload);
/** A reply's data, parsed with the route's shared reply schema. */
const data = async <T extends z.ZodType>(schema: T, res: Promise<LightMyRequestResponse>) =>
  dataOf(schema, await res);

describe('warehouses', () => {
  it('lists the types, type 10 being third party', async () => {
    const types = await data(warehouseTypeSchema, call('warehouse', 'GET', '/api/backroom/warehouse/types'));
    expect(types.find((x) => x.id === 10)).toMatchObject({
      name: 'Third Party',
      isThirdParty: true,
      hasFulfillment: false,
    });
    expect(types.find((x) => x.id === 1)).toMatchObject({ hasFulfillment: true, hasReceiving: true });
  });

  it.each([
    ['', ['MAIN', 'FBA']],
    ['?isThirdParty=1', ['FBA']],
    ['?hasFulfillment=1', ['MAIN']],
    ['?hasReceiving=true&isThirdParty=false', ['MAIN']],
    ['?warehouseTypeIds=1,10', ['MAIN', 'FBA']],
    ['?warehouseTypeIds=2', []],
  ])('filters the list: %s', async (query, aliases) => {
    const list = await data(
      warehouseSchema,
      call('sales', 'GET', `/api/backroom/warehouse/warehouses${query}`),
    );
    expect(list.map((w) => w.shortAlias)).toEqual(aliases);
  });

  it('fetches one with its zones and their counts, and the §3 defaults', async () => {
    expect(main).toMatchObject({ shortAlias: 'MAIN', country: 'US', countryId: 1, warehouseTypeId: 1 });
    expect(main.zones.map((z) => z.chaosZone)).toEqual([1, 2]);
    expect(main.zones[0]!.childCount).toBe(2);
  });

  it('creates a warehouse with defaults; refuses a 6-character alias, a duplicate alias and a user without the warehouse permission', async () => {
    const created = await data(
      warehouseSchema,
      call('warehouse', 'PUT', '/api/backroom/warehouse', { name: 'Annex', shortAlias: 'anx' }),
    );
    expect(created[0]).toMatchObject({
      name: 'Annex',
      shortAlias: 'ANX',
      warehouseTypeId: 1,
      sortOrder: 99,
      country: 'US',
      isActive: 1,
    });
    const long = await call('warehouse', 'PUT', '/api/backroom/warehouse', {
      name: 'Too long',
      shortAlias: 'ABCDEF',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual([
      { field: 'shortAlias', message: 'Short alias must be at most 5 characters' },
    ]);
    const dup = await call('warehouse', 'PUT', '/api/backroom/warehouse', {
      name: 'Again',
      shortAlias: 'Main',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('A warehouse with the alias MAIN already exists.');
    expect(
      (await call('sales', 'PUT', '/api/backroom/warehouse', { name: 'Nope', shortAlias: 'NOPE' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the location hierarchy', () => {
  let zone3Id = 0;

  it('adds a nested zone, row, section, shelf and bins in one call, with barcodes and ancestor ids', async () => {
    const res = await call('warehouse', 'PATCH', '/api/v1/backroom/warehouse', {
      id: main.id,
      zones: [
        {
          chaosZone: 3,
          rows: [
            {
              chaosRow: 'AA',
              sections: [
                {
                  chaosSection: 1,
                  shelves: [{ chaosShelf: 'AA', bins: [{ chaosBin: '01' }, { chaosBin: '02' }] }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const zone3 = (
      res.json().data[0].zones as { id: number; chaosZone: number; barcode: string; name: string }[]
    ).find((z) => z.chaosZone === 3)!;
    expect(zone3).toMatchObject({ barcode: 'MAIN-03', name: 'Zone 03' });
    zone3Id = zone3.id;
    const bin = (
      await data(
        lookedUpDivisionSchema,
        call(
          'warehouse',
          'GET',
          '/api/v1/backroom/chaos/lookupWarehouseDivisionByBarcode?barcode=main-03aa01aa-02',
        ),
      )
    )[0]!;
    expect(bin).toMatchObject({
      level: 'bin',
      chaosZone: 3,
      chaosRow: 'AA',
      chaosSection: 1,
      chaosShelf: 'AA',
      chaosBin: '02',
      warehouseZoneId: zone3Id,
      binGroupType: 'location',
      name: 'Bin 02',
    });
    expect(bin.warehouse).toEqual({ id: main.id, name: 'Main Warehouse', shortAlias: 'MAIN' });
  });

  it('answers the last division of each level, which the next number follows', async () => {
    expect(
      (
        await data(
          divisionSchema,
          call('warehouse', 'POST', '/api/backroom/warehouse/zone/last', { warehouseId: main.id }),
        )
      )[0]!.chaosZone,
    ).toBe(3);
    const zone1 = main.zones[0]!.id;
    // Rows count like a counter: BA comes after AA.
    const lastRow = (
      await data(
        divisionSchema,
        call('warehouse', 'POST', '/api/backroom/warehouse/row/last', { warehouseZoneId: zone1 }),
      )
    )[0]!;
    expect(lastRow.chaosRow).toBe('BA');
    const section = (
      await data(
        divisionSchema,
        call('warehouse', 'POST', '/api/backroom/warehouse/section/last', { warehouseZoneRowId: lastRow.id }),
      )
    )[0]!;
    expect(section.chaosSection).toBe(2);
    const shelf = (
      await data(
        divisionSchema,
        call('warehouse', 'POST', '/api/backroom/warehouse/shelf/last', {
          warehouseZoneRowSectionId: section.id,
        }),
      )
    )[0]!;
    expect(shelf.chaosShelf).toBe('AB');
    const bin = (
      await data(
        divisionSchema,
        call('warehouse', 'POST', '/api/backroom/warehouse/bin/last', {
          warehouseZoneRowSectionShelfId: shelf.id,
        }),
      )
    )[0]!;
    expect(bin.chaosBin).toBe('04');
    // A new zone has no rows yet.
    expect(
      await data(
        divisionSchema,
        call('warehouse', 'POST', '/api/backroom/warehouse/row/last', { warehouseZoneId: zone3Id }),
      ),
    ).toHaveLength(1);
  });

  it('refuses a 100th zone, a duplicate and a changed code, and changes nothing', async () => {
    const before = await t.rows<{ n: number }>(sql`select count(*)::int as n from warehouse_divisions`);
    const hundredth = await call('warehouse', 'PATCH', '/api/v1/backroom/warehouse', {
      id: main.id,
      zones: [{ chaosZone: 100 }],
    });
    expect(hundredth.statusCode).toBe(400);
    expect(hundredth.json().error.fields[0]).toEqual({
      field: 'zones.0.chaosZone',
      message: 'No Unused Zones',
    });
    const dup = await call('warehouse', 'PATCH', '/api/v1/backroom/warehouse', {
      id: main.id,
      zones: [{ chaosZone: 4 }, { chaosZone: 1 }],
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('Zone 01 already exists (MAIN-01).');
    const changed = await call('warehouse', 'PATCH', '/api/v1/backroom/warehouse', {
      id: main.id,
      zones: [{ id: zone3Id, chaosZone: 5 }],
    });
    expect(changed.statusCode).toBe(400);
    expect(await t.rows<{ n: number }>(sql`select count(*)::int as n from warehouse_divisions`)).toEqual(
      before,
    );
  });

  it('searches locations by level, barcode prefix and name, paged on the server', async () => {
    const bins = await data(
      divisionSchema,
      call(
        'warehouse',
        'GET',
        `/api/backroom/warehouse/locations?warehouseId=${main.id}&level=bin&search=main-01aa01&limit=3`,
      ),
    );
    expect(bins.map((b) => b.barcode)).toEqual(['MAIN-01AA01AA-01', 'MAIN-01AA01AA-02', 'MAIN-01AA01AA-03']);
    const next = await data(
      divisionSchema,
      call(
        'warehouse',
        'GET',
        `/api/backroom/warehouse/locations?warehouseId=${main.id}&level=bin&search=MAIN-01AA01&limit=3&offset=3`,
      ),
    );
    expect(next[0]!.barcode).toBe('MAIN-01AA01AA-04');
    const byName = await data(
      divisionSchema,
      call('warehouse', 'GET', '/api/backroom/warehouse/locations?search=quarantine'),
    );
    expect(byName.map((b) => b.barcode)).toEqual(['MAIN-VIRTUAL-Q01']);
    expect(
      await data(divisionSchema, call('outlet', 'GET', '/api/backroom/warehouse/locations?search=MAIN')),
    ).toEqual([]);
  });

  it('lists one level at a time', async () => {
    const children = await data(
      divisionSchema,
      call(
        'warehouse',
        'GET',
        `/api/v1/backroom/warehouse/division/children?warehouseId=${main.id}&parentId=${main.zones[0]!.id}`,
      ),
    );
    expect(children.map((c) => c.chaosRow)).toEqual(['AA', 'BA']);
    expect(children[0]!.childCount).toBe(2);
  });
});

describe('division patches and inventory', () => {
  it('refuses to deactivate a division that holds units, naming how many', async () => {
    const bin = (
      await data(
        lookedUpDivisionSchema,
        call(
          'warehouse',
          'GET',
          '/api/v1/backroom/chaos/lookupWarehouseDivisionByBarcode?barcode=MAIN-01AA01AA-01',
        ),
      )
    )[0]!;
    const units = await data(
      divisionUnitSchema,
      call('warehouse', 'POST', '/api/v1/backroom/chaos/listInventoryByDivision', { barcode: bin.barcode }),
    );
    expect(units.length).toBeGreaterThan(0);
    expect(units[0]).toMatchObject({
      locationBarcode: 'MAIN-01AA01AA-01',
      product: { sku: expect.any(String) },
    });
    const res = await call('warehouse', 'PATCH', '/api/v1/backroom/warehouse/division', {
      warehouseId: main.id,
      warehouseDivisionPatches: [{ id: bin.id, isActive: 0 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      `MAIN-01AA01AA-01 holds ${units.length} unit${units.length === 1 ? '' : 's'} and cannot be deactivated.`,
    );
    // The zone above it holds them too.
    const zone = await call('warehouse', 'PATCH', '/api/v1/backroom/warehouse/division', {
      warehouseId: main.id,
      warehouseDivisionPatches: [{ id: main.zones[0]!.id, isActive: 0 }],
    });
    expect(zone.statusCode).toBe(409);
    const zoneUnits = await data(
      divisionUnitSchema,
      call('warehouse', 'POST', '/api/v1/backroom/chaos/listInventoryByDivision', { barcode: 'MAIN-01' }),
    );
    expect(zone.json().error.message).toBe(
      `MAIN-01 holds ${zoneUnits.length} units and cannot be deactivated.`,
    );
  });

  it('answers a scan with what was just changed (the lookup cache follows every write)', async () => {
    const url = '/api/v1/backroom/chaos/lookupWarehouseDivisionByBarcode?barcode=MAIN-02';
    const before = (await data(lookedUpDivisionSchema, call('warehouse', 'GET', url)))[0]!;
    await call('warehouse', 'PATCH', '/api/v1/backroom/warehouse/division', {
      warehouseId: main.id,
      warehouseDivisionPatches: [{ id: before.id, displayName: 'Mezzanine' }],
    });
    expect((await data(lookedUpDivisionSchema, call('warehouse', 'GET', url)))[0]!.displayName).toBe(
      'Mezzanine',
    );
    // Not found, then made: the next scan finds it.
    const missing = '/api/v1/backroom/chaos/lookupWarehouseDivisionByBarcode?barcode=MAIN-09';
    expect((await call('warehouse', 'GET', missing)).statusCode).toBe(404);
    await call('warehouse', 'PATCH', '/api/v1/backroom/warehouse', {
      id: main.id,
      zones: [{ chaosZone: 9 }],
    });
    expect((await call('warehouse', 'GET', missing)).statusCode).toBe(200);
  });

  it('answers from the in-memory directory exactly as from the database', async () => {
    const lookup = (barcode: string) =>
      call('warehouse', 'GET', `/api/v1/backroom/chaos/lookupWarehouseDivisionByBarcode?barcode=${barcode}`);
    // The first scan after a change reads the database; once the account is quiet the directory loads.
    const fromDatabase = (await lookup('MAIN-01AA01AA-02')).json();
    const cache = t.deps.divisionLookups;
    const accountId = fromDatabase.data[0].warehouse
      ? (await t.deps.db.query.warehouses.findFirst({ where: (w, { eq }) => eq(w.id, main.id) }))!.accountId
      : 0;
    for (let i = 0; i < 100 && !cache.hasDirectory(accountId); i++) {
      await lookup('MAIN-01AA01AA-02');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(cache.hasDirectory(accountId)).toBe(true);
    expect((await lookup('MAIN-01AA01AA-02')).json()).toEqual(fromDatabase);
    expect((await lookup('main-01aa01aa-02')).json()).toEqual(fromDatabase);
    expect((await lookup('MAIN-77')).statusCode).toBe(404);
  });

  it('deactivates and renames an empty division', async () => {
    const bin = (
      await data(
        lookedUpDivisionSchema,
        call(
          'warehouse',
          'GET',
          '/api/v1/backroom/chaos/lookupWarehouseDivisionByBarcode?barcode=MAIN-03AA01AA-01',
        ),
      )
    )[0]!;
    const res = await data(
      divisionSchema,
      call('warehouse', 'PATCH', '/api/v1/backroom/warehouse/division', {
        warehouseId: main.id,
        divisionType: 'bin',
        warehouseDivisionPatches: [{ id: bin.id, isActive: 0, displayName: 'Top left' }],
      }),
    );
    expect(res[0]).toMatchObject({ id: bin.id, isActive: 0, displayName: 'Top left' });
    const wrong = await call('warehouse', 'PATCH', '/api/v1/backroom/warehouse/division', {
      warehouseId: fbaId,
      warehouseDivisionPatches: [{ id: bin.id, isActive: 1 }],
    });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('bins', () => {
  it('creates warehouse-level bins with the §7 defaults: receiving, group, next number', async () => {
    const bin = (
      await data(
        divisionSchema,
        call('warehouse', 'POST', '/api/v1/backroom/warehouse/bin', { warehouseId: main.id }),
      )
    )[0]!;
    expect(bin).toMatchObject({
      chaosBin: 'N03',
      barcode: 'MAIN-VIRTUAL-N03',
      binGroupType: 'group',
      warehouseBinTypeId: 2,
      isActive: 1,
      isWithheld: 0,
    });
    const returns = (
      await data(
        divisionSchema,
        call('warehouse', 'PUT', '/api/v1/backroom/returns/warehouseBin', { warehouseId: main.id }),
      )
    )[0]!;
    expect(returns.barcode).toBe('MAIN-VIRTUAL-R02');
    const quarantine = (
      await data(
        divisionSchema,
        call('warehouse', 'PUT', '/api/v1/backroom/returns/quarantineBin', {
          warehouseId: main.id,
          name: 'Cage 2',
        }),
      )
    )[0]!;
    expect(quarantine).toMatchObject({ barcode: 'MAIN-VIRTUAL-Q02', name: 'Cage 2', warehouseBinTypeId: 6 });
  });

  it('gives every concurrent create its own code', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('warehouse', 'POST', '/api/v1/backroom/warehouse/bin', { warehouseId: fbaId, type: 'transfer' }),
      ),
    );
    const codes = results.map((r) => r.json().data[0].chaosBin).sort();
    expect(codes).toEqual(['T01', 'T02', 'T03', 'T04', 'T05', 'T06', 'T07', 'T08']);
  });

  it('lists bins by kind and group, and patches them', async () => {
    const utility = await data(
      divisionSchema,
      call('warehouse', 'GET', `/api/backroom/warehouse/bin?warehouseId=${main.id}`),
    );
    expect(utility.every((b) => b.binGroupType === 'group')).toBe(true);
    expect(utility.map((b) => b.chaosBin)).toContain('Q01');
    const quarantine = await data(
      divisionSchema,
      call('warehouse', 'GET', `/api/backroom/warehouse/bin?warehouseId=${main.id}&type=quarantine`),
    );
    expect(quarantine.map((b) => b.chaosBin)).toEqual(['Q01', 'Q02']);
    const limited = await data(
      divisionSchema,
      call(
        'warehouse',
        'GET',
        `/api/backroom/warehouse/bin?warehouseId=${main.id}&groupType=location&type=all&limit=5`,
      ),
    );
    expect(limited).toHaveLength(5);
    const patched = await data(
      divisionSchema,
      call('warehouse', 'PATCH', '/api/v1/backroom/warehouse/bin', {
        warehouseBins: [{ id: quarantine[1]!.id, isWithheld: 1 }],
      }),
    );
    expect(patched[0]!.isWithheld).toBe(1);
  });

  it('finds or makes a sales person bin, once', async () => {
    const sales = (await call('sales', 'GET', '/api/v1/backroom/auth/me')).json().data[0].user.id as number;
    const first = (
      await data(
        divisionSchema,
        call(
          'admin',
          'GET',
          `/api/v1/backroom/warehouse/lookupSalesPersonDivision?userId=${sales}&warehouseId=${main.id}`,
        ),
      )
    )[0]!;
    expect(first.barcode).toBe(`MAIN-VIRTUAL-S${String(sales).padStart(4, '0')}`);
    const again = (
      await data(
        divisionSchema,
        call(
          'admin',
          'GET',
          `/api/v1/backroom/warehouse/lookupSalesPersonDivision?userId=${sales}&warehouseId=${main.id}`,
        ),
      )
    )[0]!;
    expect(again.id).toBe(first.id);
  });

  it('clears a bin: units leave it, each with a cleared event', async () => {
    const before = await data(
      divisionUnitSchema,
      call('warehouse', 'POST', '/api/v1/backroom/chaos/listInventoryByDivision', {
        barcode: 'MAIN-VIRTUAL-Q01',
      }),
    );
    expect(before.length).toBe(2);
    const res = await data(
      clearedBinSchema,
      call('warehouse', 'POST', '/api/v1/backroom/chaos/warehouseBin/clear', {
        shortAlias: 'MAIN',
        chaosBin: 'Q01',
      }),
    );
    expect(res[0]).toEqual({
      message: 'Successfully cleared inventory in MAIN-Q01',
      barcode: 'MAIN-VIRTUAL-Q01',
      clearedUnits: 2,
    });
    expect(
      await data(
        divisionUnitSchema,
        call('warehouse', 'POST', '/api/v1/backroom/chaos/listInventoryByDivision', {
          barcode: 'MAIN-VIRTUAL-Q01',
        }),
      ),
    ).toEqual([]);
    const ids = before.map((u) => u.id as number);
    const events = await t.rows<{ event_type: string; to_division_id: number | null }>(
      sql`select event_type, to_division_id from inventory_unit_events where inventory_location_item_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id`,
    );
    expect(events.map((e) => e.event_type)).toEqual(['quarantined', 'quarantined', 'cleared', 'cleared']);
    const units = await t.rows<{ inventory_location_id: number | null }>(
      sql`select inventory_location_id from inventory_location_items where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(units.every((u) => u.inventory_location_id === null)).toBe(true);
    const history = (
      await data(
        unitHistorySchema,
        call('warehouse', 'GET', `/api/v1/backroom/inventory/unit/${ids[0]}/history`),
      )
    )[0]!;
    expect(history.locationBarcode).toBeNull();
    expect(
      history.events.map((e: { eventType: string; from: string | null; to: string | null }) => [
        e.eventType,
        e.from,
        e.to,
      ]),
    ).toEqual([
      ['quarantined', null, 'MAIN-VIRTUAL-Q01'],
      ['cleared', 'MAIN-VIRTUAL-Q01', null],
    ]);
    expect(
      (await call('outlet', 'GET', `/api/v1/backroom/inventory/unit/${ids[0]}/history`)).statusCode,
    ).toBe(404);
  });

  it.each([
    ['MAIN', 'Z99', 404],
    ['NOPE', 'Q01', 404],
    ['MAIN', '01', 409],
  ])('answers "Error Clearing" for %s-%s', async (shortAlias, chaosBin, status) => {
    const res = await call('warehouse', 'POST', '/api/v1/backroom/chaos/warehouseBin/clear', {
      shortAlias,
      chaosBin,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(`Error Clearing ${shortAlias}-${chaosBin}`);
  });
});

describe('tenant isolation', () => {
  it('a Demo Outlet user sees none of Demo Music Co’s warehouses, divisions or units', async () => {
    const list = await data(warehouseSchema, call('outlet', 'GET', '/api/backroom/warehouse/warehouses'));
    expect(list.map((w) => w.shortAlias)).toEqual(['OUT']);
    expect(
      (await call('outlet', 'POST', '/api/backroom/warehouse', { warehouseId: main.id })).statusCode,
    ).toBe(404);
    expect(
      (await call('outlet', 'GET', '/api/v1/backroom/chaos/lookupWarehouseDivisionByBarcode?barcode=MAIN-01'))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('outlet', 'POST', '/api/v1/backroom/chaos/listInventoryByDivision', { barcode: 'MAIN-01' }))
        .statusCode,
    ).toBe(404);
    const patch = await call('outlet', 'PATCH', '/api/v1/backroom/warehouse/division', {
      warehouseId: main.id,
      warehouseDivisionPatches: [{ id: main.zones[1]!.id, name: 'Hacked' }],
    });
    expect(patch.statusCode).toBe(404);
    expect(
      (await call('outlet', 'PATCH', '/api/v1/backroom/warehouse', { id: main.id, name: 'Hacked' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('outlet', 'POST', '/api/v1/backroom/warehouse/bin', { warehouseId: main.id })).statusCode,
    ).toBe(404);
    expect(
      (
        await call('outlet', 'POST', '/api/v1/backroom/chaos/warehouseBin/clear', {
          shortAlias: 'MAIN',
          chaosBin: 'N01',
        })
      ).statusCode,
    ).toBe(404);
    const names = await t.rows<{ name: string }>(sql`select name from warehouses where id = ${main.id}`);
    expect(names[0]!.name).toBe('Main Warehouse');
  });
});
