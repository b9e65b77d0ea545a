import { parseScan } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedLargeWarehouse } from './large-warehouse';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the benchmark warehouse', () => {
  it('builds per^5 bins whose codes and barcodes follow the same rules as the API’s', async () => {
    const accountId = (
      (await t.deps.db.execute(sql`select min(id)::int as id from accounts`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0]!.id;
    const id = await seedLargeWarehouse(t.deps.db, accountId, 'BNCH', 3);
    const counts = (await t.deps.db.execute(
      sql`select level, count(*)::int as n from warehouse_divisions where warehouse_id = ${id} group by level order by level`,
    )) as unknown as { rows: { level: string; n: number }[] };
    expect(Object.fromEntries(counts.rows.map((r) => [r.level, r.n]))).toEqual({
      zone: 3,
      row: 9,
      section: 27,
      shelf: 81,
      bin: 243,
    });
    const last = (await t.deps.db.execute(
      sql`select barcode from warehouse_divisions where warehouse_id = ${id} and level = 'bin' order by id desc limit 1`,
    )) as unknown as { rows: { barcode: string }[] };
    expect(last.rows[0]!.barcode).toBe('BNCH-03CA03AC-03');
    expect(parseScan(last.rows[0]!.barcode)).toMatchObject({
      type: 'division',
      zone: 3,
      row: 'CA',
      section: 3,
      shelf: 'AC',
      bin: '03',
    });
    const cookie = await t.login('admin@backroom.local');
    const row = await t.app.inject({
      method: 'POST',
      url: '/api/backroom/warehouse/row/last',
      headers: { cookie },
      payload: {
        warehouseZoneId: (
          (await t.deps.db.execute(
            sql`select id from warehouse_divisions where barcode = 'BNCH-01'`,
          )) as unknown as { rows: { id: number }[] }
        ).rows[0]!.id,
      },
    });
    expect(row.json().data[0].chaosRow).toBe('CA');
  });
});
