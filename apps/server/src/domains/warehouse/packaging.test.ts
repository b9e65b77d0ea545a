import { packagingSchema } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../test/test-app';

let t: TestApp;
const PATH = '/api/backroom/warehouse/packaging';

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'warehouse', 'sales', 'outlet');
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'PATCH', payload?: unknown) => t.as(who, method, PATH, payload);
const data = async (res: ReturnType<typeof call>) => dataOf(packagingSchema, await res);
const countOf = async () =>
  (await t.rows<{ n: number }>(sql`select count(*)::int as n from packaging`))[0]!.n;

/** A box of the Outlet account (added when its demo data has none). */
async function outletPackaging() {
  const existing = await data(call('outlet', 'GET'));
  if (existing[0]) return existing[0];
  await call('outlet', 'PATCH', [
    { commonName: 'Outlet Carton', packageLengthInch: 10, packageWidthInch: 10, packageHeightInch: 10 },
  ]);
  return (await data(call('outlet', 'GET')))[0]!;
}

describe('account packaging (PATCH and GET /api/backroom/warehouse/packaging)', () => {
  it('lists the account’s boxes by name with their dimensions as numbers', async () => {
    const boxes = await data(call('sales', 'GET'));
    expect(boxes.length).toBeGreaterThan(0);
    expect(boxes.map((b) => b.commonName)).toEqual([...boxes.map((b) => b.commonName)].sort());
    expect(boxes[0]).toEqual({
      id: expect.any(Number),
      commonName: expect.any(String),
      packageLengthInch: expect.any(Number),
      packageWidthInch: expect.any(Number),
      packageHeightInch: expect.any(Number),
      isCustom: expect.any(Number),
    });
  });

  it('adds and changes boxes in one call, and keeps each account to its own', async () => {
    const [existing] = await data(call('warehouse', 'GET'));
    const saved = await data(
      call('warehouse', 'PATCH', [
        {
          commonName: 'Pedal Mailer',
          packageLengthInch: 8,
          packageWidthInch: 6.5,
          packageHeightInch: 3,
          isCustom: 1,
        },
        { id: existing!.id, packageHeightInch: 12.25 },
      ]),
    );
    expect(saved[0]).toMatchObject({ commonName: 'Pedal Mailer', packageWidthInch: 6.5, isCustom: 1 });
    expect(saved[1]).toMatchObject({
      id: existing!.id,
      commonName: existing!.commonName,
      packageHeightInch: 12.25,
    });
    const mine = await data(call('warehouse', 'GET'));
    expect(mine.find((b) => b.commonName === 'Pedal Mailer')).toBeTruthy();
    // The outlet neither sees the new box nor can change this account's.
    expect((await data(call('outlet', 'GET'))).some((b) => b.commonName === 'Pedal Mailer')).toBe(false);
    const foreign = await call('outlet', 'PATCH', [{ id: existing!.id, commonName: 'Taken' }]);
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses bad boxes, a missing permission and a foreign id, and then saves nothing', async () => {
    const before = await countOf();
    const [existing] = await data(call('warehouse', 'GET'));
    for (const body of [
      [{ commonName: 'No size' }],
      [{ commonName: 'Flat', packageLengthInch: 0, packageWidthInch: 1, packageHeightInch: 1 }],
      [{ commonName: 'Huge', packageLengthInch: 1000, packageWidthInch: 1, packageHeightInch: 1 }],
      [{ commonName: 'Fine', packageLengthInch: 1.234, packageWidthInch: 1, packageHeightInch: 1 }],
      [],
    ]) {
      expect((await call('warehouse', 'PATCH', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('sales', 'PATCH', [{ id: existing!.id, commonName: 'X' }])).statusCode).toBe(403);
    // A good box beside another account's id: nothing of the call is saved.
    const outletBox = await outletPackaging();
    const mixed = await call('warehouse', 'PATCH', [
      { commonName: 'Half Saved', packageLengthInch: 2, packageWidthInch: 2, packageHeightInch: 2 },
      { id: outletBox!.id, commonName: 'Mine Now' },
    ]);
    expect(mixed.statusCode).toBe(404);
    expect(await countOf()).toBe(before + 1); // the outlet's own box, added above
    expect((await data(call('warehouse', 'GET'))).some((b) => b.commonName === 'Half Saved')).toBe(false);
  });
});
